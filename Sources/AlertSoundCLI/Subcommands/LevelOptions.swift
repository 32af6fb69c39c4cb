import AlertSound
import ArgumentParser

/// The thresholds `--levels` judges against, for `check` and `fix` alike.
struct LevelOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "With --levels: the highest true peak allowed, \(Formatting.range(LevelThresholds.Range.truePeak)) dBTP (default \(Formatting.number(LevelThresholds().maximumTruePeak))).",
            valueName: "dBTP"))
    var maxTruePeak: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "With --levels: the quietest the loudest 400 ms may be, \(Formatting.range(LevelThresholds.Range.loudness)) LUFS (default \(Formatting.number(LevelThresholds().loudnessBand.lowerBound))).",
            valueName: "LUFS"))
    var minLoudness: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "With --levels: the loudest the loudest 400 ms may be, \(Formatting.range(LevelThresholds.Range.loudness)) LUFS (default \(Formatting.number(LevelThresholds().loudnessBand.upperBound))).",
            valueName: "LUFS"))
    var maxLoudness: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "With --levels: how far a channel's mean may be off zero, in percent of full scale, 0 to 99.9 (default \(Formatting.number(LevelThresholds().maximumDCOffset * 100))).",
            valueName: "percent"))
    var maxDcOffset: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "With --levels: the level the first sample and the last millisecond may reach without a fade, \(Formatting.range(LevelThresholds.Range.edgeLevel)) dBFS (default \(Formatting.number(LevelThresholds().maximumEdgeLevel))).",
            valueName: "dBFS"))
    var maxEdgeLevel: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "With --levels: the silence allowed before the sound starts: 100ms or 0.1s, at most \(Formatting.number(LevelThresholds.Range.leadingSilence.upperBound))s (default \(Formatting.number(LevelThresholds().maximumLeadingSilence * 1000))ms).",
            valueName: "duration"))
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
        try inRange(maxDcOffset, R.dcOffset.lowerBound * 100...99.9, "--max-dc-offset", "percent")
        try inRange(maxEdgeLevel, R.edgeLevel, "--max-edge-level", "dBFS")
        if let maxLeadingSilence {
            guard let seconds = Fix.seconds(maxLeadingSilence) else {
                throw ValidationError(
                    "--max-leading-silence takes a duration: 100ms or 0.1s; got '\(maxLeadingSilence)'.")
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
