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
/// or not as the critical alert asked for. In order; each code has its examples in ``BundleRule``.
typealias PlayRule = SubjectRule<PlayedReference>

enum PlayRules {
    static let all: [PlayRule] = [invalidSound, criticalNotEntitled, entitlementsUnknown, channelSoundMismatch]

    /// Android 8 and later play a notification's channel's sound, fixed when the channel was
    /// created; a payload's sound on a channel the lock made for another sound is ignored (it was
    /// reported as playing).
    static let channelSoundMismatch = PlayRule(code: .channelSoundMismatch) { p in
        guard p.platform == .android, let entry = p.channelEntry, let channel = p.reference.channel,
            let name = p.reference.name, name != "default", let plays = entry.android,
            (p.resourceName ?? AndroidRules.resourceName(name)) != plays
        else { return nil }
        return Rule.Finding(
            "'\(name)' is sent on channel \(channel), which the lock made for '\(plays)': on Android 8 and later a notification plays "
                + "its channel's sound, fixed when the channel was created, so '\(plays)' plays and '\(name)' is ignored; send the channel of the sound you mean"
        )
    }

    static let invalidSound = PlayRule(code: .invalidSound) { p in
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

    static let criticalNotEntitled = PlayRule(code: .criticalNotEntitled) { p in
        guard p.reference.critical, case .found(let entitlements)? = p.entitlements, !entitlements.criticalAlerts
        else { return nil }
        return Rule.Finding(
            "\(what(p)) is asked for as a critical alert, but the app's entitlements (\(entitlements.source.rawValue): \(entitlements.path)) lack \(Entitlements.criticalAlertsKey):"
                + " iOS delivers it as an ordinary alert, silenced by the ringer switch and Focus. The entitlement is granted by Apple on request;"
                + " add it to the app's entitlements and provisioning profile")
    }

    static let entitlementsUnknown = PlayRule(code: .entitlementsUnknown) { p in
        guard p.reference.critical, case .unknown(let reason)? = p.entitlements else { return nil }
        return Rule.Finding(
            "\(what(p)) is asked for as a critical alert, and whether the app holds \(Entitlements.criticalAlertsKey) cannot be told (\(reason));"
                + " the validator needs the app's entitlements file or provisioning profile",
            suggestion: Suggestion(.provideEntitlements))
    }
}
