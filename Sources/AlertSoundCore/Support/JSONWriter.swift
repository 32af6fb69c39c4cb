/// The bytes of JSON documents, for ``ReportEncoder`` and the streams that write a document in
/// pieces. Pretty-printed JSON in Foundation's layout: two-space indents, `"key" : value`, and empty
/// containers as an opening line, a blank line and the closing line.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    package private(set) var depth = 0
    /// A newline and spaces, of which each member or element is preceded by the newline and the
    /// depth's indent: one copy instead of a byte at a time.
    private var indentation: [UInt8]

    package init(depth: Int = 0) {
        self.depth = depth
        indentation = [10] + [UInt8](repeating: 32, count: 32)
        bytes.reserveCapacity(1 << 16)
    }

    /// Bytes another writer produced at this writer's depth.
    package mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Hands over the bytes written so far, keeping the depth: a stream writes a document in pieces.
    package mutating func take() -> [UInt8] {
        defer {
            bytes = []
            bytes.reserveCapacity(1 << 16)
        }
        return bytes
    }

    private mutating func newline() {
        let length = 1 + 2 * depth
        if indentation.count < length { indentation += [UInt8](repeating: 32, count: length) }
        bytes.append(contentsOf: indentation[..<length])
    }

    package mutating func open(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        depth += 1
    }

    package mutating func close(_ bracket: Unicode.Scalar, empty: Bool) {
        depth -= 1
        if empty { bytes.append(10) }
        newline()
        bytes.append(UInt8(ascii: bracket))
    }

    /// `values` as array elements (their `Encodable` forms), written in parallel in runs of 256,
    /// each run into its own buffer at this depth with one encoder, and appended in order:
    /// thousands of files' objects cost one core's time divided. `offset`: elements already
    /// written before these (a stream's earlier batches).
    package mutating func items<T: Encodable & Sendable>(_ values: [T], offset: Int = 0) {
        items(values, offset: offset) {
            let reused = ReportEncoder.Reused()
            return { part, value in reused.report(value, into: &part) }
        }
    }

    /// Writes one value with `write`; should it throw, what it wrote gives way to `null`, so the
    /// document stays JSON. Unreachable for the library's reports, whose conformances throw
    /// nothing, but a document written in pieces must not be cut short by one of them.
    package mutating func valueOrNull(_ write: (inout JSONWriter) throws -> Void) {
        let start = bytes.count
        do {
            try write(&self)
        } catch {
            replaceTail(from: start, with: [])
            null()
        }
    }

    /// `values` as array elements, in parallel runs of 256; `writer` makes a run's element writer.
    package mutating func items<T>(
        _ values: [T], offset: Int, writer: () -> (inout JSONWriter, T) -> Void
    ) {
        let runs = stride(from: 0, to: values.count, by: 256).map { $0..<min($0 + 256, values.count) }
        let depth = self.depth
        for part in parallelMap(
            runs,
            { run -> [UInt8] in
                var part = JSONWriter(depth: depth)
                let write = writer()
                for i in run {
                    part.item(first: offset + i == 0)
                    write(&part, values[i])
                }
                return part.bytes
            })
        { append(part) }
    }

    /// A writer with no buffer of its own, to stand in while another holds the bytes.
    init(placeholder: ()) {
        indentation = []
    }

    /// Starts an array element.
    package mutating func item(first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        newline()
    }

    /// Starts an object member.
    package mutating func key(_ key: String, first: Bool = true) {
        item(first: first)
        quotedKey(key)
    }

    private mutating func literal(_ text: StaticString) { text.withUTF8Buffer { bytes.append(contentsOf: $0) } }

    package mutating func null() { literal("null") }

    package mutating func bool(_ value: Bool) { value ? literal("true") : literal("false") }

    package mutating func int<T: BinaryInteger>(_ value: T?) {
        guard let value else { return null() }
        if let small = Int64(exactly: value) { return int64(small) }
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Digits written straight into the buffer: `String(value)` of a generic integer was a
    /// noticeable part of a large report's time.
    private mutating func int64(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// A number that is not finite is `null`: JSON has no such number.
    package mutating func double(_ value: Double?) {
        guard let value, value.isFinite else { return null() }
        // A whole number (a sample rate) as the integer it is, without formatting a Double: the
        // same text as `description` without ".0" below 10^15 (not -0, which keeps its sign).
        if value.rounded(.towardZero) == value, value.magnitude < 1e15, value != 0 || value.sign == .plus {
            return int64(Int64(value))
        }
        bytes.append(contentsOf: JSONText.number(value).utf8)
    }

    /// As Foundation writes a `Float`: its own shortest form, not the `Double` it widens to.
    package mutating func float(_ value: Float) {
        guard value.isFinite else { return null() }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A member's key and the separator after it, for a key only known at run time.
    package mutating func quotedKey(_ key: String) {
        JSONText.quote(key, into: &bytes)
        bytes.append(32)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(32)
    }

    /// Replaces the bytes from `start` on (an object's members put in order).
    package mutating func replaceTail(from start: Int, with tail: [UInt8]) {
        bytes.replaceSubrange(start..., with: tail)
    }

    package mutating func string(_ value: String?) {
        guard let value else { return null() }
        JSONText.quote(value, into: &bytes)
    }
}

/// JSON strings and numbers as Foundation's `JSONEncoder` writes them (`.withoutEscapingSlashes`):
/// the one statement of the escaping for the reports written directly.
package enum JSONText {
    /// Appends `text` quoted: `"` and `\` escaped, control characters as `\n`-style escapes or
    /// `\u00XX`; and, where Foundation writes them plain, the `[` of `##[` as `\u005b` and the colon
    /// of `: error:` (`: warning:`, `: note:`, `: fatal error:`) as `\u003a`: a document printed in a
    /// CI step or an Xcode script phase is read line by line as a log (``LogText``). JSON readers
    /// get the same string.
    package static func quote(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, into: &bytes) }) == nil {
            var text = text
            text.withUTF8 { appendEscaped($0, into: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
        // Most text needs no escape: looked over, then copied at once.
        if !utf8.contains(where: {
            $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == 92 || $0 == 0x5B || $0 == 0x3A || $0 >= 0xC2
        }) {
            bytes.append(contentsOf: utf8)
            return
        }
        // Else runs of bytes that need no escape are copied at once.
        var runStart = 0, i = 0
        while i < utf8.count {
            let byte = utf8[i]
            i += 1
            if byte == 0x5B {
                // `##[`: GitHub's runner finds its legacy commands anywhere in a line.
                guard i >= 3, utf8[i - 2] == 0x23, utf8[i - 3] == 0x23 else { continue }
            } else if byte == 0x3A {
                guard LogText.issueWords.contains(where: { word in startsIssue(utf8, at: i, word) }) else { continue }
            } else if byte >= 0xC2 {
                // C1 controls and what is shown as nothing (TextSafety.isControl): a reader's
                // culture-aware match may skip them inside `##[`.
                guard let (scalar, length) = decode(utf8, at: i - 1), TextSafety.isControl(scalar) else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<(i - 1)]))
                i += length - 1
                runStart = i
                let units =
                    scalar.value > 0xFFFF
                    ? [0xD800 + ((scalar.value - 0x10000) >> 10), 0xDC00 + ((scalar.value - 0x10000) & 0x3FF)]
                    : [scalar.value]
                for unit in units { bytes += Array("\\u\(hex4(unit))".utf8) }
                continue
            } else if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != 92 {
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<(i - 1)]))
            runStart = i
            switch byte {
            case UInt8(ascii: "\""): escape("\"", &bytes)
            case 92: escape("\\", &bytes)
            case 10: escape("n", &bytes)
            case 13: escape("r", &bytes)
            case 9: escape("t", &bytes)
            case 8: escape("b", &bytes)
            case 12: escape("f", &bytes)
            default:
                escape("u", &bytes)
                bytes.append(48)
                bytes.append(48)
                let hex: StaticString = "0123456789abcdef"
                hex.withUTF8Buffer { digits in
                    bytes.append(digits[Int(byte >> 4)])
                    bytes.append(digits[Int(byte & 15)])
                }
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }

    /// The scalar whose UTF-8 starts at `at`, and its length; nil for bytes that are not one
    /// (a `String`'s never are).
    private static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
        let lead = utf8[start]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard start + length <= utf8.count else { return nil }
        var value = UInt32(lead) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
        for k in 1..<length { value = value << 6 | UInt32(utf8[start + k] & 0x3F) }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    /// Four lower-case hex digits.
    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Whether `utf8` has a space and then `word` (an issue word of Xcode's) from `at`.
    private static func startsIssue(_ utf8: UnsafeBufferPointer<UInt8>, at start: Int, _ word: [Unicode.Scalar]) -> Bool
    {
        guard start + 1 + word.count <= utf8.count, utf8[start] == 0x20 else { return false }
        for (offset, scalar) in word.enumerated()
        where utf8[start + 1 + offset] != UInt8(truncatingIfNeeded: scalar.value) {
            return false
        }
        return true
    }

    /// Whether key `a` sorts before `b`: by their UTF-8 bytes, as Foundation's `.sortedKeys` does.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
            for i in 0..<min(x.count, y.count) where x[i] != y[i] { return x[i] < y[i] }
            return x.count < y.count
        }
        if let result = a.utf8.withContiguousStorageIfAvailable({ x in
            b.utf8.withContiguousStorageIfAvailable { y in compare(x, y) }
        }), let result {
            return result
        }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    @inline(__always)
    private static func escape(_ letter: Unicode.Scalar, _ bytes: inout [UInt8]) {
        bytes.append(92)
        bytes.append(UInt8(ascii: letter))
    }

    /// Whole doubles without ".0".
    package static func number(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
