import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension RuleCatalog {
    static let linkOutsideBundle = ReadingRule(
        description: Rule.linkOutsideBundle.description,
        triggering: [
            BundleExample(
                shape: .app, files: [(path: "chime.caf", bytes: sound)],
                links: [(path: "escape.caf", target: "../outside.caf")])
        ],
        passing: [
            BundleExample(
                shape: .app, files: [(path: "chime.caf", bytes: sound)],
                links: [(path: "alias.caf", target: "chime.caf")])
        ])
}
