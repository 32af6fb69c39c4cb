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
    /// Where each bracket a call's arguments were read through closes, so that no text is read
    /// twice for calls nested in calls (`id(id(id(…` in a Gradle file read 4 KB per `id`).
    private let brackets = BracketCache()
    /// The file's `{ }` blocks, made when first asked (``enclosingBlock(of:)``).
    private let blockCache = BlockCache()

    private final class ConstantCache {
        var values: [String: String?] = [:]
        /// ``binds(_:)``'s answers: a file that passes one name to many calls is searched once.
        var binds: [String: Bool] = [:]
        /// ``assignedValues(of:limit:)``'s and ``objectLiterals(assignedTo:limit:)``'s answers,
        /// for the same reason: many calls passing one variable cost one search.
        var assigned: [String: [String]] = [:]
        var objects: [String: [Argument]] = [:]
        /// Where each name's assignments have their `=`, and what each reaching one assigns.
        var equals: [String: [Int]] = [:]
        var reaching: [Int: String?] = [:]
        /// ``rawLookupParameter(ofFunction:)``'s answers.
        var rawLookups: [String: Int?] = [:]
        /// Whether the file calls `getIdentifier` at all (nil: not yet looked).
        var looksUpIdentifiers: Bool?
    }

    /// For each scalar offset, the `{` of the innermost block around it (-1 at the top level), and
    /// where each block closes: one forward pass, for what reaches a use (issue 57).
    private final class BlockCache {
        var made = false
        var enclosing: [Int32] = []
        var close: [Int: Int] = [:]
    }

    /// For each scalar offset: ``unknown``, ``unclosed`` (not closed within
    /// ``maximumCallLength``), or where the bracket opened there closes. Made when first asked.
    private final class BracketCache {
        static let unknown: Int32 = -2
        static let unclosed: Int32 = -1
        var close: [Int32] = []
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

    /// Every offset where `word` stands as a word (not inside a longer identifier), left to right
    /// and not overlapping. Found by Knuth-Morris-Pratt: a long name over repetitive text (a
    /// constant's name of a few kilobytes, a megabyte of its letters) costs the text once.
    func occurrences(of word: String) -> [Int] {
        let needle = Array(word.unicodeScalars)
        guard !needle.isEmpty, needle.count <= scalars.count else { return [] }
        let failure = prefixTable(needle)
        let wordStart = Self.isIdentifier(needle[0]), wordEnd = Self.isIdentifier(needle[needle.count - 1])
        var found: [Int] = []
        var free = 0  // where the next occurrence may start: after the last one
        var matched = 0
        for (j, c) in scalars.enumerated() {
            while matched > 0, c != needle[matched] { matched = failure[matched - 1] }
            if c == needle[matched] { matched += 1 }
            guard matched == needle.count else { continue }
            let i = j + 1 - needle.count
            matched = failure[matched - 1]
            if i >= free, i == 0 || !Self.isIdentifier(scalars[i - 1]) || !wordStart,
                j + 1 == scalars.count || !Self.isIdentifier(scalars[j + 1]) || !wordEnd
            {
                found.append(i)
                free = j + 1
            }
        }
        return found
    }

    /// The call of `name` at `offset`: its arguments, when `(` follows (after spaces and a generic
    /// `<…>`, or `:` for Objective-C's `soundNamed:@"x"`, which has one argument).
    func call(at offset: Int, name: String) -> Call? {
        var i = offset + name.unicodeScalars.count
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\n" || scalars[i] == "\t" { i += 1 }
        // Swift's explicit initialiser, `Type.init(…)`, is the same call as `Type(…)`.
        if i + 5 < scalars.count, scalars[i] == ".", scalars[i + 1] == "i", scalars[i + 2] == "n",
            scalars[i + 3] == "i",
            scalars[i + 4] == "t", scalars[i + 5] == "(" || scalars[i + 5] == " "
        {
            i += 5
            while i < scalars.count, scalars[i] == " " { i += 1 }
        }
        guard i < scalars.count else { return nil }
        if scalars[i] == ":" {
            // Objective-C: the argument runs to the next space, `]` or `;`.
            var end = i + 1
            while end < scalars.count, end - i < 512, ![" ", "]", ";", "\n"].contains(scalars[end]) { end += 1 }
            return Call(
                line: line(at: offset),
                arguments: [Argument(text: String(String.UnicodeScalarView(scalars[(i + 1)..<end])))])
        }
        guard scalars[i] == "(", let close = closing(i) else { return nil }
        guard var arguments = items(between: i, and: close) else { return nil }
        // `f()` has no argument; `f(a, )` has a blank last one.
        if arguments.count == 1, arguments[0].isBlank { arguments = [] }
        return Call(line: line(at: offset), arguments: arguments)
    }

    /// What lies between the bracket at `open` and its `close`, split at the top level's commas: a
    /// bracket inside is passed over to where it closes (the file's one settling pass), and so are
    /// quotes. Nil when a bracket inside does not close before `close`.
    private func items(between open: Int, and close: Int) -> [Argument]? {
        var items: [Argument] = []
        var start = open + 1
        var quote: Unicode.Scalar?
        var j = open + 1
        while j < close {
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
                guard let inner = closing(j), inner < close else { return nil }
                j = inner
            } else if c == "," {
                items.append(Argument(scalars[start..<j]))
                start = j + 1
            }
            j += 1
        }
        items.append(Argument(scalars[start..<close]))
        return items
    }

    /// Where the bracket at `open` closes, when it does within ``maximumCallLength`` (quotes and
    /// escapes in between skipped); nil otherwise. One forward pass finds it with a stack, and
    /// settles every bracket it passes outside quotes on the way (each bracket read from there
    /// would meet the same text in the same state); a settled bracket is passed over, so each
    /// character is read about once however the file nests its calls.
    private func closing(_ open: Int) -> Int? {
        let cache = brackets
        if cache.close.isEmpty {
            cache.close = [Int32](repeating: BracketCache.unknown, count: scalars.count)
        }
        if cache.close[open] == BracketCache.unknown { settle(from: open) }
        let close = cache.close[open]
        return close >= 0 ? Int(close) : nil
    }

    private func settle(from open: Int) {
        let cache = brackets
        var stack: [Int] = []
        var quote: Unicode.Scalar?
        var j = open
        func unclosed() { for o in stack { cache.close[o] = BracketCache.unclosed } }
        while j < scalars.count {
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
                let known = cache.close[j]
                if known >= 0 {
                    j = Int(known) + 1
                    continue
                }
                if known == BracketCache.unclosed {
                    // It never closes within its bound, so neither does a bracket around it.
                    unclosed()
                    return
                }
                stack.append(j)
            } else if c == ")" || c == "]" || c == "}" {
                let o = stack.removeLast()
                cache.close[o] = j - o < Self.maximumCallLength ? Int32(j) : BracketCache.unclosed
                if stack.isEmpty { return }
            }
            j += 1
        }
        unclosed()
    }

    /// A literal argument's text, or that of the constant it names when this file gives it one
    /// (`const val CHANNEL_ID = "orders"`, `static final String CHANNEL_ID = "orders";`,
    /// `const channelId = 'orders'`, `Keys.CHANNEL_ID` by its last part): the one place
    /// assigned; nil when computed, or assigned more than once.
    func resolve(_ argument: Argument) -> String? {
        if let literal = argument.literal { return literal }
        guard let name = argument.lastPart else { return nil }
        if let known = constants.values[name] { return known }
        let value = constant(name)
        constants.values[name] = value
        return value
    }

    /// The literal `name` is assigned in this file, when it is assigned once.
    private func constant(_ name: String) -> String? {
        var values: Set<String> = []
        var ahead = LookAhead(scalars)
        for offset in occurrences(of: name) {
            switch assignment(after: offset + name.unicodeScalars.count, &ahead) {
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

    /// Forward searches over the text, for the occurrences of one name taken in order: each
    /// remembers where it last stopped, so a long line after many occurrences is read once, not
    /// once per occurrence (a megabyte line ran past a minute).
    private struct LookAhead {
        let scalars: [Unicode.Scalar]
        private var equalsFrom = -1, equals = -1
        private var breakFrom = -1, lineBreak = -1

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        /// The first `=` or newline at or after `i` (the text's end when none).
        mutating func equalsOrNewline(from i: Int) -> Int {
            if !(equalsFrom <= i && i <= equals) {
                var j = i
                while j < scalars.count, scalars[j] != "=", scalars[j] != "\n" { j += 1 }
                equals = j
            }
            equalsFrom = i
            return equals
        }

        /// The first newline or `;` at or after `i` (the text's end when none).
        mutating func statementEnd(from i: Int) -> Int {
            if !(breakFrom <= i && i <= lineBreak) {
                var j = i
                while j < scalars.count, scalars[j] != "\n", scalars[j] != ";" { j += 1 }
                lineBreak = j
            }
            breakFrom = i
            return lineBreak
        }
    }

    /// What is assigned right after a name ending at `start`: an optional type (`: String`), then
    /// `=` (not `==`), then a literal up to the line's end; nil when nothing is assigned there.
    private func assignment(after start: Int, _ ahead: inout LookAhead) -> Assigned? {
        var i = start
        while i < scalars.count, scalars[i] == " " { i += 1 }
        // A type runs to the `=` or the line's end.
        if i < scalars.count, scalars[i] == ":" { i = ahead.equalsOrNewline(from: i + 1) }
        guard i + 1 < scalars.count, scalars[i] == "=", scalars[i + 1] != "=" else { return nil }
        // The value: up to the line's end or `;`, at most 511 characters.
        let end = min(ahead.statementEnd(from: i + 1), i + 512)
        var a = i + 1
        while a < end, scalars[a].properties.isWhitespace { a += 1 }
        var q = a
        if q < end, scalars[q] == "@" { q += 1 }
        // A literal is a quote, text without it, the quote, and nothing else: read no further
        // than the second quote unless only spaces follow it.
        guard q < end, scalars[q] == "\"" || scalars[q] == "'" || scalars[q] == "`" else { return .other }
        var c = q + 1
        while c < end, scalars[c] != scalars[q] { c += 1 }
        guard c < end else { return .other }
        var rest = c + 1
        while rest < end, scalars[rest].properties.isWhitespace { rest += 1 }
        guard rest == end else { return .other }
        return Argument(scalars[a...c]).literal.map(Assigned.literal) ?? .other
    }

    /// The values this file assigns to `name` (`val uri = …`, `uri = …`), each up to its
    /// statement's end and at most 511 characters, the next line's when the `=` ends its line
    /// (`const val URI =` then the value): for a value read where it is used, a channel's sound
    /// URI kept in a variable. At most `limit` values; one forward pass over the occurrences.
    func assignedValues(of name: String, limit: Int = 8) -> [String] {
        if let known = constants.assigned[name] { return known }
        let values = assignedValuesOnce(of: name, limit: limit)
        constants.assigned[name] = values
        return values
    }

    private func assignedValuesOnce(of name: String, limit: Int) -> [String] {
        var ahead = LookAhead(scalars)
        var values: [String] = []
        for equals in assignments(to: name, &ahead) {
            var start = equals + 1
            var end = min(ahead.statementEnd(from: start), start + 511)
            if scalars[start..<end].allSatisfy({ $0.properties.isWhitespace }), end < scalars.count,
                scalars[end] == "\n"
            {
                start = end + 1
                end = min(ahead.statementEnd(from: start), start + 511)
            }
            end = continued(start, end) { ahead.statementEnd(from: $0) }
            values.append(String(String.UnicodeScalarView(scalars[start..<end])))
            if values.count == limit { break }
        }
        return values
    }

    /// Where a value that starts at `start` and was read to `end` (a line's end) really ends: on
    /// the next lines while a bracket is open, the next line starts a call chain (`.path(…)`,
    /// `?.let`, `?:`) or `+`, or the line ends in an operator (`+`, `(`, `,`, `=`) — a builder
    /// written over lines (`Uri.Builder()` then `.scheme(…)` …) is one value (issue 57). At most
    /// ``maximumValueLength`` characters; `statementEnd` finds each next line's end.
    private func continued(_ start: Int, _ end: Int, statementEnd: (Int) -> Int) -> Int {
        var end = end
        var depth = 0
        func count(_ range: Range<Int>) {
            var quote: Unicode.Scalar?
            var escaped = false
            for c in scalars[range] {
                if let q = quote {
                    if escaped {
                        escaped = false
                    } else if c == "\\" {
                        escaped = true
                    } else if c == q {
                        quote = nil
                    }
                } else if c == "\"" || c == "'" || c == "`" {
                    quote = c
                } else if c == "(" || c == "[" || c == "{" {
                    depth += 1
                } else if c == ")" || c == "]" || c == "}" {
                    depth -= 1
                }
            }
        }
        count(start..<end)
        let limit = min(scalars.count, start + Self.maximumValueLength)
        while end < limit, scalars[end] == "\n" {
            var next = end + 1
            while next < limit, scalars[next] == " " || scalars[next] == "\t" || scalars[next] == "\n" { next += 1 }
            guard next < limit else { break }
            var last = end - 1
            while last >= start, scalars[last].properties.isWhitespace { last -= 1 }
            let first = scalars[next]
            let opens = depth > 0 || first == "." || first == "?" || first == "+" || first == ":"
            let trails = last >= start && ["+", "(", ",", "=", "."].contains(scalars[last])
            guard opens || trails else { break }
            let after = min(statementEnd(next), limit)
            count(next..<after)
            end = after
        }
        return end
    }

    /// A value is read at most this far over its lines.
    static let maximumValueLength = 2048

    /// The value of the assignment to `name` that reaches `offset`: the last one before it, when
    /// it is a statement of its own (not the branch of an `if` written without braces) in a block
    /// that holds `offset` — an assignment inside a branch that closed before is no answer. Nil
    /// otherwise: a variable given several values in turn (`uri = …` before each channel) is read
    /// as a reader of the code reads it (issue 57). Each answer is kept, so each assignment's
    /// value is read once however many uses it has.
    func reachingValue(of name: String, at offset: Int) -> String? {
        let equals: [Int]
        if let known = constants.equals[name] {
            equals = known
        } else {
            var ahead = LookAhead(scalars)
            equals = assignments(to: name, &ahead)
            constants.equals[name] = equals
        }
        // The last `=` before `offset`.
        var low = 0, high = equals.count
        while low < high {
            let mid = (low + high) / 2
            if equals[mid] < offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let at = equals[low - 1]
        guard offset < blockEnd(around: at) else { return nil }
        if let known = constants.reaching[at] { return known }
        let value = standsAlone(at) ? boundedValue(after: at) : nil
        constants.reaching[at] = value
        return value
    }

    /// The expression that follows the word or `=` ending at `offset` (a `return`'s value, an
    /// expression body's `= …`), over its lines as a value is (``continued(_:_:statementEnd:)``),
    /// at most ``maximumValueLength`` characters; and where it starts.
    func expression(after offset: Int) -> (text: String, start: Int) {
        let text = boundedValue(after: offset)
        var start = offset + 1
        while start < scalars.count, scalars[start] == " " || scalars[start] == "\t" { start += 1 }
        if start < scalars.count, scalars[start] == "\n" { start += 1 }
        return (text, start)
    }

    /// Where the bracket at `open` closes, when it does within ``maximumCallLength`` (the file's
    /// one settling pass); nil otherwise.
    func closingBracket(_ open: Int) -> Int? {
        guard open >= 0, open < scalars.count, "([{".unicodeScalars.contains(scalars[open]) else { return nil }
        return closing(open)
    }

    /// The value after the `=` at `equals`, over its lines (``continued(_:_:statementEnd:)``), read
    /// at most ``maximumValueLength`` characters ahead.
    private func boundedValue(after equals: Int) -> String {
        let limit = min(scalars.count, equals + 1 + Self.maximumValueLength)
        func statementEnd(_ i: Int) -> Int {
            var j = i
            while j < limit, scalars[j] != "\n", scalars[j] != ";" { j += 1 }
            return j
        }
        var start = equals + 1
        while start < limit, scalars[start] == " " || scalars[start] == "\t" { start += 1 }
        if start < limit, scalars[start] == "\n" { start += 1 }
        let end = continued(start, statementEnd(start), statementEnd: statementEnd)
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    /// Whether the assignment whose `=` is at `equals` is a statement of its own: on its line only
    /// a declaration's words come before it (`val uri`, `Uri uri`, `final var x`), and the line
    /// before is no `if`, `else`, `for` or `while` header whose body it would be.
    private func standsAlone(_ equals: Int) -> Bool {
        var i = equals - 1
        let floor = max(0, equals - 256)
        while i >= floor, scalars[i] != "\n" { i -= 1 }
        guard i < floor || scalars[i] == "\n" || i < 0 else { return false }
        let line = String(String.UnicodeScalarView(scalars[(i + 1)..<equals]))
        let words = line.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }
        let control: Set<Substring> = ["if", "else", "for", "while", "when", "case", "return", "switch", "do"]
        guard !words.contains(where: control.contains),
            line.unicodeScalars.allSatisfy({ Self.isIdentifier($0) || " \t.:<>?,[]".unicodeScalars.contains($0) })
        else { return false }
        // The line before: a control word's header without its block is this statement's owner.
        guard i > 0 else { return true }
        var j = i - 1
        let stop = max(0, i - 256)
        while j > stop, scalars[j] != "\n" { j -= 1 }
        let before = String(String.UnicodeScalarView(scalars[(scalars[j] == "\n" ? j + 1 : j)..<i]))
            .trimmingWhitespace()
        if let first = before.split(whereSeparator: { !$0.isLetter }).first, control.contains(first),
            !before.hasSuffix("{"), !before.hasSuffix(";"), !before.hasSuffix("}")
        {
            return false
        }
        return true
    }

    /// The variable the expression at `offset` is assigned to (`val ch = ` / `NotificationChannel
    /// channel = new ` / `final c = const `, `this.channel = `), read back along its line; nil
    /// when it is not the right side of an assignment.
    func assignedVariable(before offset: Int) -> String? {
        let floor = max(0, offset - 256)
        var i = offset - 1
        func skipSpace() { while i >= floor, scalars[i] == " " || scalars[i] == "\t" || scalars[i] == "\n" { i -= 1 } }
        skipSpace()
        for word in ["new", "const"] {
            let w = Array(word.unicodeScalars)
            if i - w.count + 1 >= floor, Array(scalars[(i - w.count + 1)...i]) == w,
                i - w.count < 0 || !Self.isIdentifier(scalars[i - w.count])
            {
                i -= w.count
                skipSpace()
            }
        }
        guard i >= floor + 1, scalars[i] == "=", !"=!<>+-*/".unicodeScalars.contains(scalars[i - 1]) else { return nil }
        var start = i - 1
        while start >= floor, scalars[start] != "\n", scalars[start] != ";", scalars[start] != "{",
            scalars[start] != "}"
        {
            start -= 1
        }
        var head = String(String.UnicodeScalarView(scalars[(start + 1)..<i]))
        // `val ch: NotificationChannel`: the name is before the type.
        if let colon = head.firstIndex(of: ":") { head = String(head[..<colon]) }
        let name = head.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }.last.map(String.init)
        return name.flatMap { $0.first?.isNumber == false ? $0 : nil }
    }

    /// Whether `name` in `from..<to` is only a holder of values: each use reaches a member of it
    /// (`name.id`, `name?.x`; none a scope function's — `also`, `let`, `apply`, `run`, `with`,
    /// `takeIf` — that passes it on), so the value itself is never passed anywhere, and at least
    /// one reads a property's value (`name.id` not followed by `(` or `=`). One pass over the range.
    func onlyMembersRead(of name: String, from: Int, to: Int) -> Bool {
        let needle = Array(name.unicodeScalars)
        guard let first = needle.first, needle.count <= 64 else { return false }
        var read = false
        let scope: Set<String> = ["also", "let", "apply", "run", "with", "takeIf", "takeUnless"]
        var i = max(0, from)
        let end = min(to, scalars.count)
        var quote: Unicode.Scalar?
        while i + needle.count <= end {
            defer { i += 1 }
            // Text in quotes names nothing (`NotificationChannel("held", …)` is no use of `held`).
            let c = scalars[i]
            if let q = quote {
                if c == "\\" {
                    i += 1
                } else if c == q || c == "\n" {
                    quote = nil
                }
                continue
            }
            if c == "\"" || c == "'" || c == "`" {
                quote = c
                continue
            }
            guard c == first, i == 0 || !Self.isIdentifier(scalars[i - 1]),
                Array(scalars[i..<(i + needle.count)]) == needle,
                i + needle.count >= scalars.count || !Self.isIdentifier(scalars[i + needle.count])
            else { continue }
            var j = i + needle.count
            while j < end, scalars[j] == " " || scalars[j] == "?" || scalars[j] == "!" { j += 1 }
            // Its declaration (`val ch =`, `ch: T =`) is no use.
            if j < end, scalars[j] == "=" || scalars[j] == ":" { continue }
            guard j < end, scalars[j] == "." else { return false }
            var k = j + 1
            while k < end, Self.isIdentifier(scalars[k]) { k += 1 }
            if scope.contains(String(String.UnicodeScalarView(scalars[(j + 1)..<k]))) { return false }
            var after = k
            while after < end, scalars[after] == " " { after += 1 }
            if after < end, scalars[after] != "(", scalars[after] != "{",
                scalars[after] != "=" || (after + 1 < end && scalars[after + 1] == "=")
            {
                read = true
            }
        }
        return read
    }

    /// The `{` of the innermost block around `offset`, nil at the top level.
    func enclosingBlock(of offset: Int) -> Int? {
        let cache = blocks()
        guard offset >= 0, offset < cache.enclosing.count else { return nil }
        let open = Int(cache.enclosing[offset])
        return open >= 0 ? open : nil
    }

    /// Where the block whose `{` is at `open` closes (the text's end when it does not).
    func blockClose(_ open: Int) -> Int { blocks().close[open] ?? scalars.count }

    /// Where the innermost block around `offset` closes (the text's end at the top level).
    func blockEnd(around offset: Int) -> Int { enclosingBlock(of: offset).map(blockClose) ?? scalars.count }

    /// The file's blocks, read in one forward pass the first time they are asked for; quotes
    /// end at their line's end, as ``init(_:)`` reads them.
    private func blocks() -> BlockCache {
        let cache = blockCache
        guard !cache.made else { return cache }
        cache.made = true
        var enclosing = [Int32](repeating: -1, count: scalars.count)
        var stack: [Int] = []
        var quote: Unicode.Scalar?
        var j = 0
        while j < scalars.count {
            let c = scalars[j]
            enclosing[j] = Int32(stack.last ?? -1)
            if let q = quote {
                if c == "\\", j + 1 < scalars.count {
                    enclosing[j + 1] = enclosing[j]
                    j += 2
                    continue
                }
                if c == q || c == "\n" { quote = nil }
            } else if c == "\"" || c == "'" || c == "`" {
                quote = c
            } else if c == "{" {
                stack.append(j)
            } else if c == "}", let open = stack.popLast() {
                cache.close[open] = j
            }
            j += 1
        }
        for open in stack { cache.close[open] = scalars.count }
        cache.enclosing = enclosing
        return cache
    }

    /// Where each assignment to `name` has its `=`: the whole word (`soundUri`, not `mySoundUri`),
    /// then an optional type (`: AndroidChannel`), then `=` (not `==`). In order, sharing
    /// `ahead` with the caller's reads, so a pass over every occurrence stays linear.
    private func assignments(to name: String, _ ahead: inout LookAhead) -> [Int] {
        var found: [Int] = []
        let length = name.unicodeScalars.count
        for offset in occurrences(of: name) {
            var i = offset + length
            guard offset == 0 || !Self.isIdentifier(scalars[offset - 1]),
                i >= scalars.count || !Self.isIdentifier(scalars[i])
            else { continue }
            while i < scalars.count, scalars[i] == " " { i += 1 }
            if i < scalars.count, scalars[i] == ":" { i = ahead.equalsOrNewline(from: i + 1) }
            guard i + 1 < scalars.count, scalars[i] == "=", scalars[i + 1] != "=" else { continue }
            found.append(i)
        }
        return found
    }

    /// The object literals this file assigns to `name` (`const soundChannel: AndroidChannel = {
    /// id: 'sound', sound: 'alarm' }`), each as an argument whose members ``Argument/labelled(_:)``
    /// reads: for a channel's options declared apart from the call that creates it. At most
    /// `limit`; brackets are matched by the file's one settling pass, so this stays linear.
    func objectLiterals(assignedTo name: String, limit: Int = 8) -> [Argument] {
        if let known = constants.objects[name] { return known }
        let objects = objectLiteralsOnce(assignedTo: name, limit: limit)
        constants.objects[name] = objects
        return objects
    }

    private func objectLiteralsOnce(assignedTo name: String, limit: Int) -> [Argument] {
        var ahead = LookAhead(scalars)
        var objects: [Argument] = []
        for equals in assignments(to: name, &ahead) {
            var open = equals + 1
            while open < scalars.count, scalars[open].properties.isWhitespace { open += 1 }
            guard open < scalars.count, scalars[open] == "{", let close = closing(open) else { continue }
            objects.append(Argument(scalars[open...close]))
            if objects.count == limit { break }
        }
        return objects
    }

    /// The object literal that is the value of the key at `offset` (`aps: { … }`, `"aps": { … }`),
    /// when `key` stands there, followed by its closing quote if quoted, a `:` and a `{` that
    /// closes within ``maximumCallLength``; nil otherwise. Brackets are matched by the file's one
    /// settling pass, so asking at every occurrence of a key stays linear.
    func objectValue(ofKeyAt offset: Int, key: String) -> Argument? {
        var i = offset + key.unicodeScalars.count
        if i < scalars.count, scalars[i] == "\"" || scalars[i] == "'" {
            guard offset > 0, scalars[offset - 1] == scalars[i] else { return nil }
            i += 1
        }
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
        guard i < scalars.count, scalars[i] == ":" else { return nil }
        i += 1
        while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
        return objectValue(at: i)
    }

    /// The object literal whose `{` is at `open`, when it closes within ``maximumCallLength``.
    func objectValue(at open: Int) -> Argument? {
        guard open < scalars.count, scalars[open] == "{", let close = closing(open) else { return nil }
        return Argument(scalars[open...close])
    }

    /// The members at the top level of the object literal whose `{` is at `open` (`key: value`,
    /// `"key": value`), each value a slice of this text: a nested bracket is passed over where it
    /// closes (the file's one settling pass), so asking this of every object in a file reads each
    /// character once, however deep objects nest (``labelled`` re-reads an object's whole text).
    /// Empty when no object closes there.
    func members(ofObjectAt open: Int) -> [(key: String, value: Argument)] {
        guard open < scalars.count, scalars[open] == "{", let close = closing(open),
            let items = items(between: open, and: close)
        else { return [] }
        return items.compactMap { item in item.label.map { ($0, item.value) } }
    }

    /// The identifier an argument is (`kChannelId`, or `Keys.CHANNEL_ID` by its last part); nil
    /// for a literal or an expression.
    static func identifier(of argument: Argument) -> String? {
        guard let name = argument.lastPart, name.unicodeScalars.first.map({ !("0"..."9").contains($0) }) == true
        else { return nil }
        return name
    }

    /// The words that make a line a constant's declaration: `const` (Dart, JavaScript, Kotlin's
    /// `const val`), `final` (Dart, Java), `val` (Kotlin), `let` and `static` (Swift, Java).
    private static let declaring: Set<String> = ["const", "final", "val", "let", "static"]

    /// What this file declares `name` as: the literals its declarations (`name` after one of
    /// ``declaring`` on its line, within 256 characters before it) assign, and whether one
    /// assigns anything else. For a name another file passes without declaring it (a constants
    /// file of its own). One pass: the words before each occurrence are read once, in order.
    func declarations(of name: String) -> (literals: Set<String>, other: Bool) {
        var literals: Set<String> = []
        var ahead = LookAhead(scalars)
        // The words read so far, and where the last declaring word on the current line starts.
        var read = 0
        var declaringAt = -1
        for offset in occurrences(of: name) {
            while read < offset {
                if scalars[read] == "\n" {
                    declaringAt = -1
                    read += 1
                } else if Character(scalars[read]).isLetter {
                    let wordStart = read
                    while read < scalars.count, Character(scalars[read]).isLetter { read += 1 }
                    let word = String(String.UnicodeScalarView(scalars[wordStart..<read]))
                    if Self.declaring.contains(word) { declaringAt = wordStart }
                } else {
                    read += 1
                }
            }
            guard declaringAt >= 0, offset - declaringAt <= 256 else { continue }
            switch assignment(after: offset + name.unicodeScalars.count, &ahead) {
            case .literal(let value)?: literals.insert(value)
            case .other?: return (literals, true)
            case nil: continue
            }
        }
        return (literals, false)
    }

    /// Whether this file binds `name` itself, so that a constant of that name elsewhere is not
    /// what it passes: an assignment or a typed name (`name: String`, a parameter or local), or a
    /// name after a type (`String name`). Asked once per name.
    func binds(_ name: String) -> Bool {
        if let known = constants.binds[name] { return known }
        let answer = bindsOnce(name)
        constants.binds[name] = answer
        return answer
    }

    private func bindsOnce(_ name: String) -> Bool {
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

    /// Which parameter of the function `name`, declared in this file, it looks up as a raw
    /// resource (`getIdentifier(p, "raw", …)` in its body, `p` that parameter): a call of it names
    /// the resource its argument there gives, as a helper `getResource(name)` that returns the
    /// URI of the ID (issue 57). Nil when the file declares no such function. Each name is
    /// searched for once, at most ``maximumRawLookups`` names a file (each a pass over it), and
    /// none in a file that calls no `getIdentifier`.
    func rawLookupParameter(ofFunction name: String) -> Int? {
        if let known = constants.rawLookups[name] { return known }
        if constants.looksUpIdentifiers == nil {
            constants.looksUpIdentifiers = !occurrences(of: "getIdentifier").isEmpty
        }
        guard constants.looksUpIdentifiers == true, constants.rawLookups.count < Self.maximumRawLookups else {
            return nil
        }
        let found = rawLookupParameterOnce(name)
        constants.rawLookups[name] = found
        return found
    }

    static let maximumRawLookups = 16

    private func rawLookupParameterOnce(_ name: String) -> Int? {
        let length = name.unicodeScalars.count
        // At most a few declarations' bodies read (nested ones would read the same text again).
        var bodies = 0
        for offset in occurrences(of: name) where bodies < 8 {
            // A declaration: its parameters, then its body (`function f(n) {`, `fun f(n): Uri {`,
            // `Uri f(String n) {`); a call is followed by anything else.
            var open = offset + length
            while open < scalars.count, scalars[open] == " " { open += 1 }
            guard open < scalars.count, scalars[open] == "(", let close = closing(open),
                let declared = items(between: open, and: close)
            else { continue }
            var brace = close + 1
            while brace < scalars.count, brace - close < 128, scalars[brace] != "{", scalars[brace] != ";",
                scalars[brace] != "=", scalars[brace] != ")", scalars[brace] != ","
            {
                brace += 1
            }
            guard brace < scalars.count, scalars[brace] == "{", var end = closing(brace) else { continue }
            // A TypeScript return type of an object's shape (`): { id: number; uri: Uri } {`): the
            // body is the block after it.
            var next = end + 1
            while next < scalars.count, next - end < 64, scalars[next].properties.isWhitespace { next += 1 }
            if next < scalars.count, scalars[next] == "{", let body = closing(next) {
                brace = next
                end = body
            }
            bodies += 1
            let parameters = declared.map { Self.parameterName($0.text) }
            let body = SourceText(String(String.UnicodeScalarView(scalars[brace...end])))
            for at in body.occurrences(of: "getIdentifier") {
                guard let lookup = body.call(at: at, name: "getIdentifier"), let type = lookup.positional(1),
                    Self.namesRaw(type), let given = lookup.positional(0)?.text.trimmingWhitespace(),
                    let index = parameters.firstIndex(of: given)
                else { continue }
                return index
            }
        }
        return nil
    }

    /// A declared parameter's name: `name`, `name: Type`, `name?: Type`, `Type name`, `name = x`.
    private static func parameterName(_ declared: String) -> String {
        let head = declared.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
        let named = head.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        return named.split { !isIdentifier($0.unicodeScalars.first!) }.last.map(String.init) ?? ""
    }

    /// Whether a `getIdentifier` type argument is `"raw"`, or falls back to it (`folder || "raw"`,
    /// `type ?? "raw"`: an optional parameter left out).
    static func namesRaw(_ argument: Argument) -> Bool {
        if argument.literal == "raw" { return true }
        let text = argument.text.trimmingWhitespace()
        return (text.hasSuffix("\"raw\"") || text.hasSuffix("'raw'")) && (text.contains("||") || text.contains("??"))
    }

    /// Whether `bytes` hold one of `words` (ASCII): a first search, before a file is read as text.
    static func holds(_ bytes: [UInt8], _ words: [String]) -> Bool {
        let needles = words.map { Array($0.utf8) }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            for needle in needles where !needle.isEmpty {
                // A long needle (a constant's name) by KMP: memcmp at each first byte would cost
                // its length at every byte of repetitive text.
                if needle.count > 64 {
                    if Self.kmpFinds(needle, in: buffer) { return true }
                    continue
                }
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

    private static func kmpFinds(_ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let failure = prefixTable(needle)
        var matched = 0
        for c in text {
            while matched > 0, c != needle[matched] { matched = failure[matched - 1] }
            if c == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
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

    /// One argument: a slice of its file's text, read only as far as a question needs (a call's
    /// argument holds every call nested in it, and is not copied for each).
    struct Argument {
        let scalars: ArraySlice<Unicode.Scalar>

        init(_ scalars: ArraySlice<Unicode.Scalar>) { self.scalars = scalars }
        init(text: String) { scalars = Array(text.unicodeScalars)[...] }

        var text: String { String(String.UnicodeScalarView(scalars)) }

        /// Where its text starts and ends without surrounding whitespace; nil when blank.
        private var trimmed: ClosedRange<Int>? {
            var first = scalars.startIndex, last = scalars.endIndex - 1
            while first <= last, scalars[first].properties.isWhitespace { first += 1 }
            while last >= first, scalars[last].properties.isWhitespace { last -= 1 }
            return first <= last ? first...last : nil
        }

        var isBlank: Bool { trimmed == nil }

        /// Where its `{` is, when it is an object literal (after white space): an offset into the
        /// file it is a slice of, for ``SourceText/members(ofObjectAt:)`` of that file.
        var openingBrace: Int? {
            guard let range = trimmed, scalars[range.lowerBound] == "{" else { return nil }
            return range.lowerBound
        }

        /// At most `count` characters of its text, without surrounding whitespace (for a message).
        func preview(_ count: Int) -> String {
            guard let range = trimmed else { return "" }
            return String(String.UnicodeScalarView(scalars[range].prefix(count * 4))).prefix(count).description
        }

        /// The name it ends in after its last `.` (`Keys.CHANNEL_ID`: `CHANNEL_ID`), when that
        /// part is an identifier; read from the end, as far as that name goes.
        var lastPart: String? {
            guard let range = trimmed else { return nil }
            var end = range.upperBound
            while end >= range.lowerBound, scalars[end] == "." { end -= 1 }
            var start = end
            while start >= range.lowerBound, SourceText.isIdentifier(scalars[start]) { start -= 1 }
            guard start < end, start < range.lowerBound || scalars[start] == "." else { return nil }
            return String(String.UnicodeScalarView(scalars[(start + 1)...end]))
        }

        /// Where the `:` or `=` after its label is, when it has one.
        private var labelMark: (label: String, mark: Int)? {
            var i = scalars.startIndex
            while i < scalars.endIndex, scalars[i].properties.isWhitespace { i += 1 }
            // A quoted key (`"sound": …`, JSON written in code) is labelled by what it quotes.
            let quote = i < scalars.endIndex && (scalars[i] == "\"" || scalars[i] == "'") ? scalars[i] : nil
            if quote != nil { i += 1 }
            let head = i
            while i < scalars.endIndex, SourceText.isIdentifier(scalars[i]) { i += 1 }
            let headEnd = i
            if let quote {
                guard i < scalars.endIndex, scalars[i] == quote else { return nil }
                i += 1
            }
            while i < scalars.endIndex, scalars[i].properties.isWhitespace { i += 1 }
            guard headEnd > head, i < scalars.endIndex, scalars[i] == ":" || scalars[i] == "=" else { return nil }
            // `a == b` is no label.
            if scalars[i] == "=", i + 1 < scalars.endIndex, scalars[i + 1] == "=" { return nil }
            return (String(String.UnicodeScalarView(scalars[head..<headEnd])), i)
        }

        /// `label` when the argument is `label: value` or `label = value` (Swift, Dart, Kotlin).
        var label: String? { labelMark?.label }

        /// The value after the label, or the whole argument.
        var value: Argument {
            guard let mark = labelMark?.mark else { return self }
            return Argument(scalars[(mark + 1)...])
        }

        /// The value of `label`: this argument's own, or a member of an object literal in it
        /// (`{ sound: 'x' }`), at the literal's top level.
        func labelled(_ label: String) -> Argument? {
            if let mark = labelMark, mark.label == label { return Argument(scalars[(mark.mark + 1)...]) }
            guard let range = trimmed, range.count >= 2, scalars[range.lowerBound] == "{",
                scalars[range.upperBound] == "}"
            else { return nil }
            let inner = SourceText(
                "f(" + String(String.UnicodeScalarView(scalars[(range.lowerBound + 1)..<range.upperBound])) + ")")
            // A shorthand member (`{ id, sound }`) is its own name's value.
            let members = inner.call(at: 0, name: "f")?.arguments ?? []
            return members.first { $0.label == label }?.value
                ?? members.first { $0.label == nil && $0.text.trimmingWhitespace() == label }
        }

        /// The string literal the argument is, without interpolation (`"x"`, `'x'`, `@"x"`, a
        /// template without `${`); nil for anything computed. Read no further than its second
        /// quote when it is no literal.
        var literal: String? {
            guard var range = trimmed else { return nil }
            if scalars[range.lowerBound] == "@" {
                guard range.lowerBound < range.upperBound else { return nil }
                range = (range.lowerBound + 1)...range.upperBound
            }
            let first = scalars[range.lowerBound]
            guard first == "\"" || first == "'" || first == "`", range.count >= 2, scalars[range.upperBound] == first
            else { return nil }
            let innerRange = (range.lowerBound + 1)..<range.upperBound
            guard !scalars[innerRange].contains(first) else { return nil }
            let inner = String(String.UnicodeScalarView(scalars[innerRange]))
            guard !inner.contains(first == "`" ? "${" : "\\("), !(first == "\"" && inner.contains("$")),
                !(first == "'" && inner.contains("$"))
            else { return nil }
            return inner
        }

        /// Whether the argument is `null` / `nil`.
        var isNull: Bool {
            guard let range = trimmed, range.count <= 9 else { return false }
            return ["null", "nil", "undefined"].contains(String(String.UnicodeScalarView(scalars[range])))
        }
    }
}
