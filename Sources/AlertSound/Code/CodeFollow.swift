import AlertSoundCore

/// Names followed as a reader of the code follows them (issue 57): a channel made inside a helper
/// function takes its ID and sound from the function's parameters, so each call of the helper in
/// the file makes one channel with the arguments that call passes (or the parameters' defaults);
/// a channel made inside a loop over a literal collection (`for (const c of CHANNELS)`,
/// `Object.entries(X).forEach(([k, c]) => …)`, `listOf(Channel("a", …)).forEach { … }`) is one
/// channel per element. Each way is read from the blocks around the call, outwards, as far as
/// the first function: nothing is run, and what stays unbound stays computed.
///
/// Bounded: at most ``maximumLevels`` blocks outwards, ``maximumDepth`` helpers deep (a helper
/// called by a helper that passes its own parameter on), ``maximumBindings`` channels per call,
/// and every backward read at most ``maximumHeader`` characters, so the cost per channel call is
/// bounded whatever the file holds; the recursion is at most ``maximumDepth`` frames.
struct CodeFollow {
    let source: SourceText
    private let memo = Memo()
    /// What ``sound(of:at:)`` has read of this file's functions (CodeReturns.swift).
    let functions = FunctionMemo()

    /// Answers kept per file: each helper's calls and each class's constructor read once,
    /// however many channels ask (a file of many channels in one helper stays linear).
    private final class Memo {
        var calls: [String: [Binding]?] = [:]
        var classes: [String: [String?]] = [:]
        /// Each Kotlin enum's entries, and whether it overrides `toString`.
        var enums: [String: (entries: Set<String>, named: Bool)] = [:]
        var headers: [Int: Header?] = [:]
        /// Channels made by following, in this file: at most ``maximumChannels``.
        var made = 0
        /// Searches of the whole file (a helper's calls, a class, a collection's name): at most
        /// ``maximumSearches``, so a file of many helpers costs a bounded number of passes.
        var searches = 0
    }

    /// Whether one more search of the whole file may be made.
    func maySearch() -> Bool {
        guard memo.searches < Self.maximumSearches else { return false }
        memo.searches += 1
        return true
    }

    static let maximumSearches = 64

    init(_ source: SourceText) { self.source = source }

    /// Whether `count` more channels may be made by following in this file.
    func mayMake(_ count: Int) -> Bool {
        guard memo.made + count <= Self.maximumChannels else { return false }
        memo.made += count
        return true
    }

    static let maximumChannels = 256

    /// Names bound to the arguments that give them their values.
    struct Binding {
        var values: [String: SourceText.Argument] = [:]
        /// Where the values are given (the helper's call), when not at the channel's own call.
        var offset: Int?
    }

    static let maximumLevels = 24
    static let maximumDepth = 3
    static let maximumBindings = 32
    static let maximumHeader = 512

    /// The names an argument needs bound: the identifier it is (`sound`), or the variable whose
    /// member it reads (`config` of `config.sound`, `c?.id`).
    static func base(_ argument: SourceText.Argument?) -> String? {
        guard let argument else { return nil }
        let text = argument.text.trimmingWhitespace()
        var parts = text.split(separator: ".", omittingEmptySubsequences: false).map {
            String($0.filter { $0 != "?" && $0 != "!" })
        }
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(SourceText.isIdentifier) }),
            let first = parts[0].unicodeScalars.first, !("0"..."9").contains(first)
        else { return nil }
        parts.removeLast(parts.count - 1)
        return parts[0]
    }

    /// The names an argument uses that a binding may give: each identifier outside quotes that
    /// does not follow a `.` (`sound`; `config` of `config.sound`), and each `$name` or `${name`
    /// inside a template. One pass over the argument.
    static func names(_ argument: SourceText.Argument?) -> Set<String> {
        guard let argument else { return [] }
        var found: Set<String> = []
        _ = scan(argument) { name, _, _, _ in
            found.insert(name)
            return nil
        }
        return found
    }

    /// Calls `replace` with each name ``names(_:)`` finds — its text, where it and its `.member`
    /// end, whether it is in a template — and puts what it returns in its place.
    private static func scan(
        _ argument: SourceText.Argument,
        _ replace: (_ name: String, _ member: String?, _ quoted: Bool, _ braced: Bool) -> String?
    ) -> String? {
        let scalars = Array(argument.scalars)
        var out = String.UnicodeScalarView()
        var changed = false
        var quote: Unicode.Scalar?
        var i = 0
        func identifier(from start: Int) -> Int {
            var end = start
            while end < scalars.count, SourceText.isIdentifier(scalars[end]), scalars[end] != "$" { end += 1 }
            return end
        }
        while i < scalars.count {
            let c = scalars[i]
            if let q = quote {
                if c == "\\", i + 1 < scalars.count {
                    out.append(c)
                    out.append(scalars[i + 1])
                    i += 2
                    continue
                }
                if c == q { quote = nil }
                // A template's `$name` / `${name}`.
                if c == "$", i + 1 < scalars.count {
                    let braced = scalars[i + 1] == "{"
                    let start = braced ? i + 2 : i + 1
                    let end = identifier(from: start)
                    // `${entry.name}`: a Kotlin enum entry's name (``enumEntry(_:named:)``).
                    if braced, end > start, end < scalars.count, scalars[end] == ".",
                        case let e = identifier(from: end + 1), e < scalars.count, scalars[e] == "}",
                        String(String.UnicodeScalarView(scalars[(end + 1)..<e])) == "name",
                        let value = replace(String(String.UnicodeScalarView(scalars[start..<end])), "name", true, true)
                    {
                        out.append(contentsOf: value.unicodeScalars)
                        changed = true
                        i = e + 1
                        continue
                    }
                    if end > start, !("0"..."9").contains(scalars[start]),
                        !braced || (end < scalars.count && scalars[end] == "}")
                    {
                        let name = String(String.UnicodeScalarView(scalars[start..<end]))
                        if let value = replace(name, nil, true, braced) {
                            out.append(contentsOf: value.unicodeScalars)
                            changed = true
                            i = braced ? end + 1 : end
                            continue
                        }
                    }
                }
                out.append(c)
                i += 1
                continue
            }
            if c == "\"" || c == "'" || c == "`" {
                quote = c
                out.append(c)
                i += 1
                continue
            }
            guard SourceText.isIdentifier(c), i == 0 || !SourceText.isIdentifier(scalars[i - 1]) else {
                out.append(c)
                i += 1
                continue
            }
            var end = i
            while end < scalars.count, SourceText.isIdentifier(scalars[end]) { end += 1 }
            let name = String(String.UnicodeScalarView(scalars[i..<end]))
            // After a `.` it is a member, not a name of its own; a number is no name.
            var before = i - 1
            while before >= 0, scalars[before] == " " { before -= 1 }
            guard before < 0 || scalars[before] != ".", !("0"..."9").contains(c) else {
                out.append(contentsOf: scalars[i..<end])
                i = end
                continue
            }
            // `.member` (`?.`, `!!.`) after it.
            var m = end
            while m < scalars.count, scalars[m] == "?" || scalars[m] == "!" { m += 1 }
            var member: String?
            var memberEnd = end
            if m < scalars.count, scalars[m] == "." {
                let e = identifier(from: m + 1)
                if e > m + 1 {
                    member = String(String.UnicodeScalarView(scalars[(m + 1)..<e]))
                    memberEnd = e
                }
            }
            if let member, let value = replace(name, member, false, false) {
                out.append(contentsOf: value.unicodeScalars)
                changed = true
                i = memberEnd
            } else if let value = replace(name, nil, false, false) {
                out.append(contentsOf: value.unicodeScalars)
                changed = true
                i = end
            } else {
                out.append(contentsOf: scalars[i..<end])
                i = end
            }
        }
        return changed ? String(out) : nil
    }

    /// `argument` with `binding`'s values in place of the names it uses; the argument itself when
    /// it uses none. `member` of an object literal is its member; of a constructor call
    /// (`Channel("a", R.raw.a)`), the argument its class's primary constructor names so. In a
    /// template, a literal's text takes the place of `$name`.
    func substitute(_ argument: SourceText.Argument?, _ binding: Binding) -> SourceText.Argument? {
        guard let argument else { return nil }
        // The whole argument a name or a member: the value itself, not a copy of its text.
        if let name = Self.base(argument), let value = binding.values[name] {
            let text = argument.text.trimmingWhitespace()
            // A member access (`c.sound`), not a sound name: what follows its first dot.
            let access = text.drop(while: { $0 != "." })
            guard !access.isEmpty else { return value }
            let member = String(access.dropFirst().filter { $0 != "?" && $0 != "!" })
            return self.member(value, member) ?? argument
        }
        let replaced = Self.scan(argument) { name, member, quoted, _ in
            guard let value = binding.values[name] else { return nil }
            // A Kotlin enum's entry in a template: its name (`"$type"`, `"${type.name}"`).
            if quoted, member == nil || member == "name", let entry = enumEntry(value, named: member != nil) {
                return entry
            }
            if quoted { return member == nil ? value.literal : nil }
            if let member { return self.member(value, member)?.text }
            return value.text
        }
        return replaced.map { SourceText.Argument(text: $0) } ?? argument
    }

    /// `member` of an object literal (`{ id: 'a' }`) or of a constructor call (``constructorMember(_:_:)``).
    private func member(_ value: SourceText.Argument, _ member: String) -> SourceText.Argument? {
        if member == "name", let entry = enumEntry(value, named: true) {
            return SourceText.Argument(text: "\"\(entry)\"")
        }
        if let given = value.labelled(member) ?? constructorMember(value, member) { return given }
        // An object literal without it: JavaScript's `undefined` (a TypeScript optional member
        // the call leaves out, `{ id: 'reminder' }` for `channel.soundFilename`, issue 57).
        return value.text.trimmingWhitespace().hasPrefix("{") ? SourceText.Argument(text: "undefined") : nil
    }

    /// The name of the Kotlin enum entry `value` is (`Tone.CHIME`: `CHIME`), when this file declares
    /// the enum with it: what `.name` gives (`named`), and what a template makes of the entry,
    /// unless the enum overrides `toString`.
    func enumEntry(_ value: SourceText.Argument, named: Bool) -> String? {
        let parts = value.text.trimmingWhitespace().split(separator: ".", omittingEmptySubsequences: false).map(
            String.init)
        guard parts.count == 2, parts.allSatisfy(Self.isName) else { return nil }
        let known: (entries: Set<String>, named: Bool)
        if let found = memo.enums[parts[0]] {
            known = found
        } else {
            guard maySearch() else { return nil }
            let entries = CodeSounds.kotlinEnumEntries(parts[0], in: source)
            let declared = source.occurrences(of: "enum class " + parts[0]).first
            let body = declared.flatMap { d in
                source.scalars[d..<min(source.scalars.count, d + 512)].firstIndex(of: "{")
            }
            let overrides =
                body.map { open in
                    let close = source.blockClose(open)
                    return !SourceText(String(String.UnicodeScalarView(source.scalars[open..<max(open, close)])))
                        .occurrences(of: "toString").isEmpty
                } ?? true
            known = (entries, !overrides)
            memo.enums[parts[0]] = known
        }
        guard known.entries.contains(parts[1]), named || known.named else { return nil }
        return parts[1]
    }

    /// The argument a constructor call (`Channel("a", R.raw.a)`) gives its class's property
    /// `member`, read from the class's primary constructor in this file (`class Channel(val id:
    /// String, val sound: Int)`): by label, else by position.
    func constructorMember(_ value: SourceText.Argument, _ member: String) -> SourceText.Argument? {
        let text = value.text.trimmingWhitespace()
        let name = String(text.prefix { $0 != "(" }).trimmingWhitespace()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(SourceText.isIdentifier) else { return nil }
        let call = SourceText(text)
        guard let made = call.call(at: 0, name: name) else { return nil }
        if let labelled = made.arguments.first(where: { $0.label == member }) { return labelled.value }
        let names: [String?]
        if let known = memo.classes[name] {
            names = known
        } else {
            guard maySearch() else { return nil }
            names =
                source.occurrences(of: "class " + name).lazy.compactMap {
                    source.call(at: $0, name: "class " + name)
                }.first?.arguments.map { Self.parameter($0)?.name } ?? []
            memo.classes[name] = names
        }
        guard let index = names.firstIndex(where: { $0 == member }) else { return nil }
        return made.positional(index)
    }

    /// A parameter's names and default, from its declaration in any of the languages read:
    /// `name: Type = default` (Kotlin, Swift, TypeScript), `Type name = default` (Java, Dart),
    /// `label name: Type` (Swift: called with `label`), `val name: Type` (a constructor's),
    /// `required this.name`.
    static func parameter(_ declared: SourceText.Argument) -> (name: String, label: String, value: String?)? {
        var text = declared.text.trimmingWhitespace()
        var value: String?
        // The default after the top-level `=` (a `=` inside brackets or quotes is the default's).
        var depth = 0
        var quote: Character?
        for (i, c) in zip(text.indices, text) {
            if let q = quote {
                if c == q { quote = nil }
                continue
            }
            if c == "\"" || c == "'" || c == "`" { quote = c }
            if "([{<".contains(c) { depth += 1 }
            if ")]}>".contains(c) { depth -= 1 }
            if c == "=", depth == 0, text[text.index(after: i)...].first != "=" {
                value = String(text[text.index(after: i)...]).trimmingWhitespace()
                text = String(text[..<i]).trimmingWhitespace()
                break
            }
        }
        let colon = text.firstIndex(of: ":")
        let head = colon.map { String(text[..<$0]) } ?? text
        let words = head.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == ".") }
            .map(String.init).filter {
                ![
                    "val", "var", "let", "final", "const", "required", "private", "public", "internal", "protected",
                    "override", "vararg", "inout", "_"
                ].contains($0)
            }
        guard var name = words.last else { return nil }
        if name.hasPrefix("this.") { name.removeFirst(5) }
        // TypeScript's optional `sound?: string`: not passed, it is `undefined`.
        if value == nil, head.trimmingWhitespace().hasSuffix("?") { value = "undefined" }
        guard name.unicodeScalars.allSatisfy(SourceText.isIdentifier) else { return nil }
        // Swift's `label name: Type` is called with `label`; elsewhere the name is the label.
        let label = colon != nil && words.count >= 2 && !head.contains(".") ? words[words.count - 2] : name
        return (name, label, value)
    }

    /// The bindings of `names` at `offset`: from the innermost loop or function around it that
    /// binds one of them; nil when none does (a local or a field: not followed).
    func bindings(of names: Set<String>, at offset: Int, depth: Int = 0) -> [Binding]? {
        guard !names.isEmpty, depth < Self.maximumDepth else { return nil }
        var block = source.enclosingBlock(of: offset)
        var levels = 0
        while let open = block, levels < Self.maximumLevels {
            levels += 1
            let header: Header?
            if let known = memo.headers[open] {
                header = known
            } else {
                header = Self.header(of: open, in: source) { self.maySearch() }
                memo.headers.updateValue(header, forKey: open)
            }
            switch header {
            case .loop(let variables, let elements)?:
                if !names.isDisjoint(with: variables.keys) {
                    return elements.prefix(Self.maximumBindings).map { element in
                        var binding = Binding()
                        for (variable, part) in variables {
                            binding.values[variable] = part.map { element.labelled($0) ?? element } ?? element
                        }
                        return binding
                    }
                }
            case .function(let name, let at, let parameters)?:
                let bound = parameters.filter { names.contains($0.name) }
                guard !bound.isEmpty else { return nil }
                let key = "\(at)|" + bound.map(\.name).sorted().joined(separator: ",")
                if let known = memo.calls[key] { return known }
                guard maySearch() else { return nil }
                var found = calls(of: name, declaredAt: at, body: open, binding: bound, parameters, depth: depth)
                // Called nowhere in the file with them: each parameter's default, when all have one
                // (a helper's `{String channelId = 'default_channel'}`), and, as another file may
                // pass others, the parameters themselves (computed: nothing is known to be missing).
                if found == nil, bound.allSatisfy({ $0.value != nil }) {
                    var binding = Binding()
                    for parameter in bound {
                        binding.values[parameter.name] = parameter.value.map(SourceText.Argument.init(text:))
                    }
                    found = [binding, Binding()]
                }
                memo.calls[key] = found
                return found
            case .opaque(let parameters)?:
                // A callback's parameters are given by whoever calls it: not followed.
                if !names.isDisjoint(with: parameters) { return nil }
            case nil:
                break
            }
            block = source.enclosingBlock(of: open)
        }
        return nil
    }

    /// The helper function around `offset` whose parameters `names` include, when no loop or
    /// callback around it binds them first: its name and parameters, for its calls in the app's
    /// other files (issue 57: a helper in `NotificationHelper.kt` called from an Activity).
    func helper(of names: Set<String>, at offset: Int) -> (name: String, parameters: [Parameter])? {
        guard !names.isEmpty else { return nil }
        var block = source.enclosingBlock(of: offset)
        var levels = 0
        while let open = block, levels < Self.maximumLevels {
            levels += 1
            let header: Header?
            if let known = memo.headers[open] {
                header = known
            } else {
                header = Self.header(of: open, in: source) { self.maySearch() }
                memo.headers.updateValue(header, forKey: open)
            }
            switch header {
            case .loop(let variables, _)?:
                if !names.isDisjoint(with: variables.keys) { return nil }
            case .function(let name, _, let parameters)?:
                guard parameters.contains(where: { names.contains($0.name) }) else { return nil }
                return (name, parameters.map { Parameter(name: $0.name, label: $0.label, value: $0.value) })
            case .opaque(let parameters)?:
                if !names.isDisjoint(with: parameters) { return nil }
            case nil:
                break
            }
            block = source.enclosingBlock(of: open)
        }
        return nil
    }

    /// A function's parameter: its name, the label a call gives it, its default.
    struct Parameter: Sendable, Hashable {
        var name: String
        var label: String
        var value: String?
    }

    /// The values a call gives `parameters`: by label, by position, else the default. Nil when
    /// one of `needed` gets none, or the call passes more positional arguments than there are
    /// parameters (another function of the same name: the platform's
    /// `createNotificationChannel(channel)` inside a helper so named).
    static func binding(
        _ call: SourceText.Call, _ parameters: [Parameter], needed: Set<String>
    ) -> Binding? {
        var binding = Binding()
        let positional = call.arguments.filter { $0.label == nil }
        guard positional.count <= parameters.count else { return nil }
        var next = 0
        for parameter in parameters {
            if let labelled = call.arguments.first(where: { $0.label == parameter.label || $0.label == parameter.name })
            {
                binding.values[parameter.name] = labelled.value
            } else if next < positional.count {
                binding.values[parameter.name] = positional[next]
                next += 1
            } else if let value = parameter.value {
                binding.values[parameter.name] = SourceText.Argument(text: value)
            } else if needed.contains(parameter.name) {
                return nil
            }
        }
        return binding
    }

    /// Each call of the function `name` in the file (not its declaration, not within its own
    /// body) that gives every one of `bound` a value: by label, by position, or by the default.
    private func calls(
        of name: String, declaredAt declaration: Int, body: Int,
        binding bound: [(name: String, label: String, value: String?)],
        _ parameters: [(name: String, label: String, value: String?)], depth: Int
    ) -> [Binding]? {
        var found: [Binding] = []
        let close = source.blockClose(body)
        for offset in source.occurrences(of: name) where offset != declaration && !(body...close).contains(offset) {
            guard found.count < Self.maximumBindings, let call = source.call(at: offset, name: name),
                let values = Self.values(of: call, for: parameters, requiring: Set(bound.map(\.name)))
            else { continue }
            var binding = Binding(values: [:], offset: offset)
            for parameter in bound { binding.values[parameter.name] = values[parameter.name] }
            // The caller passing its own parameter on: followed to its callers, a bounded depth.
            let passed = Set(binding.values.values.flatMap { Self.names($0) })
            if let outer = bindings(of: passed, at: offset, depth: depth + 1), !outer.isEmpty {
                for more in outer.prefix(Self.maximumBindings - found.count) {
                    var combined = binding
                    for (key, value) in binding.values { combined.values[key] = substitute(value, more) }
                    found.append(combined)
                }
            } else {
                found.append(binding)
            }
        }
        return found.isEmpty ? nil : found
    }

    /// Where the arguments of `call` land among `parameters`: labelled ones by label, the rest
    /// in order, then each parameter's default. Nil when one of `bound` is given no value, or the
    /// call has more positional arguments than there are parameters: another function's (the
    /// platform's `createNotificationChannel(channel)` inside a helper of that name).
    static func values(
        of call: SourceText.Call, for parameters: [(name: String, label: String, value: String?)],
        requiring bound: Set<String>
    ) -> [String: SourceText.Argument]? {
        var values: [String: SourceText.Argument] = [:]
        let positional = call.arguments.filter { $0.label == nil }
        var next = 0
        for parameter in parameters {
            if let labelled = call.arguments.first(where: { $0.label == parameter.label || $0.label == parameter.name })
            {
                values[parameter.name] = labelled.value
            } else if next < positional.count {
                values[parameter.name] = positional[next]
                next += 1
            } else if let value = parameter.value {
                values[parameter.name] = SourceText.Argument(text: value)
            } else if bound.contains(parameter.name) {
                return nil
            }
        }
        return positional.count <= parameters.count ? values : nil
    }

    enum Header {
        /// A loop: each variable, with the member of the element it is when destructured from an
        /// object (`{ id, sound }`), else nil for the element itself; and the elements.
        case loop([String: String?], [SourceText.Argument])
        /// A function named `name`, declared at `at`.
        case function(name: String, at: Int, parameters: [(name: String, label: String, value: String?)])
        /// A callback or other block whose parameters no call in the file is known to give.
        case opaque(Set<String>)
    }

    /// What the `{` at `open` opens: a loop over a literal collection, a function, a callback;
    /// nil for any other block (an `if`, a class …).
    static func header(of open: Int, in source: SourceText, mayLookUp: () -> Bool) -> Header? {
        let scalars = source.scalars
        let floor = max(0, open - maximumHeader)
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        func skipSpace(back i: Int) -> Int {
            var i = i
            while i >= floor, scalars[i].properties.isWhitespace { i -= 1 }
            return i
        }
        // Kotlin's lambda: `… .forEach { c ->` (`it` without an arrow).
        var i = skipSpace(back: open - 1)
        // The brace's line after it (a lambda's `a, b ->`), up to a bracket of another block.
        var afterEnd = open + 1
        while afterEnd < min(scalars.count, open + 161), !"\n{};".unicodeScalars.contains(scalars[afterEnd]) {
            afterEnd += 1
        }
        let after = text(open + 1..<afterEnd)
        let isArrow = i >= floor + 1 && scalars[i] == ">" && scalars[i - 1] == "="
        if i >= floor, !isArrow, scalars[i] != ")" {
            if SourceText.isIdentifier(scalars[i]) {
                var start = i
                while start > floor, SourceText.isIdentifier(scalars[start - 1]) { start -= 1 }
                let word = text(start..<i + 1)
                // `{ a, b ->` on the brace's line, nothing but names and types before the arrow.
                let allowed = Set(" \t,():<>?.".unicodeScalars)
                let lambda = after.firstRange(of: "->").map { String(after[..<$0.lowerBound]) }.flatMap {
                    (prefix: String) -> String? in
                    prefix.unicodeScalars.allSatisfy { SourceText.isIdentifier($0) || allowed.contains($0) }
                        ? prefix : nil
                }
                let names = lambda.map { parameterNames($0) } ?? ["it"]
                if start > floor, scalars[start - 1] == "." {
                    // A method given a trailing lambda: a loop when it is `forEach`.
                    guard ["forEach", "forEachIndexed", "onEach"].contains(word) else {
                        return lambda != nil ? .opaque(Set(names)) : nil
                    }
                    let collection = text(max(floor, start - 1 - maximumHeader)..<start - 1)
                    let elements = Self.elements(ofTail: collection, in: source, mayLookUp: mayLookUp)
                    guard let variable = names.last else { return nil }
                    let variables: [String: String?] = [variable: nil]
                    return elements.isEmpty ? .opaque(Set(names)) : .loop(variables, elements)
                }
                if lambda != nil { return .opaque(Set(names)) }
            }
            // `) async {`, `) throws {`, `): Promise<void> {`, `): Type {` — read back to the `)`.
            var j = i
            let typeFloor = max(floor, i - 200)
            while j >= typeFloor, scalars[j] != ")",
                SourceText.isIdentifier(scalars[j]) || scalars[j] == " " || scalars[j] == "\t"
                    || ":<>?,.-[]".unicodeScalars.contains(scalars[j])
            {
                j -= 1
            }
            guard j >= typeFloor, scalars[j] == ")" else {
                return swiftFor(open, in: source, floor: floor, mayLookUp: mayLookUp)
            }
            i = j
        }
        if isArrow {
            // JavaScript's arrow: `(a, b) => {`, `c => {`, `async ([k, c]) => {`.
            let end = skipSpace(back: i - 2)
            guard end >= floor else { return nil }
            var start = end
            var parameters = ""
            if scalars[end] == ")" {
                guard let o = openParen(before: end, in: source, floor: floor) else { return nil }
                parameters = text(o + 1..<end)
                start = o
            } else {
                while start > floor, SourceText.isIdentifier(scalars[start - 1]) { start -= 1 }
                parameters = text(start..<end + 1)
            }
            let names = parameterNames(parameters)
            // Passed to `forEach(` / `map(`: a loop over what comes before.
            var k = skipSpace(back: start - 1)
            if k >= floor, text(max(floor, k - 4)..<k + 1) == "async" { k = skipSpace(back: k - 5) }
            if k >= floor, scalars[k] == "(" {
                let w = skipSpace(back: k - 1)
                var ws = w
                while ws > floor, SourceText.isIdentifier(scalars[ws - 1]) { ws -= 1 }
                if w >= floor, ["forEach", "map"].contains(text(ws..<w + 1)), ws > floor, scalars[ws - 1] == "." {
                    let collection = text(max(floor, ws - 1 - maximumHeader)..<ws - 1)
                    let elements = Self.elements(ofTail: collection, in: source, mayLookUp: mayLookUp)
                    return loop(parameters, names, elements.map { (nil, $0) })
                }
                return .opaque(Set(names))
            }
            // `const name = (…) => {` / `name: (…) => {`: a function called by its name.
            if k >= floor, scalars[k] == "=" || scalars[k] == ":" {
                let w = skipSpace(back: k - 1)
                var ws = w
                while ws > floor, SourceText.isIdentifier(scalars[ws - 1]) { ws -= 1 }
                if w >= floor, ws <= w {
                    let name = text(ws..<w + 1)
                    let parsed = SourceText("f(" + parameters + ")").call(at: 0, name: "f")?.arguments ?? []
                    return .function(name: name, at: ws, parameters: parsed.compactMap(parameter))
                }
            }
            return .opaque(Set(names))
        }
        guard i >= floor, scalars[i] == ")", let o = openParen(before: i, in: source, floor: floor) else {
            return swiftFor(open, in: source, floor: floor, mayLookUp: mayLookUp)
        }
        let inside = text(o + 1..<i)
        let w = skipSpace(back: o - 1)
        guard w >= floor else { return nil }
        var ws = w
        while ws > floor, SourceText.isIdentifier(scalars[ws - 1]) { ws -= 1 }
        let word = text(ws..<w + 1)
        if word == "for" { return forLoop(inside, in: source, mayLookUp: mayLookUp) }
        if ["if", "while", "switch", "catch", "when", "synchronized", "with", "using", "foreach", "lock"].contains(word)
        {
            return nil
        }
        guard !word.isEmpty, word.unicodeScalars.allSatisfy(SourceText.isIdentifier) else {
            // Dart's `X.forEach((c) {`: a loop over X; another callback's parameters are not followed.
            let names = parameterNames(inside)
            if w >= floor, scalars[w] == "(" {
                let v = skipSpace(back: w - 1)
                var vs = v
                while vs > floor, SourceText.isIdentifier(scalars[vs - 1]) { vs -= 1 }
                if v >= floor, ["forEach", "map"].contains(text(vs..<v + 1)), vs > floor, scalars[vs - 1] == "." {
                    let collection = text(max(floor, vs - 1 - maximumHeader)..<vs - 1)
                    return loop(
                        inside, names,
                        Self.elements(ofTail: collection, in: source, mayLookUp: mayLookUp).map { (nil, $0) })
                }
            }
            return .opaque(Set(names))
        }
        // Dart's named parameters `f({String a = 'x'})` and JavaScript's `f({ a, b })` are one group.
        var declared = SourceText("f(" + inside + ")").call(at: 0, name: "f")?.arguments ?? []
        if declared.count == 1, let only = declared.first?.text.trimmingWhitespace(),
            only.hasPrefix("{") || only.hasPrefix("[")
        {
            declared = SourceText("f(" + only.dropFirst().dropLast() + ")").call(at: 0, name: "f")?.arguments ?? []
        }
        return .function(name: word, at: ws, parameters: declared.compactMap(parameter))
    }

    /// Swift's `for c in CHANNELS {` (no parentheses).
    private static func swiftFor(_ open: Int, in source: SourceText, floor: Int, mayLookUp: () -> Bool) -> Header? {
        let scalars = source.scalars
        var i = open - 1
        while i >= floor, scalars[i] != "\n", scalars[i] != ";", scalars[i] != "}", scalars[i] != "{" { i -= 1 }
        let line = String(String.UnicodeScalarView(scalars[(i + 1)..<open])).trimmingWhitespace()
        guard line.hasPrefix("for ") else { return nil }
        return forLoop(String(line.dropFirst(4)), in: source, mayLookUp: mayLookUp)
    }

    /// The header of a `for` loop: `const c of X`, `final c in X`, `Type c : X`, `(k, v) in X`.
    private static func forLoop(_ inside: String, in source: SourceText, mayLookUp: () -> Bool) -> Header? {
        for separator in [" of ", " in ", " : "] {
            guard let range = inside.firstRange(of: separator) else { continue }
            let pattern = String(inside[..<range.lowerBound])
            let collection = String(inside[range.upperBound...])
            let names = parameterNames(pattern)
            let elements = Self.elements(of: collection, in: source, mayLookUp: mayLookUp)
            return elements.isEmpty ? .opaque(Set(names)) : loop(pattern, names, elements)
        }
        return nil
    }

    /// A loop binding `names`, read from its pattern: `[k, c]` (an entry: `c` its value), `{ id,
    /// sound }` (the element's members), a plain name (the element).
    private static func loop(
        _ pattern: String, _ names: [String], _ elements: [(key: String?, value: SourceText.Argument)]
    ) -> Header {
        let trimmed = pattern.trimmingWhitespace()
        var variables: [String: String?] = [:]
        var values = elements.map(\.value)
        if trimmed.contains("{") {
            for name in names { variables.updateValue(name, forKey: name) }
        } else if trimmed.contains("[") || trimmed.contains("("), names.count == 2 {
            // An entry `[key, value]` (`(key, value)` in Kotlin): the value.
            variables.updateValue(nil, forKey: names[1])
            if elements.allSatisfy({ $0.key != nil }) {
                values = elements.map(\.value)
            }
        } else if let name = names.last {
            variables.updateValue(nil, forKey: name)
        }
        return .loop(variables, values)
    }

    /// The names a pattern or parameter list binds (`(a: T, b)`, `[k, v]`, `{ id, sound }`, `final c`).
    static func parameterNames(_ text: String) -> [String] {
        let brackets: Set<Character> = ["(", ")", "[", "]", "{", "}"]
        var inner = Substring(text.trimmingWhitespace())
        for word in ["const ", "let ", "var ", "final ", "val "] where inner.hasPrefix(word) {
            inner = inner.dropFirst(word.count).drop { $0 == " " }
        }
        while let first = inner.first, brackets.contains(first) { inner = inner.dropFirst() }
        while let last = inner.last, brackets.contains(last) { inner = inner.dropLast() }
        return SourceText("f(" + inner + ")").call(at: 0, name: "f")?.arguments.compactMap { parameter($0)?.name } ?? []
    }

    /// The elements of the collection `text` is: an array or list literal (`[…]`, `listOf(…)`,
    /// `arrayOf(…)`, `setOf(…)`), an object literal's values (`Object.values(X)`,
    /// `Object.entries(X)`), or the one literal this file assigns to a name that is.
    static func elements(
        of text: String, in source: SourceText, mayLookUp: () -> Bool
    ) -> [(key: String?, value: SourceText.Argument)] {
        var collection = text.trimmingWhitespace()
        for wrapper in ["Object.entries", "Object.values", "Object.keys"] where collection.hasPrefix(wrapper + "(") {
            guard collection.hasSuffix(")") else { return [] }
            collection = String(collection.dropFirst(wrapper.count + 1).dropLast()).trimmingWhitespace()
            if wrapper == "Object.keys" { return [] }
        }
        // Kotlin's `Enum.values()` and `Enum.entries`: each entry of an enum this file declares.
        var enumerated = false
        for suffix in [".entries", ".values", ".values()", ".toList()", ".asList()"] where collection.hasSuffix(suffix)
        {
            if suffix == ".entries" || suffix == ".values()" { enumerated = true }
            collection = String(collection.dropLast(suffix.count))
        }
        if collection.unicodeScalars.allSatisfy(SourceText.isIdentifier), !collection.isEmpty {
            guard mayLookUp() else { return [] }
            let objects = source.objectLiterals(assignedTo: collection)
            if objects.count == 1 { return members(of: objects[0]) }
            let values = source.assignedValues(of: collection)
            if values.isEmpty, enumerated {
                return CodeSounds.kotlinEnumEntries(collection, in: source).sorted().prefix(maximumBindings).map {
                    (nil, SourceText.Argument(text: collection + "." + $0))
                }
            }
            guard values.count == 1 else { return [] }
            collection = values[0].trimmingWhitespace()
        }
        if collection.hasPrefix("["), collection.hasSuffix("]") {
            return CodeSounds.elements(of: SourceText.Argument(text: collection)).map { (nil, $0) }
        }
        if collection.hasPrefix("{"), collection.hasSuffix("}") {
            return members(of: SourceText.Argument(text: collection))
        }
        for maker in ["listOf", "arrayOf", "setOf", "mutableListOf", "List.of", "Arrays.asList", "listOfNotNull"]
        where collection.hasPrefix(maker) {
            let call = SourceText(collection)
            return (call.call(at: 0, name: maker)?.arguments ?? []).map { (nil, $0) }
        }
        return []
    }

    /// The elements the collection that ends `tail` (the text before `.forEach`) is.
    static func elements(ofTail tail: String, in source: SourceText, mayLookUp: () -> Bool) -> [SourceText.Argument] {
        // The collection is the last expression of the text: a name, or a literal closed at its end.
        let trimmed = tail.trimmingWhitespace()
        guard let last = trimmed.last else { return [] }
        if SourceText.isIdentifier(last.unicodeScalars.first!) {
            let name = String(
                trimmed.reversed().prefix { $0.unicodeScalars.allSatisfy(SourceText.isIdentifier) }.reversed())
            return elements(of: name, in: source, mayLookUp: mayLookUp).map(\.value)
        }
        // `listOf(…)` / `[…]` / `Object.values(X)`: back to the bracket that opens it.
        let closer: Character = last, opener: Character = last == ")" ? "(" : last == "]" ? "[" : "{"
        guard ")]}".contains(closer) else { return [] }
        var depth = 0
        var index = trimmed.endIndex
        while index > trimmed.startIndex {
            index = trimmed.index(before: index)
            if trimmed[index] == closer { depth += 1 }
            if trimmed[index] == opener {
                depth -= 1
                if depth == 0 { break }
            }
        }
        guard depth == 0 else { return [] }
        // With the maker's name before a `(` (`listOf`, `Object.values`).
        var start = index
        while start > trimmed.startIndex {
            let before = trimmed[trimmed.index(before: start)]
            guard before.isLetter || before.isNumber || before == "_" || before == "." else { break }
            start = trimmed.index(before: start)
        }
        return elements(of: String(trimmed[start...]), in: source, mayLookUp: mayLookUp).map(\.value)
    }

    /// An object literal's members, each a key and its value.
    private static func members(of object: SourceText.Argument) -> [(key: String?, value: SourceText.Argument)] {
        let text = object.text.trimmingWhitespace()
        guard text.hasPrefix("{"), text.hasSuffix("}") else { return [] }
        let inner = SourceText("f(" + text.dropFirst().dropLast() + ")")
        return (inner.call(at: 0, name: "f")?.arguments ?? []).compactMap { member in
            guard let label = member.label else { return nil }
            return (label, member.value)
        }
    }

    /// The `(` that opens the `)` at `close`, read back at most to `floor`; nil when not found.
    private static func openParen(before close: Int, in source: SourceText, floor: Int) -> Int? {
        var depth = 0
        var i = close
        while i >= floor {
            let c = source.scalars[i]
            if c == ")" { depth += 1 }
            if c == "(" {
                depth -= 1
                if depth == 0 { return i }
            }
            i -= 1
        }
        return nil
    }
}
