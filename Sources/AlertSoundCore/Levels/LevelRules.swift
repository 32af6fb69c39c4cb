/// The limits `check --levels` judges a sound's levels against, each overridable. The defaults'
/// loudness band brackets Apple's own alert sounds (macOS's Basso, Glass, Pop, Sosumi, Submarine,
/// Tink and Bottle measure -27.5 to -16.8 LUFS over their loudest 400 ms, true peaks -8.4 to
/// -1.5 dBTP), with room on both sides for sounds meant to be gentle or insistent.
public struct LevelThresholds: Sendable, Hashable, Codable {
    /// dBTP above which a peak may clip after decoding or in a speaker (`true-peak-over`).
    public var maximumTruePeak = -1.0
    /// Fraction of full scale a channel's mean may be off zero (`dc-offset`).
    public var maximumDCOffset = 0.01
    /// dBFS the first sample, or the last millisecond, may reach without a fade
    /// (`click-at-start`, `abrupt-end`).
    public var maximumEdgeLevel = -20.0
    /// Seconds of silence (below -60 dBFS) allowed before the sound starts (`leading-silence`).
    public var maximumLeadingSilence = 0.1
    /// LUFS band for the loudest 400 ms (`too-quiet` below, `too-loud` above).
    public var loudnessBand = -35.0 ... -5.0

    /// The documented defaults.
    public init() {}

    /// Why these thresholds cannot be used, if they cannot.
    public func problem() -> AlertSoundError? {
        func refuse(_ message: String) -> AlertSoundError { AlertSoundError(.invalidRequest, message) }
        if !(maximumTruePeak.isFinite && maximumTruePeak <= 6) { return refuse("the maximum true peak must be a level in dBTP up to +6; got \(Formatting.number(maximumTruePeak))") }
        if !(maximumDCOffset >= 0 && maximumDCOffset < 1) { return refuse("the DC offset limit is a fraction of full scale from 0 to 1; got \(Formatting.number(maximumDCOffset))") }
        if !(maximumEdgeLevel.isFinite && maximumEdgeLevel <= 0) { return refuse("the edge level must be a level in dBFS up to 0; got \(Formatting.number(maximumEdgeLevel))") }
        if !(maximumLeadingSilence >= 0 && maximumLeadingSilence.isFinite) { return refuse("the leading silence allowed must be 0 or more seconds; got \(Formatting.number(maximumLeadingSilence))") }
        if !(loudnessBand.lowerBound.isFinite && loudnessBand.upperBound <= 0 && loudnessBand.lowerBound >= -70) {
            return refuse("the loudness band must lie within -70...0 LUFS; got \(Formatting.number(loudnessBand.lowerBound))...\(Formatting.number(loudnessBand.upperBound))")
        }
        return nil
    }
}

/// What `check --levels` says about a sound's levels: warnings, each against a ``LevelThresholds``.
public enum LevelRules {
    /// The findings for `levels` against `limits`, in a fixed order. Those `fix --levels` repairs
    /// (all but clipping, which no gain undoes) suggest it for `path`.
    public static func findings(_ levels: SoundLevels, limits: LevelThresholds = LevelThresholds(), path: String? = nil) -> [Diagnostic] {
        let db = Formatting.tenths
        var found: [Diagnostic] = []

        if let peak = levels.truePeak, peak > limits.maximumTruePeak {
            found.append(DiagnosticCode.truePeakOver.diagnostic("true peak \(db(peak)) dBTP, above \(db(limits.maximumTruePeak)) dBTP: it may clip once decoded; lower it by \(db(peak - limits.maximumTruePeak)) dB"))
        }
        if levels.clippedSamples > 0 {
            found.append(DiagnosticCode.clipped.diagnostic("\(levels.clippedSamples) samples sit at full scale in runs of three or more: the sound was clipped"))
        }
        if abs(levels.dcOffset) > limits.maximumDCOffset {
            found.append(DiagnosticCode.dcOffset.diagnostic("a channel's mean is \(db(abs(levels.dcOffset) * 100))% of full scale off zero: it clicks when it starts and stops"))
        }
        if let start = levels.startPeak, start > limits.maximumEdgeLevel {
            found.append(DiagnosticCode.clickAtStart.diagnostic("the first sample is at \(db(start)) dBFS with no fade-in: it starts with a click"))
        }
        if let end = levels.endPeak, end > limits.maximumEdgeLevel {
            found.append(DiagnosticCode.abruptEnd.diagnostic("the last millisecond still peaks at \(db(end)) dBFS: it ends with a click; fade it out"))
        }
        if levels.leadingSilence > limits.maximumLeadingSilence, levels.samplePeak != nil {
            found.append(DiagnosticCode.leadingSilence.diagnostic("\(Formatting.seconds(levels.leadingSilence)) s of silence before the sound starts, which delays the alert"))
        }
        if let loudness = levels.maxMomentaryLoudness {
            let band = limits.loudnessBand
            if loudness < band.lowerBound {
                found.append(DiagnosticCode.tooQuiet.diagnostic("the loudest 400 ms measure \(db(loudness)) LUFS, below \(db(band.lowerBound)): hard to hear next to other alerts"))
            } else if loudness > band.upperBound {
                found.append(DiagnosticCode.tooLoud.diagnostic("the loudest 400 ms measure \(db(loudness)) LUFS, above \(db(band.upperBound)): startlingly loud next to other alerts"))
            }
        }
        let repair = Suggestion(.fixLevels, path: path)
        for i in found.indices where found[i].code != .clipped { found[i].suggestion = repair }
        return found
    }
}
