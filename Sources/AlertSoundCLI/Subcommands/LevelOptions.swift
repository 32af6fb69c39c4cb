import AlertSound
import ArgumentParser

/// The thresholds `--levels` judges against, for `check` and `fix` alike.
struct LevelOptions: ParsableArguments {
    /// One threshold option, stated once: its `--help`, the range `validate()` enforces and the
    /// tables of the man page and the guide (scripts/dev/generate-docs) are made from it.
    struct Threshold: Sendable {
        let option: String
        let valueName: String
        /// What it bounds, as `--help` begins it.
        let meaning: String
        /// The values it takes, with their unit, as `--help` states them.
        let range: String
        let defaultValue: String
        let codes: [DiagnosticCode]

        var help: ArgumentHelp {
            ArgumentHelp("With --levels: \(meaning), \(range) (default \(defaultValue)).", valueName: valueName)
        }

        private typealias R = LevelThresholds.Range
        private static let defaults = LevelThresholds()
        /// `--max-dc-offset` is given in percent, below 100.
        static let dcOffsetPercent = R.dcOffset.lowerBound * 100...99.9

        static let truePeak = Threshold(
            option: "max-true-peak", valueName: "dBTP", meaning: "the highest true peak allowed",
            range: "\(Formatting.range(R.truePeak)) dBTP", defaultValue: Formatting.number(defaults.maximumTruePeak),
            codes: [.truePeakOver])
        static let minLoudness = Threshold(
            option: "min-loudness", valueName: "LUFS", meaning: "the quietest the loudest 400 ms may be",
            range: "\(Formatting.range(R.loudness)) LUFS",
            defaultValue: Formatting.number(defaults.loudnessBand.lowerBound), codes: [.tooQuiet])
        static let maxLoudness = Threshold(
            option: "max-loudness", valueName: "LUFS", meaning: "the loudest the loudest 400 ms may be",
            range: "\(Formatting.range(R.loudness)) LUFS",
            defaultValue: Formatting.number(defaults.loudnessBand.upperBound), codes: [.tooLoud])
        static let dcOffset = Threshold(
            option: "max-dc-offset", valueName: "percent",
            meaning: "how far a channel's mean may be off zero, in percent of full scale",
            range: Formatting.range(dcOffsetPercent), defaultValue: Formatting.number(defaults.maximumDCOffset * 100),
            codes: [.dcOffset])
        static let edgeLevel = Threshold(
            option: "max-edge-level", valueName: "dBFS",
            meaning: "the level the first sample and the last millisecond may reach without a fade",
            range: "\(Formatting.range(R.edgeLevel)) dBFS", defaultValue: Formatting.number(defaults.maximumEdgeLevel),
            codes: [.clickAtStart, .abruptEnd])
        static let leadingSilence = Threshold(
            option: "max-leading-silence", valueName: "duration",
            meaning: "the silence allowed before the sound starts: 100ms or 0.1s",
            range: "at most \(Formatting.number(R.leadingSilence.upperBound))s",
            defaultValue: "\(Formatting.number(defaults.maximumLeadingSilence * 1000))ms", codes: [.leadingSilence])

        /// Every threshold, in the order `--help` lists them.
        static let all = [truePeak, minLoudness, maxLoudness, dcOffset, edgeLevel, leadingSilence]
    }

    @Option(name: .customLong(Threshold.truePeak.option), parsing: .unconditional, help: Threshold.truePeak.help)
    var maxTruePeak: Double?

    @Option(name: .customLong(Threshold.minLoudness.option), parsing: .unconditional, help: Threshold.minLoudness.help)
    var minLoudness: Double?

    @Option(name: .customLong(Threshold.maxLoudness.option), parsing: .unconditional, help: Threshold.maxLoudness.help)
    var maxLoudness: Double?

    @Option(name: .customLong(Threshold.dcOffset.option), parsing: .unconditional, help: Threshold.dcOffset.help)
    var maxDcOffset: Double?

    @Option(name: .customLong(Threshold.edgeLevel.option), parsing: .unconditional, help: Threshold.edgeLevel.help)
    var maxEdgeLevel: Double?

    @Option(
        name: .customLong(Threshold.leadingSilence.option), parsing: .unconditional,
        help: Threshold.leadingSilence.help)
    var maxLeadingSilence: String?

    /// Whether any threshold was given.
    var given: Bool {
        maxTruePeak != nil || minLoudness != nil || maxLoudness != nil || maxDcOffset != nil || maxEdgeLevel != nil
            || maxLeadingSilence != nil
    }

    func validate() throws {
        typealias R = LevelThresholds.Range
        func inRange(_ value: Double?, _ range: ClosedRange<Double>, _ option: String, _ unit: String) throws {
            guard let value, !range.contains(value) else { return }
            throw ValidationError(
                "\(option) must be from \(Formatting.range(range)) \(unit); got \(Formatting.number(value)).")
        }
        try inRange(maxTruePeak, R.truePeak, "--max-true-peak", "dBTP")
        try inRange(minLoudness, R.loudness, "--min-loudness", "LUFS")
        try inRange(maxLoudness, R.loudness, "--max-loudness", "LUFS")
        try inRange(maxDcOffset, Threshold.dcOffsetPercent, "--max-dc-offset", "percent")
        try inRange(maxEdgeLevel, R.edgeLevel, "--max-edge-level", "dBFS")
        if let maxLeadingSilence {
            guard let seconds = Fix.seconds(maxLeadingSilence) else {
                throw ValidationError(
                    "--max-leading-silence takes a duration: 100ms or 0.1s; got '\(maxLeadingSilence.escapedForDisplay)'."
                )
            }
            try inRange(seconds, R.leadingSilence, "--max-leading-silence", "seconds")
        }
        if let minLoudness, let maxLoudness, minLoudness > maxLoudness {
            throw ValidationError(
                "--min-loudness (\(Formatting.number(minLoudness))) is above --max-loudness (\(Formatting.number(maxLoudness)))."
            )
        }
    }

    /// The thresholds, defaults where none was given.
    func limits() throws -> LevelThresholds {
        var limits = LevelThresholds()
        if let maxTruePeak { limits.maximumTruePeak = maxTruePeak }
        let low = minLoudness ?? min(limits.loudnessBand.lowerBound, maxLoudness ?? 0)
        let high = maxLoudness ?? max(limits.loudnessBand.upperBound, low)
        // validate() has refused what is not a number; this guards a caller that skipped it.
        guard low <= high else {
            throw AlertSoundError(.invalidRequest, "the loudness band's lower end is above its upper end")
        }
        limits.loudnessBand = low...high
        if let maxDcOffset { limits.maximumDCOffset = maxDcOffset / 100 }
        if let maxEdgeLevel { limits.maximumEdgeLevel = maxEdgeLevel }
        if let seconds = maxLeadingSilence.flatMap(Fix.seconds) { limits.maximumLeadingSilence = seconds }
        if let problem = limits.problem() { throw problem }
        return limits
    }
}
