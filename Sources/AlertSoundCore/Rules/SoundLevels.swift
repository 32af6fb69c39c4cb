/// How loud a sound is and how its level behaves, measured from its decoded samples: loudness as
/// ITU-R BS.1770-4 and EBU R 128 define it, true and sample peaks, and the faults that make an
/// alert click, clip or start late. Levels in dB are `nil` where there is nothing to measure
/// (digital silence has no peak in dB; a sound shorter than a window has no loudness over it).
public struct SoundLevels: Sendable, Hashable, Codable {
    /// The largest sample, in dBFS.
    public var samplePeak: Double?
    /// The largest value between the samples too (4× oversampled below 96 kHz), in dBTP.
    public var truePeak: Double?
    /// Integrated loudness, gated (LUFS); `nil` for a sound shorter than 0.4 s, where BS.1770
    /// does not define it.
    public var integratedLoudness: Double?
    /// The loudest 400 ms (LUFS). A sound shorter than 0.4 s is measured as if padded with
    /// silence to 0.4 s, so short clips have a figure comparable with longer ones.
    public var maxMomentaryLoudness: Double?
    /// The loudest 3 s (LUFS); `nil` for a sound shorter than 3 s.
    public var maxShortTermLoudness: Double?
    /// The mean sample value of the channel furthest from zero, as a fraction of full scale.
    public var dcOffset: Double
    /// Seconds before the first sample above −60 dBFS (all of it for a silent sound).
    public var leadingSilence: Double
    /// Seconds after the last sample above −60 dBFS (all of it for a silent sound).
    public var trailingSilence: Double
    /// Samples in runs of three or more at full scale.
    public var clippedSamples: Int
    /// The first frame's level (dBFS): far from zero, the sound starts with a click.
    public var startPeak: Double?
    /// The peak of the last millisecond (dBFS): still loud there, the sound ends abruptly.
    public var endPeak: Double?

    /// Levels as measured.
    public init(
        samplePeak: Double?, truePeak: Double?, integratedLoudness: Double?, maxMomentaryLoudness: Double?,
        maxShortTermLoudness: Double?, dcOffset: Double, leadingSilence: Double, trailingSilence: Double,
        clippedSamples: Int,
        startPeak: Double?, endPeak: Double?
    ) {
        self.samplePeak = samplePeak
        self.truePeak = truePeak
        self.integratedLoudness = integratedLoudness
        self.maxMomentaryLoudness = maxMomentaryLoudness
        self.maxShortTermLoudness = maxShortTermLoudness
        self.dcOffset = dcOffset
        self.leadingSilence = leadingSilence
        self.trailingSilence = trailingSilence
        self.clippedSamples = clippedSamples
        self.startPeak = startPeak
        self.endPeak = endPeak
    }

    enum CodingKeys: String, CodingKey {
        case samplePeak, truePeak, integratedLoudness, maxMomentaryLoudness, maxShortTermLoudness, dcOffset,
            leadingSilence, trailingSilence, clippedSamples
        case startPeak, endPeak
    }

    /// Every member, `null` where there is no figure: the schema lists them all as required.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(clippedSamples, forKey: .clippedSamples)
        try c.encode(dcOffset, forKey: .dcOffset)
        try c.encodeOrNull(endPeak, forKey: .endPeak)
        try c.encodeOrNull(integratedLoudness, forKey: .integratedLoudness)
        try c.encode(leadingSilence, forKey: .leadingSilence)
        try c.encodeOrNull(maxMomentaryLoudness, forKey: .maxMomentaryLoudness)
        try c.encodeOrNull(maxShortTermLoudness, forKey: .maxShortTermLoudness)
        try c.encodeOrNull(samplePeak, forKey: .samplePeak)
        try c.encodeOrNull(startPeak, forKey: .startPeak)
        try c.encode(trailingSilence, forKey: .trailingSilence)
        try c.encodeOrNull(truePeak, forKey: .truePeak)
    }
}
