import AlertSoundCore

/// The projects an Xcode workspace (`NAME.xcworkspace/contents.xcworkspacedata`) opens together,
/// as Xcode resolves its `FileRef` and `Group` locations: `group:P` relative to the enclosing
/// group's folder (the workspace's own folder at the top), `container:P` relative to the folder
/// that holds the workspace, `absolute:P` as it is, `self:` the project a workspace is embedded
/// in. React Native and Flutter open `ios/App.xcworkspace` (the app's project and CocoaPods'
/// `Pods.xcodeproj`); a team may open several app projects in one.
///
/// The file is read as untrusted input: bounded in size and nesting, one pass over its tags, and
/// a project outside the workspace's folder (`absolute:/…`, `group:../../…`) or outside the folder
/// given once links are followed (a `*.xcodeproj` link) is not opened, so a workspace in a pull
/// request cannot have alertsound read projects elsewhere on the machine.
struct XcodeWorkspace: Sendable {
    /// The `.xcworkspace` read.
    var path: String
    /// The `.xcodeproj` paths it names inside its folder, in order, each once.
    var projects: [String]
    /// What it names that was not opened, said once each.
    var notes: [String] = []

    /// Reads the workspace at `path` (a `.xcworkspace` folder); nothing outside `confinement`.
    static func read(_ path: String, within confinement: Confinement) throws -> XcodeWorkspace {
        let file = joinPath(path, "contents.xcworkspacedata")
        guard confinement.contains(file) else {
            throw AlertSoundError(
                .unreadable, "not read: it leads outside \(confinement.shown), the folder given", path: file)
        }
        let bytes = try confinement.door.contents(
            file, limit: Limits.maximumXcodeWorkspaceBytes, what: "Xcode workspace")
        var workspace = try parse(bytes, path: path)
        let outside = workspace.projects.filter { !confinement.contains($0) }
        if !outside.isEmpty {
            let left = Set(outside)
            workspace.projects.removeAll { left.contains($0) }
            workspace.notes.append(
                "\(path) opens \(outside.count == 1 ? "a project" : "\(outside.count) projects") that lead outside \(confinement.shown), the folder given, through a link: not read (\(outside.prefix(10).joined(separator: ", ")))"
            )
        }
        return workspace
    }

    /// The workspace in `bytes`, the `contents.xcworkspacedata` of the `.xcworkspace` at `path`.
    static func parse(_ bytes: [UInt8], path: String) throws -> XcodeWorkspace {
        let file = joinPath(path, "contents.xcworkspacedata")
        let container = parentFolder(path)
        var projects: [String] = []
        var seen: Set<String> = []
        // Each open Group's folder; the workspace's own folder at the bottom.
        var groups = [container]
        for tag in try tags(bytes, file: file) {
            switch tag {
            case .close("Group"):
                guard groups.count > 1 else {
                    throw AlertSoundError(.malformed, "not an Xcode workspace: </Group> closes no group", path: file)
                }
                groups.removeLast()
            case .open(let name, let location), .empty(let name, let location):
                let resolved = location.flatMap {
                    resolve($0, group: groups.last!, container: container, workspace: path)
                }
                if name == "Group" {
                    guard case .open = tag else { continue }
                    guard groups.count <= Limits.maximumNesting else {
                        throw AlertSoundError(
                            .malformed, "not an Xcode workspace: groups nested over \(Limits.maximumNesting) deep",
                            path: file)
                    }
                    groups.append(resolved ?? groups.last!)
                } else if name == "FileRef", let resolved, lowercasedExtension(lastComponent(resolved)) == "xcodeproj",
                    isInside(resolved, container), seen.insert(resolved).inserted
                {
                    projects.append(resolved)
                }
            case .close:
                continue
            }
        }
        return XcodeWorkspace(path: path, projects: projects)
    }

    /// Where a location leads, or nil for a kind that is not in the source tree (`developer:`).
    static func resolve(_ location: String, group: String, container: String, workspace: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon], rest = String(location[location.index(after: colon)...])
        let path: String
        switch kind {
        case "group": path = rest.isEmpty ? group : joinPath(group, rest)
        case "container": path = rest.isEmpty ? container : joinPath(container, rest)
        case "absolute": path = rest
        case "self": path = container  // the workspace inside X.xcodeproj/: the project itself
        default: return nil
        }
        return collapsedPath(path)
    }

    enum Tag: Equatable {
        case open(String, location: String?), empty(String, location: String?), close(String)
    }

    /// The elements of the XML, each with its `location` attribute; comments, the declaration and
    /// processing instructions skipped. Entities in attribute values are decoded.
    static func tags(_ bytes: [UInt8], file: String) throws -> [Tag] {
        var tags: [Tag] = []
        var reader = XMLTags.Reader(bytes) { what, at in
            AlertSoundError(.malformed, "not an Xcode workspace: \(what)", path: file, offset: Int64(at))
        }
        while let tag = try reader.next() {
            if tag.closing {
                tags.append(.close(tag.name))
                continue
            }
            let location = try XMLTags.attribute("location", in: tag.attributes, fail: { reader.fail($0) })
            tags.append(tag.selfClosing ? .empty(tag.name, location: location) : .open(tag.name, location: location))
        }
        return tags
    }
}
