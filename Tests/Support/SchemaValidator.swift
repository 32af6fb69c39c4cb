import Foundation

/// Checks JSON documents against the schemas in `Schemas/`, for the tests. It implements the part
/// of JSON Schema 2020-12 those schemas use — `type`, `enum`, `const`, `properties`, `required`,
/// `additionalProperties`, `unevaluatedProperties`, `items`, `minItems`, `minimum`, `allOf`,
/// `oneOf`, `$ref` (within a file and to a sibling file) — and refuses any other keyword that
/// constrains, so a schema cannot silently ask for more than is checked. (`scripts/check/schemas`
/// also runs Python's `jsonschema` over the same documents where it is installed.)
public struct SchemaValidator {
    public indirect enum Node: Decodable, Equatable {
        case null, bool(Bool), number(Double), string(String), array([Node]), object([String: Node])

        public init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                self = .null
            } else if let b = try? c.decode(Bool.self) {
                self = .bool(b)
            } else if let n = try? c.decode(Double.self) {
                self = .number(n)
            } else if let s = try? c.decode(String.self) {
                self = .string(s)
            } else if let a = try? c.decode([Node].self) {
                self = .array(a)
            } else {
                self = .object(try c.decode([String: Node].self))
            }
        }
    }

    let folder: URL
    private var schemas: [String: Node] = [:]

    // enumDescriptions: what each value of an enum means, in its order (VS Code shows it beside the
    // value; a validator ignores it, as 2020-12 ignores any keyword it does not know).
    static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description", "enumDescriptions"]
    static let keywords: Set<String> = [
        "type", "enum", "const", "properties", "required", "additionalProperties", "unevaluatedProperties", "items",
        "minItems", "minimum",
        "allOf", "oneOf", "$ref", "pattern"
    ]

    /// The repository's `Schemas/` folder.
    public static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Schemas")
    }

    public init(folder: URL = SchemaValidator.repository) throws {
        self.folder = folder
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".schema.json") {
            schemas[name] = try JSONDecoder().decode(
                Node.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }

    public var schemaNames: [String] { schemas.keys.sorted() }

    /// Problems of `json` against `Schemas/<schema>`; empty when it conforms.
    public func problems(_ json: String, schema: String) -> [String] {
        guard let document = try? JSONDecoder().decode(Node.self, from: Data(json.utf8)) else {
            return ["not JSON: \(json.prefix(80))"]
        }
        guard let root = schemas[schema] else { return ["no schema \(schema)"] }
        var problems: [String] = []
        _ = check(document, root, file: schema, at: "$", problems: &problems)
        return problems
    }

    /// Validates and returns the property names the schema evaluated (for `unevaluatedProperties`).
    private func check(
        _ node: Node, _ schema: Node, file: String, at path: String, problems: inout [String]
    ) -> Set<String> {
        guard case .object(let s) = schema else { return [] }
        for key in s.keys where !Self.keywords.contains(key) && !Self.annotations.contains(key) {
            problems.append("\(file): unsupported keyword \(key)")
        }
        var evaluated = Set<String>()
        if case .string(let reference)? = s["$ref"] {
            let (target, targetFile) = resolve(reference, from: file)
            if let target {
                evaluated.formUnion(check(node, target, file: targetFile, at: path, problems: &problems))
            } else {
                problems.append("\(file): cannot resolve \(reference)")
            }
        }
        if let type = s["type"] {
            let allowed: [String] =
                if case .string(let t) = type { [t] } else if case .array(let ts) = type {
                    ts.compactMap { if case .string(let t) = $0 { t } else { nil } }
                } else { [] }
            if !allowed.contains(where: { Self.matches(node, type: $0) }) {
                problems.append("\(path): expected \(allowed.joined(separator: "|")), got \(Self.describe(node))")
            }
        }
        if case .array(let values)? = s["enum"], !values.contains(node) {
            problems.append("\(path): \(Self.describe(node)) is not one of the allowed values")
        }
        if let value = s["const"], value != node { problems.append("\(path): must be \(value)") }
        if case .number(let minimum)? = s["minimum"], case .number(let n) = node, n < minimum {
            problems.append("\(path): \(n) is below \(minimum)")
        }
        if case .string(let pattern)? = s["pattern"], case .string(let text) = node {
            // ECMA-262 patterns; the schemas use only what NSRegularExpression reads the same way.
            let expression = try? NSRegularExpression(pattern: pattern)
            if expression?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                problems.append("\(path): '\(text)' does not match \(pattern)")
            }
        }
        if case .array(let parts)? = s["allOf"] {
            for part in parts { evaluated.formUnion(check(node, part, file: file, at: path, problems: &problems)) }
        }
        if case .array(let options)? = s["oneOf"] {
            var passing: [Set<String>] = []
            var firstProblems: [String] = []
            for option in options {
                var local: [String] = []
                let names = check(node, option, file: file, at: path, problems: &local)
                if local.isEmpty {
                    passing.append(names)
                } else if firstProblems.isEmpty || local.count < firstProblems.count {
                    firstProblems = local
                }
            }
            if passing.count != 1 {
                problems.append(
                    "\(path): matches \(passing.count) of the oneOf schemas"
                        + (passing.isEmpty ? " (closest: \(firstProblems.prefix(3).joined(separator: "; ")))" : ""))
            }
            passing.forEach { evaluated.formUnion($0) }
        }
        if case .array(let items) = node {
            if case .number(let minimum)? = s["minItems"], Double(items.count) < minimum {
                problems.append("\(path): fewer than \(Int(minimum)) items")
            }
            if let itemSchema = s["items"] {
                for (i, item) in items.enumerated() {
                    _ = check(item, itemSchema, file: file, at: "\(path)[\(i)]", problems: &problems)
                }
            }
        }
        if case .object(let members) = node {
            if case .array(let required)? = s["required"] {
                for case .string(let name) in required where members[name] == nil {
                    problems.append("\(path): missing \(name)")
                }
            }
            var properties: [String: Node] = [:]
            if case .object(let p)? = s["properties"] { properties = p }
            for (name, value) in members {
                if let property = properties[name] {
                    _ = check(value, property, file: file, at: "\(path).\(name)", problems: &problems)
                    evaluated.insert(name)
                } else if let additional = s["additionalProperties"] {
                    if additional == .bool(false) {
                        problems.append("\(path): unexpected member \(name)")
                    } else {
                        _ = check(value, additional, file: file, at: "\(path).\(name)", problems: &problems)
                        evaluated.insert(name)
                    }
                }
            }
            if s["unevaluatedProperties"] == .bool(false) {
                for name in members.keys where !evaluated.contains(name) {
                    problems.append("\(path): unexpected member \(name)")
                }
            }
        }
        return evaluated
    }

    private func resolve(_ reference: String, from file: String) -> (Node?, String) {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let targetFile = parts[0].isEmpty ? file : parts[0]
        guard var node = schemas[targetFile] else { return (nil, targetFile) }
        for component in (parts.count > 1 ? parts[1] : "").split(separator: "/") {
            guard case .object(let members) = node, let next = members[String(component)] else {
                return (nil, targetFile)
            }
            node = next
        }
        return (node, targetFile)
    }

    private static func matches(_ node: Node, type: String) -> Bool {
        switch (type, node) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            return true
        case ("integer", .number(let n)): return n == n.rounded()
        default: return false
        }
    }

    private static func describe(_ node: Node) -> String {
        switch node {
        case .null: return "null"
        case .bool(let b): return "\(b)"
        case .number(let n): return "\(n)"
        case .string(let s): return "\"\(s.prefix(40))\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
