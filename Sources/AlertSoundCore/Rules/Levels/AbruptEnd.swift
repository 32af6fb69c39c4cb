extension Rule {
    package static let abruptEnd = levels(
        RuleDescription(
            .abruptEnd, .warning, .levels,
            step: .file,
            summary:
                "The last millisecond still peaks above \(Formatting.number(LevelThresholds().maximumEdgeLevel)) dBFS: it ends with a click."
        ), triggering: [.example(endPeak: -6)],
        passing: [.example(endPeak: -45), .example(endPeak: nil)]
    ) { levels, limits in
        guard let end = levels.endPeak, end > limits.maximumEdgeLevel else { return nil }
        return "the last millisecond still peaks at \(db(end)) dBFS: it ends with a click; fade it out"
    }
}
