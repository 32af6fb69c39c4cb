import Foundation
import Testing

/// What the README, the guides and the man page must say that no code makes for them (what the
/// code makes is held by GeneratedReferenceTests).
@Suite struct DocumentationTests {
    /// The README and the guides in docs/, which a user reads as one documentation.
    static func documentation() throws -> String {
        let root = GeneratedReferenceTests.root
        let docs = root.appendingPathComponent("docs")
        let guides = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .sorted()
        return try (["README.md"] + guides.map { "docs/" + $0 }).map {
            try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
    }

    static func manual() throws -> String {
        try String(contentsOf: GeneratedReferenceTests.root.appendingPathComponent("man/alertsound.1"), encoding: .utf8)
    }

    /// `../shared` is the team's, not the user's.
    @Test(.bug(id: 20, "item 16")) func nothingPointsOutsideTheRepository() throws {
        let documentation = try Self.documentation(), manual = try Self.manual()
        #expect(!documentation.contains("../shared") && !manual.contains("../shared"))
    }

    @Test(.bug(id: 20, "item 16")) func completionAndInstallAreDescribed() throws {
        let documentation = try Self.documentation(), manual = try Self.manual()
        #expect(documentation.contains("--generate-completion-script") && manual.contains("completion"))
        // The install lines make their folders, and with what macOS's BSD install has (no -D).
        #expect(
            documentation.contains("mkdir -p /usr/local/bin /usr/local/share/man/man1")
                && !documentation.contains("install -D"))
    }

    /// Validating with Python's jsonschema needs the schemas in a registry: the docs say how.
    @Test(.bug(id: 20, "item 12")) func schemaValidationWithARegistryIsShown() throws {
        let documentation = try Self.documentation()
        #expect(documentation.contains("referencing.Registry") && documentation.contains("Registry().with_resources"))
    }

    /// groff reads a page as Latin-1 unless preconv runs first (man runs it, `groff -man` does not):
    /// every character outside ASCII is a roff escape (`\[ss]`, `\(*m`).
    @Test func theManualIsASCII() throws {
        let manual = try Self.manual()
        let lines = manual.split(separator: "\n").enumerated().filter { !$0.element.allSatisfy(\.isASCII) }
        #expect(lines.isEmpty, "\(lines.prefix(3).map { "line \($0.offset + 1): \($0.element)" })")
    }

    /// The man page's JSON reference names every key and every listed value of every document
    /// (ContractTests holds the schemas to the library, so this holds the page to both). The lock
    /// file is described by its schema alone.
    @Test func everyJSONKeyAndValueIsNamedInTheManual() throws {
        let text = try Self.manual().replacingOccurrences(of: #"\\f[BIRP]|\\&"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "\\-", with: "-")
        func named(_ word: String) -> Bool {
            let pattern = "(?<![A-Za-z0-9-])" + NSRegularExpression.escapedPattern(for: word) + "(?![A-Za-z0-9-])"
            return text.range(of: pattern, options: .regularExpression) != nil
        }
        let folder = GeneratedReferenceTests.root.appendingPathComponent("Schemas")
        let schemas = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".schema.json") && $0 != "lock.schema.json" }
        #expect(schemas.count >= 7)
        for schema in schemas.sorted() {
            var words: Set<String> = []
            func walk(_ value: Any) {
                if let object = value as? [String: Any] {
                    (object["properties"] as? [String: Any]).map { words.formUnion($0.keys) }
                    (object["enum"] as? [Any]).map { words.formUnion($0.compactMap { $0 as? String }) }
                    object.values.forEach(walk)
                } else if let array = value as? [Any] {
                    array.forEach(walk)
                }
            }
            walk(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(schema))))
            let missing = words.filter { !named($0) }.sorted()
            #expect(missing.isEmpty, "\(schema): the man page never names \(missing)")
        }
    }
}
