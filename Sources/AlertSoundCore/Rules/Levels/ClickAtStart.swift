extension Rule {
    package static let clickAtStart = levels(
        RuleDescription(
            .clickAtStart, .warning, .levels,
            step: .file,
            summary:
                "The first sample is above \(Formatting.number(LevelThresholds().maximumEdgeLevel)) dBFS, with no fade-in: it starts with a click."
        ), triggering: [.example(startPeak: -3)],
        passing: [.example(startPeak: -20), .example(startPeak: nil)]
    ) { levels, limits in
        guard let start = levels.startPeak, start > limits.maximumEdgeLevel else { return nil }
        return "the first sample is at \(db(start)) dBFS with no fade-in: it starts with a click"
    }
}
