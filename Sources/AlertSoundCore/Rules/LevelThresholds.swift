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
