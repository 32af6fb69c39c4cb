import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension ReferenceResolver {
    static let notReachable = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .notReachable, .error, .bundle,
            step: .lookup,
            summary:
                "The referenced sound exists only in a sub-folder, where iOS does not look, or the reference is a path (a warning when a file is at that path: Apple says nothing of paths, and libraries name them)."
        ),
        triggering: [.app([("Media/chime.caf", chime)], names: ["chime.caf"])],
        passing: [.app([("chime.caf", chime), ("Media/bell.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let reference = miss.reference
        let sounds = miss.lookup
        guard let hidden = sounds.anywhere(ignoringCase: name) else { return nil }
        return (
            "'\(name)' exists only as \(hidden.displayPath), in a sub-folder; iOS finds sounds only at the bundle's top level\(reference.critical ? "" : " or in Library/Sounds")",
            hidden
        )
    }
}
