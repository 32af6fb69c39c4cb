import AlertSoundCore

/// How much a channel may interrupt, as the app's code creates it (issue 57). On Android 8 and
/// later a channel below `IMPORTANCE_DEFAULT` makes no sound whatever its sound: Android's
/// `NotificationManager` says `IMPORTANCE_LOW` "shows in the shade, and potentially in the status
/// bar, but is not audibly intrusive", `IMPORTANCE_MIN` "only shows in the shade, below the fold"
/// and `IMPORTANCE_NONE` does not show at all. A fresh install keeps the importance the code
/// created the channel with: the user may change it later, and a later
/// `createNotificationChannel` with the same ID cannot raise it.
public struct ChannelImportance: Sendable, Hashable, Codable {
    /// Android's level: `IMPORTANCE_NONE` 0, `MIN` 1, `LOW` 2, `DEFAULT` 3, `HIGH` 4, `MAX` 5;
    /// nil when the code computes it at run time (never taken for the default).
    public var level: Int?
    /// As the code gives it (`NotificationManager.IMPORTANCE_LOW`, `AndroidImportance.LOW`, `2`).
    public var spelled: String
    /// Where it is given.
    public var position: SourcePosition

    /// A channel of ``level`` made at `position`, as `spelled`.
    public init(level: Int?, spelled: String, position: SourcePosition) {
        self.level = level
        self.spelled = spelled
        self.position = position
    }

    /// Whether a channel of this importance plays a sound: false below `DEFAULT`, nil when computed.
    public var sounds: Bool? { level.map { $0 >= 3 } }

    /// Its level's name, for people (`LOW (2)`).
    var name: String {
        guard let level else { return "computed" }
        let names = ["NONE", "MIN", "LOW", "DEFAULT", "HIGH", "MAX"]
        return names.indices.contains(level) ? "\(names[level]) (\(level))" : "\(level)"
    }

    /// The words of every scale read by name (Android's `IMPORTANCE_*`, notifee's and Expo's
    /// `AndroidImportance.LOW`, flutter_local_notifications' `Importance.low` and
    /// `Importance.defaultImportance`, awesome_notifications' and .NET's `NotificationImportance.Low`,
    /// Plugin.LocalNotification's `AndroidImportance.Low`, react-native-push-notification's and
    /// Unity's `Importance.Low`), lowercased, without `importance` and `_`.
    private static let words: [String: Int] = ["none": 0, "min": 1, "low": 2, "default": 3, "high": 4, "max": 5]

    /// The level `text` names: a word of an importance type (nil for a name that is no such word)
    /// or a number on the scale whose `IMPORTANCE_NONE` is `none`. `.some(nil)`: an importance word
    /// with no level (`UNSPECIFIED`, `UNKNOWN`).
    static func level(of text: String, none: Int) -> Int?? {
        var word = text.trimmingWhitespace()
        // A cast or a parenthesised value (`(int) NotificationImportance.Low`, `(IMPORTANCE_LOW)`).
        if word.hasPrefix("("), let close = word.firstIndex(of: ")") {
            let inner = String(word[word.index(after: word.startIndex)..<close])
            let rest = String(word[word.index(after: close)...]).trimmingWhitespace()
            word = rest.isEmpty ? inner.trimmingWhitespace() : rest
        }
        if let number = Int(word) {
            let level = number - none
            return (0...5).contains(level) ? level : .some(nil)
        }
        // Only a member of an importance type, or Android's constant: `Priority.LOW` or a variable
        // `lowImportance` is no importance word (a name is read for its value instead).
        guard word.unicodeScalars.allSatisfy({ SourceText.isIdentifier($0) || $0 == "." }) else { return nil }
        let parts = word.split(separator: ".").map(String.init)
        guard let last = parts.last else { return nil }
        let type = parts.count > 1 ? parts[parts.count - 2] : ""
        var key = last.lowercased().filter { $0 != "_" }
        if last.hasPrefix("IMPORTANCE_") || (type.hasPrefix("NotificationManager") && key.hasPrefix("importance")) {
            // `NotificationManager.IMPORTANCE_LOW`, a static import's `IMPORTANCE_LOW`, .NET's `ImportanceLow`.
            key = String(key.dropFirst("importance".count))
        } else if ["Importance", "AndroidImportance", "NotificationImportance"].contains(type) {
            // `Importance.defaultImportance` (flutter_local_notifications) is `default`.
            if key.hasSuffix("importance") { key = String(key.dropLast("importance".count)) }
        } else {
            return nil
        }
        if key == "unspecified" || key == "unknown" { return .some(nil) }
        guard let level = words[key] else { return nil }
        return level
    }

    /// The importance `argument` gives a channel made at `offset` of `source`, on `field`'s scale:
    /// a word or number (``level(of:none:)``), else the value the name holds there (a local, a
    /// constant of the file), else, for a parameter of the function around it, the one level
    /// every call of it in this file passes (`follow`'s bindings). Computed (level nil) otherwise;
    /// nil when `argument` is nil (left out: the library's default, which sounds).
    static func read(
        _ argument: SourceText.Argument?, none: Int, in source: SourceText, at offset: Int, follow: CodeFollow?,
        position: SourcePosition
    ) -> ChannelImportance? {
        readEach(argument, none: none, in: source, at: offset, follow: follow, position: position).all
    }

    /// As ``read(_:none:in:at:follow:position:)``, and the level each call of the function around
    /// it gives, by the call's line: the follower makes one channel per such call, at its line, so
    /// each gets its own call's level (a helper's `if (channel.isImportant) HIGH else LOW` with
    /// `true` from one call and `false` from another was computed for both).
    static func readEach(
        _ argument: SourceText.Argument?, none: Int, in source: SourceText, at offset: Int, follow: CodeFollow?,
        position: SourcePosition
    ) -> (all: ChannelImportance?, each: [Int: ChannelImportance]) {
        guard let argument else { return (nil, [:]) }
        let spelled = argument.text.trimmingWhitespace()
        func made(_ level: Int?) -> ChannelImportance {
            ChannelImportance(level: level, spelled: String(spelled.prefix(80)), position: position)
        }
        if let known = value(spelled, none: none, in: source, at: offset) { return (made(known), [:]) }
        // A parameter of the function around it, or a local built from one (`val importance =
        // if (channel.isImportant) IMPORTANCE_HIGH else IMPORTANCE_LOW`): what each call of the
        // function in this file passes put in its place; one level from every call is that level.
        guard let follow else { return (made(nil), [:]) }
        var text = spelled
        if CodeFollow.isName(text), let held = source.reachingValue(of: text, at: offset) {
            text = held.trimmingWhitespace()
        }
        // Every word of it: the follower binds those that are the function's parameters.
        let names = Set(
            text.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") }.map(String.init).prefix(64))
        guard !names.isEmpty, let bindings = follow.bindings(of: names, at: offset), !bindings.isEmpty else {
            return (made(nil), [:])
        }
        var levels: Set<Int?> = []
        var byLine: [Int: Set<Int?>] = [:]
        for binding in bindings.prefix(CodeFollow.maximumSearches) {
            // A call that binds other parameters but none this value uses is another function
            // of the same name (`manager.createNotificationChannel(c)` inside an app's own
            // `createNotificationChannel(context, channel)`); an empty binding is a caller
            // elsewhere, which may pass anything.
            if !binding.values.isEmpty, !names.contains(where: { binding.values[$0] != nil }) { continue }
            let bound = bind(text, binding, follow)
            let level = value(bound.trimmingWhitespace(), none: none, in: source, at: binding.offset ?? offset)
            levels.insert(level)
            if let call = binding.offset { byLine[source.line(at: call), default: []].insert(level) }
        }
        let each = byLine.mapValues { made($0.count == 1 ? $0.first ?? nil : nil) }
        return (made(levels.count == 1 ? levels.first ?? nil : nil), each)
    }

    /// `text` with each `name` and `name.member` a binding gives in its place (a member of the
    /// call's object or constructor call, as ``CodeFollow/substitute(_:_:)`` reads it).
    private static func bind(_ text: String, _ binding: CodeFollow.Binding, _ follow: CodeFollow) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard SourceText.isIdentifier(scalars[i]), i == 0 || !SourceText.isIdentifier(scalars[i - 1]),
                i == 0 || scalars[i - 1] != "."
            else {
                out.append(scalars[i])
                i += 1
                continue
            }
            var end = i
            while end < scalars.count, SourceText.isIdentifier(scalars[end]) { end += 1 }
            let name = String(String.UnicodeScalarView(scalars[i..<end]))
            guard binding.values[name] != nil else {
                out.append(contentsOf: scalars[i..<end])
                i = end
                continue
            }
            var access = end
            if access < scalars.count, scalars[access] == ".", access + 1 < scalars.count,
                SourceText.isIdentifier(scalars[access + 1])
            {
                access += 1
                while access < scalars.count, SourceText.isIdentifier(scalars[access]) { access += 1 }
            }
            let whole = String(String.UnicodeScalarView(scalars[i..<access]))
            let given = follow.substitute(SourceText.Argument(text: whole), binding)?.text ?? whole
            out.append(contentsOf: given.unicodeScalars)
            i = access
        }
        return String(out)
    }

    /// The level `text` gives at `offset`: a word or number, the branch an `if` on a literal
    /// `true` or `false` takes, the one level every branch gives, or what a name holds there (a
    /// local, a constant of the file), at most `depth` steps deep; nil when it is not known.
    private static func value(
        _ text: String, none: Int, in source: SourceText, at offset: Int, depth: Int = 4
    )
        -> Int?
    {
        guard depth > 0 else { return nil }
        if let level = level(of: text, none: none) { return level }
        func next(_ text: String) -> Int? {
            value(text.trimmingWhitespace(), none: none, in: source, at: offset, depth: depth - 1)
        }
        if let branches = CodeFollow.branches(of: text), !branches.isEmpty {
            let scalars = Array(text.unicodeScalars)
            if text.hasPrefix("if"), branches.count == 2, let open = scalars.firstIndex(of: "("),
                let close = SourceText(text).closingBracket(open)
            {
                let condition = String(String.UnicodeScalarView(scalars[(open + 1)..<close])).trimmingWhitespace()
                if condition == "true" { return next(branches[0]) }
                if condition == "false" { return next(branches[1]) }
            }
            let levels = Set(branches.map(next))
            return levels.count == 1 ? levels.first ?? nil : nil
        }
        guard text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ CodeFollow.isName(String($0)) })
        else { return nil }
        let name = text.split(separator: ".").last.map(String.init) ?? text
        let assigned = source.assignedValues(of: name)
        guard let held = source.reachingValue(of: name, at: offset) ?? (assigned.count == 1 ? assigned[0] : nil)
        else { return nil }
        return next(held)
    }
}

extension AndroidLibrary.ImportanceField {
    /// Android's own `NotificationChannel(id, name, importance)` (Java, Kotlin, C#, NativeScript):
    /// Android's scale.
    static let android = Self(label: "importance", position: 2)
    /// `NotificationChannelCompat.Builder(id, importance)`.
    static let compatBuilder = Self(label: "importance", position: 1)
}

extension ChannelDeclaration {
    /// What a notification posted on it plays on a fresh install of Android 8 and later: its
    /// sound, but nothing when its importance is below `DEFAULT`, and not known when its
    /// importance is computed (a silent channel is silent whatever its importance).
    public var heard: ChannelSound {
        guard let importance, sound != .silent else { return sound }
        guard let sounds = importance.sounds else { return .computed }
        return sounds ? sound : .silent
    }

    /// Why it plays nothing or cannot be told, when its importance decides that (`importance
    /// LOW (2) at Channels.kt:12`); nil when its sound does.
    var importanceDecides: String? {
        guard let importance, sound != .silent, importance.sounds != true else { return nil }
        let at = "\(importance.position.file):\(importance.position.line)"
        guard importance.level != nil else {
            return
                "an importance computed at run time (\(importance.spelled) at \(at)), so whether it makes a sound is not known"
        }
        return "importance \(importance.name) at \(at), below DEFAULT: Android plays no sound on such a channel"
    }
}

extension CodeSounds {
    /// Gives the channels one `NotificationChannel(id, name, importance)` or
    /// `NotificationChannelCompat.Builder(id, importance)` call made the importance it passes,
    /// or that a `setImportance(…)` before the next channel of the file sets (issue 57).
    static func importance(
        of call: SourceText.Call, segment: SourceText, at offset: Int, in source: SourceText, follow: CodeFollow,
        file: String, field: AndroidLibrary.ImportanceField, into channels: inout ArraySlice<ChannelDeclaration>
    ) {
        guard !channels.isEmpty else { return }
        var argument = call.labelled(field.label) ?? field.position.flatMap(call.positional)
        var line = call.line
        if let set = segment.occurrences(of: "setImportance").first,
            let given = segment.call(at: set, name: "setImportance")?.positional(0)
        {
            argument = given
            line = source.line(at: offset + set)
        }
        give(
            argument, none: field.none, at: offset, line: line, in: source, follow: follow, file: file, into: &channels)
    }

    /// Gives `channels`, made by one call at `offset`, the importance `argument` passes (nil:
    /// none given, the library's default), on the scale whose `IMPORTANCE_NONE` is `none`.
    static func give(
        _ argument: SourceText.Argument?, none: Int, at offset: Int, line: Int, in source: SourceText,
        follow: CodeFollow?, file: String, into channels: inout ArraySlice<ChannelDeclaration>
    ) {
        guard !channels.isEmpty, let argument else { return }
        let read = ChannelImportance.readEach(
            argument, none: none, in: source, at: offset, follow: follow,
            position: SourcePosition(file: file, line: line))
        for i in channels.indices { channels[i].importance = read.each[channels[i].position.line] ?? read.all }
    }

    /// Gives `channels`, made by one call of `library`'s at `offset`, the importance its options
    /// pass (`importance: AndroidImportance.LOW`), by the library's field.
    static func give(
        options: SourceText.Argument?, of library: AndroidLibrary, at offset: Int, line: Int, in source: SourceText,
        follow: CodeFollow?, file: String, into channels: inout ArraySlice<ChannelDeclaration>
    ) {
        guard let field = library.channelImportance, let options else { return }
        give(
            options.labelled(field.label), none: field.none, at: offset, line: line, in: source, follow: follow,
            file: file, into: &channels)
    }
}
