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
            while nextSetSound < setSounds.count, setSounds[nextSetSound] < offset { nextSetSound += 1 }
            var s = nextSetSound
            while s < setSounds.count, setSounds[s] < end {
                // `channel.SetSound(…)` on this channel's variable (a builder's `SetSound` is not the channel's).
                if variable == nil || qualifier(before: setSounds[s], in: source) == variable,
                    let set = source.call(at: setSounds[s], name: "SetSound"), let argument = set.positional(0)
                {
                    sound = variables.uri(argument)
                    break
                }
                s += 1
            }
            let (id, idTarget) = variables.resolve(idArgument)
            found.channels.append(ChannelDeclaration(id: id, sound: sound, position: position(call.line)))
            if id == nil { pend(idTarget, .channelID(found.channels.count - 1)) }
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
