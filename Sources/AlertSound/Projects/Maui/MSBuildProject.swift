import AlertSoundCore

/// What a `.csproj` says, as far as notification sounds need it: its properties and its items, each
/// with the condition it sits under (its group's and its own). Read from the text, never
/// evaluated: a condition is kept as written and judged by the platform it names
/// (``MauiReader/platforms(of:)``); properties are not expanded. One pass over the bytes with a
/// stack of open elements bounded in depth, so a project of any size or nesting is read in time
/// linear in its bytes, or refused.
struct MSBuildProject: Sendable {
    struct Property: Sendable {
        var name: String
        var value: String
        var condition: String?
    }

    struct Item: Sendable {
        /// Its type: `BundleResource`, `AndroidResource`, `MauiAsset`, ...
        var type: String
        var include: String?
        var remove: String?
        /// `LogicalName` and `Link`, from an attribute or a child element.
        var metadata: [String: String] = [:]
        /// The conditions it sits under: its group's, then its own.
        var conditions: [String] = []
    }

    /// The `Sdk` of `<Project>`: an SDK-style project (with default items) when set.
    var sdk: String?
    var properties: [Property] = []
    var items: [Item] = []
    /// What `<Import Project="…">` names (Xamarin's targets say the project's platform).
    var imports: [String] = []

    /// The value of each property `name` set, in order (conditions aside).
    func values(_ name: String) -> [String] {
        properties.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Elements open at once beyond which a project is refused: MSBuild's own nest a few deep.
    static let maximumDepth = 64
    /// The item metadata kept.
    static let keptMetadata = ["LogicalName", "Link"]

    /// Reads the project's bytes; throws `malformed` naming the offset for XML it cannot follow.
    static func parse(_ bytes: [UInt8], path: String) throws -> MSBuildProject {
        var project = MSBuildProject()
        // Each open element: its name, its condition, and the item it is when it is one.
        var stack: [(name: String, condition: String?, item: Int?)] = []
        var reader = XMLTags.Reader(bytes) { what, at in
            AlertSoundError(.malformed, "not an MSBuild project: \(what)", path: path, offset: Int64(at))
        }
        while let tag = try reader.next() {
            if tag.closing {
                let name = tag.name
                guard let top = stack.last, top.name == name else {
                    throw reader.fail("</\(name)> closes nothing open")
                }
                stack.removeLast()
                continue
            }
            let selfClosing = tag.selfClosing
            let name = tag.name
            let attributes = tag.attributes
            func attribute(_ key: String) throws -> String? {
                try XMLTags.attribute(key, in: attributes, fail: { reader.fail($0) })
            }
            let condition = try attribute("Condition")
            // The text up to the next tag: a property's value, or an item's metadata.
            var text: String {
                let end = bytes[reader.offset...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                return XMLTags.decodeEntities(String(decoding: bytes[reader.offset..<end], as: UTF8.self))
                    .trimmingWhitespace()
            }
            var item: Int?
            switch stack.last?.name ?? "" {
            case "" where name == "Project":
                project.sdk = try attribute("Sdk")
            case "PropertyGroup" where !selfClosing:
                project.properties.append(Property(name: name, value: text, condition: condition))
            case "ItemGroup":
                var made = Item(type: name, include: try attribute("Include"), remove: try attribute("Remove"))
                made.conditions = [stack.last?.condition, condition].compactMap { $0 }
                for key in keptMetadata { made.metadata[key] = try attribute(key) }
                project.items.append(made)
                item = project.items.count - 1
            case _ where stack.last?.item != nil && keptMetadata.contains(name) && !selfClosing:
                if let owner = stack.last?.item { project.items[owner].metadata[name] = text }
            default: break
            }
            if name == "Import", let imported = try attribute("Project") { project.imports.append(imported) }
            if !selfClosing {
                guard stack.count < maximumDepth else {
                    throw reader.fail("elements nest more than \(maximumDepth) deep")
                }
                stack.append((name, condition, item))
            }
        }
        return project
    }
}
