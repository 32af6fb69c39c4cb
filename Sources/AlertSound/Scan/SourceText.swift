import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An app's source file read as text, not run and not parsed: comments blanked (so a commented-out
/// call names nothing), lines kept (so a finding points at its line), and the calls alertsound
/// looks for found by name, their arguments split at the top level. Linear in the file's size,
/// whatever it holds (a file is at most `Limits.maximumAndroidSourceBytes`): every loop advances.
struct SourceText {
    /// The text as Unicode scalars, comments replaced by spaces (newlines kept).
    let scalars: [Unicode.Scalar]
    /// Where each line starts, for line numbers.
    private let lineStarts: [Int]
    /// Constants already looked up: a file that passes one constant to many calls is searched
    /// for it once (100 calls over a megabyte took a second).
    private let constants = ConstantCache()

    private final class ConstantCache {
        var values: [String: String?] = [:]
    }

    /// `text` with `//` and `/* */` comments blanked (Swift, Objective-C, Kotlin, Java, Dart,
    /// JavaScript and TypeScript all write them so); `#` starts a comment too when `hashComments`.
    init(_ text: String) {
        var out: [Unicode.Scalar] = []
        let source = Array(text.unicodeScalars)
        out.reserveCapacity(source.count)
        var i = 0
        var quote: Unicode.Scalar?
        while i < source.count {
            let c = source[i]
            if let q = quote {
                out.append(c)
                if c == "\\", i + 1 < source.count {
                    out.append(source[i + 1])
                    i += 2
                    continue
                }
                if c == q || c == "\n" { quote = nil }
                i += 1
            } else if c == "\"" || c == "'" || c == "`" {
                quote = c
                out.append(c)
                i += 1
            } else if c == "/", i + 1 < source.count, source[i + 1] == "/" {
                while i < source.count, source[i] != "\n" {
                    out.append(" ")
                    i += 1
                }
            } else if c == "/", i + 1 < source.count, source[i + 1] == "*" {
                out.append(" ")
                out.append(" ")
                i += 2
                while i < source.count, !(source[i] == "*" && i + 1 < source.count && source[i + 1] == "/") {
                    out.append(source[i] == "\n" ? "\n" : " ")
                    i += 1
                }
                if i < source.count {
                    out.append(" ")
                    out.append(" ")
                    i += 2
                }
            } else {
                out.append(c)
                i += 1
            }
        }
        scalars = out
        var starts = [0]
        for (index, scalar) in out.enumerated() where scalar == "\n" { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The text with its comments blanked.
    var text: String { String(String.UnicodeScalarView(scalars)) }

    /// The 1-based line of scalar offset `offset`.
    func line(at offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    /// Every offset where `word` stands as a word (not inside a longer identifier).
    func occurrences(of word: String) -> [Int] {
        let needle = Array(word.unicodeScalars)
        guard !needle.isEmpty, needle.count <= scalars.count else { return [] }
        var found: [Int] = []
        var i = 0
        while i + needle.count <= scalars.count {
            if scalars[i] == needle[0], scalars[i..<(i + needle.count)].elementsEqual(needle),
                i == 0 || !Self.isIdentifier(scalars[i - 1]) || !Self.isIdentifier(needle[0]),
                i + needle.count == scalars.count || !Self.isIdentifier(scalars[i + needle.count])
                    || !Self.isIdentifier(needle[needle.count - 1])
            {
                found.append(i)
                i += needle.count
            } else {
                i += 1
            }
        }
        return found
    }

    /// The call of `name` at `offset`: its arguments, when `(` follows (after spaces and a generic
    /// `<…>`, or `:` for Objective-C's `soundNamed:@"x"`, which has one argument).
    func call(at offset: Int, name: String) -> Call? {
        var i = offset + name.unicodeScalars.count
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\n" || scalars[i] == "\t" { i += 1 }
        guard i < scalars.count else { return nil }
        if scalars[i] == ":" {
            // Objective-C: the argument runs to the next space, `]` or `;`.
            var end = i + 1
            while end < scalars.count, end - i < 512, ![" ", "]", ";", "\n"].contains(scalars[end]) { end += 1 }
            return Call(
                line: line(at: offset),
                arguments: [Argument(text: String(String.UnicodeScalarView(scalars[(i + 1)..<end])))])
        }
        guard scalars[i] == "(" else { return nil }
        var depth = 0
        var arguments: [Argument] = []
        var start = i + 1
        var quote: Unicode.Scalar?
        var j = i
        // A call's arguments are read up to a bound: a runaway one is not a call alertsound can judge.
        while j < scalars.count, j - i < Self.maximumCallLength {
            let c = scalars[j]
            if let q = quote {
                if c == "\\" {
                    j += 2
                    continue
                }
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" || c == "`" {
                quote = c
            } else if c == "(" || c == "[" || c == "{" {
                depth += 1
            } else if c == ")" || c == "]" || c == "}" {
                depth -= 1
                if depth == 0 {
                    let text = String(String.UnicodeScalarView(scalars[start..<j]))
                    if !text.trimmingWhitespace().isEmpty || !arguments.isEmpty {
                        arguments.append(Argument(text: text))
                    }
                    return Call(line: line(at: offset), arguments: arguments)
                }
            } else if c == ",", depth == 1 {
                arguments.append(Argument(text: String(String.UnicodeScalarView(scalars[start..<j]))))
                start = j + 1
            }
            j += 1
        }
        return nil
    }

    /// A literal argument's text, or that of the constant it names when this file gives it one
    /// (`const val CHANNEL_ID = "orders"`, `static final String CHANNEL_ID = "orders";`,
    /// `const channelId = 'orders'`, `Keys.CHANNEL_ID` by its last part): the one place
    /// assigned; nil when computed, or assigned more than once.
    func resolve(_ argument: Argument) -> String? {
        if let literal = argument.literal { return literal }
        let name = argument.text.trimmingWhitespace().split(separator: ".").last.map(String.init) ?? ""
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isIdentifier) else { return nil }
        if let known = constants.values[name] { return known }
        let value = constant(name)
        constants.values[name] = value
        return value
    }

    /// The literal `name` is assigned in this file, when it is assigned once.
    private func constant(_ name: String) -> String? {
        var values: Set<String> = []
        for offset in occurrences(of: name) {
            switch assignment(after: offset + name.unicodeScalars.count) {
            case .literal(let value)?: values.insert(value)
            case .other?: return nil
            case nil: continue
            }
        }
        return values.count == 1 ? values.first : nil
    }

    private enum Assigned {
        case literal(String)
        case other
    }

    /// What is assigned right after a name ending at `start`: an optional type (`: String`), then
    /// `=` (not `==`), then a literal up to the line's end; nil when nothing is assigned there.
    private func assignment(after start: Int) -> Assigned? {
        var i = start
        var typed = 0
        while i < scalars.count,
            scalars[i] == " " || (scalars[i] == ":" && typed == 0)
                || (typed == 1 && scalars[i] != "=" && scalars[i] != "\n")
        {
            if scalars[i] == ":" { typed = 1 }
            i += 1
        }
        guard i + 1 < scalars.count, scalars[i] == "=", scalars[i + 1] != "=" else { return nil }
        var end = i + 1
        while end < scalars.count, scalars[end] != "\n", scalars[end] != ";", end - i < 512 { end += 1 }
        return Argument(text: String(String.UnicodeScalarView(scalars[(i + 1)..<end]))).literal.map(Assigned.literal)
            ?? .other
    }

    /// The identifier an argument is (`kChannelId`, or `Keys.CHANNEL_ID` by its last part); nil
    /// for a literal or an expression.
    static func identifier(of argument: Argument) -> String? {
        let name = argument.text.trimmingWhitespace().split(separator: ".").last.map(String.init) ?? ""
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isIdentifier),
            name.unicodeScalars.first.map({ !("0"..."9").contains($0) }) == true
        else { return nil }
        return name
    }

    /// The words that make a line a constant's declaration: `const` (Dart, JavaScript, Kotlin's
    /// `const val`), `final` (Dart, Java), `val` (Kotlin), `let` and `static` (Swift, Java).
    private static let declaring: Set<String> = ["const", "final", "val", "let", "static"]

    /// What this file declares `name` as: the literals its declarations (`name` after one of
    /// ``declaring`` on its line) assign, and whether one assigns anything else. For a name another
    /// file passes without declaring it (a constants file of its own).
    func declarations(of name: String) -> (literals: Set<String>, other: Bool) {
        var literals: Set<String> = []
        for offset in occurrences(of: name) {
            var lineStart = offset
            while lineStart > 0, scalars[lineStart - 1] != "\n", offset - lineStart < 256 { lineStart -= 1 }
            let before = String(String.UnicodeScalarView(scalars[lineStart..<offset]))
            let words = before.split { !$0.isLetter }.map(String.init)
            guard words.contains(where: Self.declaring.contains) else { continue }
            switch assignment(after: offset + name.unicodeScalars.count) {
            case .literal(let value)?: literals.insert(value)
            case .other?: return (literals, true)
            case nil: continue
            }
        }
        return (literals, false)
    }

    /// Whether this file binds `name` itself, so that a constant of that name elsewhere is not
    /// what it passes: an assignment or a typed name (`name: String`, a parameter or local), or a
    /// name after a type (`String name`).
    func binds(_ name: String) -> Bool {
        for offset in occurrences(of: name) {
            let end = offset + name.unicodeScalars.count
            var after = end
            while after < scalars.count, scalars[after] == " " { after += 1 }
            if after < scalars.count,
                scalars[after] == ":"
                    || (scalars[after] == "=" && after + 1 < scalars.count && scalars[after + 1] != "=")
            {
                return true
            }
            var before = offset - 1
            while before >= 0, scalars[before] == " " { before -= 1 }
            if before >= 0, before < offset - 1, Self.isIdentifier(scalars[before]) { return true }
        }
        return false
    }

    /// Whether `bytes` hold one of `words` (ASCII): a first search, before a file is read as text.
    static func holds(_ bytes: [UInt8], _ words: [String]) -> Bool {
        let needles = words.map { Array($0.utf8) }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            for needle in needles where !needle.isEmpty {
                var start = 0
                while start + needle.count <= buffer.count {
                    // The first byte by memchr, then the rest.
                    guard let hit = memchr(base + start, Int32(needle[0]), buffer.count - start - needle.count + 1)
                    else { break }
                    let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, needle, needle.count) == 0 { return true }
                    start = at + 1
                }
            }
            return false
        }
    }

    /// Calls are read at most this far (characters from the opening parenthesis).
    static let maximumCallLength = 4096

    static func isIdentifier(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "$" || c.properties.isAlphabetic || ("0"..."9").contains(c)
    }

    /// A call found in the text.
    struct Call {
        /// Where it starts, 1-based.
        var line: Int
        var arguments: [Argument]

        /// The argument labelled `label` (`sound: x`, `sound = x`), or an object literal's member
        /// `label: x` in any argument; nil when none is.
        func labelled(_ label: String) -> Argument? {
            for argument in arguments {
                if let value = argument.labelled(label) { return value }
            }
            return nil
        }

        /// The `index`th argument without a label.
        func positional(_ index: Int) -> Argument? {
            let plain = arguments.filter { $0.label == nil }
            return index < plain.count ? plain[index] : nil
        }
    }

    /// One argument's text.
    struct Argument {
        var text: String

        /// `label` when the argument is `label: value` or `label = value` (Swift, Dart, Kotlin).
        var label: String? {
            let trimmed = text.trimmingWhitespace()
            guard let colon = trimmed.firstIndex(where: { $0 == ":" || $0 == "=" }) else { return nil }
            let head = trimmed[..<colon].trimmingWhitespace()
            guard !head.isEmpty, head.unicodeScalars.allSatisfy(SourceText.isIdentifier) else { return nil }
            // `a == b` is no label.
            let after = trimmed.index(after: colon)
            if trimmed[colon] == "=", after < trimmed.endIndex, trimmed[after] == "=" { return nil }
            return head
        }

        /// The value after the label, or the whole argument.
        var value: Argument {
            guard label != nil, let colon = text.firstIndex(where: { $0 == ":" || $0 == "=" }) else { return self }
            return Argument(text: String(text[text.index(after: colon)...]))
        }

        /// The value of `label`: this argument's own, or a member of an object literal in it
        /// (`{ sound: 'x' }`), at the literal's top level.
        func labelled(_ label: String) -> Argument? {
            if self.label == label { return value }
            let body = text.trimmingWhitespace()
            guard body.hasPrefix("{"), body.hasSuffix("}"), body.count >= 2 else { return nil }
            let inner = SourceText("f(" + String(body.dropFirst().dropLast()) + ")")
            return inner.call(at: 0, name: "f")?.arguments.first { $0.label == label }?.value
        }

        /// The string literal the argument is, without interpolation (`"x"`, `'x'`, `@"x"`, a
        /// template without `${`); nil for anything computed.
        var literal: String? {
            var body = text.trimmingWhitespace()
            if body.hasPrefix("@") { body.removeFirst() }
            guard let first = body.first, ["\"", "'", "`"].contains(first), body.count >= 2, body.last == first
            else { return nil }
            let inner = String(body.dropFirst().dropLast())
            guard !inner.contains(first == "`" ? "${" : "\\("), !(first == "\"" && inner.contains("$")),
                !(first == "'" && inner.contains("$")), !inner.contains(String(first))
            else { return nil }
            return inner
        }

        /// Whether the argument is `null` / `nil`.
        var isNull: Bool { ["null", "nil", "undefined"].contains(text.trimmingWhitespace()) }
    }
}
