extension Rule {
    // Digital silence throughout has no start to be late: it is not flagged for leading silence.
    package static let leadingSilence = levels(
        RuleDescription(
            .leadingSilence, .warning, .levels,
            step: .file,
            summary:
                "More than \(Formatting.number(LevelThresholds().maximumLeadingSilence)) s below -60 dBFS before the sound starts, which delays the alert."
        ), triggering: [.example(leadingSilence: 0.5)],
        passing: [.example(leadingSilence: 0.1), .example(samplePeak: nil, leadingSilence: 2)]
    ) { levels, limits in
        guard levels.leadingSilence > limits.maximumLeadingSilence, levels.samplePeak != nil else { return nil }
        return
            "\(Formatting.seconds(levels.leadingSilence)) s of silence before the sound starts, which delays the alert"
    }
}
