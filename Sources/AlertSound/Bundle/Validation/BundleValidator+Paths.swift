import AlertSoundCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// What each path given is, and the sounds in it, before anything is judged: a built app or
// archive by its path alone (``BuiltApps``), a folder by the apps every kind of ``ProjectRegistry``
// finds in it (``AppSearch``) and their code.
extension BundleValidator {
    /// What `path` is, and the sounds in it. A plain folder is judged by every app found under it
    /// (``AppSearch``, asking every kind of ``ProjectRegistry``), each on its own and by its
    /// platform's rules (an Android Gradle project that ships no `res/raw` is judged too: it has
    /// no sound to play); a folder with none of them is judged by its files. `notes`: what was
    /// passed over and why, and at a repository root, the platforms no app was found for.
    func scans(_ path: String) throws -> (scans: [BundleScan], notes: [String]) {
        guard isFolder(path), !packageResources else { return ([try scan(path)], []) }
        let root = Self.trimmed(path)
        let (kind, contentRoot) = try BuiltApps.classify(folder: root)
        guard kind == .resources else {
            let scan = try scan(path)
            return ([scan], kind == .app || kind == .xcarchive ? BuiltApps.linksOut(of: contentRoot, given: root) : [])
        }
        // What a project or config names is read only inside the repository holding the folder
        // given (else the folder itself), decided on resolved paths: a folder inside an Xcode
        // project (`ios/Runner`) is judged by the project around it, and a committed link to the
        // machine's files is refused.
        let isProject = XcodeReader.marks(lastComponent(root))
        guard let door = Door(given: isProject ? parentFolder(root) : root) else {
            throw AlertSoundError(.unreadable, "cannot resolve this folder's path", path: path)
        }
        let confinement = Confinement(door: door)
        var found: [BundleScan] = []
        var notes: [String] = []
        let code = SourceWalk.Cache()
        /// What the code under `root` gives `scan`'s platform: its names, and on Android its
        /// channels and the raw resources it plays.
        func read(_ scan: inout BundleScan, codeUnder root: String, compiles: CompiledFiles?) {
            let (sounds, incomplete) = code.read(root: root, within: confinement)
            if incomplete, !notes.contains(where: { $0.hasPrefix(root + ": ") }) {
                notes.append(
                    "\(root): more than \(Limits.maximumSourceFiles) source files or \(Limits.maximumSourceBytes >> 20) MiB of them; the sound names and channels in those past them are not read"
                )
            }
            let platform = scan.kind.platform
            // Code only another app of the project compiles names none of this app's sounds.
            let own = sounds.references.filter { reference in
                guard let compiles, let file = reference.position?.file else { return true }
                return !compiles.excludes(file)
            }
            scan.codeReferences = own.filter { $0.platform == platform }.map { reference in
                // A library posts what names no channel on its own default channel (issue 57).
                var reference = reference
                if reference.channel == nil { reference.channel = reference.library?.defaultChannel }
                return reference
            }
            if platform == .ios { scan.installer = sounds.installer }
            // A project without a source file (a folder of resources) says nothing of its channels.
            scan.codeRead = sounds.files > 0
            if platform == .android {
                // A call's library is the one the app declares (issue 57).
                // The channels a library creates itself come first: it makes them when it loads,
                // before the app's code runs (cordova-plugin-firebasex's default, Capacitor's own).
                scan.channels +=
                    LibraryChannels.own(by: scan.libraries, root: root, within: confinement)
                    + sounds.channels.map { $0.attributed(to: scan.libraries) }
                scan.codeReferences += Self.channelSounds(scan.channels, facts: scan.facts)
                scan.keep?.referenced.formUnion(sounds.rawUses)
            }
        }
        func add(_ apps: [ProjectApp]) {
            for app in apps {
                var scan = app.scan
                if let root = app.codeRoot { read(&scan, codeUnder: root, compiles: app.compiles) }
                found.append(scan)
                notes += app.notes
            }
        }
        if isProject {
            let (projects, projectNotes) = try XcodeProject.find(near: root, within: confinement)
            notes += projectNotes
            add(try XcodeReader.apps(of: projects, within: confinement))
            return (found, notes)
        }
        let configuration = self.configuration
        let search = try AppSearch.search(root, within: confinement, ignored: { configuration.ignores($0) })
        notes += search.notes
        var skipped = search.skipped
        var unreadable: [AlertSoundError] = []
        for reader in search.readers {
            let apps = try reader.apps(under: root, within: confinement)
            add(apps.apps)
            notes += apps.notes
            skipped += apps.skipped
            unreadable += apps.unreadable
        }
        if found.isEmpty, let first = unreadable.first { throw first }
        notes += skipped
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

    /// What a repository root (one holding a marker of ``ProjectRegistry/rootMarkers``: `ios/`,
    /// `android/`, `pubspec.yaml`, `package.json`, `app.json`) holds for a platform none of `found` is for: a user who runs `validate-bundle .`
    /// learns that half the app went unjudged, rather than reading a pass as both.
    static func unjudgedPlatforms(root: String, found: [BundleScan]) -> [String] {
        guard
            ProjectRegistry.rootMarkers.contains(where: { exists(joinPath(root, $0)) })
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

    /// A folder path as reported: without a trailing `/`.
    static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// What `path` is, and the sounds in it, by the path alone: an archive, an app, an archive or
    /// data container, package resources, or a folder of files.
    func scan(_ path: String) throws -> BundleScan {
        guard let found = pathKind(path) else {
            throw AlertSoundError(.notFound, "no such file or folder", path: path)
        }
        let display = Self.trimmed(path)
        guard found == .folder else { return try ArchiveScanner.scan(path: path, displayPath: display) }
        let (kind, root) = packageResources ? (.packageResources, display) : try BuiltApps.classify(folder: display)
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
}
