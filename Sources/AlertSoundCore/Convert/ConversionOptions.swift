/// What to convert to, in afconvert's terms. Every field left `nil` follows afconvert's defaults.
public struct ConversionOptions: Sendable, Hashable {
    /// `-d`: data format and optional rate. Default: ima4 (or 16-bit PCM where the type cannot hold it).
    public var dataFormat: OutputDataFormat?
    /// `-f`: file type. Default: from the output's extension, else CAF.
    public var fileType: FileType?
    /// `-c`: how many channels to keep (the first N), or with `mix` how many to mix down to.
    public var channels: Int?
    /// `--mix`: average channels instead of dropping them.
    public var mix: Bool
    /// Measure what the encoding lost (`ConversionResult.snr`, `-v`). Off by default: it costs time.
    public var measuresLoss: Bool
    /// `--quality high` (or afconvert's `-q 96` and above): IMA4 from a searching encoder.
    /// `.standard` is afconvert's output byte for byte. Other codings have nothing to choose.
    public var quality: EncoderQuality
    /// `--src-quality` (or afconvert's `-r`): which sinc converter resamples when `@RATE` asks for it.
    public var resamplerQuality: ResamplerQuality
    /// Keep at most this many seconds, fading out over ``fade`` before the cut (afconvert has no
    /// such option; a packager making alert sounds sets it under 30). `nil` keeps everything.
    public var maxDuration: Double?
    /// Seconds of raised-cosine fade-out before a ``maxDuration`` cut.
    public var fade = 0.05
    /// Whether and which `ffmpeg` decodes what nothing else does (default: as the environment says).
    public var ffmpeg = FFmpegUse.environment

    /// Options; each left out follows afconvert's default.
    public init(
        dataFormat: OutputDataFormat? = nil, fileType: FileType? = nil, channels: Int? = nil, mix: Bool = false,
        measuresLoss: Bool = false,
        quality: EncoderQuality = .standard, resamplerQuality: ResamplerQuality = .fastest
    ) {
        self.quality = quality
        self.resamplerQuality = resamplerQuality
        self.dataFormat = dataFormat
        self.fileType = fileType
        self.channels = channels
        self.mix = mix
        self.measuresLoss = measuresLoss
    }
}

extension ConversionOptions {
    /// The cut ``maxDuration`` asks for at `rate`, as edits; none when it is `nil`.
    func cut(rate: Double) throws -> Edits {
        guard let maxDuration else { return Edits() }
        guard maxDuration > 0, maxDuration.isFinite, fade >= 0, fade < maxDuration else {
            throw AlertSoundError(
                .invalidRequest,
                "the maximum duration must be above 0 s and the fade shorter than it; got \(Formatting.number(maxDuration)) s and \(Formatting.number(fade)) s"
            )
        }
        return Edits(
            start: 0, length: Int64((maxDuration * rate).rounded(.down)), fadeFrames: Int((fade * rate).rounded()),
            gain: 1)
    }
}
