import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension SoundRules {
    /// Given references, a valid reachable sound none of them (nor the lock) names.
    static let unreferenced = rule(
        RuleDescription(
            .unreferenced, .note, .bundle,
            step: .lookup,
            summary:
                "Given references, a valid reachable sound that none of them names."),
        triggering: [.app([("chime.caf", sound), ("bell.caf", sound)], names: ["chime.caf"])],
        passing: [
            .app([("chime.caf", sound), ("bell.caf", sound)], names: ["chime.caf", "bell.caf"]),
            .app([("chime.caf", sound)])
        ]
    ) { s in
        guard s.facts.referencesGiven, s.file.location.isReachable, s.file.report.valid,
            !s.facts.referenced.contains(s.index),
            // Android code that plays it (`R.raw.name`, a MediaPlayer's in-app sound) uses it.
            !(s.file.resourceName.map { s.facts.keep?.referenced.contains($0) == true } ?? false)
        else { return nil }
        let name = s.file.resourceName.map { "@raw/" + $0 } ?? "'\(s.file.name)'"
        return "no reference names \(name); is it still needed?"
    }
}
