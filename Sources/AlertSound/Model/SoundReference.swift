import AlertSoundCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sound name something will ask a platform to play: from an APNs or FCM payload, the command
/// line or a list.
public struct SoundReference: Sendable, Hashable {
    /// The name as written; `nil` when the payload was too malformed to name one.
    public var name: String?
    /// Where it came from: a payload file, `--sound`, or `file:line` of a list.
    public var source: String
    /// From a critical-alert dictionary: looked up in the main bundle and `Library/Sounds` only,
    /// and played as critical only with the critical-alerts entitlement.
    public var critical: Bool
    /// The platform it is meant for; `nil` for both (a legacy FCM `notification.sound`, a plain name).
    public var platform: Platform?
    /// The key path it was read from in a payload (`message.android.notification.sound`).
    public var field: String?
    /// Problems found while reading the reference itself (`bad-payload`).
    public var problems: [Diagnostic]
    /// The file and line it was read from, for a name in a list (``source`` says the same for
    /// people, as `file:line`); `nil` otherwise.
    public var position: SourcePosition?
    /// The Android notification channel the same message asks for (FCM's
    /// `android.notification.channel_id`, legacy `notification.android_channel_id`): on Android 8
    /// and later the channel's sound plays, not this name's.
    public var channel: String?
    /// A critical alert's `volume`, 0 (silent) to 1 (full), when the payload gives one; iOS plays
    /// it at that volume even when the device is silenced.
    public var volume: Double?
    /// On Android, the library that resolves this name when it is not the app's push handler
    /// (OneSignal for its REST API's `android_sound`, the library a call in the app's code goes
    /// to); `nil`: whatever shows the app's push messages (``AndroidLibraries/pushHandler``).
    public var library: AndroidLibrary?

    /// A reference; see ``named(_:source:)`` and ``payload(at:)-(String)`` for the usual ways to make one.
    public init(
        name: String?, source: String, critical: Bool = false, platform: Platform? = nil, field: String? = nil,
        problems: [Diagnostic] = []
    ) {
        self.name = name
        self.source = source
        self.critical = critical
        self.platform = platform
        self.field = field
        self.problems = problems
    }

    /// A name given directly; `source` says where it came from in reports. `ios:NAME` and
    /// `android:NAME` check a name on one platform only; a plain name is checked on every platform
    /// validated.
    public static func named(_ name: String, source: String = "name") -> SoundReference { scoped(name, source: source) }

    /// A name with an optional `ios:` or `android:` prefix.
    static func scoped(_ text: String, source: String) -> SoundReference {
        for platform in Platform.allCases where text.hasPrefix(platform.rawValue + ":") {
            return SoundReference(
                name: String(text.dropFirst(platform.rawValue.count + 1)), source: source, platform: platform)
        }
        return SoundReference(name: text, source: source)
    }

    /// The names in a list file at `url`; see ``list(at:)-(String)``.
    public static func list(at url: URL) throws -> [SoundReference] { try list(at: url.path) }

    /// One name per line (LF, CRLF or CR; a byte-order mark is skipped); blank lines and lines
    /// starting with `#` are skipped. At most `Limits.maximumNameListBytes` and `Limits.maximumNameListEntries` names.
    public static func list(at path: String) throws -> [SoundReference] {
        let bytes = try Door.userNamed.contents(path, limit: Limits.maximumNameListBytes, what: "list of sound names")
        guard let text = validUTF8(bytes) else {
            throw AlertSoundError(.malformed, "the list of sound names is not UTF-8 text", path: path)
        }
        let references = list(text: text, source: path)
        guard references.count <= Limits.maximumNameListEntries else {
            throw AlertSoundError(
                .tooLarge, "\(references.count) names; a list may hold at most \(Limits.maximumNameListEntries)",
                path: path)
        }
        return references
    }

    /// One name per line of `text`; `source` names the list in each reference (`source:line`).
    static func list(text: String, source path: String) -> [SoundReference] {
        textLines(text).enumerated().compactMap { number, line in
            let name = line.trimmingWhitespace()
            guard !name.isEmpty, !name.hasPrefix("#") else { return nil }
            var reference = scoped(name, source: "\(path):\(number + 1)")
            reference.position = SourcePosition(file: path, line: number + 1)
            return reference
        }
    }

    /// The sound names of a payload file at `url`; see ``payload(at:)-(String)``.
    public static func payload(at url: URL) -> [SoundReference] { payload(at: url.path) }

    /// The references in a push payload file: an APNs payload or Xcode `.apns` file (`aps.sound`,
    /// a name or the critical-alert dictionary), an FCM HTTP v1 request or message
    /// (`message.apns.payload.aps.sound` for iOS, `message.android.notification.sound` for Android),
    /// or a legacy FCM request (`notification.sound`, for both). A payload without a sound gives
    /// none; a malformed one gives a reference carrying `bad-payload`, a missing one `not-found`.
    public static func payload(at path: String) -> [SoundReference] {
        // Missing is `not-found`, as everywhere else; `bad-payload` is for a payload that is there.
        guard exists(path) else {
            return [
                SoundReference(
                    name: nil, source: path,
                    problems: [Rule.judge(failure: AlertSoundError(.notFound, "\(path): no such file or folder"))])
            ]
        }
        do {
            // A payload file is the user's to name: read wherever it leads.
            return payload(
                Data(try Door.userNamed.bytes(path, limit: Limits.maximumPayloadBytes, what: "payload")), source: path)
        } catch {
            // The door throws only its own error, which says why.
            return [bad(path, error.reason)]
        }
    }

    /// At most `Limits.maximumPayloadBytes`: APNs itself takes 4 KB, and a parser given a huge
    /// document of numbers builds a huge object graph.
    public static func payload(_ data: Data, source: String) -> [SoundReference] {
        guard data.count <= Limits.maximumPayloadBytes else {
            return [
                bad(
                    source,
                    "\(data.count) bytes; a payload may be at most \(Limits.maximumPayloadBytes) (APNs accepts 4 KB)")
            ]
        }
        let object: JSONValue
        do {
            object = try JSONParser.parse(Array(data))
        } catch let error as StructureError where error.reason != .malformed {
            return [bad(source, "\(error.message) (at byte \(error.offset)); a payload is a few levels deep")]
        } catch {
            let start = String(decoding: data.prefix(24), as: UTF8.self).replacingScalar("\n", with: " ")
            let detail = (error as? StructureError).map { ": \($0.message) at byte \($0.offset)" } ?? ""
            return [bad(source, "not valid JSON (it starts with \"\(start)\")\(detail)")]
        }
        return payload(parsed: object, source: source)
    }

    /// The references in a payload already parsed.
    static func payload(parsed object: JSONValue, source: String) -> [SoundReference] {
        // Expo's push service takes one message or an array of them.
        if case .array(let messages) = object, !messages.isEmpty,
            messages.allSatisfy({ if case .object(let m) = $0 { return isExpoPush(m) } else { return false } })
        {
            return messages.enumerated().flatMap { i, message -> [SoundReference] in
                guard case .object(let body) = message else { return [] }
                return expoPush(body, source: source, prefix: "[\(i)].")
            }
        }
        guard case .object(let top) = object else {
            return [bad(source, "the payload is not a JSON object (nor an array of Expo push messages)")]
        }
        if isExpoPush(top) { return expoPush(top, source: source, prefix: "") }
        if isOneSignal(top) { return oneSignal(top, source: source) }
        if let aps = top["aps"] { return apsSound(aps, source: source, field: "aps") }
        if let message = top["message"] {
            guard case .object(let body) = message else {
                return [bad(source, "'message' must be an object (an FCM HTTP v1 message)")]
            }
            return fcmMessage(body, source: source, prefix: "message.")
        }
        // A v1 message stored without its request wrapper.
        if top["android"] != nil || top["apns"] != nil { return fcmMessage(top, source: source, prefix: "") }
        if let notification = top["notification"] {
            guard case .object(let body) = notification else {
                return [bad(source, "'notification' must be an object (a legacy FCM request)")]
            }
            var sounds = plainSound(body["sound"], source: source, field: "notification.sound", platform: nil)
            if case .string(let channel)? = body["android_channel_id"] {
                for i in sounds.indices { sounds[i].channel = channel }
            }
            return sounds
        }
        return [
            bad(
                source,
                "neither 'aps' (APNs), 'message' (FCM HTTP v1), 'notification' (legacy FCM), 'to' (an Expo push message) nor 'app_id' (OneSignal) at the top level of the payload"
            )
        ]
    }

    /// An Expo push service message: `to` an Expo push token (or several).
    private static func isExpoPush(_ message: [String: JSONValue]) -> Bool {
        func token(_ value: JSONValue) -> Bool {
            if case .string(let text) = value {
                return text.hasPrefix("ExponentPushToken[") || text.hasPrefix("ExpoPushToken[")
            }
            return false
        }
        switch message["to"] {
        case let value? where token(value): return true
        case .array(let values)?: return !values.isEmpty && values.allSatisfy(token)
        default: return false
        }
    }

    /// An Expo push message (docs.expo.dev, "Message request format"): `sound` is iOS's, a file
    /// name with its extension or `default`; on Android the sound is the `channelId` channel's
    /// alone, so the message names no Android sound, only the channel.
    private static func expoPush(_ message: [String: JSONValue], source: String, prefix: String) -> [SoundReference] {
        var references: [SoundReference] = []
        if let sound = message["sound"], sound != .null {
            references += plainSound(sound, source: source, field: prefix + "sound", platform: .ios)
        }
        if case .string(let channel)? = message["channelId"] {
            var android = SoundReference(
                name: nil, source: source, platform: .android, field: prefix + "channelId")
            android.channel = channel
            android.library = .expoNotifications
            references.append(android)
        }
        return references
    }

    /// A OneSignal REST API notification (`app_id`, or its sound fields).
    private static func isOneSignal(_ body: [String: JSONValue]) -> Bool {
        body["app_id"] != nil || body["android_sound"] != nil || body["ios_sound"] != nil
    }

    /// OneSignal's create-notification request: `ios_sound` (a file name) on iOS, `android_sound`
    /// (a raw resource name, resolved by OneSignal's SDK) on Android, with its channel
    /// (`existing_android_channel_id`, or a dashboard channel's `android_channel_id`).
    private static func oneSignal(_ body: [String: JSONValue], source: String) -> [SoundReference] {
        var references = plainSound(body["ios_sound"], source: source, field: "ios_sound", platform: .ios)
        var android = plainSound(body["android_sound"], source: source, field: "android_sound", platform: .android)
        for i in android.indices {
            android[i].library = .oneSignal
            for key in ["existing_android_channel_id", "android_channel_id"] {
                if case .string(let channel)? = body[key], android[i].channel == nil { android[i].channel = channel }
            }
        }
        references += android
        return references
    }

    /// An FCM HTTP v1 message: each platform's block names its own sound.
    private static func fcmMessage(_ message: [String: JSONValue], source: String, prefix: String) -> [SoundReference] {
        var references: [SoundReference] = []
        if let apns = message["apns"] {
            let field = prefix + "apns.payload.aps"
            if case .object(let block) = apns, case .object(let payload) = block["payload"] ?? .object([:]) {
                if let aps = payload["aps"] { references += apsSound(aps, source: source, field: field) }
            } else {
                references.append(
                    bad(source, "'\(prefix)apns' must be an object whose 'payload' is an object", platform: .ios))
            }
        }
        if let android = message["android"] {
            if case .object(let block) = android, case .object(let notification) = block["notification"] ?? .object([:])
            {
                var sounds = plainSound(
                    notification["sound"], source: source, field: prefix + "android.notification.sound",
                    platform: .android)
                if case .string(let channel)? = notification["channel_id"] {
                    for i in sounds.indices { sounds[i].channel = channel }
                }
                references += sounds
            } else {
                references.append(
                    bad(
                        source, "'\(prefix)android' must be an object whose 'notification' is an object",
                        platform: .android))
            }
        }
        return references
    }

    /// A sound that can only be a name (FCM's Android and legacy fields).
    private static func plainSound(
        _ value: JSONValue?, source: String, field: String, platform: Platform?
    ) -> [SoundReference] {
        guard let value else { return [] }
        guard case .string(let name) = value, !name.isEmpty else {
            return [bad(source, "'\(field)' must be a non-empty sound name", platform: platform, field: field)]
        }
        return [SoundReference(name: name, source: source, platform: platform, field: field)]
    }

    /// `aps.sound`: a file name, or the critical-alert dictionary. iOS only.
    private static func apsSound(_ aps: JSONValue, source: String, field: String) -> [SoundReference] {
        guard case .object(let aps) = aps else {
            return [bad(source, "'\(field)' must be a dictionary", platform: .ios)]
        }
        let field = field + ".sound"
        guard let sound = aps["sound"] else { return [] }
        if case .string(let name) = sound {
            guard !name.isEmpty else {
                return [bad(source, "'\(field)' is an empty string", platform: .ios, field: field)]
            }
            return [SoundReference(name: name, source: source, platform: .ios, field: field)]
        }
        guard case .object(let dictionary) = sound else {
            return [
                bad(
                    source, "'\(field)' must be a file name or a critical-alert dictionary", platform: .ios,
                    field: field)
            ]
        }
        var problems: [String] = []
        let name: String? = if case .string(let text)? = dictionary["name"] { text } else { nil }
        if name?.isEmpty ?? true { problems.append("the critical-alert dictionary needs a non-empty 'name'") }
        var critical = false
        if let flag = dictionary["critical"] {
            switch number(flag) {
            case 0?: critical = false
            case 1?: critical = true
            default: problems.append("'critical' must be 0 or 1")
            }
        }
        var level: Double?
        if let volume = dictionary["volume"] {
            if let v = number(volume), (0...1).contains(v) {
                level = v
            } else {
                problems.append("'volume' must be a number from 0 to 1")
            }
        }
        var reference = SoundReference(
            name: name.flatMap { $0.isEmpty ? nil : $0 }, source: source, critical: critical, platform: .ios,
            field: field,
            problems: problems.map { badPayload(source, $0) })
        reference.volume = level
        return [reference]
    }

    /// JSON numbers (and true/false, read as 1/0); strings and the rest are not numbers.
    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .bool(let b): return b ? 1 : 0
        case .number(let n): return n
        default: return nil
        }
    }

    private static func bad(
        _ source: String, _ message: String, platform: Platform? = nil, field: String? = nil
    ) -> SoundReference {
        SoundReference(
            name: nil, source: source, platform: platform, field: field,
            problems: [badPayload(source, message)])
    }

    /// What the payload grammar above finds wrong, made only here, where the grammar is known
    /// (its bundles are ``RuleCatalog``'s).
    static let badPayloadDescription = RuleDescription(
        .badPayload, .error, .bundle,
        step: .payloadKey,
        summary:
            "A payload is not JSON, is none of APNs (`aps`), FCM (`message`, `notification`), an Expo push message or a OneSignal notification, or its `sound` is malformed.",
        details:
            "A sound is a name, or a critical-alert dictionary with `critical` 0 or 1, `volume` from 0 to 1 and a `name`."
    )

    private static func badPayload(_ source: String, _ problem: String) -> Diagnostic {
        badPayloadDescription.diagnostic("\(source): \(problem)")
    }
}

/// A line of a file: where a name was read, carried as data so a report can point at it.
public struct SourcePosition: Sendable, Hashable, Codable {
    /// The file, as it was named.
    public var file: String
    /// The line, counted from 1.
    public var line: Int

    /// A position in `file`.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}
