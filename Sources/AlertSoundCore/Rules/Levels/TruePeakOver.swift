extension Rule {
    package static let truePeakOver = levels(
        RuleDescription(
            .truePeakOver, .warning, .levels,
            step: .file,
            summary:
                "The true peak is above \(Formatting.number(LevelThresholds().maximumTruePeak)) dBTP: it may clip once decoded, or in a speaker."
        ), triggering: [.example(truePeak: 0.4), .example(truePeak: -0.9)],
        passing: [.example(truePeak: -1.0), .example(samplePeak: nil, truePeak: nil)]
    ) { levels, limits in
        guard let peak = levels.truePeak, peak > limits.maximumTruePeak else { return nil }
        return
            "true peak \(db(peak)) dBTP, above \(db(limits.maximumTruePeak)) dBTP: it may clip once decoded; lower it by \(db(peak - limits.maximumTruePeak)) dB"
    }
}
