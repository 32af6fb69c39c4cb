import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension PlayRules {
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
}
