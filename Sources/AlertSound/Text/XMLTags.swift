import AlertSoundCore

/// XML read tag by tag, as the readers of XML project files need it (an Xcode workspace, an
/// MSBuild project, Cordova's `config.xml`): comments, CDATA sections, the declaration and
/// processing instructions passed over; a tag ends at the first `>` outside a quoted attribute
/// value. One forward pass: each call starts where the last tag ended.
enum XMLTags {
    /// One element tag: where its `<` is, its text between `<` and `>`, and the offset past it.
    struct Tag {
        let start: Int
        let body: ArraySlice<UInt8>
        let end: Int

        /// A closing tag (`</name>`).
        var closing: Bool { body.first == UInt8(ascii: "/") }
        /// An empty element (`<name … />`).
        var selfClosing: Bool { !closing && body.last == UInt8(ascii: "/") }
        private var inner: ArraySlice<UInt8> {
            closing ? body.dropFirst() : selfClosing ? body.dropLast() : body
        }
        /// Its element's name.
        var name: String { String(decoding: inner.prefix { !XMLTags.isSpace($0) }, as: UTF8.self) }
        /// Its attributes' text, after the name.
        var attributes: [UInt8] { Array(inner.drop { !XMLTags.isSpace($0) }) }
    }

    /// A document's tags in order, and where reading is, for an error's offset: the readers of
    /// project files all walk one so (`var i`, a `fail` that kept it, `i = tag.end` after each).
    struct Reader {
        let bytes: [UInt8]
        /// The end of the last tag read, or where a tag could not be followed.
        private(set) var offset = 0
        private let error: (String, Int) -> AlertSoundError

        /// `error` makes the reader's error for what is wrong at an offset.
        init(_ bytes: [UInt8], error: @escaping (String, Int) -> AlertSoundError) {
            self.bytes = bytes
            self.error = error
        }

        /// The next tag; nil when none is left.
        mutating func next() throws -> Tag? {
            var at = offset
            defer { offset = at }
            guard
                let tag = try XMLTags.next(
                    in: bytes, from: offset,
                    fail: { what, failed in
                        at = failed
                        return error(what, failed)
                    })
            else { return nil }
            at = tag.end
            return tag
        }

        /// The error for `what`, at where reading is.
        func fail(_ what: String) -> AlertSoundError { error(what, offset) }
    }

    /// The next element tag at or after `from`; nil when none is left. `fail` makes the error for
    /// what cannot be followed (a comment, CDATA section or tag that is not closed), at its offset.
    static func next(
        in bytes: [UInt8], from: Int, fail: (String, Int) -> AlertSoundError
    ) throws -> Tag? {
        var i = from
        while i < bytes.count, let open = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
            i = open
            if let (start, end, what) = [("<!--", "-->", "a comment"), ("<![CDATA[", "]]>", "a CDATA section")].first(
                where: { bytes[i...].starts(with: Array($0.0.utf8)) })
            {
                guard let close = find(Array(end.utf8), in: bytes, from: i + start.utf8.count) else {
                    throw fail("\(what) is not closed", i)
                }
                i = close + end.utf8.count
                continue
            }
            var close = i + 1
            var quote: UInt8?
            while close < bytes.count {
                let byte = bytes[close]
                if let q = quote {
                    if byte == q { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                close += 1
            }
            guard close < bytes.count else { throw fail("a tag is not closed", i) }
            let tag = Tag(start: i, body: bytes[(i + 1)..<close], end: close + 1)
            i = close + 1
            guard let first = tag.body.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else { continue }
            return tag
        }
        return nil
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
