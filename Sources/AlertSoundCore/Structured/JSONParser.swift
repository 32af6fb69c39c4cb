/// JSON (RFC 8259) read in one pass over the bytes: linear in the input, nesting bounded by
/// `Limits.maximumNesting`, every error with its byte offset. FoundationEssentials' decoder, driven
/// through a `Decodable` enum, retried every alternative at every level: a payload nested 500 deep
/// cost seconds per sibling, and the 1 MiB limit allowed one that ran for most of an hour.
package struct JSONParser {
    private let bytes: [UInt8]
    private var at = 0

    package static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.at == bytes.count else {
            throw StructureError.malformed("unexpected text after the value", at: parser.at)
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// An array or object being read: the members so far. Kept on an explicit stack, not the
    /// thread's: one level of recursion cost over a kilobyte at -Onone, and the 512 levels allowed
    /// overflowed the 512 KiB a secondary thread has on Apple platforms (a debug build, the tests).
    private struct Open {
        var elements: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        /// The member name whose value is being read; nil in an array.
        var key: String?
    }

    /// The value at `at`, read with its nesting on `open` (empty at the top): a value that opens
    /// an array or object is pushed, and each finished value is put into the innermost open one,
    /// which closes in turn. The errors, and their offsets, are those of reading it recursively.
    private mutating func value() throws -> JSONValue {
        var open: [Open] = []
        while true {
            // A value starts here, `open.count` levels down.
            guard open.count < Limits.maximumNesting else { throw StructureError.tooDeep(at: at) }
            guard at < bytes.count else {
                throw StructureError.malformed("the text ends where a value was expected", at: at)
            }
            var done: JSONValue
            switch bytes[at] {
            case UInt8(ascii: "{"):
                at += 1
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
                    at += 1
                    done = .object([:])
                } else {
                    open.append(Open(key: try memberName()))
                    continue
                }
            case UInt8(ascii: "["):
                at += 1
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
                    at += 1
                    done = .array([])
                } else {
                    open.append(Open())
                    continue
                }
            case UInt8(ascii: "\""): done = .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                done = .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                done = .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                done = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): done = .number(try number())
            default: throw StructureError.malformed("unexpected '\(displayName([bytes[at]]))'", at: at)
            }
            // Into the open containers, closing each that ends here; on to the next value in one.
            while let last = open.indices.last {
                if let key = open[last].key {
                    open[last].members[key] = done  // the last of duplicate names wins, as in most parsers
                } else {
                    open[last].elements.append(done)
                }
                skipSpace()
                let isObject = open[last].key != nil
                guard at < bytes.count else {
                    throw StructureError.malformed(
                        "the text ends inside \(isObject ? "an object" : "an array")", at: at)
                }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    if isObject { open[last].key = try memberName() } else { skipSpace() }
                    break
                }
                try expect(isObject ? "}" : "]")
                let closed = open.removeLast()
                done = isObject ? .object(closed.members) : .array(closed.elements)
            }
            if open.isEmpty { return done }
        }
    }

    /// A member's name and its colon, up to where its value starts.
    private mutating func memberName() throws -> String {
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else {
            throw StructureError.malformed("expected a member name", at: at)
        }
        let key = try string()
        skipSpace()
        try expect(":")
        skipSpace()
        return key
    }

    private mutating func string() throws -> String {
        let start = at
        at += 1
        var scalars = String.UnicodeScalarView()
        var run = at  // plain bytes are copied a run at a time
        while true {
            guard at < bytes.count else { throw StructureError.malformed("the text ends inside a string", at: start) }
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                // Most strings hold no escape: the run is the string, with no copy through scalars.
                if run == start + 1 {
                    guard let text = validUTF8(bytes[run..<at]) else {
                        throw StructureError.malformed("a string that is not UTF-8", at: run)
                    }
                    at += 1
                    return text
                }
                try appendRun(from: run, into: &scalars)
                at += 1
                return String(scalars)
            }
            if byte < 0x20 { throw StructureError.malformed("a control character inside a string", at: at) }
            guard byte == UInt8(ascii: "\\") else {
                at += 1
                continue
            }
            try appendRun(from: run, into: &scalars)
            at += 1
            guard at < bytes.count else { throw StructureError.malformed("the text ends inside a string", at: start) }
            let escape = bytes[at]
            at += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"),
                    bytes[at + 1] == UInt8(ascii: "u")
                {
                    let mark = at
                    at += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        at = mark
                    }
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")  // a lone surrogate becomes U+FFFD
            default:
                throw StructureError.malformed("unknown escape '\\\(displayName([escape]))'", at: at - 2)
            }
            run = at
        }
    }

    private func appendRun(from start: Int, into scalars: inout String.UnicodeScalarView) throws {
        guard start < at else { return }
        guard let text = validUTF8(bytes[start..<at]) else {
            throw StructureError.malformed("a string that is not UTF-8", at: start)
        }
        scalars.append(contentsOf: text.unicodeScalars)
    }

    private mutating func hex4() throws -> UInt32 {
        guard at + 4 <= bytes.count else {
            throw StructureError.malformed("a \\u escape needs four hex digits", at: at)
        }
        var value: UInt32 = 0
        for byte in bytes[at..<at + 4] {
            guard let digit = hexDigit(byte) else {
                throw StructureError.malformed("a \\u escape needs four hex digits", at: at)
            }
            value = value << 4 | UInt32(digit)
        }
        at += 4
        return value
    }

    private mutating func number() throws -> Double {
        let start = at
        func digits() -> Int {
            let from = at
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
            return at - from
        }
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        guard digits() > 0 else { throw StructureError.malformed("a number without digits", at: start) }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw StructureError.malformed("a number without digits after '.'", at: start) }
        }
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw StructureError.malformed("a number without an exponent", at: start) }
        }
        // Numbers here are flags and volumes; Double's own parser (linear in the digits) reads them.
        guard let value = Double(String(decoding: bytes[start..<at], as: UTF8.self)) else {
            throw StructureError.malformed("an unreadable number", at: start)
        }
        return value
    }

    private mutating func literal(_ word: StaticString) throws {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard at + expected.count <= bytes.count, bytes[at..<at + expected.count].elementsEqual(expected) else {
            throw StructureError.malformed("expected '\(word)'", at: at)
        }
        at += expected.count
    }

    private mutating func expect(_ character: Unicode.Scalar) throws {
        guard at < bytes.count, bytes[at] == UInt8(character.value) else {
            throw StructureError.malformed("expected '\(character)'", at: at)
        }
        at += 1
    }

    private mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 {
            at += 1
        }
    }
}
