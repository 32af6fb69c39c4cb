import AlertSoundTestSupport
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

    /// Nesting past the limit is refused before the stack could run out, in every parser, on the
    /// stack a Mac gives the thread a test (or an app's background queue) runs on.
    @Test func nestingIsBounded() throws {
        let deep = Limits.maximumNesting + 1
        let json = String(repeating: "[", count: deep) + String(repeating: "]", count: deep)
        #expect(throws: StructureError.tooDeep(at: Limits.maximumNesting)) {
            try SmallStack.run { try JSONParser.parse(Array(json.utf8)) == .null }
        }
        let plist = String(repeating: "<array>", count: deep) + String(repeating: "</array>", count: deep)
        #expect(throws: StructureError.self) {
            try SmallStack.run { try PropertyListParser.parse(Array("<plist>\(plist)</plist>".utf8)) == .null }
        }
        let openStep = String(repeating: "(", count: deep) + String(repeating: ")", count: deep)
        #expect(throws: StructureError.self) {
            try SmallStack.run { try OpenStepPlistParser.parse(Array(openStep.utf8)) == .null }
        }
    }

    static func read(_ form: NestedInputs.Form, _ bytes: [UInt8]) throws -> JSONValue {
        switch form {
        case .jsonArrays, .jsonObjects: return try JSONParser.parse(bytes)
        case .openStepArrays, .openStepDicts: return try OpenStepPlistParser.parse(bytes)
        default: return try PropertyListParser.parse(bytes)
        }
    }

    /// Where each reader says the level past the limit starts: the offset it has always given.
    static func tooDeepOffset(_ form: NestedInputs.Form, _ bytes: [UInt8]) -> Int {
        let limit = Limits.maximumNesting
        let header = "<?xml version=\"1.0\"?><plist version=\"1.0\">".utf8.count
        let comment = "// !$*UTF8*$!\n".utf8.count
        switch form {
        case .jsonArrays: return limit  // at its "["
        case .jsonObjects: return limit * #"{"a":"#.utf8.count
        case .xmlArrays: return header + limit * "<array>".utf8.count + "<array/>".utf8.count  // after its tag
        case .xmlDicts: return header + limit * "<dict><key>a</key>".utf8.count + "<dict/>".utf8.count
        case .binaryArrays, .binaryDicts: return Int(bytes.suffix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        case .openStepArrays: return comment + limit
        case .openStepDicts: return comment + limit * "{a=".utf8.count
        }
    }

    // Measured rather than overflowed (no crash when it fails): the stack a reader takes at the
    // limit was 0.6 to 1.9 MB; read with an explicit stack, what remains is freeing the value (the
    // runtime releases nested arrays and dictionaries one call inside another, about 230 bytes a
    // level: 120 KB at the limit). Comparing two such values took 290 to 380 KB. Both pass under
    // 160 KiB, a third of the 512 KiB an Apple secondary thread has.
    // `ALERTSOUND_TEST_STACK_REPORT=1` prints each figure.
    @Test(.bug(id: 55, "item 6"), arguments: NestedInputs.Form.allCases)
    func readersTakeLittleStackAtTheLimit(_ form: NestedInputs.Form) throws {
        let limit = Limits.maximumNesting
        let bytes = NestedInputs.bytes(form, levels: limit)
        let (reading, depth) = try SmallStack.stackUsed { NestedInputs.depth(of: try Self.read(form, bytes)) }
        let (shallow, _) = try SmallStack.stackUsed {
            try Self.read(form, NestedInputs.bytes(form, levels: 2)) == .null
        }
        let (freeing, _) = try SmallStack.stackUsed { NestedInputs.value(form, levels: limit) == .null }
        let (comparing, same) = try SmallStack.stackUsed {
            try Self.read(form, bytes) == NestedInputs.value(form, levels: limit)
        }
        if ProcessInfo.processInfo.environment["ALERTSOUND_TEST_STACK_REPORT"] != nil {
            print(
                "stack used by \(form): reading \(reading) bytes at \(limit) levels, \(shallow) at 2; freeing \(freeing); comparing \(comparing)"
            )
        }
        #expect(depth == limit && same)
        #expect(reading < 160 * 1024, "\(form): \(reading) bytes of stack at \(limit) levels")
        #expect(comparing < 160 * 1024, "\(form): \(comparing) bytes of stack to compare \(limit) levels")
        // Comparing tells values apart at any depth.
        let other = try Self.read(form, NestedInputs.bytes(form, levels: limit - 1))
        #expect(try SmallStack.run { other != NestedInputs.value(form, levels: limit) })
    }

    // The readers recursed once a level: at -Onone 1.1 to 3.8 KB a level, so the deepest input
    // they accept (512 levels) overflowed the 512 KiB stack of a Mac's secondary thread and took
    // the process down. Read, compared, walked and freed on such a stack; one level more is the
    // depth-limit error, at the offset it always had.
    @Test(.bug(id: 55, "item 6"), arguments: NestedInputs.Form.allCases)
    func deepestInputFitsAnAppleThreadStack(_ form: NestedInputs.Form) throws {
        let limit = Limits.maximumNesting
        let (depth, same) = try SmallStack.run {
            let value = try Self.read(form, NestedInputs.bytes(form, levels: limit))
            let expected = NestedInputs.value(form, levels: limit)
            return (NestedInputs.depth(of: value), value == expected && !(value != expected))
        }
        #expect(depth == limit && same)
        let past = NestedInputs.bytes(form, levels: limit + 1)
        #expect(throws: StructureError.tooDeep(at: Self.tooDeepOffset(form, past))) {
            try SmallStack.run { try Self.read(form, past) == .null }
        }
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
