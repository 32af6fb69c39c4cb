extension Rule {
    static let unusualSampleRate = Rule(
        RuleDescription(
            .unusualSampleRate, .warning, .file,
            step: .file,
            summary:
                "A sample rate outside \(Formatting.range(Limits.outputSampleRates)) Hz, the rates afconvert and alertsound write: how iOS plays it is not documented.",
            details:
                "Above that range `fix` resamples to 44.1 or 48 kHz."),
        evaluate: { subject in
            guard let info = subject.info, info.container.isAppleAlertContainer, let rate = info.sampleRate,
                !Limits.outputSampleRates.contains(rate)
            else { return nil }
            let range =
                "\(Formatting.number(Limits.outputSampleRates.lowerBound))-\(Formatting.number(Limits.outputSampleRates.upperBound)) Hz"
            // Above the range fix resamples to 48 kHz; below it there is nothing to make better.
            return Finding(
                "\(Formatting.number(rate)) Hz is outside \(range), the rates afconvert and alertsound write; "
                    + "how iOS plays it is not documented, and a phone speaker gains nothing past 48 kHz",
                suggestion: rate > Limits.outputSampleRates.upperBound ? Suggestion(.fix, path: subject.path) : nil)
        },
        triggering: [Example.sound(rate: 500_000), Example.sound(rate: 768_000), Example.sound(.wav, rate: 500)],
        passing: [
            Example.sound(rate: 8000), Example.sound(rate: 48000), Example.sound(rate: 384_000),
            Example.sound(.mp3, .codec(.mp3), rate: 500_000)
        ])
}
