import AlertSoundCore

/// A reference once the sound it names has been judged: whether that sound plays, and as what.
struct PlayedReference {
    let reference: SoundReference
    let platform: Platform
    /// The named sound's verdict, when it is invalid.
    let verdict: FileReport?
    /// For a critical alert on iOS: what is known of the app's entitlements.
    let entitlements: EntitlementsLookup?
    /// On Android, the lock's entry for the channel the same message asks for, when the lock has it.
    var channelEntry: SoundLock.Entry? = nil
    /// On Android, the resource the name resolved to, when it did.
    var resourceName: String? = nil
    /// On Android, for a message: what decides its sound on Android 8 and later.
    var channel: ChannelOutcome? = nil
    /// On Android, the app's minimum version, when known.
    var minSdk: Int? = nil
    /// On Android, whether a lock was given (its own rule says what of its channels is unknown).
    var lockGiven = false
    /// Whether it is a message's (a payload's, a notification the code posts), whose channel decides.
    var message = false
    /// On Android, whether the app's build lowercases resource file names (.NET for Android).
    var buildLowercases = false

    /// What the message's own name comes to as a resource.
    var namedResource: String? {
        reference.name.map { SoundName($0).namedResource(resolved: resourceName, buildLowercases: buildLowercases) }
    }

    /// Said of a message's own sound where channels decide: who still plays it.
    var olderDevices: String {
        guard let minSdk else { return "" }
        return minSdk >= 26
            ? " (the app installs on Android 8 and later only: minSdk \(minSdk))"
            : "; devices on Android 7 and older (minSdk \(minSdk)) still play it"
    }
}

extension ChannelDeclaration {
    /// The resource its sound comes to, as its library resolves the name (``SoundName/resource(_:)``:
    /// the first name it tries that a resource can have); nil when it plays none (``heard``: a
    /// channel below `IMPORTANCE_DEFAULT` plays nothing, issue 57).
    var resource: String? {
        guard case .resource(let name) = heard else { return nil }
        return SoundName(name).resource((library ?? .fcm).lookupRule) ?? name
    }

    /// What it plays, for people.
    var plays: String {
        if let why = importanceDecides { return heard == .silent ? "no sound (\(why))" : why }
        switch sound {
        case .resource: return "'\(resource ?? "")'"
        case .defaultSound: return "the default sound"
        case .silent: return "no sound"
        case .computed: return "a sound its code computes"
        case .notificationsOwn: return "the sound of the notification that first creates it"
        }
    }

    /// Where it is created, for people.
    var made: String { "\(position.file):\(position.line)" }
}

/// A finding about a reference that resolved, once its sound is judged: the sound will not play,
/// or not as the critical alert asked for. In order; each rule carries its description and examples.
typealias PlayRule = SubjectRule<PlayedReference>

/// The rules' example sound.
private let sound = BundleExample.sound

enum PlayRules {
    static let all: [PlayRule] = [
        invalidSound, criticalNotEntitled, entitlementsUnknown, channelSoundMismatch, noChannel, channelNotCreated,
        channelNotRead
    ]

    /// The name as the entitlement findings say it.
    static func what(_ p: PlayedReference) -> String { p.reference.name.map { "'\($0)'" } ?? "this sound" }

    /// An Android project whose Kotlin creates a channel as `code` says, and an FCM message whose
    /// `android.notification` holds `message` (JSON members); `raw`: its res/raw files.
    static func codeChannel(
        _ code: String, message: String,
        raw: [(name: String, bytes: [UInt8])] = [("chime.ogg", sound), ("ding.ogg", sound)]
    ) -> BundleExample {
        var e = BundleExample.android(
            raw.map { (BundleExample.raw + $0.name, $0.bytes) }
                + [("app/src/main/java/Channels.kt", Array("fun make() { val c = \(code) }".utf8))])
        e.payloads = [#"{"message": {"android": {"notification": {\#(message)}}}}"#]
        return e
    }

    /// An Android project whose lock made chime's channel, and a message on that channel naming `sound`.
    static func channelMessage(_ named: String) -> BundleExample {
        var e = BundleExample.android([
            (BundleExample.raw + "chime.ogg", sound), (BundleExample.raw + "ding.ogg", sound)
        ])
        e.lock = BundleExample.lock(iosSHA256: nil)
        let channel = SoundLock.channelID(name: "chime", contentHash: String(repeating: "ab", count: 32))
        e.payloads = [
            #"{"message": {"android": {"notification": {"channel_id": "\#(channel)", "sound": "\#(named)"}}}}"#
        ]
        return e
    }
}
