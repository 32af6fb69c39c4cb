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
        var i = 0
        func fail(_ what: String) -> AlertSoundError {
            AlertSoundError(.malformed, "not an Xcode workspace: \(what)", path: file, offset: Int64(i))
        }
        while let open = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
            i = open
            if bytes[i...].starts(with: Array("<!--".utf8)) {
                guard let end = find(Array("-->".utf8), in: bytes, from: i + 4) else {
                    throw fail("a comment is not closed")
                }
                i = end + 3
                continue
            }
            guard let close = bytes[i...].firstIndex(of: UInt8(ascii: ">")) else { throw fail("a tag is not closed") }
            let body = bytes[(i + 1)..<close]
            i = close + 1
            guard let first = body.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else { continue }
            if first == UInt8(ascii: "/") {
                tags.append(.close(String(decoding: body.dropFirst().prefix { !isSpace($0) }, as: UTF8.self)))
                continue
            }
            let selfClosing = body.last == UInt8(ascii: "/")
            let inner = selfClosing ? body.dropLast() : body
            let name = String(decoding: inner.prefix { !isSpace($0) }, as: UTF8.self)
            let location = try attribute("location", in: Array(inner.dropFirst(name.utf8.count)), fail: fail)
            tags.append(selfClosing ? .empty(name, location: location) : .open(name, location: location))
        }
        return tags
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The value of attribute `name` in a tag's attribute text (`a = "x" b='y'`).
    static func attribute(_ name: String, in text: [UInt8], fail: (String) -> AlertSoundError) throws -> String? {
        var i = 0
        var found: String?
        while i < text.count {
            while i < text.count, isSpace(text[i]) { i += 1 }
            guard i < text.count else { break }
            let start = i
            while i < text.count, !isSpace(text[i]), text[i] != UInt8(ascii: "=") { i += 1 }
            let key = String(decoding: text[start..<i], as: UTF8.self)
            while i < text.count, isSpace(text[i]) { i += 1 }
            guard i < text.count, text[i] == UInt8(ascii: "=") else { throw fail("attribute \(key) has no value") }
            i += 1
            while i < text.count, isSpace(text[i]) { i += 1 }
            guard i < text.count, text[i] == UInt8(ascii: "\"") || text[i] == UInt8(ascii: "'") else {
                throw fail("attribute \(key)'s value is not quoted")
            }
            let quote = text[i]
            guard let end = text[(i + 1)...].firstIndex(of: quote) else {
                throw fail("attribute \(key)'s value is not closed")
            }
            if key == name { found = decodeEntities(String(decoding: text[(i + 1)..<end], as: UTF8.self)) }
            i = end + 1
        }
        return found
    }

    /// XML's five named entities and numeric references; anything else is left as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                out.append("&")
                rest = rest.dropFirst()
                continue
            }
            let entity = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(entity)]
            var scalar: Unicode.Scalar?
            if entity.hasPrefix("#x") {
                scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if entity.hasPrefix("#") {
                scalar = UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            }
            if let replacement = named ?? scalar.map({ String($0) }) {
                out += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out.append("&")
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }
}
