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

    /// What the message's own name comes to as a resource.
    var namedResource: String? {
        reference.name.map { resourceName ?? AndroidRules.resourceName($0) }
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
    /// The resource its sound comes to, as its library resolves the name (the first it tries).
    var resource: String? {
        guard case .resource(let name) = sound else { return nil }
        return (library ?? .fcm).lookups(name).first ?? name
    }

    /// What it plays, for people.
    var plays: String {
        switch sound {
        case .resource: return "'\(resource ?? "")'"
        case .defaultSound: return "the default sound"
        case .silent: return "no sound"
        case .computed: return "a sound its code computes"
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
        invalidSound, criticalNotEntitled, entitlementsUnknown, channelSoundMismatch, noChannel, channelNotCreated
    ]

    /// Android 8 and later play a notification's channel's sound, fixed when the channel was
    /// created; a payload's sound on a channel made for another sound is ignored (it was reported
    /// as playing).
    static let channelSoundMismatch = PlayRule(
        RuleDescription(
            .channelSoundMismatch, .error, .android,
            step: .channel,
            summary:
                "A message names one sound on a channel the app's code (or the lock) made with another; on Android 8 and later the channel's sound plays and the message's is ignored."
        ),
        triggering: [
            channelMessage("ding"),
            codeChannel(
                #"NotificationChannel("orders", "Orders", 4).apply { setSound(Uri.parse("android.resource://x/raw/chime"), null) }"#,
                message: #""channel_id": "orders", "sound": "ding""#)
        ],
        passing: [
            channelMessage("chime"), channelMessage("default"),
            codeChannel(
                #"NotificationChannel("orders", "Orders", 4).apply { setSound(Uri.parse("android.resource://x/raw/chime"), null) }"#,
                message: #""channel_id": "orders", "sound": "chime""#)
        ]
    ) { p in
        guard p.platform == .android, let channel = p.reference.channel, let name = p.reference.name, name != "default"
        else { return nil }
        switch p.channel {
        case .created(let declaration)?:
            guard declaration.sound != .computed, declaration.resource != p.namedResource else { return nil }
            return Rule.Finding(
                "'\(name)' is sent on channel \(channel), which the app creates at \(declaration.made) with \(declaration.plays):"
                    + " on Android 8 and later a notification plays its channel's sound, fixed when the channel is first created,"
                    + " so \(declaration.plays) plays and '\(name)' is ignored\(p.olderDevices); send a channel created with '\(name)'"
            )
        case .locked(_, let entry)?:
            guard let plays = entry.android, p.namedResource != plays else { return nil }
            return Rule.Finding(
                "'\(name)' is sent on channel \(channel), which the lock made for '\(plays)': on Android 8 and later a notification plays "
                    + "its channel's sound, fixed when the channel was created, so '\(plays)' plays and '\(name)' is ignored; send the channel of the sound you mean"
            )
        default:
            return nil
        }
    }

    /// FCM posts a message that names no channel on the manifest's default channel, else its own
    /// fallback channel; either way the message's sound is not the channel's.
    static let noChannel = PlayRule(
        RuleDescription(
            .noChannel, .error, .android,
            step: .channel,
            summary:
                "An Android message names a sound but no channel: on Android 8 and later FCM posts it on the manifest's default channel, else its fallback channel (the default sound), and its own sound is ignored.",
            details:
                "Judged for an Android project whose code was read; a message whose default channel plays the sound it names passes."
        ),
        triggering: [codeChannel(#"NotificationChannel("orders", "Orders", 4)"#, message: #""sound": "chime""#)],
        passing: [
            codeChannel(
                #"NotificationChannel("orders", "Orders", 4)"#, message: #""channel_id": "orders", "sound": "default""#),
            codeChannel(#"NotificationChannel("orders", "Orders", 4)"#, message: #""sound": "default""#)
        ]
    ) { p in
        guard p.platform == .android, p.reference.channel == nil, let name = p.reference.name, name != "default"
        else { return nil }
        switch p.channel {
        case .defaultChannel(let declaration)?:
            guard declaration.sound != .computed, declaration.resource != p.namedResource else { return nil }
            return Rule.Finding(
                "'\(name)' is sent without a channel: on Android 8 and later FCM posts it on the manifest's default channel \(declaration.id ?? ""),"
                    + " created at \(declaration.made) with \(declaration.plays), so \(declaration.plays) plays and '\(name)' is ignored\(p.olderDevices);"
                    + " send android.notification.channel_id of a channel created with '\(name)'")
        case .fallback(let defaultID)?:
            let channel =
                defaultID.map {
                    "the manifest's default channel \($0), which nothing in the app creates, so on FCM's fallback channel"
                }
                ?? "FCM's fallback channel (the manifest names no default channel)"
            return Rule.Finding(
                "'\(name)' is sent without a channel: on Android 8 and later it is posted on \(channel), which plays the default sound,"
                    + " and '\(name)' is ignored\(p.olderDevices); create a channel with this sound and send its ID as android.notification.channel_id"
            )
        default:
            return nil
        }
    }

    /// A message on a channel that the app never creates is posted on FCM's fallback channel.
    static let channelNotCreated = PlayRule(
        RuleDescription(
            .channelNotCreated, .error, .android,
            step: .channel,
            summary:
                "A message names a channel that nothing in the app's code creates: FCM posts it on its fallback channel, which plays the default sound.",
            details:
                "Judged when the app's code was read and no channel's ID is computed; with `--lock`, `unknown-channel` says it instead."
        ),
        triggering: [
            codeChannel(
                #"NotificationChannel("orders", "Orders", 4)"#, message: #""channel_id": "news", "sound": "default""#)
        ],
        passing: [
            codeChannel(
                #"NotificationChannel("orders", "Orders", 4)"#, message: #""channel_id": "orders", "sound": "default""#)
        ]
    ) { p in
        guard p.platform == .android, !p.lockGiven, case .missing(let id, _)? = p.channel else { return nil }
        return Rule.Finding(
            "channel \(id) is created nowhere in the app's code: FCM posts the message on its fallback channel, which plays the default sound\(p.reference.name.map { $0 == "default" ? "" : ", not '\($0)'" } ?? "");"
                + " create the channel (with its sound) before the first message arrives")
    }

    static let invalidSound = PlayRule(
        RuleDescription(
            .invalidSound, .error, .bundle,
            step: .file,
            summary:
                "The referenced sound exists but breaks one of `check`'s rules, so iOS plays the default sound."),
        triggering: [.app([("long.wav", BundleExample.tooLong)], names: ["long.wav"])],
        passing: [.app([("chime.caf", sound), ("long.wav", BundleExample.tooLong)], names: ["chime.caf"])]
    ) { p in
        guard let verdict = p.verdict, !verdict.valid, let name = p.reference.name else { return nil }
        let errors = verdict.diagnostics.filter { $0.severity == .error }
        let reasons = errors.map { "[\($0.code.rawValue)] \($0.message)" }
        // A format Apple does not document, below the versions it is seen to play on: whether it
        // plays is not known (explain says so), though it fails the build (issue 56).
        let unknown = !errors.isEmpty && errors.allSatisfy { $0.code == .undocumentedFormat }
        return Rule.Finding(
            "'\(name)' is \(verdict.path), which \(p.platform.displayName) \(unknown ? "may not play" : "will not play"): "
                + (reasons.isEmpty ? "it has warnings, which fail in strict mode" : reasons.joined(separator: "; ")),
            suggestion: reasons.isEmpty
                ? Suggestion(.relaxStrictness) : verdict.diagnostics.lazy.compactMap(\.suggestion).first)
    }

    /// The name as the entitlement findings say it.
    private static func what(_ p: PlayedReference) -> String { p.reference.name.map { "'\($0)'" } ?? "this sound" }

    static let criticalNotEntitled = PlayRule(
        RuleDescription(
            .criticalNotEntitled, .error, .entitlements,
            step: .critical,
            summary:
                "A reference asks for a critical alert and the app's entitlements lack `com.apple.developer.usernotifications.critical-alerts`: iOS delivers it as an ordinary alert."
        ),
        triggering: [
            {
                var e = BundleExample.app([("chime.caf", sound)], payloads: [BundleExample.critical("chime.caf")])
                e.entitlements = Entitlements(source: .file, path: "App.entitlements", criticalAlerts: false)
                return e
            }()
        ],
        passing: [
            {
                var e = BundleExample.app([("chime.caf", sound)], payloads: [BundleExample.critical("chime.caf")])
                e.entitlements = Entitlements(source: .file, path: "App.entitlements", criticalAlerts: true)
                return e
            }()
        ]
    ) { p in
        guard p.reference.critical, case .found(let entitlements)? = p.entitlements, !entitlements.criticalAlerts
        else { return nil }
        return Rule.Finding(
            "\(what(p)) is asked for as a critical alert, but the app's entitlements (\(entitlements.source.rawValue): \(entitlements.path)) lack \(Entitlements.criticalAlertsKey):"
                + " iOS delivers it as an ordinary alert, silenced by the ringer switch and Focus. The entitlement is granted by Apple on request;"
                + " add it to the app's entitlements and provisioning profile")
    }

    static let entitlementsUnknown = PlayRule(
        RuleDescription(
            .entitlementsUnknown, .note, .entitlements,
            step: .critical,
            summary:
                "A reference asks for a critical alert and the app's entitlements could not be read (no signed executable, no provisioning profile, or a resources folder).",
            details:
                "Pass the app's entitlements with `--entitlements`."),
        triggering: [.app([("chime.caf", sound)], payloads: [BundleExample.critical("chime.caf")])],
        passing: [.app([("chime.caf", sound)], payloads: [#"{"aps": {"sound": "chime.caf"}}"#])]
    ) { p in
        guard p.reference.critical, case .unknown(let reason)? = p.entitlements else { return nil }
        return Rule.Finding(
            "\(what(p)) is asked for as a critical alert, and whether the app holds \(Entitlements.criticalAlertsKey) cannot be told (\(reason));"
                + " the validator needs the app's entitlements file or provisioning profile",
            suggestion: Suggestion(.provideEntitlements))
    }

    /// An Android project whose Kotlin creates a channel as `code` says, and an FCM message whose
    /// `android.notification` holds `message` (JSON members).
    private static func codeChannel(_ code: String, message: String) -> BundleExample {
        var e = BundleExample.android([
            (BundleExample.raw + "chime.ogg", sound), (BundleExample.raw + "ding.ogg", sound),
            ("app/src/main/java/Channels.kt", Array("fun make() { val c = \(code) }".utf8))
        ])
        e.payloads = [#"{"message": {"android": {"notification": {\#(message)}}}}"#]
        return e
    }

    /// An Android project whose lock made chime's channel, and a message on that channel naming `sound`.
    private static func channelMessage(_ named: String) -> BundleExample {
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
