import Foundation
import Testing

@testable import AlertSoundCore

/// `Structured/`: the parsers for untrusted JSON, property lists (XML and binary) and Xcode's
/// OpenStep property lists, read into one `JSONValue`, bounded in nesting and linear in the input.
@Suite struct StructuredTests {
    @Test func jsonIsReadAsWritten() throws {
        let value = try JSONParser.parse(Array(#"{"a": [1, 2.5, true, null, "é\n\u00e9"], "b": {}}"#.utf8))
        #expect(
            value
                == .object([
                    "a": .array([.number(1), .number(2.5), .bool(true), .null, .string("é\né")]), "b": .object([:])
                ]))
    }

    @Test(arguments: [#"{"a": }"#, #"[1, 2"#, #""\x""#, "", #"{"a" 1}"#, "[1] 2"])
    func brokenJSONIsAnErrorWithAnOffset(_ text: String) {
        #expect(throws: StructureError.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    /// Nesting past the limit is refused before the stack could run out, in every parser.
    @Test func nestingIsBounded() {
        let deep = Limits.maximumNesting + 1
        let json = String(repeating: "[", count: deep) + String(repeating: "]", count: deep)
        #expect(throws: StructureError.tooDeep(at: Limits.maximumNesting)) { try JSONParser.parse(Array(json.utf8)) }
        let plist = String(repeating: "<array>", count: deep) + String(repeating: "</array>", count: deep)
        #expect(throws: StructureError.self) { try PropertyListParser.parse(Array("<plist>\(plist)</plist>".utf8)) }
        let openStep = String(repeating: "(", count: deep) + String(repeating: ")", count: deep)
        #expect(throws: StructureError.self) { try OpenStepPlistParser.parse(Array(openStep.utf8)) }
    }

    /// Both forms Apple writes read the same; dates and data are null.
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func propertyListsReadInBothForms(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let plist: [String: Any] = [
            "MinimumOSVersion": "15.0", "count": 3, "flag": true, "list": ["a", "b"],
            "when": Date(timeIntervalSince1970: 0)
        ]
        let bytes = Array(try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0))
        guard case .object(let top) = try PropertyListParser.parse(bytes) else {
            Issue.record("not a dictionary")
            return
        }
        #expect(top["MinimumOSVersion"] == .string("15.0") && top["count"] == .number(3) && top["flag"] == .bool(true))
        #expect(top["list"] == .array([.string("a"), .string("b")]) && top["when"] == .null)
    }

    /// Xcode's project text: comments, bare and quoted strings, arrays with a trailing comma.
    @Test func openStepReadsWhatXcodeWrites() throws {
        let text = #"""
            // !$*UTF8*$!
            { a = b; /* a comment */ "c d" = ( e, "f\"g", ); h = { i = 1; }; }
            """#
        let value = try OpenStepPlistParser.parse(Array(text.utf8))
        #expect(
            value
                == .object([
                    "a": .string("b"), "c d": .array([.string("e"), .string("f\"g")]),
                    "h": .object(["i": .string("1")])
                ]))
        #expect(throws: StructureError.self) { try OpenStepPlistParser.parse(Array("{ a = b ".utf8)) }
    }
}
