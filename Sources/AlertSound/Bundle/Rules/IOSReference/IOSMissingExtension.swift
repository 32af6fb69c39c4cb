import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension ReferenceResolver {
    static let missingExtension = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .missingExtension, .error, .bundle,
            step: .lookup,
            summary:
                "A referenced name has no extension; iOS needs the full file name."),
        triggering: [.app([("chime.caf", chime)], names: ["chime"])],
        passing: [.app([("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard !ReferenceResolver.hasExtension(name) else { return nil }
        let candidates = sounds.reachable(stem: name)
        let candidate = candidates.first { SoundName($0.name).stem == name } ?? candidates.first
        let guess = candidate.map { ": did you mean '\($0.name)'?" } ?? ""
        return ("'\(name)' has no extension; iOS needs the full file name\(guess)", candidate)
    }
}
