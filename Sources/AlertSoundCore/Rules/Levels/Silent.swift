extension Rule {
    // NaN samples are measured as zero, so a sound of NaN is silent too. No fix gives it a level.
    package static let silent = levels(
        RuleDescription(
            .silent, .warning, .levels,
            step: .file,
            summary:
                "Every sample is zero (or not a number): the alert plays nothing.",
            details:
                "No fix gives it a level."), repairable: false,
        triggering: [.example(samplePeak: nil, truePeak: nil, maxMomentaryLoudness: nil)],
        passing: [.example(), .example(samplePeak: -80, truePeak: -80, maxMomentaryLoudness: nil)]
    ) { levels, _ in
        guard levels.samplePeak == nil else { return nil }
        return "every sample is zero (or not a number): the alert plays nothing"
    }
}
