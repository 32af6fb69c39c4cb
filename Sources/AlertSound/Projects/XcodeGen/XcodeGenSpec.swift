import AlertSoundCore

/// An XcodeGen spec (`project.yml`, and the files its `include:` names) read as the project it
/// generates: each app target (`type: application`) for each system its `platform` names, with
/// the resources its `sources` give (XcodeGen's ProjectSpec.md, "Target" and "Target Source"):
/// a folder is a group by default, whose every file lands at the bundle's top level (in its
/// `.lproj`, or whole inside a folder with an extension such as `Kit.bundle`), but those its
/// `excludes` match; `type: folder` is a folder reference, copied as one folder; `type: syncedFolder`
/// an Xcode 16 synchronized folder; a `buildPhase` other than `resources` copies nothing into the
/// bundle. Paths are relative to the file that names them (`relativePaths`, true unless an include
/// says otherwise). What the spec gives is an ``XcodeProject``, judged as a generated project would be.
///
/// Read through the folder given's door, each file once, at most `Limits.maximumXcodeGenSpecFiles`
/// of `Limits.maximumXcodeGenSpecBytes` each; an include outside the folder given is not read (a
/// note says so). YAML outside the subset ``YAMLSubsetParser`` reads is an error naming the file and line.
struct XcodeGenSpec {
    /// The project's apps, and what was passed over.
    var project: XcodeProject
    var notes: [String] = []

    /// Reads the spec at `path` (a `project.yml`) and what it includes.
    static func read(_ path: String, within confinement: Confinement) throws -> XcodeGenSpec {
        var reading = Reading(confinement: confinement)
        let top = try reading.load(path, relativeTo: parentFolder(path), depth: 0)
        var spec = XcodeGenSpec(project: XcodeProject(path: path, apps: []), notes: reading.notes)
        spec.project.apps = try apps(of: top, path: path, within: confinement)
        return spec
    }

    /// Files read so far, and notes on those not read.
    private struct Reading {
        let confinement: Confinement
        var read: Set<String> = []
        var notes: [String] = []

        /// The spec in `file` with what it includes merged under it, its paths made absolute from
        /// `base` (its own folder, or the top spec's when an include says `relativePaths: false`).
        mutating func load(_ file: String, relativeTo base: String, depth: Int) throws -> [String: JSONValue] {
            guard confinement.contains(file) else {
                notes.append("\(file): not read: it leads outside \(confinement.shown), the folder given")
                return [:]
            }
            guard read.count < Limits.maximumXcodeGenSpecFiles else {
                throw AlertSoundError(
                    .tooLarge,
                    "the XcodeGen spec includes more than \(Limits.maximumXcodeGenSpecFiles) files; alertsound reads at most that many",
                    path: file)
            }
            // A file included twice (or including itself) is read once.
            guard read.insert(collapsedPath(file)).inserted else { return [:] }
            guard isFile(file) else {
                notes.append("\(file): included by the XcodeGen spec, and not there: what it would add is not judged")
                return [:]
            }
            let bytes = try confinement.door.contents(
                file, limit: Limits.maximumXcodeGenSpecBytes, what: "XcodeGen spec")
            let value: JSONValue
            do {
                value = try YAMLSubsetParser.parse(bytes)
            } catch let error as StructureError {
                throw AlertSoundError(.malformed, "not read as an XcodeGen spec: \(error.message)", path: file)
            }
            guard case .object(var spec) = value else {
                if value == .null { return [:] }
                throw AlertSoundError(.malformed, "not an XcodeGen spec: its top is not a mapping", path: file)
            }
            Self.absolute(&spec, base: base)
            // Included files first, each under what includes it (XcodeGen merges the includer on top).
            var merged: [String: JSONValue] = [:]
            for include in Self.includes(spec["include"]) where depth < Limits.maximumXcodeGenSpecFiles {
                let included = include.path.hasPrefix("/") ? include.path : joinPath(parentFolder(file), include.path)
                let inner = try load(
                    collapsedPath(included), relativeTo: include.relative ? parentFolder(included) : base,
                    depth: depth + 1)
                merged = Self.merge(inner, under: merged)
            }
            spec["include"] = nil
            return Self.merge(spec, under: merged)
        }

        /// The files `include:` names: a path, or `path:` with `relativePaths:` and `enable:`.
        static func includes(_ value: JSONValue?) -> [(path: String, relative: Bool)] {
            var items: [JSONValue] = []
            switch value {
            case .array(let list)?: items = list
            case let single?: items = [single]
            case nil: break
            }
            return items.compactMap { item in
                switch item {
                case .string(let path) where !path.isEmpty: return (path, true)
                case .object(let include):
                    guard case .string(let path)? = include["path"], !path.isEmpty, include.flag("enable") != false
                    else { return nil }
                    return (path, include.flag("relativePaths") ?? true)
                default: return nil
                }
            }
        }

        /// `top` merged onto `base`: mappings key by key (the top's values win), anything else replaced.
        static func merge(_ top: [String: JSONValue], under base: [String: JSONValue]) -> [String: JSONValue] {
            var out = base
            for (key, value) in top {
                if case .object(let inner)? = out[key], case .object(let mine) = value {
                    // Two levels are enough for a spec's `targets: NAME:` and `options:`.
                    var both = inner
                    for (k, v) in mine { both[k] = v }
                    out[key] = .object(both)
                } else {
                    out[key] = value
                }
            }
            return out
        }

        /// The source and entitlements paths of the spec's targets and templates made absolute from `base`.
        static func absolute(_ spec: inout [String: JSONValue], base: String) {
            for section in ["targets", "targetTemplates"] {
                guard case .object(var targets)? = spec[section] else { continue }
                for (name, target) in targets {
                    guard case .object(var fields) = target else { continue }
                    if let sources = fields["sources"] {
                        fields["sources"] = .array(
                            sourceList(sources).map { source in
                                var source = source
                                if case .string(let path)? = source["path"] {
                                    source["path"] = .string(
                                        collapsedPath(path.hasPrefix("/") ? path : joinPath(base, path)))
                                }
                                return .object(source)
                            })
                    }
                    if case .object(var entitlements)? = fields["entitlements"],
                        case .string(let path)? = entitlements["path"]
                    {
                        entitlements["path"] = .string(collapsedPath(path.hasPrefix("/") ? path : joinPath(base, path)))
                        fields["entitlements"] = .object(entitlements)
                    }
                    targets[name] = .object(fields)
                }
                spec[section] = .object(targets)
            }
        }
    }

    /// A target's `sources:` as objects: a path alone is `path:`.
    static func sourceList(_ value: JSONValue) -> [[String: JSONValue]] {
        let items: [JSONValue]
        if case .array(let list) = value { items = list } else { items = [value] }
        return items.compactMap { item in
            switch item {
            case .string(let path): return ["path": .string(path)]
            case .object(let source): return source
            default: return nil
            }
        }
    }

    /// The app targets of the merged spec, each for each system it is built for.
    static func apps(
        of spec: [String: JSONValue], path: String, within confinement: Confinement
    ) throws
        -> [XcodeProject.App]
    {
        guard case .object(let targets)? = spec["targets"] else { return [] }
        let options = spec.object("options") ?? [:]
        let templates = spec.object("targetTemplates") ?? [:]
        let defaultType = options.text("defaultSourceDirectoryType") ?? "group"
        var apps: [XcodeProject.App] = []
        for name in targets.keys.sorted() {
            guard case .object(var target)? = targets[name] else { continue }
            // A target's templates lie under it, in order (a template's own templates are not followed).
            if case .array(let names)? = target["templates"] {
                var base: [String: JSONValue] = [:]
                for case .string(let template) in names.prefix(Limits.maximumXcodeGenSpecFiles) {
                    if let fields = templates.object(template) { base = Reading.merge(fields, under: base) }
                }
                target = Reading.merge(target, under: base)
            }
            guard target.text("type") == "application" else { continue }
            let systems = Self.systems(target)
            let resources = try Self.resources(target["sources"], defaultType: defaultType, within: confinement)
            for os in systems {
                guard apps.count < Limits.maximumXcodeApps else {
                    throw AlertSoundError(
                        .invalidRequest,
                        "the spec builds more than \(Limits.maximumXcodeApps) different apps; alertsound judges at most that many in one project: validate the built apps",
                        path: path)
                }
                var app = XcodeProject.App(
                    targets: [systems.count == 1 ? name : "\(name)_\(os.displayName)"], resources: resources, os: os)
                app.entitlements = target.object("entitlements")?.text("path")
                if os == .ios {
                    app.deploymentTarget =
                        target.text("deploymentTarget") ?? target.object("deploymentTarget")?.text("iOS")
                        ?? options.object("deploymentTarget")?.text("iOS")
                }
                apps.append(app)
            }
        }
        return apps
    }

    /// The systems a target is built for: `platform` (one name, or a list: one target each), or
    /// with `platform: auto` its `supportedDestinations`; visionOS and Mac Catalyst look sounds up
    /// as iOS does (see ``XcodeProject/systems(_:project:)``).
    static func systems(_ target: [String: JSONValue]) -> [AppleOS] {
        var names: [String] = []
        switch target["platform"] {
        case .string(let name)?: names = [name]
        case .array(let list)?: names = list.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        default: break
        }
        if names.isEmpty || names == ["auto"], case .array(let list)? = target["supportedDestinations"] {
            names = list.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        }
        var found: [AppleOS] = []
        for name in names.prefix(16) {
            let os: AppleOS?
            switch name.lowercased() {
            case "ios", "visionos", "maccatalyst": os = .ios
            case "macos": os = .macos
            case "watchos": os = .watchos
            case "tvos": os = .tvos
            default: os = nil
            }
            if let os, !found.contains(os) { found.append(os) }
        }
        return found.isEmpty ? [.ios] : found
    }

    /// What a target's sources copy into its bundle.
    static func resources(
        _ value: JSONValue?, defaultType: String, within confinement: Confinement
    ) throws
        -> [XcodeProject.Resource]
    {
        guard let value else { return [] }
        var out: [XcodeProject.Resource] = []
        var seen: Set<XcodeProject.Resource> = []
        for source in sourceList(value).prefix(Limits.maximumXcodeGenPatterns) {
            guard let path = source.text("path"), !path.isEmpty else { continue }
            // A phase other than the Resources phase puts nothing in the bundle's resources (a
            // copy-files phase into them is not read).
            if let phase = source["buildPhase"], phase != .string("resources") { continue }
            let inside = confinement.contains(path)
            // A path missing from the tree fails generation unless it is `optional`: either way
            // nothing of it ships. One outside the folder given is reported by the scan.
            if inside, !exists(path) { continue }
            let folder = inside ? isFolder(path) : !ContainerKind.isSoundName(path)
            let type = source.text("type") ?? (folder ? defaultType : "file")
            let name = lastComponent(path)
            let resource: XcodeProject.Resource
            switch type {
            case "folder":
                resource = XcodeProject.Resource(path: path, bundlePath: name, kind: .folderReference)
            case "syncedFolder" where folder:
                resource = XcodeProject.Resource(path: path, bundlePath: "", kind: .synchronizedFolder(excluded: []))
            case _ where folder && name.dropFirst().contains(".") && !name.lowercased().hasSuffix(".lproj"):
                // A folder with an extension is one file to XcodeGen: copied whole.
                resource = XcodeProject.Resource(path: path, bundlePath: name, kind: .folderReference)
            case _ where folder:
                resource = XcodeProject.Resource(
                    path: path, bundlePath: "",
                    kind: .group(excludes: source.texts("excludes"), includes: source.texts("includes")))
            default:
                let parent = lastComponent(parentFolder(path))
                let landing = parent.lowercased().hasSuffix(".lproj") ? "\(parent)/\(name)" : name
                resource = XcodeProject.Resource(path: path, bundlePath: landing)
            }
            if seen.insert(resource).inserted { out.append(resource) }
        }
        return out
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    fileprivate func text(_ key: String) -> String? {
        if case .string(let value)? = self[key] { return value }
        return nil
    }

    fileprivate func object(_ key: String) -> [String: JSONValue]? {
        if case .object(let value)? = self[key] { return value }
        return nil
    }

    /// A YAML boolean (`true`, `yes`, …); nil when absent or another word.
    fileprivate func flag(_ key: String) -> Bool? {
        switch text(key)?.lowercased() {
        case "true"?, "yes"?, "on"?: return true
        case "false"?, "no"?, "off"?: return false
        default: return nil
        }
    }

    /// A list of strings (or one string).
    fileprivate func texts(_ key: String) -> [String] {
        switch self[key] {
        case .string(let one)?: return [one]
        case .array(let list)?: return list.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        default: return []
        }
    }
}
