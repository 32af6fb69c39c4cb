import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an Xcode project copies into its app: for each app target (product type
/// `com.apple.product-type.application`; an extension's resources are in its own bundle, where iOS
/// does not look for a notification's sound), the files of its Copy Bundle Resources phase, of
/// copy-files phases into Resources, and of the synchronized folders (Xcode 16) it lists, each with
/// where it lands in the bundle. Read from `project.pbxproj` (notes §8): build file → file
/// reference → its groups, with `sourceTree` `<group>`, `SOURCE_ROOT` and `<absolute>`; files of
/// `BUILT_PRODUCTS_DIR`, `SDKROOT` or `DEVELOPER_DIR` are built or installed, not in the tree, and left out.
struct XcodeProject: Sendable {
    /// One file the app's bundle gets.
    struct Resource: Sendable, Hashable {
        /// The file (or folder, for a folder reference) in the source tree.
        var path: String
        /// Where it lands, relative to the bundle's top level: its name, `en.lproj/NAME` for a
        /// variant group's file, `Folder/…` for what a folder reference holds.
        var bundlePath: String
        /// A folder reference: copied as one folder, with everything in it.
        var isFolder = false
    }

    /// One app target and what it copies.
    struct Target: Sendable {
        var name: String
        var resources: [Resource]
    }

    /// The `.xcodeproj` read.
    var path: String
    /// Its app targets.
    var targets: [Target]

    /// Reads `project.pbxproj` in the `.xcodeproj` at `path`.
    static func read(_ path: String) throws -> XcodeProject {
        let file = joinPath(path, "project.pbxproj")
        let bytes = try SoundReference.contents(of: file, limit: Limits.maximumXcodeProjectBytes, what: "Xcode project")
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
        let graph = Graph(objects: objects, sourceRoot: sourceRoot)
        var targets: [Target] = []
        for id in graph.ids(project["targets"]) {
            guard let target = graph.object(id), target.string("isa") == "PBXNativeTarget",
                target.string("productType") == "com.apple.product-type.application"
            else { continue }
            targets.append(Target(name: target.string("name") ?? id, resources: graph.resources(of: target, id: id)))
        }
        return XcodeProject(path: path, targets: targets)
    }

    /// `ios/Runner/../x.wav` → `ios/x.wav`: as Xcode resolves a project's paths, by their text.
    static func collapsed(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// Whether `path` is `folder` or lies inside it, both collapsed; a relative folder of nothing
    /// (`.`) holds every relative path that does not climb out of it.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        let path = collapsed(path), root = collapsed(folder)
        if root.isEmpty { return !path.hasPrefix("/") && path != ".." && !path.hasPrefix("../") }
        return path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// The objects, and how to walk them.
    private struct Graph {
        let objects: [String: JSONValue]
        let sourceRoot: String
        /// Each group member's group.
        let parents: [String: String]

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

        func object(_ id: String) -> [String: JSONValue]? {
            if case .object(let object)? = objects[id] { return object }
            return nil
        }

        func ids(_ value: JSONValue?) -> [String] {
            guard case .array(let items)? = value else { return [] }
            return items.compactMap { if case .string(let id) = $0 { return id } else { return nil } }
        }

        /// Where an object (a file reference or a group) is in the file system, or nil when it is
        /// not in the source tree. Walks up its groups, at most `Limits.maximumNesting` of them.
        func location(of id: String) -> String? {
            var chain: [[String: JSONValue]] = []
            var current: String? = id
            while let at = current, let object = object(at), chain.count < Limits.maximumNesting {
                chain.append(object)
                let tree = object.string("sourceTree") ?? "<group>"
                if tree != "<group>" { break }
                current = parents[at]
            }
            // From the outermost: its tree's folder, then each path inward.
            var folder: String?
            for object in chain.reversed() {
                let path = object.string("path")
                switch object.string("sourceTree") ?? "<group>" {
                case "<group>": folder = folder ?? sourceRoot
                case "SOURCE_ROOT": folder = sourceRoot
                case "<absolute>": folder = ""
                default: return nil
                }
                if let path, !path.isEmpty { folder = path.hasPrefix("/") ? path : joinPath(folder ?? "", path) }
            }
            return folder.map(XcodeProject.collapsed)
        }

        /// What an app target copies into its bundle.
        func resources(of target: [String: JSONValue], id targetID: String) -> [Resource] {
            var out: [Resource] = []
            for phaseID in ids(target["buildPhases"]) {
                guard let phase = object(phaseID) else { continue }
                let isa = phase.string("isa")
                var prefix = ""
                if isa == "PBXCopyFilesBuildPhase" {
                    // dstSubfolderSpec 7 is the bundle's Resources; its dstPath a folder inside it.
                    guard phase.string("dstSubfolderSpec") == "7" else { continue }
                    prefix = phase.string("dstPath") ?? ""
                } else if isa != "PBXResourcesBuildPhase" {
                    continue
                }
                for buildFileID in ids(phase["files"]) {
                    guard let buildFile = object(buildFileID), let refID = buildFile.string("fileRef") else { continue }
                    out += copied(refID, into: prefix)
                }
            }
            for groupID in ids(target["fileSystemSynchronizedGroups"]) {
                out += synchronized(groupID, target: targetID)
            }
            return out
        }

        /// The resources one build file's reference gives.
        func copied(_ refID: String, into prefix: String) -> [Resource] {
            guard let ref = object(refID) else { return [] }
            func landing(_ name: String) -> String { prefix.isEmpty ? name : joinPath(prefix, name) }
            switch ref.string("isa") {
            case "PBXVariantGroup":
                // Each child is one localization: `en.lproj/Sound.caf` lands as it is named.
                return ids(ref["children"]).compactMap { child in
                    guard let path = location(of: child), let file = object(child) else { return nil }
                    let relative = file.string("path") ?? lastComponent(path)
                    let lproj =
                        relative.contains(".lproj/")
                        ? relative : (file.string("name").map { $0 + ".lproj/" } ?? "Base.lproj/") + lastComponent(path)
                    return Resource(path: path, bundlePath: landing(lproj))
                }
            case "PBXFileReference":
                guard let path = location(of: refID) else { return [] }
                let type = ref.string("lastKnownFileType") ?? ref.string("explicitFileType") ?? ""
                let isFolder = type == "folder" || type.hasPrefix("folder.")
                if isFolder, !inside(path) { return [] }
                return [Resource(path: path, bundlePath: landing(lastComponent(path)), isFolder: isFolder)]
            default:
                return []
            }
        }

        /// Whether `path` lies inside the project's folder. Folders are walked only there: a
        /// project's text could otherwise point a walk at `/`.
        func inside(_ path: String) -> Bool { XcodeProject.isInside(path, sourceRoot) }

        /// A synchronized folder's files for `target`: all of them but the target's membership
        /// exceptions; a file in a `.lproj` folder lands in it, any other flat at the top level.
        func synchronized(_ groupID: String, target: String) -> [Resource] {
            guard let group = object(groupID), group.string("isa") == "PBXFileSystemSynchronizedRootGroup",
                let folder = location(of: groupID),
                inside(folder)
            else { return [] }
            var excluded: Set<String> = []
            for exceptionID in ids(group["exceptions"]) {
                guard let exception = object(exceptionID), exception.string("target") == target else { continue }
                for relative in ids(exception["membershipExceptions"]) { excluded.insert(relative) }
            }
            return FolderScanner.scan(root: folder, displayRoot: folder).compactMap { walked in
                guard !excluded.contains(walked.relativePath) else { return nil }
                let parts = walked.relativePath.split(separator: "/")
                let lproj = parts.dropLast().last { $0.hasSuffix(".lproj") }
                let landing = lproj.map { "\($0)/\(parts.last ?? "")" } ?? String(parts.last ?? "")
                return Resource(path: joinPath(folder, walked.relativePath), bundlePath: landing)
            }
        }
    }
}

private extension Dictionary where Key == String, Value == JSONValue {
    func string(_ key: String) -> String? {
        if case .string(let value)? = self[key] { return value }
        return nil
    }
}

extension XcodeProject {
    /// The app projects for `folder`: a `.xcodeproj` or `.xcworkspace` given, else those in the
    /// folder, its `ios/`, or its parent (given `ios/Runner`), the first of these places that has
    /// one with an app target. In a place, a workspace's projects (an app's own and CocoaPods',
    /// or several apps opened together) and the `.xcodeproj` folders there, each once; those without
    /// an app target (Pods) are left out. Throws for a project or workspace that cannot be read, and
    /// for a generated project's spec without the project.
    static func find(near folder: String) throws -> [XcodeProject] {
        switch lowercasedExtension(lastComponent(folder)) {
        case "xcodeproj": return [try read(folder)]
        case "xcworkspace":
            let apps = try appProjects(XcodeWorkspace.read(folder).projects)
            guard !apps.isEmpty else {
                throw AlertSoundError(
                    .invalidRequest,
                    "the workspace opens no project with an app target (product type application) in its folder",
                    path: folder)
            }
            return apps
        default: break
        }
        for place in [folder, joinPath(folder, "ios"), parentFolder(folder)] {
            let entries = AndroidProject.entries(of: place, type: UInt8(DT_DIR)).sorted()
            var candidates: [String] = []
            for name in entries where lowercasedExtension(name) == "xcworkspace" {
                candidates += try XcodeWorkspace.read(joinPath(place, name)).projects
            }
            let apps = try appProjects(
                candidates + entries.filter { lowercasedExtension($0) == "xcodeproj" }.map { joinPath(place, $0) })
            if !apps.isEmpty { return apps }
        }
        // A project generated from a spec has no .pbxproj until the generator runs: say so rather
        // than judge the folder's files as if they all shipped.
        for place in [folder, joinPath(folder, "ios")] {
            for (spec, tool) in generatedProjectSpecs where isFolder(joinPath(place, spec)) == false {
                throw AlertSoundError(
                    .invalidRequest,
                    "\(joinPath(place, spec)) describes an Xcode project that \(tool) generates, and no .xcodeproj is "
                        + "there yet: what ships is decided by the generated project; generate it, then validate it (or the built .app)",
                    path: folder)
            }
        }
        return []
    }

    /// The projects at `paths` that have an app target, each read once. A project a workspace
    /// names but the checkout lacks (Pods before `pod install`) is not there to read.
    private static func appProjects(_ paths: [String]) throws -> [XcodeProject] {
        var seen: Set<String> = []
        return try paths.filter { isFolder($0) == true && seen.insert(collapsed($0)).inserted }.map(read).filter {
            !$0.targets.isEmpty
        }
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

    /// Specs from which a tool generates the `.xcodeproj`: XcodeGen, Tuist.
    static let generatedProjectSpecs = [("project.yml", "XcodeGen"), ("Project.swift", "Tuist")]

    /// The sounds the app targets copy, placed where they land in the bundle (a folder
    /// reference's files in its folder, a variant group's in their `.lproj`), shown by their path in
    /// the source tree. A file the project names that is missing is reported as one.
    static func scan(_ project: XcodeProject) throws -> BundleScan {
        guard !project.targets.isEmpty else {
            throw AlertSoundError(
                .invalidRequest,
                "the project has no app target (product type application): nothing it builds ships notification sounds",
                path: project.path)
        }
        var sounds: [FoundSound] = []
        var seen: Set<String> = []
        for target in project.targets {
            for resource in target.resources where seen.insert(resource.bundlePath).inserted {
                if resource.isFolder {
                    for walked in FolderScanner.scan(root: resource.path, displayRoot: resource.path) {
                        let landing = joinPath(resource.bundlePath, walked.relativePath)
                        sounds.append(
                            FoundSound(
                                relativePath: landing, displayRoot: parentFolder(resource.path) + "/",
                                location: SoundLocation.of(relativePath: landing, kind: .app),
                                content: FoundSound.Content(walked.content)))
                    }
                    continue
                }
                guard ContainerKind.isSoundName(resource.path) else { continue }
                // Shown by its path in the tree: the bundle path is its tail when the file sits as
                // it lands (`Runner/en.lproj/x.caf`), else only its name is (a flattened folder).
                let inPlace = resource.path.hasSuffix("/" + resource.bundlePath)
                let shownRoot =
                    inPlace
                    ? String(resource.path.dropLast(resource.bundlePath.count)) : parentFolder(resource.path) + "/"
                let shownFrom =
                    inPlace ? 0 : resource.bundlePath.utf8.count - lastComponent(resource.bundlePath).utf8.count
                let content: FoundSound.Content =
                    isFolder(resource.path) == false
                    ? .file(FolderFile(path: resource.path))
                    : .problem(
                        Rule.judge(
                            failure: AlertSoundError(
                                .notFound, "the project copies \(resource.path) into the app, and there is no such file"
                            )))
                sounds.append(
                    FoundSound(
                        relativePath: resource.bundlePath, displayRoot: shownRoot, shownFrom: shownFrom,
                        location: SoundLocation.of(relativePath: resource.bundlePath, kind: .app), content: content))
            }
        }
        sounds.sort { $0.relativePath < $1.relativePath }
        // The sounds beside the project that nothing copies: a payload naming one gets its own finding.
        let copied = Set(project.targets.flatMap { $0.resources.map(\.path) })
        let folder = parentFolder(project.path)
        var uncopied: [String: String] = [:]
        for walked in FolderScanner.scan(root: folder, displayRoot: folder) {
            let path = collapsed(joinPath(folder, walked.relativePath))
            // Copied itself, or inside a copied folder reference: its ancestors are looked up.
            var ancestor = path, isCopied = false
            while !ancestor.isEmpty, ancestor != "/", !isCopied {
                isCopied = copied.contains(ancestor)
                ancestor = ancestor.contains("/") ? parentFolder(ancestor) : ""
            }
            guard !isCopied else { continue }
            let key = lastComponent(path).lowercased()
            if uncopied[key] == nil { uncopied[key] = path }
        }
        let names = project.targets.map(\.name).joined(separator: ", ")
        return BundleScan(
            kind: .xcodeProject, root: "\(project.path) (app target \(names))", sounds: sounds, uncopied: uncopied)
    }
}
