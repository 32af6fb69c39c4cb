import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension SoundRules {
    /// Two reachable sounds whose names differ only in case: on a device both exist, in the
    /// Simulator one shadows the other. The first of a group names every member once, the others
    /// only the first, so the output grows with the number of files, not with its square.
    static let ambiguousName = rule(
        RuleDescription(
            .ambiguousName, .warning, .bundle,
            step: .lookup,
            summary:
                "Two reachable sounds have names that differ only in case; the Simulator cannot tell them apart."),
        triggering: [
            BundleExample(shape: .ipa, files: [(path: "Chime.caf", bytes: sound), (path: "chime.caf", bytes: sound)])
        ],
        passing: [
            BundleExample(
                shape: .ipa, files: [(path: "Chime.caf", bytes: sound), (path: "Sounds/chime.caf", bytes: sound)])
        ]
    ) { s in
        guard let group = s.facts.names.collision(of: s.index) else { return nil }
        let first = group[0]
        if s.index == first {
            let others = group.dropFirst().map { "'\(s.sounds[$0].name)'" }.joined(separator: ", ")
            return
                "'\(s.sounds[first].name)' and \(others) differ only in case: the Simulator's case-insensitive file system sees one file"
        }
        return
            "'\(s.sound.name)' differs only in case from '\(s.sounds[first].name)'\(group.count > 2 ? " (and \(group.count - 2) more)" : ""):"
            + " the Simulator's case-insensitive file system sees one file"
    }
}
