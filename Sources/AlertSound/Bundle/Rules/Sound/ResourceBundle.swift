import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension SoundRules {
    /// Worth knowing before a payload names it (a sound also at a reachable place is fine).
    static let resourceBundle = rule(
        RuleDescription(
            .resourceBundle, .note, .bundle,
            step: .lookup,
            summary:
                "A sound only inside a `*.bundle` resource bundle (a Swift package's resources), where `UNNotificationSound(named:)` never looks: a note on the file, an error on a reference that names it.",
            details:
                "SwiftPM copies a package's resources into `<Package>_<Target>.bundle`."),
        triggering: [
            .app([("Kit_Sounds.bundle/chime.caf", sound)], names: ["chime.caf"]),
            BundleExample(shape: .packageResources, files: [(path: "chime.caf", bytes: sound)])
        ],
        passing: [.app([("Kit_Sounds.bundle/chime.caf", sound), ("chime.caf", sound)], names: ["chime.caf"])]
    ) { s in
        guard s.facts.names.onlyInResourceBundle(s.index) else { return nil }
        return
            "in a resource bundle (a Swift package's resources are copied into <Package>_<Target>.bundle): UNNotificationSound(named:) does not find"
            + " '\(s.sound.name)' there; to use it as a notification sound, add it to the app target's resources or copy it to Library/Sounds at run time"
    }
}
