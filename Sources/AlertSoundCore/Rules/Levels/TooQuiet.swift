extension Rule {
    package static let tooQuiet = levels(
        RuleDescription(
            .tooQuiet, .warning, .levels,
            step: .file,
            summary:
                "The loudest 400 ms are below \(Formatting.number(LevelThresholds().loudnessBand.lowerBound)) LUFS (Apple's system alert sounds measure -27.5 to -16.8 LUFS)."
        ), triggering: [.example(maxMomentaryLoudness: -42)],
        passing: [.example(maxMomentaryLoudness: -35), .example(maxMomentaryLoudness: nil)]
    ) { levels, limits in
        guard let loudness = levels.maxMomentaryLoudness, loudness < limits.loudnessBand.lowerBound else { return nil }
        return
            "the loudest 400 ms measure \(db(loudness)) LUFS, below \(db(limits.loudnessBand.lowerBound)): hard to hear next to other alerts"
    }
}
