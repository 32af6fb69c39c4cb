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

    /// The values each threshold may take (the man page and `--help` state them): outside these a
    /// threshold is a typo or a unit mistake, and some would make `fix` apply absurd gains.
    public enum Range {
        /// dBTP: `--max-true-peak`.
        public static let truePeak = -60.0...6.0
        /// LUFS: `--min-loudness`, `--max-loudness` and `fix --loudness`.
        public static let loudness = -70.0...0.0
        /// Fraction of full scale: `--max-dc-offset` (given in percent), below 1.
        public static let dcOffset = 0.0..<1.0
        /// dBFS: `--max-edge-level`.
        public static let edgeLevel = -120.0...0.0
        /// Seconds: `--max-leading-silence`.
        public static let leadingSilence = 0.0...30.0
    }

    /// Why these thresholds cannot be used, if they cannot. NaN and infinities are refused with the rest.
    public func problem() -> AlertSoundError? {
        func refuse(_ message: String) -> AlertSoundError { AlertSoundError(.invalidRequest, message) }
        if !Range.truePeak.contains(maximumTruePeak) {
            return refuse(
                "the maximum true peak must be from \(Formatting.range(Range.truePeak)) dBTP; got \(Formatting.number(maximumTruePeak))"
            )
        }
        if !Range.dcOffset.contains(maximumDCOffset) {
            return refuse(
                "the DC offset limit is a fraction of full scale from 0 to below 1; got \(Formatting.number(maximumDCOffset))"
            )
        }
        if !Range.edgeLevel.contains(maximumEdgeLevel) {
            return refuse(
                "the edge level must be from \(Formatting.range(Range.edgeLevel)) dBFS; got \(Formatting.number(maximumEdgeLevel))"
            )
        }
        if !Range.leadingSilence.contains(maximumLeadingSilence) {
            return refuse(
                "the leading silence allowed must be from \(Formatting.range(Range.leadingSilence)) seconds; got \(Formatting.number(maximumLeadingSilence))"
            )
        }
        if !(Range.loudness.contains(loudnessBand.lowerBound) && Range.loudness.contains(loudnessBand.upperBound)) {
            return refuse(
                "the loudness band must lie within \(Formatting.range(Range.loudness)) LUFS; got \(Formatting.number(loudnessBand.lowerBound))...\(Formatting.number(loudnessBand.upperBound))"
            )
        }
        return nil
    }
}
