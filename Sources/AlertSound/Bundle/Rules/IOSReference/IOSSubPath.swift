import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension ReferenceResolver {
    /// A name that is a path to a file the bundle has at exactly that path (Cordova's `file://`
    /// becomes `www/x.caf`, notifee's docs use `media/x.wav`): Apple documents a file name at the top
    /// level or in Library/Sounds and says nothing of paths, and no device test either way is known,
    /// so only the device can tell; a warning, where a path to nothing is `notReachablePath`'s error.
    static let subPath = ReferenceRule<ReferenceResolver>(
        notReachable.description, severity: .warning,
        triggering: [.app([("Sounds/chime.caf", chime)], names: ["Sounds/chime.caf"])],
        passing: [.app([("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        guard miss.name.contains("/"), let existing = miss.lookup.sound(atPath: miss.name) else { return nil }
        return (
            "'\(miss.name)' is a path, and \(existing.displayPath) is there; Apple documents only a file name, looked up at the bundle's top level or in Library/Sounds, and says nothing of paths: only a device can tell whether it plays",
            existing
        )
    }
}
