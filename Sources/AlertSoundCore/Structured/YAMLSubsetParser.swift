/// The part of YAML that project specs (XcodeGen's `project.yml`) are written in, read in one pass
/// over the lines: block mappings and sequences by indentation (a sequence may sit at its key's
/// indentation), plain, single- and double-quoted scalars, one-line flow sequences and mappings
/// (`[a, b]`, `{path: x, type: folder}`), comments, `---`, and block scalars (`|`, `>`), whose text
/// is kept as written. Every scalar is a string (`true`, `14.0` included: what it means is the
/// reader's to say); an empty value is null. Anchors and tags are dropped, an alias is its name as
/// a string, and a merge key (`<<`) is kept as an ordinary key: what follows such a spec is
/// only as good as its plain text, which the reader says.
///
/// Untrusted input (a pull request can change the spec): the work is linear in the text (each
/// line read once, each open collection closed once), nesting is bounded by
/// `Limits.maximumNesting` (an explicit stack, not the thread's), and any line outside the subset
/// is an error naming it, never a crash.
package enum YAMLSubsetParser {
    /// The document in `bytes`. Throws a ``StructureError`` whose offset is the line number (from 1).
    package static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var reader = Reader()
        var lineNumber = 0
        var start = 0
        // A UTF-8 byte-order mark is no text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            lineNumber += 1
            var line = bytes[start..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if try reader.read(line, number: lineNumber) == .stop { break }
            start = end + 1
        }
        return try reader.finish(lines: lineNumber)
    }

    /// A collection still open: its indentation and what it holds so far.
    private struct Open {
        var indent: Int
        var isSequence: Bool
        var members: [String: JSONValue] = [:]
        var elements: [JSONValue] = []
        /// A mapping's key whose value is the block below it (nil: none is awaited).
        var key: String?
        /// A sequence's item (`-` alone) whose value is the block below it.
        var awaitsItem = false
        /// Where it goes when closed: under this key of the mapping below it, else appended to
        /// the sequence below it (nil at the top).
        var parentKey: String?
    }

    private enum Step { case next, stop }

    private struct Reader {
        var open: [Open] = []
        var top: JSONValue?
        /// A block scalar being read: the indentation of its key, its lines so far, and where it goes.
        var block: (indent: Int, lines: [Substring], folded: Bool)?
        var blockTarget: (key: String?, line: Int)?
        var sawDocument = false

        mutating func read(_ line: ArraySlice<UInt8>, number: Int) throws -> Step {
            let text = Substring(decoding: line, as: UTF8.self)
            let indent = text.prefix { $0 == " " }.count
            let body = text.dropFirst(indent)
            if let current = block {
                if body.isEmpty || indent > current.indent {
                    block!.lines.append(text.dropFirst(min(indent, current.indent + 1)))
                    return .next
                }
                closeBlock()
            }
            let content = Self.uncommented(body)
            if content.isEmpty { return .next }
            if indent == 0, content == "---" || content.hasPrefix("--- ") {
                // A second document is another spec: the first is read.
                if sawDocument || top != nil || !open.isEmpty { return .stop }
                sawDocument = true
                return .next
            }
            if indent == 0, content == "..." { return .stop }
            if content.first == "\t" {
                throw StructureError.malformed("line \(number): a tab in the indentation", at: number)
            }
            try place(content, indent: indent, number: number)
            return .next
        }

        /// `content` (no comment, not blank) at `indent` put in its place.
        mutating func place(_ content: Substring, indent: Int, number: Int) throws {
            // Close what this line is not inside: deeper collections, and a sequence at this
            // indentation when the line is no item of it (it was its key's value).
            let isItem = content == "-" || content.hasPrefix("- ")
            while let last = open.last,
                last.indent > indent || (last.indent == indent && last.isSequence && !isItem && open.count > 1)
            {
                try close()
            }
            if isItem {
                let rest = content.dropFirst(1).drop { $0 == " " }
                let restIndent = indent + (content.count - rest.count)
                if let last = open.last, last.isSequence, last.indent == indent {
                    // Another item of this sequence (the one before, `-` alone, was null).
                    if last.awaitsItem {
                        open[open.count - 1].elements.append(.null)
                        open[open.count - 1].awaitsItem = false
                    }
                } else if try opens(indent: indent, sequence: true, number: number) {
                } else {
                    throw StructureError.malformed("line \(number): a list item where none can be", at: number)
                }
                if rest.isEmpty {
                    open[open.count - 1].awaitsItem = true
                } else if let first = rest.first, first == "|" || first == ">" {
                    // A block scalar as the item: the lines deeper than its dash.
                    open[open.count - 1].elements.append(.string(""))
                    block = (indent, [], first == ">")
                    blockTarget = (nil, number)
                } else if let (key, value) = Self.keyValue(rest) {
                    // `- key: value`: a mapping as the item, its keys at the indentation of this one.
                    open[open.count - 1].awaitsItem = true
                    guard try opens(indent: restIndent, sequence: false, number: number) else {
                        throw StructureError.malformed("line \(number): a list item's mapping", at: number)
                    }
                    try member(key, value, indent: restIndent, number: number)
                } else {
                    open[open.count - 1].elements.append(try Self.scalarOrFlow(rest, number: number))
                }
                return
            }
            guard let (key, value) = Self.keyValue(content) else {
                throw StructureError.malformed(
                    "line \(number): neither `key: value` nor a list item (a plain scalar over several lines is not read)",
                    at: number)
            }
            if let last = open.last, !last.isSequence, last.indent == indent {
                // Another key of this mapping (the one before, with nothing below it, was null).
                open[open.count - 1].key = nil
            } else if try opens(indent: indent, sequence: false, number: number) {
            } else {
                throw StructureError.malformed(
                    "line \(number): a key at an indentation that fits no mapping", at: number)
            }
            try member(key, value, indent: indent, number: number)
        }

        /// Opens a collection at `indent` where the innermost open one awaits a value (a key's, an
        /// item's), or at the top; false when nothing awaits one there.
        mutating func opens(indent: Int, sequence: Bool, number: Int) throws -> Bool {
            guard open.count < Limits.maximumNesting else { throw StructureError.tooDeep(at: number) }
            guard let last = open.last else {
                guard top == nil else { return false }
                open.append(Open(indent: indent, isSequence: sequence))
                return true
            }
            if last.isSequence, last.awaitsItem, indent > last.indent || (!sequence && indent >= last.indent) {
                open.append(Open(indent: indent, isSequence: sequence))
                return true
            }
            // A key's value: deeper, or (a sequence) at the key's own indentation.
            if !last.isSequence, let key = last.key, indent > last.indent || (sequence && indent == last.indent) {
                open.append(Open(indent: indent, isSequence: sequence, parentKey: key))
                return true
            }
            return false
        }

        /// A key of the innermost mapping, with its value on the line or (empty) the block below.
        mutating func member(_ key: String, _ value: Substring, indent: Int, number: Int) throws {
            let index = open.count - 1
            if value.isEmpty {
                open[index].key = key
                open[index].members[key] = .null
                return
            }
            var value = value
            // An anchor or a tag before the value is no part of it.
            while value.first == "&" || value.first == "!" {
                value = value.drop { $0 != " " }.drop { $0 == " " }
            }
            if value.isEmpty {
                open[index].key = key
                open[index].members[key] = .null
                return
            }
            if let first = value.first, first == "|" || first == ">" {
                open[index].members[key] = .string("")
                block = (indent, [], first == ">")
                blockTarget = (key, number)
                return
            }
            open[index].members[key] = try Self.scalarOrFlow(value, number: number)
        }

        /// The block scalar read, put under its key.
        mutating func closeBlock() {
            guard let current = block, !open.isEmpty else {
                block = nil
                return
            }
            let margin =
                current.lines.filter { !$0.allSatisfy { $0 == " " } }.map { $0.prefix { $0 == " " }.count }
                .min() ?? 0
            let text = current.lines.map { String($0.dropFirst(min(margin, $0.count))) }
                .joined(separator: current.folded ? " " : "\n")
            let index = open.count - 1
            if let key = blockTarget?.key {
                open[index].members[key] = .string(text)
            } else if open[index].isSequence, !open[index].elements.isEmpty {
                open[index].elements[open[index].elements.count - 1] = .string(text)
            }
            block = nil
            blockTarget = nil
        }

        /// Closes the innermost collection into the one below it (or the top).
        mutating func close() throws {
            let closing = open.removeLast()
            let value: JSONValue = closing.isSequence ? .array(closing.elements) : .object(closing.members)
            guard !open.isEmpty else {
                top = value
                return
            }
            let index = open.count - 1
            if open[index].isSequence {
                open[index].elements.append(value)
                open[index].awaitsItem = false
            } else if let key = closing.parentKey {
                open[index].members[key] = value
                open[index].key = nil
            }
        }

        mutating func finish(lines: Int) throws -> JSONValue {
            if block != nil { closeBlock() }
            while !open.isEmpty { try close() }
            return top ?? .null
        }

        /// The line without its comment (`#` at its start or after a space, outside quotes and
        /// flow brackets' strings), trailing spaces dropped.
        static func uncommented(_ text: Substring) -> Substring {
            var quote: Character?
            var previous: Character = " "
            var end = text.endIndex
            for i in text.indices {
                let c = text[i]
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    if previous == " " || previous == ":" || previous == "[" || previous == "{" || previous == ","
                        || previous == "-"
                    {
                        quote = c
                    }
                } else if c == "#", previous == " " || previous == "\t" {
                    end = i
                    break
                }
                previous = c
            }
            var out = text[text.startIndex..<end]
            while let last = out.last, last == " " || last == "\t" { out = out.dropLast() }
            return out
        }

        /// `key: value` or `key:` split, the key unquoted; nil when the text is no key (a scalar).
        static func keyValue(_ text: Substring) -> (String, Substring)? {
            var quote: Character?
            var i = text.startIndex
            if let first = text.first, first == "\"" || first == "'" {
                quote = first
                i = text.index(after: i)
                while i < text.endIndex, text[i] != quote { i = text.index(after: i) }
                guard i < text.endIndex else { return nil }
                i = text.index(after: i)
                guard i < text.endIndex, text[i] == ":" else { return nil }
                let after = text.index(after: i)
                guard after == text.endIndex || text[after] == " " else { return nil }
                let key = String(text[text.index(after: text.startIndex)..<text.index(before: i)])
                return (key, text[after...].drop { $0 == " " })
            }
            if let first = text.first, first == "[" || first == "{" { return nil }
            while i < text.endIndex {
                if text[i] == ":" {
                    let after = text.index(after: i)
                    if after == text.endIndex || text[after] == " " {
                        let key = text[text.startIndex..<i]
                        return (String(key.reversed().drop { $0 == " " }.reversed()), text[after...].drop { $0 == " " })
                    }
                }
                i = text.index(after: i)
            }
            return nil
        }

        /// A scalar (plain or quoted) or a one-line flow collection.
        static func scalarOrFlow(_ text: Substring, number: Int) throws -> JSONValue {
            if text.first == "[" || text.first == "{" {
                var flow = Flow(text: Array(text.utf8), line: number)
                let value = try flow.value(depth: 0)
                flow.skipSpaces()
                guard flow.at == flow.text.count else {
                    throw StructureError.malformed("line \(number): text after a flow collection", at: number)
                }
                return value
            }
            if text.first == "*" { return .string(String(text.dropFirst())) }
            if text == "~" || text == "null" { return .null }
            if text.first == "\"" || text.first == "'" {
                var flow = Flow(text: Array(text.utf8), line: number)
                let value = try flow.quoted()
                flow.skipSpaces()
                guard flow.at == flow.text.count else {
                    throw StructureError.malformed("line \(number): text after a quoted string", at: number)
                }
                return .string(value)
            }
            return .string(String(text))
        }
    }

    /// One line's flow collection, read recursively to a small depth (a line holds little).
    private struct Flow {
        let text: [UInt8]
        let line: Int
        var at = 0
        static let maximumDepth = 32

        mutating func skipSpaces() { while at < text.count, text[at] == 0x20 || text[at] == 0x09 { at += 1 } }

        func fail(_ what: String) -> StructureError {
            StructureError.malformed("line \(line): \(what) in a flow collection", at: line)
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < Self.maximumDepth else { throw StructureError.tooDeep(at: line) }
            skipSpaces()
            guard at < text.count else { throw fail("a value missing") }
            switch text[at] {
            case UInt8(ascii: "["):
                at += 1
                var items: [JSONValue] = []
                skipSpaces()
                if at < text.count, text[at] == UInt8(ascii: "]") {
                    at += 1
                    return .array(items)
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpaces()
                    guard at < text.count else { throw fail("an unclosed [") }
                    if text[at] == UInt8(ascii: ",") {
                        at += 1
                        skipSpaces()
                        if at < text.count, text[at] == UInt8(ascii: "]") {
                            at += 1
                            return .array(items)
                        }
                        continue
                    }
                    guard text[at] == UInt8(ascii: "]") else { throw fail("a stray character") }
                    at += 1
                    return .array(items)
                }
            case UInt8(ascii: "{"):
                at += 1
                var members: [String: JSONValue] = [:]
                while true {
                    skipSpaces()
                    guard at < text.count else { throw fail("an unclosed {") }
                    if text[at] == UInt8(ascii: "}") {
                        at += 1
                        return .object(members)
                    }
                    let key = try scalar(stops: [UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "}")])
                    skipSpaces()
                    var member = JSONValue.null
                    if at < text.count, text[at] == UInt8(ascii: ":") {
                        at += 1
                        skipSpaces()
                        if at < text.count, text[at] != UInt8(ascii: ","), text[at] != UInt8(ascii: "}") {
                            member = try value(depth: depth + 1)
                        }
                    }
                    members[key] = member
                    skipSpaces()
                    guard at < text.count else { throw fail("an unclosed {") }
                    if text[at] == UInt8(ascii: ",") { at += 1 }
                }
            default:
                let scalar = try scalar(stops: [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")])
                return scalar.isEmpty || scalar == "~" || scalar == "null" ? .null : .string(scalar)
            }
        }

        /// A quoted string, or plain text up to one of `stops`, spaces around it dropped.
        mutating func scalar(stops: Set<UInt8>) throws -> String {
            skipSpaces()
            if at < text.count, text[at] == UInt8(ascii: "\"") || text[at] == UInt8(ascii: "'") { return try quoted() }
            let start = at
            while at < text.count, !stops.contains(text[at]) { at += 1 }
            var end = at
            while end > start, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
            return String(decoding: text[start..<end], as: UTF8.self)
        }

        /// A single- (`''` a quote) or double-quoted string (`\` escapes: the usual letters, `\xXX`,
        /// `\uXXXX`; others kept).
        mutating func quoted() throws -> String {
            let quote = text[at]
            at += 1
            var out: [UInt8] = []
            while at < text.count {
                let c = text[at]
                if c == quote {
                    if quote == UInt8(ascii: "'"), at + 1 < text.count, text[at + 1] == quote {
                        out.append(quote)
                        at += 2
                        continue
                    }
                    at += 1
                    return String(decoding: out, as: UTF8.self)
                }
                if quote == UInt8(ascii: "\""), c == UInt8(ascii: "\\"), at + 1 < text.count {
                    let e = text[at + 1]
                    at += 2
                    switch e {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "0"): out.append(0x00)
                    case UInt8(ascii: "x"), UInt8(ascii: "u"):
                        let digits = e == UInt8(ascii: "x") ? 2 : 4
                        guard at + digits <= text.count,
                            let code = UInt32(String(decoding: text[at..<at + digits], as: UTF8.self), radix: 16),
                            let scalar = Unicode.Scalar(code)
                        else { throw fail("a bad escape") }
                        out += Array(String(Character(scalar)).utf8)
                        at += digits
                    default: out.append(e)
                    }
                    continue
                }
                out.append(c)
                at += 1
            }
            throw fail("an unclosed quote")
        }
    }
}
