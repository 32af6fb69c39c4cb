import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension XcodeProject {
    /// The app projects of a `.xcodeproj` or `.xcworkspace` given (a workspace's projects without
    /// an app target, Pods', left out); none for another folder, whose apps ``AppSearch`` finds.
    /// Nothing outside `confinement` is read. Throws for a project or workspace that cannot be
    /// read. `notes`: what a workspace opens that was not read.
    static func find(
        near folder: String, within confinement: Confinement
    ) throws -> (
        projects: [XcodeProject], notes: [String]
    ) {
        switch lowercasedExtension(lastComponent(folder)) {
        case "xcodeproj": return ([try read(folder, within: confinement)], [])
        case "xcworkspace":
            let workspace = try XcodeWorkspace.read(folder, within: confinement)
            let apps = try appProjects(workspace.projects, within: confinement).apps
            guard !apps.isEmpty else {
                throw AlertSoundError(
                    .invalidRequest,
                    "the workspace opens no project with an app target (product type application) in its folder",
                    path: folder)
            }
            return (apps, workspace.notes)
        default: break
        }
        return ([], [])
    }

    /// A project generated from a spec has no .pbxproj until the generator runs: said rather than
    /// the folder's files judged as if they all shipped.
    static func refuseUngenerated(in folders: [String], given folder: String) throws {
        for place in folders {
            for (spec, tool) in generatedProjectSpecs where isFile(joinPath(place, spec)) {
                throw AlertSoundError(
                    .invalidRequest,
                    "\(joinPath(place, spec)) describes an Xcode project that \(tool) generates, and no .xcodeproj is "
                        + "there yet: what ships is decided by the generated project; generate it, then validate it (or the built .app)",
                    path: folder)
            }
        }
    }

    /// The projects at `paths` that have an app target, each read once, and the paths of those
    /// that have none. A project a workspace names but the checkout lacks (Pods before
    /// `pod install`) is not there to read. One that cannot be read throws, or, given
    /// `unreadable`, is told to it and passed over (a project the search found, issue 57).
    static func appProjects(
        _ paths: [String], within confinement: Confinement, unreadable: ((String, Error) -> Void)? = nil
    ) throws -> (apps: [XcodeProject], others: [String]) {
        var seen: Set<String> = []
        var apps: [XcodeProject] = [], others: [String] = []
        for path in paths where isFolder(path) && seen.insert(collapsedPath(path)).inserted {
            let project: XcodeProject
            do {
                project = try read(path, within: confinement)
            } catch {
                guard let unreadable else { throw error }
                unreadable(path, error)
                continue
            }
            if project.apps.isEmpty { others.append(path) } else { apps.append(project) }
        }
        return (apps, others)
    }

    /// What in `app`'s Run Script phases adds the critical-alerts entitlement at build time: the
    /// phase itself, or a script file it names (a word ending in `.sh`, `.rb`, `.py` or `.swift`,
    /// read in the project's folder, inside the folder given, at most ``maximumScriptLength``
    /// bytes); nil when none does.
    static func entitlementsScript(of app: App, project: String, within confinement: Confinement) -> String? {
        let key = Entitlements.criticalAlertsKey
        let folder = parentFolder(project)
        for script in app.scripts {
            if script.contains(key) { return "a Run Script phase of \(app.targets[0]) (in \(project))" }
            for word in script.split(whereSeparator: { " \n\t\"';".contains($0) })
            where [".sh", ".rb", ".py", ".swift"].contains(where: { word.hasSuffix($0) }) {
                guard let path = sourcePath(String(word), sourceRoot: folder), confinement.contains(path),
                    let bytes = try? confinement.door.bytes(path, limit: maximumScriptLength, what: "build script"),
                    String(decoding: bytes, as: UTF8.self).contains(key)
                else { continue }
                return "a Run Script phase of \(app.targets[0]) (\(path))"
            }
        }
        return nil
    }

    /// The folders an app target copies that the tree does not hold (made at build time), said once.
    static func absentNote(_ scan: BundleScan) -> String? {
        guard !scan.absentFolders.isEmpty else { return nil }
        return "\(scan.root): the app copies the folder\(scan.absentFolders.count == 1 ? "" : "s") "
            + scan.absentFolders.joined(separator: ", ")
            + ", not in the tree (made at build time, as Capacitor's public/ from the web build): what it will hold is not judged"
    }

    /// A watchOS or tvOS app's note: what plays there, and that its sounds are not judged.
    static func systemNote(_ scan: BundleScan) -> String? {
        guard let outcome = scan.os.fixedOutcome else { return nil }
        let copied =
            scan.unjudgedSounds == 0
            ? ""
            : "; the \(scan.unjudgedSounds) sound\(scan.unjudgedSounds == 1 ? " it copies is" : "s it copies are") not judged as notification sounds"
        return "\(scan.root): \(outcome)\(copied)"
    }

    /// The sounds in the project's folder that no app target copies, said once: they are not in
    /// the app, whatever the folder suggests (a reference naming one gets `not-in-target`). The
    /// first ten are named.
    static func uncopiedNote(_ scan: BundleScan) -> String? {
        guard !scan.uncopied.isEmpty else { return nil }
        let paths = scan.uncopied.values.sorted()
        let named = paths.prefix(10).joined(separator: ", ") + (paths.count > 10 ? " and \(paths.count - 10) more" : "")
        return
            "\(paths.count) sound\(paths.count == 1 ? "" : "s") in the folder of \(scan.root) that no app target copies, so not in the app: \(named)"
    }

    /// Specs from which a tool generates the `.xcodeproj` that alertsound does not read: Tuist's.
    /// XcodeGen's `project.yml` is read by ``XcodeGenReader`` instead (issue 57).
    static let generatedProjectSpecs = [("Project.swift", "Tuist")]

    /// One bundle per app the project builds: the sounds its targets copy, placed where they land
    /// (a folder reference's files in its folder, a variant group's in their `.lproj`), shown by
    /// their path in the source tree. What the project names is read only inside `confinement`; a
    /// file it names outside, or that is missing, is reported as one (never passed unjudged).
    static func scans(_ project: XcodeProject, within confinement: Confinement) throws -> [BundleScan] {
        guard !project.apps.isEmpty else {
            throw AlertSoundError(
                .invalidRequest,
                "the project has no app target (product type application): nothing it builds ships notification sounds",
                path: project.path)
        }
        // The project's folder, walked once for all its apps: what no app copies is said.
        let folder = parentFolder(project.path)
        let beside = FolderScanner.scan(root: folder, displayRoot: folder).compactMap { walked -> String? in
            // A folder link the walk could not enter is no sound.
            guard case .file = walked.content else { return nil }
            return collapsedPath(joinPath(folder, walked.relativePath))
        }
        return project.apps.map { scan($0, of: project, beside: beside, within: confinement) }
    }

    private static func scan(
        _ app: App, of project: XcodeProject, beside: [String], within confinement: Confinement
    ) -> BundleScan {
        var sounds: [FoundSound] = []
        var absent: [String] = []
        // What the app copies, by its path in the tree: files, and folders whose files all ship.
        var copied: Set<String> = []
        // Each folder walked once, however many times the project copies it.
        var walks: [String: [WalkedSound]] = [:]
        func walk(_ folder: String, shown: String) -> [WalkedSound] {
            if let known = walks[folder] { return known }
            let walked = FolderScanner.scan(root: folder, displayRoot: shown)
            walks[folder] = walked
            return walked
        }
        // A folder copied to many places copies its files to each: the project's text can ask for
        // that many times over, so past a bound one more entry says the rest was not judged.
        func add(_ landing: String, shownRoot: String, shownFrom: Int = 0, _ content: FoundSound.Content) {
            guard sounds.count <= Limits.maximumProjectSounds else { return }
            let content =
                sounds.count < Limits.maximumProjectSounds
                ? content
                : problem(
                    .unreadable,
                    "the project copies more than \(Limits.maximumProjectSounds) sound files into this app; the rest were not judged"
                )
            sounds.append(
                FoundSound(
                    relativePath: landing, displayRoot: shownRoot, shownFrom: shownFrom,
                    location: SoundLocation.of(relativePath: landing, kind: .app), content: content))
        }
        func problem(_ kind: AlertSoundError.Kind, _ message: String) -> FoundSound.Content {
            .problem(Rule.judge(failure: AlertSoundError(kind, message)))
        }
        /// The place of what the project copies, or the problem that keeps it from being read.
        func place(_ resource: Resource, what: String) -> Result<String?, AlertSoundError> {
            switch confinement.place(of: resource.path) {
            case .inside(let resolved): return .success(resolved)
            case .outside:
                return .failure(
                    AlertSoundError(
                        .unreadable,
                        "the project copies \(what) \(resource.path) into the app, and it lies outside \(confinement.shown), "
                            + "the folder given: not read (validate a folder that holds it, or the built .app)"))
            case .invalid(let reason):
                return .failure(
                    AlertSoundError(
                        .notFound, "the project copies \(what) \(resource.path) into the app, and \(reason)"))
            }
        }
        for resource in app.resources {
            let shownFolder = parentFolder(resource.path) + "/"
            switch resource.kind {
            case .folderReference, .synchronizedFolder, .group:
                let what: String
                switch resource.kind {
                case .folderReference: what = "the folder"
                case .group: what = "the group's folder"
                default: what = "the synchronized folder"
                }
                switch place(resource, what: what) {
                case .failure(let error):
                    add(
                        resource.bundlePath.isEmpty ? lastComponent(resource.path) : resource.bundlePath,
                        shownRoot: shownFolder, .problem(Rule.judge(failure: error)))
                case .success(let resolved)
                where resource.kind == .folderReference && !exists(resolved ?? resource.path):
                    // Made at build time from elsewhere (a web build copied in): not judged, and said.
                    absent.append(resource.path)
                case .success(let resolved):
                    // A folder's walk stays inside it (links out are reported), from where it leads.
                    let walked = walk(resolved ?? resource.path, shown: resource.path)
                    if case .group(let excludes, let includes) = resource.kind {
                        let selection = GroupSelection(excludes: excludes, includes: includes)
                        for file in walked where selection.takes(file.relativePath) {
                            copied.insert(collapsedPath(joinPath(resource.path, file.relativePath)))
                            let landing = GroupSelection.landing(file.relativePath, packages: .anyExtension)
                            add(
                                landing, shownRoot: parentFolder(joinPath(resource.path, file.relativePath)) + "/",
                                shownFrom: landing.utf8.count - lastComponent(landing).utf8.count,
                                FoundSound.Content(file.content))
                        }
                        continue
                    }
                    guard case .synchronizedFolder(let excluded) = resource.kind else {
                        copied.insert(resource.path)
                        for file in walked {
                            add(
                                joinPath(resource.bundlePath, file.relativePath), shownRoot: shownFolder,
                                shownFrom: resource.bundlePath.utf8.count
                                    - lastComponent(resource.bundlePath).utf8.count,
                                FoundSound.Content(file.content))
                        }
                        continue
                    }
                    // A file in a `.lproj` folder lands in it, one in a `.bundle` stays in it (the
                    // bundle is copied whole), any other flat at the top level.
                    for file in walked where !excluded.contains(file.relativePath) {
                        copied.insert(collapsedPath(joinPath(resource.path, file.relativePath)))
                        let landing = GroupSelection.landing(file.relativePath, packages: .bundles)
                        add(
                            landing, shownRoot: parentFolder(joinPath(resource.path, file.relativePath)) + "/",
                            shownFrom: landing.utf8.count - lastComponent(landing).utf8.count,
                            FoundSound.Content(file.content))
                    }
                }
            case .file:
                copied.insert(resource.path)
                guard ContainerKind.isSoundName(resource.path) else { continue }
                // Shown by its path in the tree: the bundle path is its tail when the file sits as
                // it lands (`Runner/en.lproj/x.caf`), else only its name is (a flattened folder).
                let inPlace = resource.path.hasSuffix("/" + resource.bundlePath)
                let shownRoot = inPlace ? String(resource.path.dropLast(resource.bundlePath.count)) : shownFolder
                let shownFrom =
                    inPlace ? 0 : resource.bundlePath.utf8.count - lastComponent(resource.bundlePath).utf8.count
                let content: FoundSound.Content
                switch place(resource, what: "") {
                case .failure(let error): content = .problem(Rule.judge(failure: error))
                case .success(let resolved?) where isFile(resolved):
                    content =
                        confinement.door.file(resolved).map { .file($0) }
                        ?? problem(
                            .unreadable, "the project copies \(resource.path) into the app, and it cannot be resolved")
                case .success:
                    content = problem(
                        .notFound, "the project copies \(resource.path) into the app, and there is no such file")
                }
                add(resource.bundlePath, shownRoot: shownRoot, shownFrom: shownFrom, content)
            }
        }
        sounds.sort { ($0.relativePath, $0.displayPath) < ($1.relativePath, $1.displayPath) }
        // The sounds beside the project that the app does not copy: a payload naming one gets its own finding.
        var uncopied: [String: String] = [:]
        for path in beside {
            // Copied itself, or inside a copied folder: its ancestors are looked up.
            var ancestor = path, isCopied = false
            while !ancestor.isEmpty, ancestor != "/", !isCopied {
                isCopied = copied.contains(ancestor)
                ancestor = ancestor.contains("/") ? parentFolder(ancestor) : ""
            }
            guard !isCopied else { continue }
            let key = lastComponent(path).lowercased()
            if uncopied[key] == nil { uncopied[key] = path }
        }
        let names = app.targets.joined(separator: ", ")
        // An iOS app is named as it always was; another system's says which (a multiplatform
        // target's apps share their target's name).
        let system = app.os == .ios ? "" : app.os.displayName + " "
        var scan = BundleScan(
            kind: .xcodeProject,
            root: "\(project.path) (\(system)app target\(app.targets.count == 1 ? "" : "s") \(names))",
            sounds: sounds, uncopied: uncopied)
        scan.os = app.os
        if !app.os.playsCustomSounds {
            // What it copies is never a notification's sound there (``AppleOS/fixedOutcome``): its
            // files are the app's own audio, not judged as notification sounds.
            scan.sounds = []
            scan.uncopied = [:]
            scan.unjudgedSounds = sounds.count
        }
        scan.entitlementsFile = app.entitlements.map { file in
            // What the target is signed with, read only inside the folder given.
            confinement.contains(file) ? file : ""
        }
        scan.door = confinement.door
        scan.entitlementsScript = Self.entitlementsScript(of: app, project: project.path, within: confinement)
        scan.absentFolders = absent
        scan.minimumIOS =
            app.os == .ios ? DeploymentTarget.ofXcodeApp(app, project: project.path, within: confinement) : nil
        return scan
    }
}

/// Which files of a group's folder an XcodeGen target takes, and where each lands.
struct GroupSelection {
    let excludes: [PathGlob]
    let includes: [PathGlob]

    init(excludes: [String], includes: [String]) {
        self.excludes = excludes.prefix(Limits.maximumXcodeGenPatterns).map { PathGlob($0) }
        self.includes = includes.prefix(Limits.maximumXcodeGenPatterns).map { PathGlob($0) }
    }

    /// Whether the file at `relative` (to the group's folder) is taken: no exclude matches it or a
    /// folder above it, and, with includes, one matches it or a folder above it.
    func takes(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/")
        var prefixes: [[UInt8]] = []
        var path = ""
        for part in parts {
            path = path.isEmpty ? String(part) : path + "/" + part
            prefixes.append(Array(path.utf8))
        }
        if excludes.contains(where: { glob in prefixes.contains { glob.matches($0) } }) { return false }
        return includes.isEmpty || includes.contains { glob in prefixes.contains { glob.matches($0) } }
    }

    /// The folders copied whole, with everything in them: any with an extension (XcodeGen), or
    /// `.bundle` folders (Xcode's synchronized folders).
    enum Packages { case anyExtension, bundles }

    /// Where a file at `relative` in the folder lands in the bundle: inside the first folder copied
    /// whole, as it sits there; else in its `.lproj`; else flat at the top level.
    static func landing(_ relative: String, packages: Packages) -> String {
        let parts = relative.split(separator: "/")
        let folders = parts.dropLast()
        if let package = folders.firstIndex(where: { folder in
            let name = folder.lowercased()
            guard !name.hasSuffix(".lproj") else { return false }
            switch packages {
            case .bundles: return name.hasSuffix(".bundle")
            case .anyExtension: return name.dropFirst().contains(".")
            }
        }) {
            return parts[package...].joined(separator: "/")
        }
        let lproj = folders.last { $0.hasSuffix(".lproj") }
        return lproj.map { "\($0)/\(parts.last ?? "")" } ?? String(parts.last ?? "")
    }
}
