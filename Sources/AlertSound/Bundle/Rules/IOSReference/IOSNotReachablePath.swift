import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension ReferenceResolver {
    static let notReachablePath = ReferenceRule<ReferenceResolver>(
        notReachable.description,
        triggering: [.app([("chime.caf", chime)], names: ["Sounds/chime.caf"])],
        passing: [.app([("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        // iOS looks names up at the top level only: a path to no file never resolves (a path to a
        // file is `subPath`'s, which comes first).
        guard name.contains("/") else { return nil }
        return (
            "'\(name)' is a path, and nothing is at that path; iOS looks a sound up by file name at the bundle's top level or in Library/Sounds",
            nil
        )
    }
}
