import AlertSoundCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// What each path given is, and the sounds in it, before anything is judged: a built app or
// archive by its path alone, a folder by the apps found in it (``AppSearch``) and their code.
extension BundleValidator {
    /// What `path` is, and the sounds in it. A plain folder is judged by every app found under it
    /// (``AppSearch``), each on its own and by its platform's rules: an Expo config's sounds list,
    /// an Xcode project's app targets, an Android Gradle project that builds an app (one that ships
    /// no `res/raw` is judged too: it has no sound to play); a folder with none of them is judged
    /// by its files. `notes`: what was passed over and why, and at a repository root, the
    /// platforms no app was found for.
    func scans(_ path: String) throws -> (scans: [BundleScan], notes: [String]) {
        guard isFolder(path), !packageResources else { return ([try scan(path)], []) }
        let root = Self.trimmed(path)
        let (kind, contentRoot) = try Self.classify(folder: root)
        guard kind == .resources else {
            let scan = try scan(path)
            return ([scan], kind == .app || kind == .xcarchive ? Self.linksOut(of: contentRoot, given: root) : [])
        }
        // What a project or config names is read only inside the repository holding the folder
        // given (else the folder itself), decided on resolved paths: a folder inside an Xcode
        // project (`ios/Runner`) is judged by the project around it, and a committed link to the
        // machine's files is refused.
        let isProject = ["xcodeproj", "xcworkspace"].contains(lowercasedExtension(lastComponent(root)))
        guard let door = Door(given: isProject ? parentFolder(root) : root) else {
            throw AlertSoundError(.unreadable, "cannot resolve this folder's path", path: path)
        }
        let confinement = Confinement(door: door)
        var found: [BundleScan] = []
        var notes: [String] = []
        let code = SourceWalk.Cache()
        /// What the code under `root` gives `scan`'s platform: its names, and on Android its
        /// channels and the raw resources it plays.
        func read(_ scan: inout BundleScan, codeUnder root: String) {
            let (sounds, incomplete) = code.read(root: root, within: confinement)
            if incomplete, !notes.contains(where: { $0.hasPrefix(root + ": ") }) {
                notes.append(
                    "\(root): more than \(Limits.maximumSourceFiles) source files or \(Limits.maximumSourceBytes >> 20) MiB of them; the sound names and channels in those past them are not read"
                )
            }
            let platform = scan.kind.platform
            scan.codeReferences = sounds.references.filter { $0.platform == platform }
            if platform == .ios { scan.installer = sounds.installer }
            // A project without a source file (a folder of resources) says nothing of its channels.
            scan.codeRead = sounds.files > 0
            if platform == .android {
                // A call's library is the one the app declares (issue 57).
                scan.channels = sounds.channels.map { $0.attributed(to: scan.libraries) }
                scan.codeReferences += Self.channelSounds(scan.channels)
                scan.keep?.referenced.formUnion(sounds.rawUses)
            }
        }
        func add(_ projects: [XcodeProject]) throws {
            for project in projects {
                for var scan in try XcodeProject.scans(project, within: confinement) {
                    read(&scan, codeUnder: SourceWalk.appRoot(of: parentFolder(project.path), within: confinement))
                    found.append(scan)
                    notes += XcodeProject.uncopiedNote(scan).map { [$0] } ?? []
                }
            }
        }
        if isProject {
            let (projects, projectNotes) = try XcodeProject.find(near: root, within: confinement)
            notes += projectNotes
            try add(projects)
            return (found, notes)
        }
        let search = try AppSearch.search(root, within: confinement)
        notes += search.notes
        for folder in search.expoFolders {
            do {
                guard let expo = try ExpoSounds.list(in: folder, within: confinement) else { continue }
                for var scan in ExpoSounds.scans(
                    folder: folder, config: expo.config, plugin: expo.plugin, sounds: expo.sounds,
                    minimumIOS: expo.minimumIOS, within: confinement)
                {
                    // The app's JavaScript: its root is the config's folder.
                    read(&scan, codeUnder: folder)
                    found.append(scan)
                }
            } catch let error as AlertSoundError where folder != root {
                // Deeper down, an app.json need not be Expo's: said, not a stop.
                notes.append("\(error.path ?? folder) not read as an Expo config: \(error.message)")
            }
        }
        let projects = try XcodeProject.appProjects(search.xcodeProjects, within: confinement)
        try add(projects.apps)
        if projects.apps.isEmpty {
            try XcodeProject.refuseUngenerated(in: [root, joinPath(root, "ios")], given: root)
        }
        // Pods' project, which a workspace opens, builds no app and says nothing worth a note.
        for project in projects.others
        where !project.split(separator: "/").contains(where: { AppSearch.skippedFolders.contains(String($0)) }) {
            notes.append(
                "\(project): builds no iOS app (no target of product type application for iOS), so nothing it copies ships in one"
            )
        }
        if search.androidRoots.isEmpty {
            // No Gradle file names an application module: a module or raw folder given, or a project
            // whose build files say it some other way, is judged by the res/raw folders in reach.
            if let rawFolders = AndroidProject.rawFoldersIfAndroid(root, through: confinement.door) {
                var scan = Self.androidScan(root: root, rawFolders: rawFolders, within: confinement)
                read(&scan, codeUnder: SourceWalk.appRoot(of: root, within: confinement))
                found.append(scan)
            }
        } else {
            for android in search.androidRoots {
                var scan = Self.androidScan(
                    root: android, rawFolders: AndroidProject.rawFolders(in: android, through: confinement.door),
                    within: confinement)
                read(&scan, codeUnder: SourceWalk.appRoot(of: android, within: confinement))
                found.append(scan)
            }
        }
        notes += search.skipped
        if found.isEmpty, !search.tooDeep.isEmpty {
            // Judging the folder's files as iOS resources would misjudge the app the search passed.
            throw AlertSoundError(
                .tooLarge,
                "no app within the search's depth of \(Limits.appSearchDepth) folders, and what holds an app's files lies past it (\(search.tooDeep.prefix(5).joined(separator: ", "))); validate that folder",
                path: root)
        }
        return found.isEmpty
            ? ([try scan(path)], notes) : (found, Self.unjudgedPlatforms(root: root, found: found) + notes)
    }

    /// What a repository root (one with `ios/`, `android/`, `pubspec.yaml`, `package.json` or
    /// `app.json`) holds for a platform none of `found` is for: a user who runs `validate-bundle .`
    /// learns that half the app went unjudged, rather than reading a pass as both.
    static func unjudgedPlatforms(root: String, found: [BundleScan]) -> [String] {
        guard
            ["ios", "android", "pubspec.yaml", "package.json", "app.json"].contains(where: {
                exists(joinPath(root, $0))
            })
        else { return [] }
        var notes: [String] = []
        if !found.contains(where: { $0.kind.platform == .ios }) {
            let ios = joinPath(root, "ios")
            notes.append(
                isFolder(ios)
                    ? "iOS not judged: \(ios) holds no Xcode project with an app target; give the .xcodeproj, its workspace or the built .app"
                    : "iOS not judged: no Xcode project with an app target under \(root)")
        }
        if !found.contains(where: { $0.kind.platform == .android }) {
            let android = joinPath(root, "android")
            notes.append(
                isFolder(android)
                    ? "Android not judged: nothing in \(android) builds an app (no Gradle module applies com.android.application, and there is no res/raw)"
                    : "Android not judged: no Android app (a Gradle module applying com.android.application, or res/raw) under \(root)"
            )
        }
        return notes
    }

    /// The files at an app's top level (its `Info.plist`, main executable, provisioning profile)
    /// that are links resolving outside the repository holding `given`: refused, and said, without
    /// a byte of them (a sound that is one is the walk's finding).
    static func linksOut(of app: String, given: String) -> [String] {
        guard let door = Door(given: given) else { return [] }
        return FolderEntries.list(app, through: door).compactMap { name, kind in
            guard kind == .link, !ContainerKind.isSoundName(name) else { return nil }
            do {
                _ = try door.resolve(joinPath(app, name))
                return nil
            } catch let error as Door.Outside {
                return "\(joinPath(app, name)): \(error)"
            } catch {
                return nil
            }
        }.sorted()
    }

    /// A folder path as reported: without a trailing `/`.
    static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// An Android project's sounds, keep rules and the references its sources make.
    static func androidScan(
        root: String, rawFolders: AndroidProject.RawSearch, within confinement: Confinement
    ) -> BundleScan {
        var (sounds, keep) = AndroidProject.scan(root: root, rawFolders: rawFolders, within: confinement)
        let sources = ResourceIDURIs.find(root: root, through: confinement.door)
        keep.referenced = sources.referenced
        keep.shrinks = sources.shrinks
        keep.shrinkReason = sources.shrinkReason
        keep.merge(sources.keepRules)
        var scan = BundleScan(kind: .androidProject, root: root, sounds: sounds, keep: keep, idURIs: sources.uses)
        let facts = AndroidAppFacts.read(root: root, within: confinement)
        scan.facts = facts
        scan.libraries = facts.libraries
        return scan
    }

    /// What `path` is, and the sounds in it, by the path alone: an archive, an app, an archive or
    /// data container, package resources, or a folder of files.
    func scan(_ path: String) throws -> BundleScan {
        guard let found = pathKind(path) else {
            throw AlertSoundError(.notFound, "no such file or folder", path: path)
        }
        let display = Self.trimmed(path)
        guard found == .folder else { return try ArchiveScanner.scan(path: path, displayPath: display) }
        let (kind, root) = packageResources ? (.packageResources, display) : try Self.classify(folder: display)
        var app: AppContents?
        if kind == .app || kind == .xcarchive {
            // An app's Info.plist and executable are read only inside the repository holding it.
            guard let door = Door(given: display) else {
                throw AlertSoundError(.unreadable, "cannot resolve this folder's path", path: path)
            }
            app = .folder(root, display: root, through: door)
        }
        return BundleScan(
            kind: kind, root: root, sounds: FolderScanner.scan(root: root, kind: kind, displayRoot: root), app: app)
    }

    /// Which kind a folder is, and the root sounds are resolved against.
    static func classify(folder: String) throws -> (BundleKind, String) {
        switch lowercasedExtension(lastComponent(folder)) {
        case "app": return (.app, folder)
        case "xcodeproj", "xcworkspace": return (.resources, folder)
        case "xcarchive":
            let apps = folder + "/Products/Applications"
            // The archive is the user's to name; the link check below keeps the app inside it.
            guard
                let app = FolderEntries.list(apps, through: .userNamed).map(\.name).sorted().first(where: {
                    $0.hasSuffix(".app")
                })
            else {
                throw AlertSoundError(.malformed, "no Products/Applications/*.app inside this archive", path: folder)
            }
            let appPath = apps + "/" + app
            // An app that is a link leaving the archive would have the walk scan whatever it points at.
            if let archive = FolderScanner.realPath(Array(folder.utf8)),
                let target = FolderScanner.realPath(Array(appPath.utf8)),
                !target.starts(with: archive + [UInt8(ascii: "/")])
            {
                throw AlertSoundError(
                    .unreadable,
                    "\(appPath) is a symbolic link to \(displayName(target)), outside the archive; not followed")
            }
            return (.xcarchive, appPath)
        default:
            if isFolder(folder + "/Library/Sounds") {
                return (.dataContainer, folder)
            }
            return (.resources, folder)
        }
    }
}
