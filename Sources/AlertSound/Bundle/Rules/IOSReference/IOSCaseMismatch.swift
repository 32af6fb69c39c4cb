import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension ReferenceResolver {
    static let caseMismatch = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .caseMismatch, .error, .bundle,
            step: .lookup,
            summary:
                "The name matches a reachable sound only with different case: it plays in the Simulator, whose file system ignores case, but not on a device."
        ),
        triggering: [.app([("Chime.caf", chime)], names: ["chime.caf"])],
        passing: [.app([("Chime.caf", chime)], names: ["Chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let other = sounds.reachable(ignoringCase: name) else { return nil }
        return (
            "'\(name)' matches '\(other.name)' only with different case: it plays in the Simulator"
                + " (case-insensitive file system) but not on a device, where the default sound plays instead",
            other
        )
    }
}
