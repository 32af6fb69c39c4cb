import AlertSoundCore

/// C# (.NET MAUI, Xamarin) read for notification sounds and channels, as ``CodeSounds`` reads the
/// other languages (issue 57): Apple's API as .NET binds it (`UNNotificationSound.GetSound("x.caf")`,
/// `GetCriticalSound`); Android's (`new NotificationChannel(id, name, importance)`, its
/// `channel.SetSound(uri, attributes)` with a URI of `…/raw/x` or `Resource.Raw.x`, made when the
/// channel is passed on, as to `CreateNotificationChannel(channel)`); Plugin.LocalNotification's
/// `NotificationRequest { Sound = …, Android = { ChannelId = … } }`. Its channels' initialisers
/// (`AndroidNotificationChannelRequest { Id, Sound }`) are library data (``LibraryChannels``).
/// Constants (`const string`, `static readonly string`) are resolved in the file, and across the
/// app's files by ``SourceWalk``. Every search is a pass over the file, or over a bounded window.
enum CSharpSounds {
    /// Variables whose assignments one file is searched for (a channel's URI kept in a variable):
    /// each costs a pass over the file.
    static let maximumVariables = 64

    static func read(_ source: SourceText, file: String) -> CodeSounds {
        var found = CodeSounds()
        var variables = Variables(source: source)
        let builder = Builder(source: source)
        let follow = CodeFollow(source)
        func position(_ line: Int) -> SourcePosition { SourcePosition(file: file, line: line) }
        func pend(_ argument: SourceText.Argument?, _ slot: CodeSounds.Pending.Slot) {
            guard let argument, argument.literal == nil, let name = SourceText.identifier(of: argument),
                !source.binds(name)
            else { return }
            found.pending.append(CodeSounds.Pending(slot: slot, name: name))
        }
        func reference(
            _ argument: SourceText.Argument, line: Int, platform: Platform, call: String, critical: Bool = false,
            library: AndroidLibrary? = nil, channel: String? = nil
        ) {
            let (value, target) = variables.resolve(argument)
            var name = value
            // An empty name is no file: iOS plays the default sound (as Swift's
            // `UNNotificationSoundName("")`), and so does Plugin.LocalNotification.
            if name == "" { name = "default" }
            let named = CodeSounds.reference(
                name, at: position(line), platform: platform, call: call, critical: critical, library: library,
                channel: channel, preview: argument.preview(60))
            if name == nil {
                pend(target, .reference(found.references.count))
            }
            found.references.append(named)
        }

        // Apple's: `UNNotificationSound.GetSound(name)`, `GetCriticalSound(name[, volume])`.
        let apple =
            (source.occurrences(of: "GetSound").map { ($0, "GetSound") }
            + source.occurrences(of: "GetCriticalSound").map { ($0, "GetCriticalSound") }).sorted { $0.0 < $1.0 }
        for (offset, name) in apple where qualifier(before: offset, in: source) == "UNNotificationSound" {
            guard let call = source.call(at: offset, name: name), let argument = call.positional(0) else { continue }
            reference(
                argument, line: call.line, platform: .ios, call: "UNNotificationSound.\(name)",
                critical: name == "GetCriticalSound")
        }

        // Plugin.LocalNotification: `new NotificationRequest { Sound = "x.caf", Android = { ChannelId = "c" } }`.
        // Its one `Sound` is iOS's file name and, on Android, the resource its rule makes (used below
        // Android 8; from 8 on the channel's sound plays, the library's default channel when none is named).
        var scanned = 0
        for offset in source.occurrences(of: "NotificationRequest") where offset >= scanned {
            guard precededByNew(offset, in: source) else { continue }
            let start = offset + "NotificationRequest".unicodeScalars.count
            guard let members = initialiser(after: start, in: source) else {
                // Unclosed within its bound: what starts inside that window is not read again.
                scanned = start + SourceText.maximumCallLength
                continue
            }
            scanned = members.end
            guard let sound = members.value.labelled("Sound"), !sound.isNull else { continue }
            let line = source.line(at: offset)
            let library = AndroidLibrary.pluginLocalNotification
            reference(sound, line: line, platform: .ios, call: "NotificationRequest.Sound")
            var channel = library.defaultChannel
            if let android = members.value.labelled("Android"), let options = innerInitialiser(android),
                let id = options.labelled("ChannelId")
            {
                channel = variables.resolve(id).value
            }
            // An empty name asks for the system's default: the channel's sound decides.
            if sound.literal != "" {
                reference(
                    sound, line: line, platform: .android, call: "NotificationRequest.Sound", library: library,
                    channel: channel)
            }
        }

        // Android's own channels, made with `new NotificationChannel(id, name, importance)`.
        let made = source.occurrences(of: "NotificationChannel").filter { precededByNew($0, in: source) }
        let setSounds = source.occurrences(of: "SetSound")
        var nextSetSound = 0
        for (n, offset) in made.enumerated() {
            guard let call = source.call(at: offset, name: "NotificationChannel"), call.arguments.count >= 2,
                let idArgument = call.positional(0)
            else { continue }
            let end = n + 1 < made.count ? made[n + 1] : source.scalars.count
            let variable = assignedVariable(before: offset, in: source)
            // Built but never passed on (to `CreateNotificationChannel`, a list, a caller): not made.
            if let variable, !variables.isPassed(variable, after: offset) { continue }
            var sound = ChannelSound.defaultSound
            // The resource the sound's URI names through a parameter of the method around it.
            var soundParameter: (name: String, prefix: String, suffix: String)?
            // The values of that parameter for which the `if` around the `SetSound` is not taken.
            var guarded = Builder.Guards()
            // The channel's later `SetSound`s (an `else` naming no resource), for the values `guarded` turns away.
            var otherwise: [Builder.Otherwise] = []
            while nextSetSound < setSounds.count, setSounds[nextSetSound] < offset { nextSetSound += 1 }
            var s = nextSetSound
            while s < setSounds.count, setSounds[s] < end {
                // `channel.SetSound(…)` on this channel's variable (a builder's `SetSound` is not the channel's).
                if variable == nil || qualifier(before: setSounds[s], in: source) == variable,
                    let set = source.call(at: setSounds[s], name: "SetSound"), let argument = set.positional(0)
                {
                    if let soundParameter {
                        // Bounded: the few `SetSound`s of one channel's `if`/`else`.
                        guard variable != nil, otherwise.count < 8 else { break }
                        otherwise.append(
                            Builder.Otherwise(
                                guards: builder.guards(soundParameter.name, at: setSounds[s], below: offset),
                                sound: variables.uri(argument)))
                        s += 1
                        continue
                    }
                    sound = variables.uri(argument)
                    if sound == .computed {
                        switch builder.uri(argument, at: setSounds[s]) {
                        case .resource(let name)?: sound = .resource(name)
                        case .parameter(let name, let prefix, let suffix)?:
                            soundParameter = (name, prefix, suffix)
                            guarded = builder.guards(name, at: setSounds[s], below: offset)
                            s += 1
                            continue
                        case nil: break
                        }
                    }
                    break
                }
                s += 1
            }
            // Its importance (`NotificationImportance.Low`, issue 57): below Default it makes no sound.
            let importance = ChannelImportance.read(
                call.positional(2), none: 0, in: source, at: offset, follow: follow, position: position(call.line))
            var (id, idTarget) = variables.resolve(idArgument)
            let built = id == nil ? builder.evaluate(idArgument, at: offset).known : nil
            if case .text(let text)? = built { id = text }
            // An ID or a sound built from parameters of the method around it (`$"{Prefix}{soundName}"`,
            // `…/raw/{soundName}`): one channel for each call of the method in this file that passes
            // values the file knows (``CodeFollow``); a parameter no call gives a known value leaves
            // the helper a channel for each value (``ChannelFamily``), when its ID has constant text
            // around the parameter, else a computed ID.
            var idParameter: (name: String, prefix: String, suffix: String)?
            if case .parameter(let name, let prefix, let suffix)? = built { idParameter = (name, prefix, suffix) }
            let names = Set([idParameter?.name, soundParameter?.name].compactMap { $0 })
            var free = !names.isEmpty
            // The method's callers in every file of the app (``CSharpCallers``) replace what this
            // file reads of them: its own calls, and the family or computed ID they leave.
            let first = found.channels.count
            var helper: CSharpHelper?
            if !names.isEmpty, let around = CSharpCallers.method(around: offset, in: source),
                names.allSatisfy({ name in around.parameters.contains { $0.name == name } })
            {
                var placeholder = ChannelDeclaration(id: id, sound: sound, position: position(call.line))
                if let idParameter, !(idParameter.prefix + idParameter.suffix).isEmpty {
                    let resource = soundParameter.flatMap {
                        $0.name == idParameter.name ? ($0.prefix, $0.suffix) : nil
                    }
                    var family = ChannelFamily(
                        prefix: idParameter.prefix, suffix: idParameter.suffix, resourcePrefix: resource?.0,
                        resourceSuffix: resource?.1)
                    if resource != nil {
                        family.guards = guarded
                        family.otherwise = otherwise
                    }
                    placeholder.family = family
                }
                if soundParameter != nil, placeholder.family?.resourcePrefix == nil { placeholder.sound = .computed }
                helper = CSharpHelper(
                    target: CSharpHelper.Target(
                        method: around.name, parameters: around.parameters, file: file, declaredAt: around.at,
                        overrides: around.overrides,
                        id: idParameter.map { .hole(parameter: $0.name, prefix: "", suffix: "") },
                        sound: soundParameter.map { .hole(parameter: $0.name, prefix: "", suffix: "") }),
                    idPrefix: idParameter?.prefix ?? "", idSuffix: idParameter?.suffix ?? "", fixedID: id,
                    resourcePrefix: soundParameter?.prefix ?? "", resourceSuffix: soundParameter?.suffix ?? "",
                    guards: guarded, otherwise: otherwise, fixedSound: sound, placeholder: placeholder,
                    channels: first..<first)
            }
            defer {
                if var helper {
                    helper.channels = first..<found.channels.count
                    found.cSharpHelpers.append(helper)
                }
            }
            if !names.isEmpty, let bindings = follow.bindings(of: names, at: offset), follow.mayMake(bindings.count) {
                free = false
                for binding in bindings {
                    let at = binding.offset ?? offset
                    func value(_ name: String) -> String? {
                        guard let argument = binding.values[name],
                            case .text(let text)? = builder.evaluate(argument, at: at).known
                        else { return nil }
                        return text
                    }
                    var madeID = id
                    if let idParameter {
                        guard let v = value(idParameter.name) else {
                            free = true
                            continue
                        }
                        madeID = idParameter.prefix + v + idParameter.suffix
                    }
                    var madeSound = sound
                    if let soundParameter {
                        madeSound =
                            value(soundParameter.name).map {
                                Builder.sound(
                                    for: $0, prefix: soundParameter.prefix, suffix: soundParameter.suffix,
                                    guards: guarded, otherwise: otherwise)
                            } ?? .computed
                    }
                    var made = ChannelDeclaration(id: madeID, sound: madeSound, position: position(source.line(at: at)))
                    made.importance = importance
                    found.channels.append(made)
                }
                guard free, idParameter != nil else { continue }
            }
            var family: ChannelFamily?
            if free, let idParameter, !(idParameter.prefix + idParameter.suffix).isEmpty {
                let resource = soundParameter.flatMap { $0.name == idParameter.name ? ($0.prefix, $0.suffix) : nil }
                family = ChannelFamily(
                    prefix: idParameter.prefix, suffix: idParameter.suffix, resourcePrefix: resource?.0,
                    resourceSuffix: resource?.1)
                if resource != nil {
                    family?.guards = guarded
                    family?.otherwise = otherwise
                }
            }
            var declaration = ChannelDeclaration(id: id, sound: sound, position: position(call.line))
            declaration.family = family
            declaration.importance = importance
            found.channels.append(declaration)
            if id == nil, family == nil { pend(idTarget, .channelID(found.channels.count - 1)) }
        }

        // Resources the code uses by `Resource.Raw.NAME` (in-app audio too).
        for offset in source.occurrences(of: "Resource.Raw.") {
            if let name = identifier(at: offset + "Resource.Raw.".unicodeScalars.count, in: source) {
                found.rawUses.insert(name.lowercased())
            }
        }
        return found
    }

    // MARK: Reading C#

    /// The identifier qualifying the member at `offset` (`UNNotificationSound` in
    /// `UNNotificationSound.GetSound`, `channel` in `channel?.SetSound`); nil when none does.
    static func qualifier(before offset: Int, in source: SourceText) -> String? {
        let s = source.scalars
        var i = offset - 1
        while i >= 0, s[i] == " " || s[i] == "\n" || s[i] == "\t" || s[i] == "\r" { i -= 1 }
        guard i >= 0, s[i] == "." else { return nil }
        i -= 1
        if i >= 0, s[i] == "?" || s[i] == "!" { i -= 1 }
        while i >= 0, s[i] == " " || s[i] == "\n" || s[i] == "\t" || s[i] == "\r" { i -= 1 }
        let end = i
        while i >= 0, SourceText.isIdentifier(s[i]) { i -= 1 }
        guard i < end else { return nil }
        return String(String.UnicodeScalarView(s[(i + 1)...end]))
    }

    /// Whether the type named at `offset` is constructed: `new` before it, or before its namespace
    /// (`new Android.App.NotificationChannel(`).
    static func precededByNew(_ offset: Int, in source: SourceText) -> Bool {
        let s = source.scalars
        var i = offset - 1
        // A namespace: `Android.App.`, read back a bounded way.
        while i >= 0, offset - i < 256, s[i] == "." || SourceText.isIdentifier(s[i]) { i -= 1 }
        while i >= 0, s[i].properties.isWhitespace { i -= 1 }
        guard i >= 2, s[i] == "w", s[i - 1] == "e", s[i - 2] == "n" else { return false }
        return i < 3 || !SourceText.isIdentifier(s[i - 3])
    }

    /// The variable `new …` at `offset` is assigned to (`var channel = new …`,
    /// `NotificationChannel channel = new …`); nil when it is passed or returned as it is made.
    static func assignedVariable(before offset: Int, in source: SourceText) -> String? {
        let s = source.scalars
        var i = offset - 1
        while i >= 0, offset - i < 256, s[i] == "." || SourceText.isIdentifier(s[i]) { i -= 1 }
        while i >= 0, s[i].properties.isWhitespace { i -= 1 }
        i -= 3  // `new`
        while i >= 0, s[i].properties.isWhitespace { i -= 1 }
        guard i >= 1, s[i] == "=", s[i - 1] != "=", s[i - 1] != "!", s[i - 1] != "<", s[i - 1] != ">" else {
            return nil
        }
        i -= 1
        while i >= 0, s[i].properties.isWhitespace { i -= 1 }
        let end = i
        while i >= 0, SourceText.isIdentifier(s[i]) { i -= 1 }
        guard i < end else { return nil }
        return String(String.UnicodeScalarView(s[(i + 1)...end]))
    }

    /// The identifier starting at `offset` (after spaces when `skippingSpace`), at most 256 long.
    static func identifier(at offset: Int, in source: SourceText, skippingSpace: Bool = false) -> String? {
        let s = source.scalars
        var i = offset
        if skippingSpace { while i < s.count, s[i] == " " { i += 1 } }
        let start = i
        while i < s.count, i - start < 256, SourceText.isIdentifier(s[i]) { i += 1 }
        guard i > start else { return nil }
        return String(String.UnicodeScalarView(s[start..<i]))
    }

    /// An object initialiser after a constructed type's name: `{ A = 1, B = { … } }`, after its
    /// constructor's arguments when it has them (`(…) { … }`), read as an argument whose members
    /// ``SourceText/Argument/labelled(_:)`` reads; `end`: where it closes. Read through at most
    /// ``SourceText/maximumCallLength`` characters.
    static func initialiser(after start: Int, in source: SourceText) -> (value: SourceText.Argument, end: Int)? {
        let s = source.scalars
        var i = start
        while i < s.count, s[i].properties.isWhitespace { i += 1 }
        if i < s.count, s[i] == "(" {
            guard let close = matching(i, in: s) else { return nil }
            i = close + 1
            while i < s.count, s[i].properties.isWhitespace { i += 1 }
        }
        guard i < s.count, s[i] == "{", let close = matching(i, in: s) else { return nil }
        return (SourceText.Argument(s[i...close]), close + 1)
    }

    /// A member's initialiser: `{ ChannelId = "c" }`, or `new AndroidOptions { … }`, `new() { … }`.
    static func innerInitialiser(_ value: SourceText.Argument) -> SourceText.Argument? {
        guard let open = value.scalars.firstIndex(of: "{"), let close = value.scalars.lastIndex(of: "}"), open < close
        else { return nil }
        return SourceText.Argument(value.scalars[open...close])
    }

    /// Where the bracket at `open` closes, quotes passed over, within ``SourceText/maximumCallLength``.
    static func matching(_ open: Int, in s: [Unicode.Scalar]) -> Int? {
        var depth = 0
        var quote: Unicode.Scalar?
        var j = open
        while j < s.count, j - open < SourceText.maximumCallLength {
            let c = s[j]
            if let q = quote {
                if c == "\\" {
                    j += 2
                    continue
                }
                if c == q || c == "\n" { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "(" || c == "[" || c == "{" {
                depth += 1
            } else if c == ")" || c == "]" || c == "}" {
                depth -= 1
                if depth == 0 { return j }
            }
            j += 1
        }
        return nil
    }

    /// What a C# channel's `SetSound(uri, …)` argument plays, as written: `null` none; the default
    /// URIs (`RingtoneManager.GetDefaultUri`, `Settings.System.DefaultNotificationUri`) the default;
    /// `Resource.Raw.x` (an ID, a number at run time; lowercased, as the build makes its resource)
    /// or a literal `…/raw/x` that resource; else computed.
    static func uri(_ argument: SourceText.Argument) -> ChannelSound {
        let text = argument.text
        if argument.isNull { return .silent }
        if text.contains("GetDefaultUri") || text.contains("DefaultNotificationUri") { return .defaultSound }
        if let range = text.firstRange(of: "Resource.Raw.") {
            let name = text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            // The build lowercases resources' file names and maps C#'s spelling to them.
            if !name.isEmpty { return .resource(name.lowercased()) }
        }
        return CodeSounds.androidURI(argument)
    }

    /// Names one file assigns, read once each: a value kept in a variable (`var soundUri =
    /// Android.Net.Uri.Parse(…);`, over lines, up to its `;`), at most ``maximumVariables`` names.
    struct Variables {
        let source: SourceText
        private var values: [String: [String]] = [:]
        /// Where each name is used as a value.
        private var passes: [String: [Int]] = [:]

        init(source: SourceText) { self.source = source }

        /// The statements assigning `name` (`name = …;`), each at most 1024 characters.
        mutating func assignments(of name: String) -> [String] {
            if let known = values[name] { return known }
            guard values.count < CSharpSounds.maximumVariables else { return [] }
            var found: [String] = []
            let s = source.scalars
            for offset in source.occurrences(of: name) where found.count < 8 {
                var i = offset + name.unicodeScalars.count
                while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
                guard i + 1 < s.count, s[i] == "=", s[i + 1] != "=", s[i + 1] != ">" else { continue }
                let start = i + 1
                var end = start
                var depth = 0
                var quote: Unicode.Scalar?
                while end < s.count, end - start < 1024 {
                    let c = s[end]
                    if let q = quote {
                        if c == "\\" {
                            end += 2
                            continue
                        }
                        if c == q { quote = nil }
                    } else if c == "\"" || c == "'" {
                        quote = c
                    } else if c == "(" || c == "[" || c == "{" {
                        depth += 1
                    } else if c == ")" || c == "]" || c == "}" {
                        depth -= 1
                    } else if c == ";" || (c == "," && depth == 0) {
                        break
                    }
                    end += 1
                }
                found.append(String(String.UnicodeScalarView(s[start..<min(end, s.count)])))
            }
            values[name] = found
            return found
        }

        /// Whether the file uses `name` after `offset` as a value, not only through its members
        /// or by assigning it: passed to a call (`CreateNotificationChannel(channel)`), put in a
        /// list, returned. Past ``CSharpSounds/maximumVariables`` names, assumed so.
        mutating func isPassed(_ name: String, after offset: Int) -> Bool {
            if passes[name] == nil {
                guard passes.count < CSharpSounds.maximumVariables else { return true }
                let s = source.scalars
                passes[name] = source.occurrences(of: name).filter { at in
                    // A string's text (`"unused"`) is no use of the name.
                    if at > 0, s[at - 1] == "\"" || s[at - 1] == "'" { return false }
                    var i = at + name.unicodeScalars.count
                    while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
                    guard i < s.count else { return true }
                    if s[i] == "." || s[i] == "?" { return false }
                    return !(s[i] == "=" && i + 1 < s.count && s[i + 1] != "=")
                }
            }
            // In order: a use after `offset` is one after the last before it.
            guard let uses = passes[name] else { return true }
            return (uses.last ?? -1) > offset
        }

        /// A name's literal value (``SourceText/resolve(_:)``), else that of the one expression a
        /// local is assigned (`var channelId = Keys.CHANNEL_ID;`), one step; and the argument to
        /// look up across files when it stays unknown.
        mutating func resolve(_ argument: SourceText.Argument) -> (value: String?, target: SourceText.Argument) {
            if let value = source.resolve(argument) { return (value, argument) }
            let text = argument.text.trimmingWhitespace()
            guard !text.isEmpty, text.unicodeScalars.allSatisfy(SourceText.isIdentifier) else { return (nil, argument) }
            let assigned = Set(assignments(of: text).map { $0.trimmingWhitespace() })
            guard assigned.count == 1, let only = assigned.first,
                only.unicodeScalars.allSatisfy({ SourceText.isIdentifier($0) || $0 == "." })
            else { return (nil, argument) }
            let target = SourceText.Argument(text: only)
            return (source.resolve(target), target)
        }

        /// What a channel's `SetSound` argument plays: read as written, else what this file
        /// assigns to the variable it names, when every assignment says the same.
        mutating func uri(_ argument: SourceText.Argument) -> ChannelSound {
            let direct = CSharpSounds.uri(argument)
            guard direct == .computed else { return direct }
            let name = argument.text.trimmingWhitespace()
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(SourceText.isIdentifier) else { return .computed }
            let sounds = Set(assignments(of: name).map { CSharpSounds.uri(SourceText.Argument(text: $0)) })
            guard sounds.count == 1, let sound = sounds.first else { return .computed }
            return sound
        }
    }
}

/// Channels a helper makes, one for each value its parameter takes: `new NotificationChannel($"{Prefix}{soundName}", …)`
/// in a method `CreateChannel(Context context, string soundName)` whose callers pass values the code
/// does not know (issue 57). A channel an app names whose ID is `prefix` + a value + `suffix` is the
/// one this helper makes with that value; its sound is the resource `resourcePrefix` + the value +
/// `resourceSuffix` when the URI names the same parameter (`…/raw/{soundName}`), else the
/// declaration's own.
public struct ChannelFamily: Sendable, Hashable, Codable {
    public var prefix: String
    public var suffix: String
    public var resourcePrefix: String?
    public var resourceSuffix: String?
    /// The values for which the code does not reach the `SetSound` naming the resource (an `if
    /// (soundName != "silent")` around it): their channel's sound is not told.
    var guards = CSharpSounds.Builder.Guards()
    /// The channel's later `SetSound`s, for the values `guards` turns away (an `else`).
    var otherwise: [CSharpSounds.Builder.Otherwise] = []

    /// The value an ID gives the parameter, when it is one of this family's: non-empty, between
    /// the prefix and the suffix.
    func value(of id: String) -> String? {
        guard id.count > prefix.count + suffix.count, id.hasPrefix(prefix), id.hasSuffix(suffix) else { return nil }
        return String(id.dropFirst(prefix.count).dropLast(suffix.count))
    }
}

extension ChannelDeclaration {
    /// The channel of ID `id` its family makes (``ChannelFamily``): nil when it has none, or `id`
    /// is not one of its IDs.
    func member(_ id: String) -> ChannelDeclaration? {
        guard let family, let value = family.value(of: id) else { return nil }
        var made = self
        made.id = id
        made.family = nil
        if let prefix = family.resourcePrefix {
            made.sound = CSharpSounds.Builder.sound(
                for: value, prefix: prefix, suffix: family.resourceSuffix ?? "", guards: family.guards,
                otherwise: family.otherwise)
        }
        return made
    }
}

extension CSharpSounds {
    /// A string as C# builds it, read from the text: literals (`"a"`, `@"a"`), interpolation
    /// (`$"{Prefix}{soundName}"`), concatenation (`a + b`), a local's value where it reaches
    /// (``SourceText/reachingValue(of:at:)``), a constant of the file (`const string`, `static
    /// readonly string`), a parameter of the method around it (kept as the parameter), and a raw
    /// resource's ID (`Resource.Raw.x`, `GetIdentifier(name, "raw", …)`) as the `raw/x` an
    /// `android.resource://` URI of it stands for. Nothing is run: what else it holds is unknown.
    /// Bounded: at most ``maximumDepth`` values followed, each read at most
    /// ``SourceText/maximumValueLength`` characters, so one evaluation costs a bounded amount.
    struct Builder {
        let source: SourceText
        private let memo = Memo()
        static let maximumDepth = 6
        static let maximumPieces = 64
        /// Names whose values one file is searched for: each costs a pass over the file the first
        /// time (``SourceText/reachingValue(of:at:)``, ``SourceText/resolve(_:)``), so a file of
        /// many channels each built from its own names stays linear; past it, a name is unknown.
        static let maximumNames = 64
        /// A constant of the app's other files, by the name the code gives (``CSharpCallers/Constants``).
        var external: ((String) -> String?)?

        init(source: SourceText) { self.source = source }

        /// The names looked up so far in this file.
        private final class Memo {
            var names: Set<String> = []
        }

        /// Whether `name`'s value may be looked up: one already looked up, or one more within the bound.
        private func mayLookUp(_ name: String) -> Bool {
            if memo.names.contains(name) { return true }
            guard memo.names.count < Self.maximumNames else { return false }
            memo.names.insert(name)
            return true
        }

        enum Piece: Equatable {
            case text(String)
            case parameter(String)
            case unknown
        }

        /// What a string comes to, when all of it is known but at most one parameter.
        enum Known: Equatable {
            case text(String)
            case parameter(String, prefix: String, suffix: String)
        }

        /// What a channel's URI names through a built string.
        enum URI: Equatable {
            case resource(String)
            case parameter(String, prefix: String, suffix: String)
        }

        struct Value {
            var pieces: [Piece]

            /// The pieces, adjacent texts joined; nil when any is unknown or there are several parameters.
            var known: Known? {
                var before = "", after = ""
                var parameter: String?
                for piece in pieces {
                    switch piece {
                    case .unknown: return nil
                    case .text(let text):
                        if parameter == nil { before += text } else { after += text }
                    case .parameter(let name):
                        guard parameter == nil else { return nil }
                        parameter = name
                    }
                }
                guard let parameter else { return .text(before) }
                return .parameter(parameter, prefix: before, suffix: after)
            }
        }

        /// What the `if`s around a statement say of one parameter: values that skip it (`p != "x"`),
        /// the one value that reaches it (`p == "x"`), or a condition on it not read (any value may
        /// skip it).
        struct Guards: Sendable, Hashable, Codable {
            var excluded: Set<String> = []
            var required: String?
            var unread = false

            /// Whether the statement runs for `value`.
            func reaches(_ value: String) -> Bool {
                !unread && !excluded.contains(value) && (required == nil || required == value)
            }

            /// Adds what `condition` says of `parameter` (`inverted`: for an `else`): `p != "x"`
            /// and `p == "x"`, joined by `&&`; any other reading of `p` is not read.
            mutating func apply(_ condition: String, on parameter: String, inverted: Bool) {
                guard CodeFollow.names(SourceText.Argument(text: condition)).contains(parameter) else { return }
                for part in condition.split(separator: "&&").map({ String($0).trimmingWhitespace() }) {
                    guard CodeFollow.names(SourceText.Argument(text: part)).contains(parameter) else { continue }
                    let equal = part.firstRange(of: "==")
                    let unequal = part.firstRange(of: "!=")
                    guard let range = equal ?? unequal else {
                        unread = true
                        continue
                    }
                    let sides = [part[..<range.lowerBound], part[range.upperBound...]].map {
                        String($0).trimmingWhitespace()
                    }
                    guard let other = sides.first(where: { $0 != parameter }), sides.contains(parameter),
                        let literal = Builder.literal(other)
                    else {
                        unread = true
                        continue
                    }
                    if (equal != nil) != inverted {
                        if let required, required != literal { unread = true }
                        required = literal
                    } else {
                        excluded.insert(literal)
                    }
                }
            }
        }

        /// A later `SetSound` on the same channel, and the values of the parameter it runs for
        /// (the `else` of an `if (p != "silent")`).
        struct Otherwise: Sendable, Hashable, Codable {
            var guards: Guards
            var sound: ChannelSound
        }

        /// What the channel made with `value` plays: the resource `prefix` + value + `suffix`
        /// when the `SetSound` naming it runs for the value, then each later `SetSound` that runs
        /// for it; a value no `SetSound` is known to run for is not told.
        static func sound(
            for value: String, prefix: String, suffix: String, guards: Guards, otherwise: [Otherwise]
        ) -> ChannelSound {
            var sound: ChannelSound? = guards.reaches(value) ? .resource(prefix + value + suffix) : nil
            for later in otherwise {
                if later.guards.unread { return .computed }
                if later.guards.reaches(value) { sound = later.sound }
            }
            return sound ?? .computed
        }

        /// The conditions on `parameter` of the `if` blocks around `offset`, read outwards to the
        /// block that also holds `floor` (the channel's construction): `p != "x"` and `p == "x"`,
        /// joined by `&&`; any other condition naming `p`, or an `else`, is not read. At most
        /// ``CodeFollow/maximumLevels`` blocks, each condition read back at most
        /// ``CodeFollow/maximumHeader`` characters.
        func guards(_ parameter: String, at offset: Int, below floor: Int) -> Guards {
            var guards = Guards()
            let scalars = source.scalars
            var block = source.enclosingBlock(of: offset)
            var levels = 0
            while let open = block, open > floor || source.blockClose(open) < floor, levels < CodeFollow.maximumLevels {
                levels += 1
                block = source.enclosingBlock(of: open)
                var i = open - 1
                while i >= 0, scalars[i].properties.isWhitespace { i -= 1 }
                if i >= 3, String(String.UnicodeScalarView(scalars[(i - 3)...i])) == "else" {
                    // `if (p != "x") { … } else {`: the `else` runs for the values the `if` turns away.
                    var k = i - 4
                    while k >= 0, scalars[k].properties.isWhitespace { k -= 1 }
                    var inner = k > 0 && scalars[k] == "}" ? source.enclosingBlock(of: k - 1) : nil
                    var steps = 0
                    while let o = inner, source.blockClose(o) != k, steps < CodeFollow.maximumLevels {
                        inner = source.enclosingBlock(of: o)
                        steps += 1
                    }
                    guard let ifOpen = inner, source.blockClose(ifOpen) == k,
                        let condition = condition(before: ifOpen), !condition.contains("&&"), !condition.contains("||")
                    else {
                        guards.unread = true
                        continue
                    }
                    guards.apply(condition, on: parameter, inverted: true)
                    continue
                }
                guard let condition = condition(before: open) else { continue }
                guards.apply(condition, on: parameter, inverted: false)
            }
            return guards
        }

        /// The condition of the `if (…)` that opens the block at `open`; nil when another
        /// statement opens it. Read back at most ``CodeFollow/maximumHeader`` characters.
        private func condition(before open: Int) -> String? {
            let scalars = source.scalars
            var i = open - 1
            while i >= 0, scalars[i].properties.isWhitespace { i -= 1 }
            guard i >= 0, scalars[i] == ")" else { return nil }
            // Back to the `(` that opens it.
            var depth = 0
            var j = i
            while j >= max(0, i - CodeFollow.maximumHeader) {
                if scalars[j] == ")" { depth += 1 }
                if scalars[j] == "(" {
                    depth -= 1
                    if depth == 0 { break }
                }
                j -= 1
            }
            guard j >= 0, depth == 0 else { return nil }
            var w = j - 1
            while w >= 0, scalars[w].properties.isWhitespace { w -= 1 }
            guard w >= 1, scalars[w] == "f", scalars[w - 1] == "i",
                w < 2 || !SourceText.isIdentifier(scalars[w - 2])
            else { return nil }
            return String(String.UnicodeScalarView(scalars[(j + 1)..<i]))
        }

        func evaluate(_ argument: SourceText.Argument, at offset: Int) -> Value {
            Value(pieces: pieces(argument.text, at: offset, depth: 0))
        }

        /// What a URI (`Android.Net.Uri.Parse(…)`, or a local holding one) names: a raw resource
        /// by its name, or by a parameter; nil when not told.
        func uri(_ argument: SourceText.Argument, at offset: Int) -> URI? {
            var text = argument.text.trimmingWhitespace()
            if text.unicodeScalars.allSatisfy(SourceText.isIdentifier), !text.isEmpty, mayLookUp(text),
                let value = source.reachingValue(of: text, at: offset)
            {
                text = value.trimmingWhitespace()
            }
            let inner = SourceText(text)
            guard let at = inner.occurrences(of: "Uri.Parse").first,
                let parsed = inner.call(at: at, name: "Uri.Parse")?.positional(0)
            else { return nil }
            let all = pieces(parsed.text, at: offset, depth: 1)
            // After the last `raw/`: a name, or a parameter with what surrounds it.
            var rest: [Piece] = []
            var seen = false
            for piece in all {
                if case .text(let text) = piece, let range = text.ranges(of: "raw/").last {
                    seen = true
                    rest = [.text(String(text[range.upperBound...]))]
                } else {
                    rest.append(piece)
                }
            }
            guard seen else { return nil }
            switch Value(pieces: rest).known {
            case .text(let name)?:
                let base = name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return base.isEmpty ? nil : .resource(String(base))
            case .parameter(let name, let prefix, let suffix)?:
                // A resource's name ends where a file's extension starts (`{name}.mp3`).
                let end = suffix.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return .parameter(name, prefix: prefix, suffix: String(end))
            case nil: return nil
            }
        }

        private func pieces(_ expression: String, at offset: Int, depth: Int) -> [Piece] {
            guard depth <= Self.maximumDepth, expression.unicodeScalars.count <= SourceText.maximumValueLength else {
                return [.unknown]
            }
            var text = expression.trimmingWhitespace()
            while text.hasPrefix("("), text.hasSuffix(")"), Self.closes(text) {
                text = String(text.dropFirst().dropLast()).trimmingWhitespace()
            }
            let parts = Self.split(text, on: "+")
            if parts.count > 1 {
                let joined = parts.flatMap { pieces($0, at: offset, depth: depth + 1) }
                return joined.count <= Self.maximumPieces ? joined : [.unknown]
            }
            if let literal = Self.literal(text) { return [.text(literal)] }
            if let interpolated = interpolation(text, at: offset, depth: depth) { return interpolated }
            // A raw resource's ID: what an `android.resource://pkg/ID` URI stands for.
            if let range = text.firstRange(of: "Resource.Raw."),
                text.unicodeScalars.allSatisfy({ SourceText.isIdentifier($0) || $0 == "." || $0 == ":" })
            {
                let name = text[range.upperBound...]
                // The build lowercases resources' file names; C#'s spelling reaches them through its case map.
                if !name.isEmpty, !name.contains(".") { return [.text("raw/" + name.lowercased())] }
            }
            if text.contains("GetIdentifier") {
                let inner = SourceText(text)
                if let at = inner.occurrences(of: "GetIdentifier").first,
                    let call = inner.call(at: at, name: "GetIdentifier"), call.arguments.count >= 2,
                    call.positional(1)?.literal == "raw", let name = call.positional(0)
                {
                    return [.text("raw/")] + pieces(name.text, at: offset, depth: depth + 1)
                }
                return [.unknown]
            }
            // `nameof(x.Y)` is the last name's text, as the compiler writes it.
            if text.hasPrefix("nameof("), text.hasSuffix(")"), Self.closes(String(text.dropFirst(6))) {
                let inner = String(text.dropFirst(7).dropLast()).trimmingWhitespace()
                let last = inner.split(separator: ".").last.map(String.init) ?? ""
                guard !last.isEmpty, inner.unicodeScalars.allSatisfy({ SourceText.isIdentifier($0) || $0 == "." })
                else { return [.unknown] }
                return [.text(last.hasPrefix("@") ? String(last.dropFirst()) : last)]
            }
            let name = text.hasPrefix("this.") ? String(text.dropFirst(5)) : text
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ SourceText.isIdentifier($0) || $0 == "." }) else {
                return [.unknown]
            }
            if !name.contains("."), isParameter(name, at: offset) { return [.parameter(name)] }
            guard mayLookUp(name) else { return [.unknown] }
            if !name.contains("."), let value = source.reachingValue(of: name, at: offset) {
                return pieces(value, at: offset, depth: depth + 1)
            }
            if let constant = source.resolve(SourceText.Argument(text: name)) { return [.text(constant)] }
            // A bare name this file binds (a local, a field it assigns) is not another file's constant.
            if name.contains(".") || !source.binds(name), let constant = external?(name) { return [.text(constant)] }
            return [.unknown]
        }

        /// `$"…{x}…"` (also `$@"…"`, `@$"…"`): its text, and each hole's value; a hole with a
        /// format or alignment (`{n:D2}`, `{n,5}`) is unknown. Nil when `text` is no such string.
        private func interpolation(_ text: String, at offset: Int, depth: Int) -> [Piece]? {
            let scalars = Array(text.unicodeScalars)
            var i = 0
            var verbatim = false
            var dollar = false
            while i < min(2, scalars.count), scalars[i] == "$" || scalars[i] == "@" {
                if scalars[i] == "@" { verbatim = true } else { dollar = true }
                i += 1
            }
            guard dollar, i < scalars.count, scalars[i] == "\"", scalars.count >= i + 2, scalars.last == "\"" else {
                return nil
            }
            var out: [Piece] = []
            var current = String.UnicodeScalarView()
            var j = i + 1
            let end = scalars.count - 1
            while j < end {
                let c = scalars[j]
                if c == "{" || c == "}" {
                    if j + 1 < end, scalars[j + 1] == c {
                        current.append(c)
                        j += 2
                        continue
                    }
                    guard c == "{" else { return [.unknown] }
                    // The hole's expression, to its `}` outside brackets and quotes.
                    var k = j + 1
                    var nesting = 0
                    var quote: Unicode.Scalar?
                    var formatted = false
                    while k < end {
                        let d = scalars[k]
                        if let q = quote {
                            if d == "\\" { k += 1 } else if d == q { quote = nil }
                        } else if d == "\"" || d == "'" {
                            quote = d
                        } else if d == "(" || d == "[" || d == "{" {
                            nesting += 1
                        } else if d == ")" || d == "]" {
                            nesting -= 1
                        } else if d == "}" {
                            if nesting == 0 { break }
                            nesting -= 1
                        } else if nesting == 0, d == ":" || d == "," {
                            formatted = true
                        }
                        k += 1
                    }
                    guard k < end else { return [.unknown] }
                    if !current.isEmpty { out.append(.text(String(current))) }
                    current = String.UnicodeScalarView()
                    let hole = String(String.UnicodeScalarView(scalars[(j + 1)..<k]))
                    out += formatted ? [.unknown] : pieces(hole, at: offset, depth: depth + 1)
                    guard out.count <= Self.maximumPieces else { return [.unknown] }
                    j = k + 1
                    continue
                }
                if c == "\\", !verbatim, j + 1 < end {
                    current.append(scalars[j + 1])
                    j += 2
                    continue
                }
                if c == "\"" {
                    // `""` in a verbatim string is one quote; elsewhere the string ended early.
                    guard verbatim, j + 1 < end, scalars[j + 1] == "\"" else { return [.unknown] }
                    current.append(c)
                    j += 2
                    continue
                }
                current.append(c)
                j += 1
            }
            if !current.isEmpty { out.append(.text(String(current))) }
            return out
        }

        /// Whether `name` is a parameter of the method around `offset` (``CodeFollow/header(of:in:mayLookUp:)``),
        /// read outwards through at most ``CodeFollow/maximumLevels`` blocks; a callback's or a
        /// loop's variable is not.
        private func isParameter(_ name: String, at offset: Int) -> Bool {
            var block = source.enclosingBlock(of: offset)
            var levels = 0
            while let open = block, levels < CodeFollow.maximumLevels {
                levels += 1
                switch CodeFollow.header(of: open, in: source, mayLookUp: { false }) {
                case .function(_, _, let parameters)?: return parameters.contains { $0.name == name }
                case .opaque(let names)?: if names.contains(name) { return false }
                case .loop(let variables, _)?: if variables.keys.contains(name) { return false }
                case nil: break
                }
                block = source.enclosingBlock(of: open)
            }
            return false
        }

        /// A C# string literal's text: `"a\\"b"` (escapes read), `@"a""b"` (verbatim); nil otherwise.
        static func literal(_ text: String) -> String? {
            let scalars = Array(text.unicodeScalars)
            let verbatim = scalars.first == "@"
            let start = verbatim ? 1 : 0
            guard scalars.count >= start + 2, scalars[start] == "\"", scalars.last == "\"" else { return nil }
            var out = String.UnicodeScalarView()
            var j = start + 1
            let end = scalars.count - 1
            while j < end {
                let c = scalars[j]
                if c == "\\", !verbatim, j + 1 < end {
                    out.append(scalars[j + 1])
                    j += 2
                    continue
                }
                if c == "\"" {
                    guard verbatim, j + 1 < end, scalars[j + 1] == "\"" else { return nil }
                    out.append(c)
                    j += 2
                    continue
                }
                out.append(c)
                j += 1
            }
            return String(out)
        }

        /// Whether the `(` that starts `text` closes at its end.
        static func closes(_ text: String) -> Bool {
            var depth = 0
            var quote: Unicode.Scalar?
            let scalars = Array(text.unicodeScalars)
            for (k, c) in scalars.enumerated() {
                if let q = quote {
                    if c == q { quote = nil }
                    continue
                }
                if c == "\"" || c == "'" { quote = c }
                if c == "(" { depth += 1 }
                if c == ")" {
                    depth -= 1
                    if depth == 0 { return k == scalars.count - 1 }
                }
            }
            return false
        }

        /// `text` split at each top-level `separator` (outside brackets and quotes; `++` is no `+`).
        static func split(_ text: String, on separator: Unicode.Scalar) -> [String] {
            var parts: [String] = []
            var current = String.UnicodeScalarView()
            var depth = 0
            var quote: Unicode.Scalar?
            let scalars = Array(text.unicodeScalars)
            var k = 0
            while k < scalars.count {
                let c = scalars[k]
                if let q = quote {
                    current.append(c)
                    if c == "\\", k + 1 < scalars.count {
                        current.append(scalars[k + 1])
                        k += 2
                        continue
                    }
                    if c == q { quote = nil }
                    k += 1
                    continue
                }
                if c == "\"" || c == "'" { quote = c }
                if c == "(" || c == "[" || c == "{" { depth += 1 }
                if c == ")" || c == "]" || c == "}" { depth -= 1 }
                if c == separator, depth == 0, k + 1 < scalars.count, scalars[k + 1] != separator,
                    k == 0 || scalars[k - 1] != separator
                {
                    parts.append(String(current))
                    current = String.UnicodeScalarView()
                    k += 1
                    continue
                }
                current.append(c)
                k += 1
            }
            parts.append(String(current))
            return parts
        }
    }
}
