extension Rule {
    package static let clipped = levels(
        RuleDescription(
            .clipped, .warning, .levels,
            step: .file,
            summary:
                "Three or more consecutive samples of a channel at full scale: the sound was clipped.",
            details:
                "Within two 16-bit steps of full scale (a clipper's dither writes 32767 and 32766 by turns); the HTML waveform marks the same samples. No gain undoes it, so `fix` does not offer to."
        ), repairable: false, triggering: [.example(clippedSamples: 12)],
        passing: [.example(clippedSamples: 0)]
    ) { levels, _ in
        guard levels.clippedSamples > 0 else { return nil }
        return
            "\(levels.clippedSamples) samples sit at full scale (within two 16-bit steps) in runs of three or more: the sound was clipped"
    }
}
