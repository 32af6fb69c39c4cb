extension Rule {
    package static let dcOffset = levels(
        RuleDescription(
            .dcOffset, .warning, .levels,
            step: .file,
            summary:
                "A channel's mean is more than \(Formatting.number(LevelThresholds().maximumDCOffset * 100))% of full scale off zero: it clicks when it starts and stops."
        ), triggering: [.example(dcOffset: 0.05), .example(dcOffset: -0.02)],
        passing: [.example(dcOffset: 0.01), .example(dcOffset: -0.005)]
    ) { levels, limits in
        guard abs(levels.dcOffset) > limits.maximumDCOffset else { return nil }
        return
            "a channel's mean is \(db(abs(levels.dcOffset) * 100))% of full scale off zero: it clicks when it starts and stops"
    }
}
