extension Rule {
    package static let tooLoud = levels(
        RuleDescription(
            .tooLoud, .warning, .levels,
            step: .file,
            summary:
                "The loudest 400 ms are above \(Formatting.number(LevelThresholds().loudnessBand.upperBound)) LUFS (Apple's system alert sounds measure -27.5 to -16.8 LUFS)."
        ), triggering: [.example(maxMomentaryLoudness: -2)],
        passing: [.example(maxMomentaryLoudness: -5), .example(maxMomentaryLoudness: -60)]
    ) { levels, limits in
        guard let loudness = levels.maxMomentaryLoudness, loudness > limits.loudnessBand.upperBound else { return nil }
        return
            "the loudest 400 ms measure \(db(loudness)) LUFS, above \(db(limits.loudnessBand.upperBound)): startlingly loud next to other alerts"
    }
}
