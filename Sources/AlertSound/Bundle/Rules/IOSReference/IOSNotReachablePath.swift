import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension ReferenceResolver {
    static let notReachablePath = ReferenceRule<ReferenceResolver>(
        notReachable.description,
        triggering: [.app([("Sounds/chime.caf", chime)], names: ["Sounds/chime.caf"])],
        passing: [.app([("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        // iOS looks names up at the top level only; a path never resolves.
        guard name.contains("/") else { return nil }
        let existing = sounds.sound(atPath: name)
        let where_ = existing.map { " (\($0.displayPath) exists, but in a sub-folder)" } ?? ""
        return (
            "'\(name)' is a path; iOS looks a sound up by file name at the bundle's top level or in Library/Sounds\(where_)",
            existing
        )
    }
}
