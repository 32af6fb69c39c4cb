import AlertSoundCore

/// A channel's sound followed as a reader of the code follows it when the call does not name it
/// itself (issue 57): a variable to the value it holds where it is used, a call of a function the
/// file declares (Kotlin's `fun f(…): Uri? = …` or `{ … return … }`, Java's `Uri f(…) { … }`) to
/// what it returns, its parameters bound to the call's arguments, and a branching expression
/// (`if`/`else`, `when`, `try`/`catch`, `?:`) to each branch's value. Each value reached is a
/// candidate; ``decide(_:)`` turns them into one sound, or says the sound is computed and lists
/// them.
///
/// Bounded: at most ``maximumSteps`` steps deep (a variable, a return, a branch each one; the
/// recursion is at most that many frames), ``maximumCandidates`` values per sound,
/// ``maximumReturns`` returns per function, ``maximumFollows`` sounds followed and
/// ``maximumVisits`` values read per file; each function is looked up once per file within the
/// file's searches (``CodeFollow/maySearch()``), and what a call returns with the same values
/// bound is read once.
/// Every text read is at most ``SourceText/maximumValueLength`` characters.
extension CodeFollow {
    /// One value a sound may take.
    struct Candidate: Equatable {
        var sound: ChannelSound
        /// Where the code gives it (1-based).
        var line: Int
        /// For a value computed at run time: whether it reads state the app stores (a
        /// preference, a channel that already exists), which a fresh install does not have.
        var stored: Bool
    }

    /// A function this file declares.
    struct Function {
        var parameters: [(name: String, label: String, value: String?)]
        /// The values it returns, each with where it starts.
        var returns: [(text: String, at: Int)]
    }

    /// Functions and returns read per file, and the sounds followed so far.
    final class FunctionMemo {
        var functions: [String: Function?] = [:]
        var returns: [Int]?
        var follows = 0
        /// What each call returns, by the function's name and the values bound to its
        /// parameters: the same call from many channels is followed once.
        var results: [String: [Candidate]] = [:]
        /// Values followed in this file: at most ``maximumVisits``.
        var visits = 0
    }

    static let maximumSteps = 8
    static let maximumCandidates = 16
    static let maximumReturns = 8
    static let maximumFollows = 256
    static let maximumVisits = 4096

    /// Words of the APIs that read what an app stores between runs: Android's SharedPreferences
    /// (`getSharedPreferences`, `PreferenceManager`) and Jetpack DataStore, an app's own wrapper of
    /// them (`appPreferences`, `userSettings`, `prefs`), and a channel that already exists
    /// (`getNotificationChannel`). None of it is there on a fresh install.
    static let storedStateWords = [
        "Preference", "preference", "Prefs", "prefs", "Settings", "settings", "DataStore", "dataStore",
        "getNotificationChannel"
    ]

    /// What the sound `argument` (a channel's `setSound` argument, used at `use`) plays, followed
    /// through variables, functions and branches; and how, for people, when it took more than
    /// the argument itself.
    func sound(of argument: SourceText.Argument, at use: Int) -> (sound: ChannelSound, origin: String?) {
        guard functions.follows < Self.maximumFollows, !source.scalars.isEmpty else { return (.computed, nil) }
        functions.follows += 1
        var found: [Candidate] = []
        candidates(of: argument, at: use, steps: 0, into: &found)
        return Self.decide(found)
    }

    /// Each value `argument`, used at `use`, may take, appended to `found`.
    func candidates(of argument: SourceText.Argument, at use: Int, steps: Int, into found: inout [Candidate]) {
        guard found.count < Self.maximumCandidates else { return }
        functions.visits += 1
        let line = source.line(at: max(0, min(use, source.scalars.count - 1)))
        func computed() {
            found.append(Candidate(sound: .computed, line: line, stored: stored(argument.text, at: use)))
        }
        // Branches first: `a ?: RingtoneManager.getDefaultUri(…)` names the default URI, and is
        // not only the default.
        var text = CodeSounds.uriTarget(argument).text.trimmingWhitespace()
        // `x?.toUri()`, `x!!`: the value is `x`'s.
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if steps < Self.maximumSteps, let branches = Self.branches(of: text), branches.count > 1 {
            for branch in branches {
                candidates(of: SourceText.Argument(text: branch), at: use, steps: steps + 1, into: &found)
            }
            return
        }
        let direct = CodeSounds.androidURI(argument)
        if direct != .computed {
            found.append(Candidate(sound: direct, line: line, stored: false))
            return
        }
        guard steps < Self.maximumSteps, functions.visits < Self.maximumVisits else { return computed() }
        if Self.isName(text) {
            // A variable: the value that reaches the use, else the one the file gives it.
            let assigned = source.assignedValues(of: text)
            guard let value = source.reachingValue(of: text, at: use) ?? (assigned.count == 1 ? assigned[0] : nil)
            else { return computed() }
            candidates(of: SourceText.Argument(text: value), at: use, steps: steps + 1, into: &found)
            return
        }
        // SharedPreferences' `getString(key, default)`: on a fresh install nothing is stored, and
        // it returns the default; later, what the user stored.
        if let callee = Self.callee(text), callee.name == "getString", callee.call.arguments.count == 2,
            let fallback = callee.call.positional(1), stored(text, at: use)
        {
            found.append(Candidate(sound: .computed, line: line, stored: true))
            candidates(of: fallback, at: use, steps: steps + 1, into: &found)
            return
        }
        if let callee = Self.callee(text), let function = function(named: callee.name) {
            let binding = bind(callee.call, function.parameters, at: use)
            let key = ([callee.name] + function.parameters.map { binding.values[$0.name]?.text ?? "" }).joined(
                separator: "\u{0}")
            var returned: [Candidate]
            if let known = functions.results[key] {
                returned = known
            } else {
                returned = []
                for value in function.returns {
                    let argument = SourceText.Argument(text: value.text)
                    candidates(
                        of: substitute(argument, binding) ?? argument, at: value.at, steps: steps + 1, into: &returned)
                }
                functions.results[key] = returned
            }
            found += returned.prefix(Self.maximumCandidates - found.count)
            return
        }
        computed()
    }

    /// Whether the computed value `text`, used at `use`, reads stored state: its own words, or
    /// those of the value its variable (`channel` of `channel.sound`) holds there.
    private func stored(_ text: String, at use: Int) -> Bool {
        if Self.storedStateWords.contains(where: text.contains) { return true }
        let base = String(text.trimmingWhitespace().prefix { $0 != "." && $0 != "?" && $0 != "!" })
        guard Self.isName(base), let value = source.reachingValue(of: base, at: use) else { return false }
        return Self.storedStateWords.contains(where: value.contains)
    }

    /// The parameters of a function bound to a call's arguments: by label, by position, else the
    /// default. An argument that is a variable of the caller's is its value there (`use`).
    private func bind(
        _ call: SourceText.Call, _ parameters: [(name: String, label: String, value: String?)], at use: Int
    ) -> Binding {
        var binding = Binding()
        let positional = call.arguments.filter { $0.label == nil }
        var next = 0
        for parameter in parameters {
            var value: SourceText.Argument?
            if let labelled = call.arguments.first(where: { $0.label == parameter.label || $0.label == parameter.name })
            {
                value = labelled.value
            } else if next < positional.count {
                value = positional[next]
                next += 1
            } else {
                value = parameter.value.map(SourceText.Argument.init(text:))
            }
            if let name = value?.text.trimmingWhitespace(), Self.isName(name),
                let held = source.reachingValue(of: name, at: use)
            {
                value = SourceText.Argument(text: held)
            }
            binding.values[parameter.name] = value
        }
        return binding
    }

    /// The function `name` this file declares, read once: Kotlin's `fun name(…)` with an
    /// expression body (`= …`) or a block, Java's `Type name(…) {`. Nil when the file declares
    /// none, or several (overloads: which one runs is the compiler's choice).
    func function(named name: String) -> Function? {
        if let known = functions.functions[name] { return known }
        guard maySearch() else { return nil }
        let declared = Array(
            source.occurrences(of: name).lazy.compactMap { self.declaration(of: name, at: $0) }.prefix(2))
        let function = declared.count == 1 ? declared[0] : nil
        functions.functions[name] = function
        return function
    }

    /// The function declared at `offset`, when `name` is declared there (not called).
    private func declaration(of name: String, at offset: Int) -> Function? {
        let scalars = source.scalars
        // The word before: `fun`, or a type (Java); not a keyword that makes it a call.
        var i = offset - 1
        while i >= 0, scalars[i] == " " || scalars[i] == "\t" { i -= 1 }
        guard i >= 0 else { return nil }
        if scalars[i] == ">" || scalars[i] == "]" {
            // Java's `List<Uri> name(` / `String[] name(`: a type.
        } else {
            guard SourceText.isIdentifier(scalars[i]) else { return nil }
            var start = i
            while start > 0, SourceText.isIdentifier(scalars[start - 1]) { start -= 1 }
            let word = String(String.UnicodeScalarView(scalars[start...i]))
            guard !["return", "new", "else", "throw", "case", "yield", "await", "in", "is", "as"].contains(word)
            else { return nil }
        }
        var open = offset + name.unicodeScalars.count
        while open < scalars.count, scalars[open] == " " { open += 1 }
        guard open < scalars.count, scalars[open] == "(", let close = source.closingBracket(open),
            let call = source.call(at: offset, name: name)
        else { return nil }
        let parameters = call.arguments.compactMap(Self.parameter)
        // What follows the parameters: `: Type` then `=` or `{`; Java's `throws X {`.
        var j = close + 1
        let limit = min(scalars.count, j + 256)
        var depth = 0
        while j < limit {
            let c = scalars[j]
            if c == "(" || c == "<" { depth += 1 }
            if c == ")" || (c == ">" && scalars[j - 1] != "-") { depth -= 1 }
            if depth == 0, c == "{" || c == "=" || c == ";" || c == "}" { break }
            if depth == 0, c == "\n", j + 1 < limit, scalars[j + 1] == "\n" { return nil }
            j += 1
        }
        guard j < limit, depth == 0 else { return nil }
        if scalars[j] == "=" {
            guard j + 1 < scalars.count, scalars[j + 1] != "=" else { return nil }
            let body = source.expression(after: j)
            return Function(parameters: parameters, returns: [(body.text, body.start)])
        }
        guard scalars[j] == "{" else { return nil }
        return Function(parameters: parameters, returns: returns(from: j, to: source.blockClose(j)))
    }

    /// The values of the `return`s between `open` and `close` (a labelled `return@x`, a lambda's,
    /// and a bare `return` left out), at most ``maximumReturns``.
    private func returns(from open: Int, to close: Int) -> [(text: String, at: Int)] {
        let all: [Int]
        if let known = functions.returns {
            all = known
        } else {
            all = source.occurrences(of: "return")
            functions.returns = all
        }
        var low = 0, high = all.count
        while low < high {
            let mid = (low + high) / 2
            if all[mid] < open { low = mid + 1 } else { high = mid }
        }
        var found: [(text: String, at: Int)] = []
        var k = low
        while k < all.count, all[k] < close, found.count < Self.maximumReturns {
            let at = all[k]
            k += 1
            let after = at + 6
            guard after < source.scalars.count, source.scalars[after] != "@" else { continue }
            let value = source.expression(after: at + 5)
            let text = value.text.trimmingWhitespace()
            guard !text.isEmpty, !text.hasPrefix("}") else { continue }
            found.append((text.hasSuffix(";") ? String(text.dropLast()) : text, value.start))
        }
        return found
    }

    /// Whether `text` is one name (an identifier not starting with a digit).
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy(SourceText.isIdentifier)
    }

    /// The function `text` calls when it is one call and nothing else (`f(a, b)`,
    /// `Helper.f(a)`, `x?.f()`): its name and arguments.
    static func callee(_ text: String) -> (name: String, call: SourceText.Call)? {
        let inner = SourceText(text)
        let scalars = inner.scalars
        var i = 0
        var name: Range<Int>?
        while i < scalars.count {
            guard SourceText.isIdentifier(scalars[i]) else { return nil }
            let start = i
            while i < scalars.count, SourceText.isIdentifier(scalars[i]) { i += 1 }
            name = start..<i
            var j = i
            while j < scalars.count, scalars[j] == "?" || scalars[j] == "!" { j += 1 }
            guard j < scalars.count, scalars[j] == "." else { break }
            i = j + 1
        }
        guard let name, i < scalars.count, scalars[i] == "(", let close = inner.closingBracket(i),
            scalars[(close + 1)...].allSatisfy({ $0.properties.isWhitespace })
        else { return nil }
        let word = String(String.UnicodeScalarView(scalars[name]))
        guard let call = inner.call(at: name.lowerBound, name: word) else { return nil }
        return (word, call)
    }

    /// The values of a branching expression, each branch's: `if (…) a else b` (a block's last
    /// expression), `when (…) { x -> a … }`, `try { a } catch (…) { b }`, `a ?: b`. Nil when
    /// `text` is none of these.
    static func branches(of text: String) -> [String]? {
        let inner = SourceText(text)
        let scalars = inner.scalars
        func skip(_ i: Int) -> Int {
            var i = i
            while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
            return i
        }
        func word(_ w: String, at i: Int) -> Bool {
            let needle = Array(w.unicodeScalars)
            guard i + needle.count <= scalars.count, Array(scalars[i..<(i + needle.count)]) == needle else {
                return false
            }
            guard i == 0 || !SourceText.isIdentifier(scalars[i - 1]) else { return false }
            return i + needle.count == scalars.count || !SourceText.isIdentifier(scalars[i + needle.count])
        }
        func slice(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        /// The block at `open`'s last expression, and where it closes.
        func block(_ open: Int) -> (value: String?, close: Int)? {
            guard open < scalars.count, scalars[open] == "{", let close = inner.closingBracket(open) else { return nil }
            return (lastExpression(slice((open + 1)..<close)), close)
        }
        if word("if", at: 0) {
            let condition = skip(2)
            guard condition < scalars.count, scalars[condition] == "(", let end = inner.closingBracket(condition)
            else { return nil }
            var i = skip(end + 1)
            var first: String?
            if let body = block(i) {
                first = body.value
                i = skip(body.close + 1)
            } else {
                // `if (c) a else b`: up to the `else` at the top level.
                guard let otherwise = topLevel(inner, from: i, where: { word("else", at: $0) }) else { return nil }
                first = slice(i..<otherwise)
                i = otherwise
            }
            guard word("else", at: i) else { return nil }
            let rest = skip(i + 4)
            let second = block(rest).map(\.value) ?? slice(rest..<scalars.count)
            return [first ?? "", second ?? ""]
        }
        if word("when", at: 0) {
            var i = skip(4)
            if i < scalars.count, scalars[i] == "(" {
                guard let end = inner.closingBracket(i) else { return nil }
                i = skip(end + 1)
            }
            guard i < scalars.count, scalars[i] == "{", let close = inner.closingBracket(i) else { return nil }
            return statements(slice((i + 1)..<close)).compactMap { entry in
                let parts = SourceText(entry)
                guard
                    let arrow = topLevel(
                        parts, from: 0,
                        where: {
                            parts.scalars[$0] == "-" && $0 + 1 < parts.scalars.count && parts.scalars[$0 + 1] == ">"
                        })
                else { return nil }
                let value = String(String.UnicodeScalarView(parts.scalars[(arrow + 2)...])).trimmingWhitespace()
                guard value.hasPrefix("{") else { return value }
                return lastExpression(String(value.dropFirst().dropLast()))
            }
        }
        if word("try", at: 0) {
            guard let body = block(skip(3)) else { return nil }
            var values = [body.value ?? ""]
            var i = skip(body.close + 1)
            while word("catch", at: i) {
                let open = skip(i + 5)
                guard open < scalars.count, scalars[open] == "(", let end = inner.closingBracket(open),
                    let caught = block(skip(end + 1))
                else { break }
                values.append(caught.value ?? "")
                i = skip(caught.close + 1)
            }
            return values
        }
        if let elvis = topLevel(
            inner, from: 0, where: { scalars[$0] == "?" && $0 + 1 < scalars.count && scalars[$0 + 1] == ":" })
        {
            return [slice(0..<elvis).trimmingWhitespace(), slice((elvis + 2)..<scalars.count).trimmingWhitespace()]
        }
        return nil
    }

    /// The first offset from `start` at the top level of `source` (not in a bracket or quotes)
    /// where `matches`; nil when none, or a bracket does not close.
    private static func topLevel(_ source: SourceText, from start: Int, where matches: (Int) -> Bool) -> Int? {
        let scalars = source.scalars
        var i = start
        var quote: Unicode.Scalar?
        while i < scalars.count {
            let c = scalars[i]
            if let q = quote {
                if c == "\\" {
                    i += 2
                    continue
                }
                if c == q { quote = nil }
                i += 1
                continue
            }
            if c == "\"" || c == "'" {
                quote = c
                i += 1
                continue
            }
            if c == "(" || c == "[" || c == "{" {
                guard let close = source.closingBracket(i) else { return nil }
                i = close + 1
                continue
            }
            if matches(i) { return i }
            i += 1
        }
        return nil
    }

    /// The statements of a block's text at its top level, one per line or `;`, a line that goes
    /// on (it ends in an operator, `,` or `->`, or the next starts with `.`, `?`, `:` or `+`) joined
    /// with the next.
    static func statements(_ text: String) -> [String] {
        let inner = SourceText(text)
        let scalars = inner.scalars
        var pieces: [String] = []
        var start = 0
        var i = 0
        var quote: Unicode.Scalar?
        while i <= scalars.count {
            if i == scalars.count {
                pieces.append(String(String.UnicodeScalarView(scalars[start..<i])))
                break
            }
            let c = scalars[i]
            if let q = quote {
                if c == "\\" {
                    i += 2
                    continue
                }
                if c == q || c == "\n" { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "(" || c == "[" || c == "{", let close = inner.closingBracket(i) {
                i = close + 1
                continue
            } else if c == "\n" || c == ";" {
                pieces.append(String(String.UnicodeScalarView(scalars[start..<i])))
                start = i + 1
            }
            i += 1
        }
        var joined: [String] = []
        for piece in pieces.map({ $0.trimmingWhitespace() }) where !piece.isEmpty {
            if let last = joined.last,
                [".", "?", ":", "+"].contains(where: piece.hasPrefix)
                    || ["+", "-", "*", "=", "(", ",", ".", "->", "&&", "||"].contains(where: last.hasSuffix)
            {
                joined[joined.count - 1] = last + " " + piece
            } else {
                joined.append(piece)
            }
        }
        return joined
    }

    /// The value of a block's text: its last statement (`return x`: `x`); nil when that
    /// declares something.
    static func lastExpression(_ text: String) -> String? {
        guard var last = statements(text).last else { return nil }
        if last.hasPrefix("return ") { last = String(last.dropFirst(7)).trimmingWhitespace() }
        for word in ["val ", "var ", "fun ", "throw "] where last.hasPrefix(word) { return nil }
        return last
    }

    /// One sound from the candidates, and how, for people:
    /// - all one sound: that sound;
    /// - one sound, and the other values read stored state (a preference, an existing channel):
    ///   that sound, which a fresh install plays, said so;
    /// - otherwise computed, each candidate listed.
    static func decide(_ found: [Candidate]) -> (sound: ChannelSound, origin: String?) {
        guard !found.isEmpty else { return (.computed, nil) }
        var known: [ChannelSound] = []
        for candidate in found where candidate.sound != .computed && !known.contains(candidate.sound) {
            known.append(candidate.sound)
        }
        let computed = found.filter { $0.sound == .computed }
        if known.count == 1, let sound = known.first {
            if computed.isEmpty { return (sound, found.count > 1 ? "every branch gives \(describe(sound))" : nil) }
            if computed.allSatisfy(\.stored), let given = found.first(where: { $0.sound == sound }) {
                let lines = Set(computed.map(\.line)).sorted().map(String.init).joined(separator: ", ")
                return (
                    sound,
                    "on a fresh install \(describe(sound)) (line \(given.line): what the code falls back to when nothing is stored); a choice the app stores later (a preference, an existing channel: line \(lines)) is read instead"
                )
            }
        }
        guard found.count > 1 else { return (.computed, nil) }
        var listed: [String] = []
        for candidate in found {
            let item =
                candidate.sound == .computed
                ? "a value computed at run time (line \(candidate.line))"
                : "\(describe(candidate.sound)) (line \(candidate.line))"
            if !listed.contains(item) { listed.append(item) }
        }
        return (.computed, "one of: " + listed.joined(separator: ", "))
    }

    private static func describe(_ sound: ChannelSound) -> String {
        switch sound {
        case .resource(let name): return "'\(name)'"
        case .defaultSound: return "the default sound"
        case .silent: return "no sound"
        case .computed: return "a value computed at run time"
        case .notificationsOwn: return "the sound of the notification that first creates the channel"
        }
    }
}
