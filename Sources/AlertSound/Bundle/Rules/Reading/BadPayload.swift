import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension RuleCatalog {
    static let badPayload = ReadingRule(
        description: SoundReference.badPayloadDescription,
        triggering: [
            .app([("chime.caf", sound)], payloads: [#"{"aps": {"sound": 7}}"#]),
            .app([("chime.caf", sound)], payloads: ["{not json"])
        ],
        passing: [.app([("chime.caf", sound)], payloads: [#"{"aps": {"sound": "chime.caf"}}"#])])
}
