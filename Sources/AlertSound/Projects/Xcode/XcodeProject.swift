import AlertSoundCore

/// What an Xcode project copies into its apps: for each app target (product type
/// `com.apple.product-type.application`; an extension's resources are in its own bundle, where iOS
/// does not look for a notification's sound), the files of its Copy Bundle Resources phase, of
/// copy-files phases into Resources, and of the synchronized folders (Xcode 16) it lists, each with
/// where it lands in the bundle. Read from `project.pbxproj` (notes §8): build file → file
/// reference → its groups, with `sourceTree` `<group>`, `SOURCE_ROOT` and `<absolute>`; files of
/// `BUILT_PRODUCTS_DIR`, `SDKROOT` or `DEVELOPER_DIR` are built or installed, not in the tree, and left out.
///
/// Reading is pure: the project's text alone, no file opened but `project.pbxproj` (the walks and
/// reads are ``XcodeProject/scans(_:within:)``'s). The text is untrusted (a pull request can change
/// it), so the work is linear in it: every list of IDs is deduplicated, each object's place in the
/// tree is worked out once (a cycle of groups is cut there, once), and app targets that copy the
/// same files are one app.
struct XcodeProject: Sendable {
    /// One thing the app's bundle gets.
    struct Resource: Sendable, Hashable {
        enum Kind: Sendable, Hashable {
            /// A file, copied as it is.
            case file
            /// A folder reference: copied as one folder, with everything in it.
            case folderReference
            /// A synchronized folder (Xcode 16): its files but `excluded` (paths relative to it),
            /// each flat at the top level or in its `.lproj`.
            case synchronizedFolder(excluded: Set<String>)
            /// A folder an XcodeGen spec lists as a group source: every file under it but those
            /// `excludes` match (globs relative to it, a folder's matching all it holds), and when
            /// `includes` is given only those it matches, each flat at the top level or in its
            /// `.lproj`; a folder with an extension (`Kit.bundle`, `Art.xcassets`) is one resource,
            /// copied whole (XcodeGen's `SourceGenerator` makes a file reference of it).
            case group(excludes: [String], includes: [String])
        }
        /// The file or folder in the source tree, as the project's text places it.
        var path: String
        /// Where it lands, relative to the bundle's top level: its name, `en.lproj/NAME` for a
        /// variant group's file, `Folder` for a folder reference; empty for a synchronized folder.
        var bundlePath: String
        var kind = Kind.file
    }

    /// One app bundle: the app targets that copy exactly these resources (one, in most projects).
    struct App: Sendable {
        var targets: [String]
        var resources: [Resource]
        /// The entitlements file its first target is signed with (`CODE_SIGN_ENTITLEMENTS`, in the
        /// Release configuration, else the first), as a path in the source tree; nil when it names
        /// none, or one through a build setting alertsound does not know.
        var entitlements: String? = nil
        /// Its first target's `IPHONEOS_DEPLOYMENT_TARGET` (the target's, else the project's), as
        /// written; nil when neither sets it.
        var deploymentTarget: String? = nil
        /// The shell scripts of its first target's Run Script phases, as written (each cut at
        /// ``maximumScriptLength``): a script may add entitlements to the signed ones at build time.
        var scripts: [String] = []
        /// The system it is built for (``XcodeProject/systems(_:project:)``): a multiplatform target
        /// builds one app for each.
        var os = AppleOS.ios
        /// The code its targets and their dependencies compile, and what the project's other
        /// targets compile.
        var compiles = CompiledFiles()
    }

    /// The longest Run Script kept: scripts that edit entitlements are a few lines.
    static let maximumScriptLength = 16_384

    /// The `.xcodeproj` read.
    var path: String
    /// Its apps, in the order of their first target.
    var apps: [App]

    /// Reads `project.pbxproj` in the `.xcodeproj` at `path`. Throws when it cannot be read as a
    /// project, lies outside `confinement`, or builds more apps than ``Limits/maximumXcodeApps``.
    static func read(_ path: String, within confinement: Confinement) throws -> XcodeProject {
        let file = joinPath(path, "project.pbxproj")
        guard confinement.contains(file) else {
            throw AlertSoundError(
                .unreadable, "not read: it leads outside \(confinement.shown), the folder given", path: file)
        }
        let bytes = try confinement.door.contents(file, limit: Limits.maximumXcodeProjectBytes, what: "Xcode project")
        return try parse(bytes, path: path)
    }

    /// The project in `bytes`, the `project.pbxproj` of the `.xcodeproj` at `path`.
    static func parse(_ bytes: [UInt8], path: String) throws -> XcodeProject {
        let file = joinPath(path, "project.pbxproj")
        let top: JSONValue
        do {
            top = try OpenStepPlistParser.parse(bytes)
        } catch let error as StructureError {
            throw AlertSoundError(.malformed, "not an Xcode project: \(error.message)", path: file)
        }
        guard case .object(let root) = top, case .object(let objects)? = root["objects"],
            case .string(let rootID)? = root["rootObject"],
            case .object(let project)? = objects[rootID]
        else {
            throw AlertSoundError(.malformed, "not an Xcode project: no objects or rootObject", path: file)
        }
        var sourceRoot = parentFolder(path)
        if case .string(let dir)? = project["projectDirPath"], !dir.isEmpty {
            sourceRoot = dir.hasPrefix("/") ? dir : joinPath(sourceRoot, dir)
        }
        var graph = Graph(objects: objects, sourceRoot: sourceRoot)
        var apps: [App] = []
        var appOf: [AppKey: Int] = [:]
        // Each app's target IDs, for the code they compile (worked out once every target is known).
        var appTargets: [[String]] = []
        let projectSettings = graph.buildSettings(of: project)
        let targetIDs = Graph.unique(graph.ids(project["targets"]))
        for id in targetIDs {
            guard let target = graph.object(id), target.string("isa") == "PBXNativeTarget",
                target.string("productType") == "com.apple.product-type.application"
            else { continue }
            let settings = graph.buildSettings(of: target)
            let name = target.string("name") ?? id
            let resources = graph.resources(of: target, id: id)
            // A macOS, watchOS or tvOS app (Xcode 14's single-target watch app is an "application"
            // too; a Flutter app's macos/ project builds a Mac app) is judged by its own system's
            // rules (issue 57), and a multiplatform target builds one app for each system.
            for os in systems(settings, project: projectSettings) {
                // Targets that copy the same files for the same system make the same bundle: judged
                // once, named together.
                let key = AppKey(resources: Set(resources), os: os)
                if let same = appOf[key] {
                    apps[same].targets.append(name)
                    appTargets[same].append(id)
                    continue
                }
                guard apps.count < Limits.maximumXcodeApps else {
                    throw AlertSoundError(
                        .invalidRequest,
                        "the project builds more than \(Limits.maximumXcodeApps) different apps; alertsound judges at most that many in one project: validate the built apps",
                        path: file)
                }
                appOf[key] = apps.count
                appTargets.append([id])
                apps.append(
                    App(
                        targets: [name], resources: resources,
                        entitlements: (settings["CODE_SIGN_ENTITLEMENTS"] ?? projectSettings["CODE_SIGN_ENTITLEMENTS"])
                            .flatMap { Self.sourcePath($0, sourceRoot: sourceRoot) },
                        deploymentTarget: os == .ios
                            ? settings["IPHONEOS_DEPLOYMENT_TARGET"] ?? projectSettings["IPHONEOS_DEPLOYMENT_TARGET"]
                            : nil, scripts: graph.scripts(of: target), os: os))
            }
        }
        if !apps.isEmpty {
            let known = graph.compiledByTarget(targetIDs)
            let all = graph.compiled(by: targetIDs, in: known)
            for index in apps.indices {
                let own = graph.closure(of: appTargets[index], among: known)
                apps[index].compiles = CompiledFiles(own: graph.compiled(by: own, in: known), all: all)
            }
        }
        return XcodeProject(path: path, apps: apps)
    }

    /// What makes two targets one app: the same files, for the same system.
    private struct AppKey: Hashable {
        var resources: Set<Resource>
        var os: AppleOS
    }

    /// The systems a target builds its app for, from its build settings (the shipping
    /// configuration's, Release, as for every setting read here; the project's where the target
    /// sets none): `SDKROOT` names one (`macosx`, `watchos`, `appletvos`, `iphoneos`, `xros`); a
    /// multiplatform target has `SDKROOT = auto` and lists its platforms in `SUPPORTED_PLATFORMS`
    /// (`iphoneos iphonesimulator macosx xros xrsimulator`), each an app of its own. Neither set:
    /// iOS, Xcode's default for an app target of an iOS project. visionOS looks sounds up as iOS
    /// does (Apple's `init(named:)` page lists it), so it is judged as iOS; Mac Catalyst's app is
    /// the iOS target's, built for the Mac with the same resources at the top of
    /// `Contents/Resources`, so the iOS app's verdicts hold for it and it is not a second app.
    static func systems(_ settings: [String: String], project: [String: String]) -> [AppleOS] {
        func system(_ sdk: Substring) -> AppleOS? {
            let sdk = sdk.lowercased()
            if sdk.hasPrefix("macosx") { return .macos }
            if sdk.hasPrefix("watch") { return .watchos }
            if sdk.hasPrefix("appletv") { return .tvos }
            if sdk.hasPrefix("iphone") || sdk.hasPrefix("xr") { return .ios }
            return nil
        }
        var found: [AppleOS] = []
        func add(_ os: AppleOS?) { if let os, !found.contains(os) { found.append(os) } }
        let sdk = (settings["SDKROOT"] ?? project["SDKROOT"] ?? "").trimmingWhitespace()
        // A path to an SDK (`/…/MacOSX14.0.sdk`) names it by its last part.
        add(system(Substring(lastComponent(sdk))))
        for platform in (settings["SUPPORTED_PLATFORMS"] ?? project["SUPPORTED_PLATFORMS"] ?? "").split(
            whereSeparator: { $0 == " " || $0 == "\t" }).prefix(16)
        {
            add(system(platform))
        }
        return found.isEmpty ? [.ios] : found
    }

    /// A build setting's path in the source tree: relative to the project's folder, or after
    /// `$(SRCROOT)` / `$(PROJECT_DIR)`; nil when another setting is in it.
    static func sourcePath(_ value: String, sourceRoot: String) -> String? {
        var path = value.trimmingWhitespace()
        for root in ["$(SRCROOT)", "${SRCROOT}", "$(PROJECT_DIR)", "${PROJECT_DIR}", "$(SOURCE_ROOT)", "${SOURCE_ROOT}"]
        where path.hasPrefix(root) {
            path = String(path.dropFirst(root.count).drop { $0 == "/" })
        }
        guard !path.isEmpty, !path.contains("$") else { return nil }
        return collapsedPath(path.hasPrefix("/") ? path : joinPath(sourceRoot, path))
    }

    /// The objects, and how to walk them: each object's place worked out once.
    private struct Graph {
        let objects: [String: JSONValue]
        let sourceRoot: String
        /// Each group member's group (the first group that lists it).
        let parents: [String: String]
        /// Each object's place in the file system once worked out; `.some(nil)`: not in the tree.
        private var locations: [String: String?] = [:]
        /// Each synchronized folder's membership exceptions, by target.
        private var exceptions: [String: [String: Set<String>]] = [:]

        init(objects: [String: JSONValue], sourceRoot: String) {
            self.objects = objects
            self.sourceRoot = sourceRoot
            var parents: [String: String] = [:]
            for (id, value) in objects {
                guard case .object(let object) = value, case .array(let children)? = object["children"] else {
                    continue
                }
                for case .string(let child) in children where parents[child] == nil { parents[child] = id }
            }
            self.parents = parents
        }

        /// The string build settings of a target's or project's Release configuration (else its first).
        func buildSettings(of owner: [String: JSONValue]) -> [String: String] {
            guard let listID = owner.string("buildConfigurationList"), let list = object(listID) else { return [:] }
            let configurations = Graph.unique(ids(list["buildConfigurations"])).compactMap(object)
            guard
                let chosen = configurations.first(where: { $0.string("name") == "Release" }) ?? configurations.first,
                case .object(let settings)? = chosen["buildSettings"]
            else { return [:] }
            var strings: [String: String] = [:]
            for (key, value) in settings { if case .string(let text) = value { strings[key] = text } }
            return strings
        }

        func object(_ id: String) -> [String: JSONValue]? {
            if case .object(let object)? = objects[id] { return object }
            return nil
        }

        func ids(_ value: JSONValue?) -> [String] {
            guard case .array(let items)? = value else { return [] }
            return items.compactMap { if case .string(let id) = $0 { return id } else { return nil } }
        }

        /// `ids` without repeats, in order: a phase listed 4,000 times is one phase.
        static func unique(_ ids: [String]) -> [String] {
            var seen: Set<String> = []
            return ids.filter { seen.insert($0).inserted }
        }

        /// Where an object (a file reference or a group) is in the file system, or nil when it is
        /// not in the source tree. Each object's is worked out from its group's, once: a chain of
        /// groups costs its length for all its members together, and a cycle (which Xcode cannot
        /// open) puts its groups and what they hold outside the tree.
        mutating func location(of id: String) -> String? {
            if let known = locations[id] { return known }
            // Up the groups, to one already placed, one whose tree is not `<group>`, or the top.
            var chain: [String] = []
            var onChain: Set<String> = []
            var above: String??
            var current: String? = id
            while let at = current {
                if let known = locations[at] {
                    above = .some(known)
                    break
                }
                guard let object = object(at), onChain.insert(at).inserted, chain.count < Limits.maximumNesting else {
                    // A cycle, a chain too deep or a member that is no object: none of it is placed.
                    for member in chain { locations[member] = .some(nil) }
                    return nil
                }
                chain.append(at)
                guard (object.string("sourceTree") ?? "<group>") == "<group>", let parent = parents[at] else { break }
                current = parent
            }
            // Down again, from the outermost: its tree's folder (or its group's place), then its path.
            for at in chain.reversed() {
                let object = object(at)!
                var folder: String?
                switch object.string("sourceTree") ?? "<group>" {
                case "<group>":
                    if let groupPlace = above { folder = groupPlace } else { folder = sourceRoot }
                case "SOURCE_ROOT": folder = sourceRoot
                case "<absolute>": folder = "/"
                default: folder = nil
                }
                if let base = folder, let path = object.string("path"), !path.isEmpty {
                    folder = path.hasPrefix("/") ? path : joinPath(base, path)
                }
                let placed = folder.map(collapsedPath)
                locations[at] = .some(placed)
                above = .some(placed)
            }
            return locations[id] ?? nil
        }

        /// The shell scripts of a target's Run Script phases, each cut at ``maximumScriptLength``.
        func scripts(of target: [String: JSONValue]) -> [String] {
            Self.unique(ids(target["buildPhases"])).compactMap { phaseID in
                guard let phase = object(phaseID), phase.string("isa") == "PBXShellScriptBuildPhase",
                    let script = phase.string("shellScript")
                else { return nil }
                return String(script.unicodeScalars.prefix(XcodeProject.maximumScriptLength))
            }
        }

        /// What each native target compiles: the Sources phases it lists (by ID) and its
        /// synchronized folders, less the files the folder's exceptions take from it.
        mutating func compiledByTarget(
            _ targetIDs: [String]
        ) -> [String: (phases: [String], folders: CompiledFiles.Files)] {
            var out: [String: (phases: [String], folders: CompiledFiles.Files)] = [:]
            for id in targetIDs {
                guard let target = object(id), target.string("isa") == "PBXNativeTarget" else { continue }
                let phases = Self.unique(ids(target["buildPhases"])).filter {
                    object($0)?.string("isa") == "PBXSourcesBuildPhase"
                }
                var folders = CompiledFiles.Files()
                for folder in synchronizedFolders(of: target, id: id) {
                    folders.formUnion(CompiledFiles.Files(folders: [folder.path: folder.excluded]))
                }
                out[id] = (phases, folders)
            }
            return out
        }

        /// What `targets` compile, each Sources phase read once (however many targets list it:
        /// the work stays linear in the project's text).
        mutating func compiled(
            by targets: some Sequence<String>, in known: [String: (phases: [String], folders: CompiledFiles.Files)]
        ) -> CompiledFiles.Files {
            var out = CompiledFiles.Files()
            var read: Set<String> = []
            for id in targets {
                guard let target = known[id] else { continue }
                out.formUnion(target.folders)
                for phaseID in target.phases where read.insert(phaseID).inserted {
                    guard let phase = object(phaseID) else { continue }
                    for buildFileID in Self.unique(ids(phase["files"])) {
                        guard let buildFile = object(buildFileID), let refID = buildFile.string("fileRef"),
                            let path = location(of: refID)
                        else { continue }
                        out.files.insert(path)
                    }
                }
            }
            return out
        }

        /// `targets` and every target they depend on, however deep (`dependencies` →
        /// PBXTargetDependency → `target`), each once: a walk with a list, not recursion, so a
        /// project's depth cannot outgrow a thread's stack and a cycle ends where it closes.
        func closure(
            of targets: [String], among known: [String: (phases: [String], folders: CompiledFiles.Files)]
        ) -> Set<String> {
            var seen = Set(targets)
            var pending = targets
            while let id = pending.popLast() {
                guard let target = object(id) else { continue }
                for dependencyID in Self.unique(ids(target["dependencies"])) {
                    guard let dependency = object(dependencyID), let next = dependency.string("target"),
                        known[next] != nil, seen.insert(next).inserted
                    else { continue }
                    pending.append(next)
                }
            }
            return seen
        }

        /// A target's synchronized folders (Xcode 16) with the files its exceptions take out
        /// (paths relative to the folder). Folders at one path are one: a file is in unless every
        /// one of them excludes it (10,000 groups over one folder are one walk, not 10,000).
        mutating func synchronizedFolders(
            of target: [String: JSONValue], id targetID: String
        ) -> [(
            path: String, excluded: Set<String>
        )] {
            var synchronized: [(path: String, excluded: Set<String>)] = []
            var synchronizedAt: [String: Int] = [:]
            for groupID in Self.unique(ids(target["fileSystemSynchronizedGroups"])) {
                guard let group = object(groupID), group.string("isa") == "PBXFileSystemSynchronizedRootGroup",
                    let folder = location(of: groupID)
                else { continue }
                let excluded = excluded(group, id: groupID)[targetID] ?? []
                if let at = synchronizedAt[folder] {
                    synchronized[at].excluded.formIntersection(excluded)
                } else {
                    synchronizedAt[folder] = synchronized.count
                    synchronized.append((folder, excluded))
                }
            }
            return synchronized
        }

        /// What an app target copies into its bundle, each resource once.
        mutating func resources(of target: [String: JSONValue], id targetID: String) -> [Resource] {
            var out: [Resource] = []
            var seen: Set<Resource> = []
            var copiedRefs: Set<String> = []
            func add(_ resource: Resource) { if seen.insert(resource).inserted { out.append(resource) } }
            for phaseID in Self.unique(ids(target["buildPhases"])) {
                guard let phase = object(phaseID) else { continue }
                let isa = phase.string("isa")
                var prefix = ""
                if isa == "PBXCopyFilesBuildPhase" {
                    // dstSubfolderSpec 7 is the bundle's Resources; its dstPath a folder inside it
                    // (`./` and `a/../` are no folder: the text is collapsed).
                    guard phase.string("dstSubfolderSpec") == "7" else { continue }
                    prefix = collapsedPath(phase.string("dstPath") ?? "")
                } else if isa != "PBXResourcesBuildPhase" {
                    continue
                }
                for buildFileID in Self.unique(ids(phase["files"])) {
                    guard let buildFile = object(buildFileID), let refID = buildFile.string("fileRef"),
                        copiedRefs.insert(refID + "\u{0}" + prefix).inserted
                    else { continue }
                    for resource in copied(refID, into: prefix) { add(resource) }
                }
            }
            for folder in synchronizedFolders(of: target, id: targetID) {
                add(Resource(path: folder.path, bundlePath: "", kind: .synchronizedFolder(excluded: folder.excluded)))
            }
            return out
        }

        /// The resources one build file's reference gives.
        mutating func copied(_ refID: String, into prefix: String) -> [Resource] {
            guard let ref = object(refID) else { return [] }
            func landing(_ name: String) -> String { prefix.isEmpty ? name : joinPath(prefix, name) }
            switch ref.string("isa") {
            case "PBXVariantGroup":
                // Each child is one localization: `en.lproj/Sound.caf` lands as it is named.
                var out: [Resource] = []
                for child in Self.unique(ids(ref["children"])) {
                    guard let path = location(of: child), let file = object(child) else { continue }
                    let relative = file.string("path") ?? lastComponent(path)
                    let lproj =
                        relative.contains(".lproj/")
                        ? relative : (file.string("name").map { $0 + ".lproj/" } ?? "Base.lproj/") + lastComponent(path)
                    out.append(Resource(path: path, bundlePath: landing(lproj)))
                }
                return out
            case "PBXFileReference":
                guard let path = location(of: refID) else { return [] }
                let type = ref.string("lastKnownFileType") ?? ref.string("explicitFileType") ?? ""
                let isFolder = type == "folder" || type.hasPrefix("folder.")
                return [
                    Resource(
                        path: path, bundlePath: landing(lastComponent(path)), kind: isFolder ? .folderReference : .file)
                ]
            default:
                return []
            }
        }

        /// A synchronized folder's membership exceptions by target, read once per folder.
        mutating func excluded(_ group: [String: JSONValue], id groupID: String) -> [String: Set<String>] {
            if let known = exceptions[groupID] { return known }
            var byTarget: [String: Set<String>] = [:]
            for exceptionID in Self.unique(ids(group["exceptions"])) {
                guard let exception = object(exceptionID), let target = exception.string("target") else { continue }
                byTarget[target, default: []].formUnion(ids(exception["membershipExceptions"]))
            }
            exceptions[groupID] = byTarget
            return byTarget
        }
    }
}

private extension Dictionary where Key == String, Value == JSONValue {
    func string(_ key: String) -> String? {
        if case .string(let value)? = self[key] { return value }
        return nil
    }
}
