import AlertSoundCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One push to explain: the sound names it gives each platform, and the platforms it reaches.
public struct Push: Sendable {
    /// Its names, each meant for a platform (``SoundReference/platform``) or both.
    public var references: [SoundReference]
    /// The platforms it reaches: an APNs payload only iOS; an FCM, Expo or OneSignal message
    /// both, even where it names a sound for one only (the other shows it with its own sound).
    public var platforms: Set<Platform>
    /// Where it came from: a payload file, `-`, `--sound` or `--channel`.
    public var source: String
    /// Whether it is a payload (then a platform it reaches without a name is explained too).
    public var isPayload: Bool
    /// The Android channel it names, when it names no Android sound.
    public var channel: String?
    /// The lines of its references' keys in the payload's text (``Evidence``).
    var payloadLines: PayloadLines?

    /// A push.
    public init(
        references: [SoundReference], platforms: Set<Platform>, source: String, isPayload: Bool,
        channel: String? = nil
    ) {
        self.references = references
        self.platforms = platforms
        self.source = source
        self.isPayload = isPayload
        self.channel = channel
    }

    /// The payload file at `path` (``SoundReference/payload(at:)-(String)``'s formats).
    public static func payload(at path: String) -> Push {
        guard
            // A payload file is the user's to name: read wherever it leads.
            let bytes = try? Door.userNamed.bytes(path, limit: Limits.maximumPayloadBytes, what: "payload")
        else {
            // Missing or unreadable: its references say so (`not-found`, `bad-payload`).
            return Push(
                references: SoundReference.payload(at: path), platforms: Set(Platform.allCases), source: path,
                isPayload: true)
        }
        return payload(bytes, source: path)
    }

    /// The payload file at `path`, refusing one that cannot be read at all (missing, unreadable,
    /// over `Limits.maximumPayloadBytes`) as an error naming it: there is no push to explain.
    public static func read(at path: String) throws -> Push {
        guard exists(path) else { throw AlertSoundError(.notFound, "no such payload file", path: path) }
        return payload(
            try Door.userNamed.contents(path, limit: Limits.maximumPayloadBytes, what: "payload"), source: path)
    }

    /// A payload's bytes; `source` names it (`-` for standard input).
    public static func payload(_ data: Data, source: String) -> Push { payload(Array(data), source: source) }

    /// Read once and parsed once: its names, the platforms it reaches, the channel it names, and
    /// its text for the lines of its keys.
    private static func payload(_ bytes: [UInt8], source: String) -> Push {
        guard bytes.count <= Limits.maximumPayloadBytes, let object = try? JSONParser.parse(bytes) else {
            // Too large or not JSON: the references carry the finding that says why.
            return Push(
                references: SoundReference.payload(Data(bytes), source: source), platforms: Set(Platform.allCases),
                source: source, isPayload: true)
        }
        let references = SoundReference.payload(parsed: object, source: source)
        var push = Push(references: references, platforms: reached(object), source: source, isPayload: true)
        push.channel =
            references.first { $0.platform == .android }?.channel
            ?? SoundLock.channelUses(in: object, source: source).first?.id
        push.payloadLines = PayloadLines(bytes, fields: references.compactMap(\.field))
        return push
    }

    /// A push given by name. `sound` alone is the name validate-bundle's `--sound` checks: one
    /// plain name (`ios:NAME` and `android:NAME` for one platform), judged on the apps given, so
    /// the two commands answer the same question and a repository of one platform is not failed
    /// for the other (issue 57). With `channel`, an Android message on that channel
    /// (`android.notification.sound`, whose channel's sound plays) and iOS's `aps.sound`; with
    /// only a channel, an Android message whose channel's sound plays.
    public static func named(sound: String?, channel: String?) -> Push {
        guard let channel else {
            let reference = SoundReference.named(sound ?? "", source: "--sound")
            return Push(
                references: [reference], platforms: reference.platform.map { [$0] } ?? Set(Platform.allCases),
                source: "--sound", isPayload: false)
        }
        var references: [SoundReference] = []
        if let sound {
            references.append(SoundReference(name: sound, source: "--sound", platform: .ios, field: "aps.sound"))
        }
        var android = SoundReference(
            name: sound, source: sound != nil ? "--sound" : "--channel", platform: .android,
            field: "android.notification.sound")
        android.channel = channel
        references.append(android)
        return Push(
            references: references, platforms: sound == nil ? [.android] : Set(Platform.allCases),
            source: android.source, isPayload: false, channel: channel)
    }

    /// An APNs payload (`aps` at the top) reaches iOS only; anything else is sent through a
    /// service that delivers to both.
    static func reached(_ object: JSONValue) -> Set<Platform> {
        if case .object(let top) = object, top["aps"] != nil { return [.ios] }
        return Set(Platform.allCases)
    }
}
