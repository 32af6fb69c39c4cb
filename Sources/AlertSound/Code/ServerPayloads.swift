import AlertSoundCore

/// The pushes an app's own server code sends, read from its JavaScript and TypeScript (a
/// `functions/` folder of Firebase Cloud Functions, a `backend/` beside an Expo app): the sound
/// each names is what the device is asked to play, so it is judged as a payload's is (issue 57:
/// an Expo app's backend sent `critical.wav`, which no configuration shipped, and alertsound
/// passed the app). Only the shapes the services define are read, never a guess:
/// - APNs' `aps: { sound }` (a string, or `{ critical, name, volume }`), as firebase-admin's
///   `apns.payload.aps` and node-apn write it: iOS;
/// - FCM's `android: { notification: { sound, channelId | channel_id } }`: an Android message on
///   that channel;
/// - the legacy FCM API's `notification: { sound, android_channel_id }` (firebase-admin's
///   `sendToDevice`, or a POST to `fcm.googleapis.com/fcm/send`): both platforms;
/// - an Expo push message `{ to, sound, channelId }` in a file that uses Expo's push service:
///   `sound` is iOS's (Expo's Android plays the channel's).
/// A sound chosen between two literals (`critical ? 'critical.wav' : 'default'`) names both.
enum ServerPayloads {
    /// One sound a payload in the code names.
    struct Sound {
        var value: SourceText.Argument
        var offset: Int
        var platform: Platform
        /// The payload's key, as a payload's reference names it (`aps.sound`).
        var field: String
        var critical = false
        var channel: SourceText.Argument?
    }

    /// The words a file must hold for any of these shapes (added to the JavaScript prefilter):
    /// every shape has a `sound` key. Not `android` or `aps`, which a web framework's bundle holds
    /// (`maps`, a platform check), so 22 MB of vendored Ionic passed the prefilter and was parsed.
    static let words = ["sound"]

    /// Every sound the payloads written in `source` name. Objects are read by their top-level
    /// members (``SourceText/members(ofObjectAt:)``), so keys nested in keys cost their text once.
    static func sounds(in source: SourceText) -> [Sound] {
        var found: [Sound] = []
        // The object a key's value is, read by its members; nil when the value is no object.
        func object(_ key: String, at offset: Int) -> [String: SourceText.Argument]? {
            guard let value = source.objectValue(ofKeyAt: offset, key: key) else { return nil }
            return members(of: value)
        }
        func members(of value: SourceText.Argument) -> [String: SourceText.Argument]? {
            guard let open = value.openingBrace else { return nil }
            return Dictionary(source.members(ofObjectAt: open).map { ($0.key, $0.value) }) { first, _ in first }
        }
        for offset in source.occurrences(of: "aps") {
            guard let aps = object("aps", at: offset), let sound = aps["sound"] else { continue }
            if let dictionary = members(of: sound) {
                // `sound: { critical: 1, name: "siren.caf", volume: 1.0 }`: a critical alert when
                // `critical` is 1 (or true).
                guard let name = dictionary["name"] else { continue }
                let critical = dictionary["critical"].map { ["1", "true"].contains($0.text.trimmingWhitespace()) }
                found.append(
                    Sound(
                        value: name, offset: offset, platform: .ios, field: "aps.sound.name",
                        critical: critical ?? false))
            } else {
                found.append(Sound(value: sound, offset: offset, platform: .ios, field: "aps.sound"))
            }
        }
        var androidNotifications: Set<Int> = []
        for offset in source.occurrences(of: "android") {
            guard let android = object("android", at: offset), let value = android["notification"],
                let notification = members(of: value)
            else { continue }
            if let open = value.openingBrace { androidNotifications.insert(open) }
            guard let sound = notification["sound"] else { continue }
            found.append(
                Sound(
                    value: sound, offset: offset, platform: .android, field: "android.notification.sound",
                    channel: notification["channelId"] ?? notification["channel_id"]))
        }
        let text = source.text
        if text.contains("sendToDevice") || text.contains("fcm/send") || text.contains("sendToTopic") {
            for offset in source.occurrences(of: "notification") {
                guard let value = source.objectValue(ofKeyAt: offset, key: "notification"),
                    let open = value.openingBrace, !androidNotifications.contains(open),
                    let notification = members(of: value), let sound = notification["sound"]
                else { continue }
                let channel = notification["android_channel_id"]
                found.append(Sound(value: sound, offset: offset, platform: .ios, field: "notification.sound"))
                found.append(
                    Sound(
                        value: sound, offset: offset, platform: .android, field: "notification.sound", channel: channel)
                )
            }
        }
        if text.contains("expo-server-sdk") || text.contains("exp.host") || text.contains("ExpoPushMessage") {
            for (open, key) in objectsHoldingKey("sound", in: source) {
                let message = Dictionary(source.members(ofObjectAt: open).map { ($0.key, $0.value) }) { a, _ in a }
                guard message["to"] != nil, let sound = message["sound"], members(of: sound) == nil else { continue }
                found.append(Sound(value: sound, offset: key, platform: .ios, field: "sound"))
            }
        }
        return found
    }

    /// The literals a value chooses between: itself, or both sides of `condition ? "a" : "b"`
    /// when each side is a literal; nil when it is anything else.
    static func choices(_ value: SourceText.Argument) -> [SourceText.Argument]? {
        if value.literal != nil { return [value] }
        let scalars = value.scalars
        var question: Int?
        var colon: Int?
        var depth = 0
        walk(scalars) { i, c, quoted in
            guard !quoted else { return }
            if c == "(" || c == "[" || c == "{" {
                depth += 1
            } else if c == ")" || c == "]" || c == "}" {
                depth -= 1
            } else if depth == 0, c == "?", question == nil {
                question = i
            } else if depth == 0, c == ":", question != nil, colon == nil {
                colon = i
            }
        }
        guard let question, let colon else { return nil }
        let sides = [
            SourceText.Argument(scalars[(question + 1)..<colon]), SourceText.Argument(scalars[(colon + 1)...])
        ]
        return sides.allSatisfy { $0.literal != nil } ? sides : nil
    }

    /// Where each object literal that holds `key` as a member (`key:`, `"key":`) opens, and where
    /// its first such key is: one pass, keeping the braces open at each point (quotes passed
    /// over), so linear in the file. Each object once, in order.
    private static func objectsHoldingKey(_ key: String, in source: SourceText) -> [(open: Int, key: Int)] {
        let keys = source.occurrences(of: key)
        guard !keys.isEmpty else { return [] }
        let scalars = source.scalars
        var open: [Int] = []
        var found: [(open: Int, key: Int)] = []
        var next = 0
        walk(scalars[...]) { i, c, quoted in
            while next < keys.count, keys[next] < i { next += 1 }
            if next < keys.count, keys[next] == i {
                var j = i + key.unicodeScalars.count
                if j < scalars.count, scalars[j] == "\"" || scalars[j] == "'" { j += 1 }
                while j < scalars.count, scalars[j] == " " || scalars[j] == "\t" { j += 1 }
                if j < scalars.count, scalars[j] == ":", let innermost = open.last, found.last?.open != innermost {
                    found.append((innermost, i))
                }
            }
            guard !quoted else { return }
            if c == "{" {
                open.append(i)
            } else if c == "}" {
                _ = open.popLast()
            }
        }
        return found
    }

    /// Calls `visit` with each character of `scalars`, its index and whether it is inside a string
    /// (`"`, `'` or `` ` ``; an escaped character is passed over): one pass, shared by the readers
    /// above so each reads quotes alike.
    private static func walk(
        _ scalars: ArraySlice<Unicode.Scalar>, _ visit: (Int, Unicode.Scalar, _ quoted: Bool) -> Void
    ) {
        var quote: Unicode.Scalar?
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let c = scalars[i]
            if let q = quote {
                if c == "\\" {
                    i += 2
                    continue
                }
                if c == q { quote = nil }
                visit(i, c, true)
            } else {
                if c == "\"" || c == "'" || c == "`" { quote = c }
                visit(i, c, quote != nil)
            }
            i += 1
        }
    }
}
