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
}

/// A finding about a reference that resolved, once its sound is judged: the sound will not play,
/// or not as the critical alert asked for. In order; each rule carries its description and examples.
typealias PlayRule = SubjectRule<PlayedReference>

/// The rules' example sound.
private let sound = BundleExample.sound

enum PlayRules {
    static let all: [PlayRule] = [invalidSound, criticalNotEntitled, entitlementsUnknown, channelSoundMismatch]

    /// Android 8 and later play a notification's channel's sound, fixed when the channel was
    /// created; a payload's sound on a channel the lock made for another sound is ignored (it was
    /// reported as playing).
    static let channelSoundMismatch = PlayRule(
        RuleDescription(
            .channelSoundMismatch, .error, .lock,
            summary:
                "With `--lock`: a payload names one sound on the channel the lock made for another; on Android 8 and later the channel's sound plays and the payload's is ignored."
        ),
        triggering: [channelMessage("ding")], passing: [channelMessage("chime"), channelMessage("default")]
    ) { p in
        guard p.platform == .android, let entry = p.channelEntry, let channel = p.reference.channel,
            let name = p.reference.name, name != "default", let plays = entry.android,
            (p.resourceName ?? AndroidRules.resourceName(name)) != plays
        else { return nil }
        return Rule.Finding(
            "'\(name)' is sent on channel \(channel), which the lock made for '\(plays)': on Android 8 and later a notification plays "
                + "its channel's sound, fixed when the channel was created, so '\(plays)' plays and '\(name)' is ignored; send the channel of the sound you mean"
        )
    }

    static let invalidSound = PlayRule(
        RuleDescription(
            .invalidSound, .error, .bundle,
            summary:
                "The referenced sound exists but breaks one of `check`'s rules, so iOS plays the default sound."),
        triggering: [.app([("long.wav", BundleExample.tooLong)], names: ["long.wav"])],
        passing: [.app([("chime.caf", sound), ("long.wav", BundleExample.tooLong)], names: ["chime.caf"])]
    ) { p in
        guard let verdict = p.verdict, !verdict.valid, let name = p.reference.name else { return nil }
        let reasons = verdict.diagnostics.filter { $0.severity == .error }.map { "[\($0.code.rawValue)] \($0.message)" }
        return Rule.Finding(
            "'\(name)' is \(verdict.path), which \(p.platform.displayName) will not play: "
                + (reasons.isEmpty ? "it has warnings, which fail in strict mode" : reasons.joined(separator: "; ")),
            suggestion: reasons.isEmpty
                ? Suggestion(.relaxStrictness) : verdict.diagnostics.lazy.compactMap(\.suggestion).first)
    }

    /// The name as the entitlement findings say it.
    private static func what(_ p: PlayedReference) -> String { p.reference.name.map { "'\($0)'" } ?? "this sound" }

    static let criticalNotEntitled = PlayRule(
        RuleDescription(
            .criticalNotEntitled, .error, .entitlements,
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
