import AlertSoundCore

/// A C# method that makes a channel from its parameters (`CreateChannel(Context c, string sound)`
/// with `new NotificationChannel($"{Prefix}{sound}", …)` and `…/raw/{sound}`), followed to its
/// callers in every file of the app as a reader follows them (issue 57): each call whose
/// arguments the code gives (a literal, a constant of any class, `nameof`, an interpolation of
/// those, a local) makes that channel; a caller that passes its own parameter on is followed to
/// its callers in turn; a call whose argument stays computed leaves the channel computed (its
/// family, ``ChannelFamily``, when the ID has constant text around the value), saying where. A
/// method the app calls nowhere, read completely, makes no channel.
struct CSharpHelper: Sendable {
    /// A value the channel is built from: known, or one parameter of the method being followed,
    /// the original value being `prefix` + the argument + `suffix`.
    enum Part: Sendable, Equatable {
        case known(String)
        case hole(parameter: String, prefix: String, suffix: String)
    }

    /// The method followed: its name, parameters, where it is declared (its own occurrence is
    /// not a call), and the parts still to bind.
    struct Target: Sendable {
        var method: String
        var parameters: [CodeFollow.Parameter]
        var file: String
        var declaredAt: Int
        /// The method is called by the framework (`override`): callers the app does not show.
        var overrides: Bool
        var id: Part?
        var sound: Part?
        /// The calls that passed the value on, outermost last (for the channel's origin).
        var via: [SourcePosition] = []
    }

    var target: Target
    /// The ID: `idPrefix` + the value + `idSuffix` when built from a parameter, else `fixedID`.
    var idPrefix = "", idSuffix = ""
    var fixedID: String?
    /// The sound: the resource `resourcePrefix` + the value + `resourceSuffix` (when the `if`s
    /// around its `SetSound` let the value through), else `fixedSound`.
    var resourcePrefix = "", resourceSuffix = ""
    var guards = CSharpSounds.Builder.Guards()
    var otherwise: [CSharpSounds.Builder.Otherwise] = []
    var fixedSound: ChannelSound
    /// The channel as the helper's own file reads it (a family, or a computed ID): what a call
    /// with a computed argument, or a caller the code does not show, leaves.
    var placeholder: ChannelDeclaration
    /// The channels the helper's own file made of it (the placeholder and its own calls' channels):
    /// replaced by the callers' channels when the search of the app's files completes.
    var channels: Range<Int>

    /// The channel made with the helper's original values `id` and `sound` (nil when not
    /// parameters), by a call at `position`.
    func channel(
        id: String?, sound: String?, at position: SourcePosition, via: [SourcePosition]
    )
        -> ChannelDeclaration
    {
        let made = placeholder.position
        var madeSound = fixedSound
        if let sound {
            madeSound = CSharpSounds.Builder.sound(
                for: sound, prefix: resourcePrefix, suffix: resourceSuffix, guards: guards, otherwise: otherwise)
        }
        let path = ([position] + via).map { "\($0.file):\($0.line)" }.joined(separator: " ← ")
        return ChannelDeclaration(
            id: id.map { idPrefix + $0 + idSuffix } ?? fixedID, sound: madeSound, position: position,
            origin: "made by \(target.method) at \(made.file):\(made.line), called at \(path)")
    }
}

enum CSharpCallers {
    /// Channels made from a parameter followed per app (each a helper of its own file's reading).
    static let maximumHelpers = CodeFollow.maximumChannels
    /// Callers that pass a helper's value on, followed per app.
    static let maximumTargets = 32
    /// Callers followed outwards from a helper: a caller passing its own parameter on is one step.
    static let maximumSteps = CodeFollow.maximumDepth + 1

    /// What happened to one helper's channels.
    private struct Outcome {
        var made: [ChannelDeclaration] = []
        /// Where a call gives a value the code does not tell, or the method is used without a
        /// call (`nameof`, a method group): its channel stays computed.
        var computed: String?
        var more = 0

        mutating func compute(_ why: String) {
            if computed == nil { computed = why } else { more += 1 }
        }
    }

    /// Replaces each C# helper's channels with those its calls in the app's `sources` make.
    /// Each step reads the C# files that name a method followed (within
    /// ``Limits/maximumConstantSearchBytes`` of searching, shared with the constants an argument
    /// names from another file): past the budget, the helpers keep their own file's reading.
    /// `incomplete`: the walk left files unread, so a method none of the read files calls may
    /// still be called.
    static func resolve(_ found: inout CodeSounds, _ sources: [String], incomplete: Bool, through door: Door) {
        // Past ``maximumHelpers``, a helper keeps its own file's reading.
        let helpers = Array(found.cSharpHelpers.prefix(maximumHelpers))
        found.cSharpHelpers = []
        guard !helpers.isEmpty else { return }
        let files = sources.filter { lowercasedExtension($0) == "cs" }
        let constants = Constants(files: files, door: door)
        var outcomes = [Outcome](repeating: Outcome(), count: helpers.count)
        var work: [(helper: Int, target: CSharpHelper.Target)] = helpers.enumerated().map {
            ($0.offset, $0.element.target)
        }
        var targets = 0
        var steps = 0
        while !work.isEmpty {
            steps += 1
            guard steps <= maximumSteps else {
                for (h, target) in work { outcomes[h].compute("passed on beyond \(target.method)") }
                break
            }
            var next: [(helper: Int, target: CSharpHelper.Target)] = []
            var calls = [Int](repeating: 0, count: work.count)
            var uses = [Int](repeating: 0, count: work.count)
            let names = Array(Set(work.map(\.target.method)))
            for path in files {
                guard let bytes = try? door.bytes(path, limit: Limits.maximumAndroidSourceBytes, what: "source file")
                else { continue }
                guard constants.spend(Int64(bytes.count) * Int64(names.count)) else { return }
                guard SourceText.holds(bytes, names) else { continue }
                let text = SourceText(String(decoding: bytes, as: UTF8.self))
                var builder = CSharpSounds.Builder(source: text)
                builder.external = constants.lookup
                // Each name searched once per file, however many helpers share it (a method making
                // many channels).
                var occurrences: [String: [Int]] = [:]
                for name in names where SourceText.holds(bytes, [name]) {
                    occurrences[name] = text.occurrences(of: name).filter { !declares(at: $0, in: text) }
                }
                for (w, (h, target)) in work.enumerated() {
                    var examined = 0
                    for offset in occurrences[target.method] ?? [] {
                        if path == target.file, offset == target.declaredAt { continue }
                        // Bounded per helper and file: its calls, and as many other uses.
                        examined += 1
                        guard examined <= 2 * CodeFollow.maximumBindings else { break }
                        uses[w] += 1
                        guard let call = text.call(at: offset, name: target.method) else {
                            // `nameof(M)`, a method group: called where the code does not show.
                            outcomes[h].compute("\(target.method) used at \(path):\(text.line(at: offset))")
                            continue
                        }
                        guard calls[w] < CodeFollow.maximumBindings else { break }
                        calls[w] += 1
                        let at = SourcePosition(file: path, line: call.line)
                        let needed = Set(
                            [target.id, target.sound].compactMap { part -> String? in
                                if case .hole(let p, _, _)? = part { return p }
                                return nil
                            })
                        guard let binding = CodeFollow.binding(call, target.parameters, needed: needed) else {
                            outcomes[h].compute("a call at \(at.file):\(at.line) gives no value")
                            continue
                        }
                        func bind(_ part: CSharpHelper.Part?) -> CSharpHelper.Part?? {
                            guard case .hole(let p, let prefix, let suffix)? = part else { return .some(part) }
                            guard let argument = binding.values[p] else { return nil }
                            switch builder.evaluate(argument, at: offset).known {
                            case .text(let value)?: return .known(prefix + value + suffix)
                            case .parameter(let q, let before, let after)?:
                                return .hole(parameter: q, prefix: prefix + before, suffix: after + suffix)
                            case nil: return nil
                            }
                        }
                        guard let id = bind(target.id), let sound = bind(target.sound) else {
                            outcomes[h].compute("called at \(at.file):\(at.line) with a value computed at run time")
                            continue
                        }
                        func known(_ part: CSharpHelper.Part?) -> String? {
                            if case .known(let v)? = part { return v }
                            return nil
                        }
                        let holes = [id, sound].contains { if case .hole? = $0 { true } else { false } }
                        if !holes {
                            guard outcomes[h].made.count < CodeFollow.maximumBindings else { continue }
                            outcomes[h].made.append(
                                helpers[h].channel(id: known(id), sound: known(sound), at: at, via: target.via))
                            continue
                        }
                        // The caller passes its own parameter on: its callers give the value.
                        guard targets < maximumTargets, let outer = method(around: offset, in: text) else {
                            outcomes[h].compute("called at \(at.file):\(at.line) with a value computed at run time")
                            continue
                        }
                        targets += 1
                        next.append(
                            (
                                h,
                                CSharpHelper.Target(
                                    method: outer.name, parameters: outer.parameters, file: path, declaredAt: outer.at,
                                    overrides: outer.overrides, id: id, sound: sound, via: [at] + target.via)
                            ))
                    }
                }
            }
            // Nowhere called: an `override` is called by the framework, with values the code does not show.
            for (w, (h, target)) in work.enumerated() where uses[w] == 0 && target.overrides {
                outcomes[h].compute("\(target.method) is called by the framework")
            }
            work = next
        }
        if incomplete {
            for h in helpers.indices { outcomes[h].compute("the app's files were not all read") }
        }
        // The helpers' channels, in place of their own file's reading.
        var replaced: [Int: [ChannelDeclaration]] = [:]
        for (h, helper) in helpers.enumerated() {
            var channels = outcomes[h].made
            if let first = outcomes[h].computed {
                var kept = helper.placeholder
                let more = outcomes[h].more > 0 ? " (and \(outcomes[h].more) more)" : ""
                kept.origin = "made by \(helper.target.method): \(first)\(more)"
                channels.append(kept)
            }
            replaced[helper.channels.lowerBound] = channels
        }
        let dropped = Set(helpers.flatMap { Array($0.channels) })
        var channels: [ChannelDeclaration] = []
        for (i, channel) in found.channels.enumerated() {
            if let made = replaced[i] { channels += made }
            if !dropped.contains(i) { channels.append(channel) }
        }
        found.channels = channels
    }

    /// Whether the name at `offset` is declared there (`void Make(string s)`, an interface's
    /// `void Make(string s);`): a type or a modifier stands before it, not an operator, a `.`,
    /// or a keyword that takes an expression.
    static func declares(at offset: Int, in text: SourceText) -> Bool {
        let s = text.scalars
        var i = offset - 1
        while i >= 0, s[i] == " " || s[i] == "\t" { i -= 1 }
        guard i >= 0 else { return false }
        // A return type's end (`Task<string> Make(`, `int[] Make(`, `string? Make(`), not an
        // operator (`=> Make(`, `c ? Make(`, `a > Make(`).
        if s[i] == ">" || s[i] == "]" || s[i] == "?" {
            return i >= 1 && !s[i - 1].properties.isWhitespace && s[i - 1] != "=" && s[i - 1] != "-"
        }
        guard SourceText.isIdentifier(s[i]) else { return false }
        var start = i
        while start > 0, offset - start < 64, SourceText.isIdentifier(s[start - 1]) { start -= 1 }
        let word = String(String.UnicodeScalarView(s[start...i]))
        return !["return", "await", "new", "else", "yield", "throw", "in", "is", "case", "when"].contains(word)
    }

    /// The method whose body holds `offset`: its name, where it is declared, its parameters, and
    /// whether it is an `override`; nil when a loop or a callback around it comes first.
    static func method(
        around offset: Int, in text: SourceText
    )
        -> (name: String, at: Int, parameters: [CodeFollow.Parameter], overrides: Bool)?
    {
        var block = text.enclosingBlock(of: offset)
        var levels = 0
        while let open = block, levels < CodeFollow.maximumLevels {
            levels += 1
            switch CodeFollow.header(of: open, in: text, mayLookUp: { false }) {
            case .function(let name, let at, let parameters)?:
                let s = text.scalars
                var start = at
                while start > 0, at - start < 256, s[start - 1] != "\n", s[start - 1] != ";", s[start - 1] != "}" {
                    start -= 1
                }
                let modifiers = String(String.UnicodeScalarView(s[start..<at]))
                return (
                    name, at, parameters.map { CodeFollow.Parameter(name: $0.name, label: $0.label, value: $0.value) },
                    modifiers.split(separator: " ").contains("override")
                )
            case .loop?, .opaque?: return nil
            case nil: break
            }
            block = text.enclosingBlock(of: open)
        }
        return nil
    }

    /// Constants of the app's other C# files (`const string`, `static readonly string`), by the
    /// last part of the name an argument gives (`Channels.Alerts`): a name declared with one
    /// literal across the files and nowhere with anything else. At most
    /// ``Limits/maximumConstantNames`` names, each a pass over the files that hold it.
    final class Constants {
        let files: [String]
        let door: Door
        private var searched: Int64 = 0
        private var known: [String: String?] = [:]

        init(files: [String], door: Door) {
            self.files = files
            self.door = door
        }

        /// Whether `bytes` more may be searched.
        func spend(_ bytes: Int64) -> Bool {
            searched += bytes
            return searched <= Limits.maximumConstantSearchBytes
        }

        func lookup(_ name: String) -> String? {
            guard let last = name.split(separator: ".").last.map(String.init), !last.isEmpty else { return nil }
            if let value = known[last] { return value }
            guard known.count < Limits.maximumConstantNames else { return nil }
            var literals: Set<String> = []
            var other = false
            for path in files {
                guard let bytes = try? door.bytes(path, limit: Limits.maximumAndroidSourceBytes, what: "source file")
                else { continue }
                guard spend(Int64(bytes.count)) else {
                    other = true
                    break
                }
                guard SourceText.holds(bytes, [last]) else { continue }
                let declared = SourceText(String(decoding: bytes, as: UTF8.self)).declarations(of: last)
                literals.formUnion(declared.literals)
                if declared.other { other = true }
            }
            let value = !other && literals.count == 1 ? literals.first : nil
            known[last] = .some(value)
            return value
        }
    }
}
