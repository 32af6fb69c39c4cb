import AlertSound
import ArgumentParser

/// The thresholds `--levels` judges against, for `check` and `fix` alike.
struct LevelOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --levels: the highest true peak allowed (default \(Formatting.number(LevelThresholds().maximumTruePeak)) dBTP).", valueName: "dBTP"))
    var maxTruePeak: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --levels: the quietest the loudest 400 ms may be (default \(Formatting.number(LevelThresholds().loudnessBand.lowerBound)) LUFS).", valueName: "LUFS"))
    var minLoudness: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --levels: the loudest the loudest 400 ms may be (default \(Formatting.number(LevelThresholds().loudnessBand.upperBound)) LUFS).", valueName: "LUFS"))
    var maxLoudness: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --levels: how far a channel's mean may be off zero, in percent of full scale (default \(Formatting.number(LevelThresholds().maximumDCOffset * 100))).", valueName: "percent"))
    var maxDcOffset: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --levels: the level the first sample and the last millisecond may reach without a fade (default \(Formatting.number(LevelThresholds().maximumEdgeLevel)) dBFS).", valueName: "dBFS"))
    var maxEdgeLevel: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --levels: the silence allowed before the sound starts: 100ms or 0.1s (default \(Formatting.number(LevelThresholds().maximumLeadingSilence * 1000))ms).", valueName: "duration"))
    var maxLeadingSilence: String?

    /// Whether any threshold was given.
    var given: Bool { maxTruePeak != nil || minLoudness != nil || maxLoudness != nil || maxDcOffset != nil || maxEdgeLevel != nil || maxLeadingSilence != nil }

    func validate() throws {
        if let maxLeadingSilence, Fix.seconds(maxLeadingSilence) == nil {
            throw ValidationError("--max-leading-silence takes a duration: 100ms or 0.1s; got '\(maxLeadingSilence)'.")
        }
        if let minLoudness, let maxLoudness, minLoudness > maxLoudness {
            throw ValidationError("--min-loudness (\(Formatting.number(minLoudness))) is above --max-loudness (\(Formatting.number(maxLoudness))).")
        }
    }

    /// The thresholds, defaults where none was given.
    func limits() throws -> LevelThresholds {
        var limits = LevelThresholds()
        if let maxTruePeak { limits.maximumTruePeak = maxTruePeak }
        let low = minLoudness ?? min(limits.loudnessBand.lowerBound, maxLoudness ?? 0)
        let high = maxLoudness ?? max(limits.loudnessBand.upperBound, low)
        limits.loudnessBand = low ... high
        if let maxDcOffset { limits.maximumDCOffset = maxDcOffset / 100 }
        if let maxEdgeLevel { limits.maximumEdgeLevel = maxEdgeLevel }
        if let seconds = maxLeadingSilence.flatMap(Fix.seconds) { limits.maximumLeadingSilence = seconds }
        if let problem = limits.problem() { throw problem }
        return limits
    }
}
