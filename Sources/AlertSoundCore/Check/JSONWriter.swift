/// Pretty-printed JSON in Foundation's layout: two-space indents, `"key" : value`, and empty
/// containers as an opening line, a blank line and the closing line.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    package private(set) var depth = 0

    package init(depth: Int = 0) {
        self.depth = depth
        bytes.reserveCapacity(1 << 16)
    }

    /// Bytes another writer produced at this writer's depth.
    package mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Hands over the bytes written so far, keeping the depth: a stream writes a document in pieces.
    package mutating func take() -> [UInt8] {
        defer { bytes = []; bytes.reserveCapacity(1 << 16) }
        return bytes
    }

    private mutating func newline() {
        bytes.append(10)
        for _ in 0..<(2 * depth) { bytes.append(32) }
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

    /// `count` array elements written in parallel, in runs of 256, each run into its own buffer at
    /// this depth and appended in order: thousands of files' objects cost one core's time divided.
    /// `offset`: elements already written before these (a stream's earlier batches).
    package mutating func items(_ count: Int, offset: Int = 0, _ write: (Int, inout JSONWriter) -> Void) {
        let runs = stride(from: 0, to: count, by: 256).map { $0..<min($0 + 256, count) }
        let depth = self.depth
        for part in parallelMap(runs, { run -> [UInt8] in
            var part = JSONWriter(depth: depth)
            for i in run {
                part.item(first: offset + i == 0)
                write(i, &part)
            }
            return part.bytes
        }) { append(part) }
    }

    /// Starts an array element.
    package mutating func item(first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        newline()
    }

    /// Starts an object member; `key` must be plain ASCII needing no escapes.
    package mutating func key(_ key: StaticString, first: Bool = true) {
        item(first: first)
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(32)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(32)
    }

    private mutating func literal(_ text: StaticString) { text.withUTF8Buffer { bytes.append(contentsOf: $0) } }

    private mutating func null() { literal("null") }

    package mutating func bool(_ value: Bool) { value ? literal("true") : literal("false") }

    package mutating func int<T: BinaryInteger>(_ value: T?) {
        guard let value else { return null() }
        bytes.append(contentsOf: String(value).utf8)
    }

    package mutating func double(_ value: Double?) {
        guard let value else { return null() }
        bytes.append(contentsOf: JSONText.number(value).utf8)
    }

    package mutating func diagnostics(_ list: [Diagnostic]) {
        open("[")
        for (i, d) in list.enumerated() {
            item(first: i == 0)
            open("{")
            key("code"); string(d.code.rawValue)
            key("message", first: false); string(d.message)
            key("severity", first: false); string(d.severity.rawValue)
            if let suggestion = d.suggestion {
                key("suggestion", first: false)
                self.suggestion(suggestion)
            }
            close("}", empty: false)
        }
        close("]", empty: list.isEmpty)
    }

    /// Only the members that are set, as the synthesized `Encodable` writes them.
    package mutating func suggestion(_ s: Suggestion) {
        open("{")
        key("action"); string(s.action.rawValue)
        if let channels = s.channels { key("channels", first: false); int(channels) }
        if let dataFormat = s.dataFormat { key("dataFormat", first: false); string(dataFormat) }
        if let fileType = s.fileType { key("fileType", first: false); string(fileType.rawValue) }
        if let output = s.output { key("output", first: false); string(output) }
        if let path = s.path { key("path", first: false); string(path) }
        if let sampleRate = s.sampleRate { key("sampleRate", first: false); double(sampleRate) }
        close("}", empty: false)
    }

    package mutating func string(_ value: String?) {
        guard let value else { return null() }
        JSONText.quote(value, into: &bytes)
    }
}

/// JSON strings and numbers as Foundation's `JSONEncoder` writes them (`.withoutEscapingSlashes`):
/// the one statement of the escaping for the reports written directly.
package enum JSONText {
    /// Appends `text` quoted: `"` and `\` escaped, control characters as `\n`-style escapes or `\u00XX`.
    package static func quote(_ text: String, into bytes: inout [UInt8]) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied at once: most text is such a run.
            var runStart = 0
            for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == 92 {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                runStart = i + 1
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
        bytes.append(UInt8(ascii: "\""))
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
