import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension PlayRules {
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
}
