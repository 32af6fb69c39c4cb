/// What `check --levels` says about a sound's levels: warnings, each with a documented threshold.
/// The loudness band brackets Apple's own alert sounds (macOS's Basso, Glass, Pop, Sosumi,
/// Submarine, Tink and Bottle measure -27.5 to -16.8 LUFS over their loudest 400 ms, true peaks
/// -8.4 to -1.5 dBTP), with room on both sides for sounds meant to be gentle or insistent.
public enum LevelRules {
    /// dBTP above which a peak may clip after decoding or in a speaker.
    public static let maximumTruePeak = -1.0
    /// Fraction of full scale a channel's mean may be off zero.
    public static let maximumDCOffset = 0.01
    /// dBFS the first sample, or the last millisecond, may reach without a fade.
    public static let maximumEdgeLevel = -20.0
    /// Seconds of silence (below -60 dBFS) allowed before the sound starts.
    public static let maximumLeadingSilence = 0.1
    /// LUFS band for the loudest 400 ms.
    public static let loudnessBand = -35.0 ... -5.0

    /// The findings for `levels`, in a fixed order.
    public static func findings(_ levels: SoundLevels) -> [Diagnostic] {
        let db = Formatting.tenths
        var found: [Diagnostic] = []
        if let peak = levels.truePeak, peak > maximumTruePeak {
            found.append(DiagnosticCode.truePeakOver.diagnostic("true peak \(db(peak)) dBTP, above \(db(maximumTruePeak)) dBTP: it may clip once decoded; lower it by \(db(peak - maximumTruePeak)) dB"))
        }
        if levels.clippedSamples > 0 {
            found.append(DiagnosticCode.clipped.diagnostic("\(levels.clippedSamples) samples sit at full scale in runs of three or more: the sound was clipped"))
        }
        if abs(levels.dcOffset) > maximumDCOffset {
            found.append(DiagnosticCode.dcOffset.diagnostic("a channel's mean is \(db(abs(levels.dcOffset) * 100))% of full scale off zero: it clicks when it starts and stops"))
        }
        if let start = levels.startPeak, start > maximumEdgeLevel {
            found.append(DiagnosticCode.clickAtStart.diagnostic("the first sample is at \(db(start)) dBFS with no fade-in: it starts with a click"))
        }
        if let end = levels.endPeak, end > maximumEdgeLevel {
            found.append(DiagnosticCode.abruptEnd.diagnostic("the last millisecond still peaks at \(db(end)) dBFS: it ends with a click; fade it out"))
        }
        if levels.leadingSilence > maximumLeadingSilence, levels.samplePeak != nil {
            found.append(DiagnosticCode.leadingSilence.diagnostic("\(Formatting.seconds(levels.leadingSilence)) s of silence before the sound starts, which delays the alert"))
        }
        if let loudness = levels.maxMomentaryLoudness {
            if loudness < loudnessBand.lowerBound {
                found.append(DiagnosticCode.tooQuiet.diagnostic("the loudest 400 ms measure \(db(loudness)) LUFS, below \(db(loudnessBand.lowerBound)): hard to hear next to other alerts"))
            } else if loudness > loudnessBand.upperBound {
                found.append(DiagnosticCode.tooLoud.diagnostic("the loudest 400 ms measure \(db(loudness)) LUFS, above \(db(loudnessBand.upperBound)): startlingly loud next to other alerts"))
            }
        }
        return found
    }
}
