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

    /// Options; each left out follows afconvert's default.
    public init(dataFormat: OutputDataFormat? = nil, fileType: FileType? = nil, channels: Int? = nil, mix: Bool = false, measuresLoss: Bool = false,
                quality: EncoderQuality = .standard, resamplerQuality: ResamplerQuality = .fastest) {
        self.quality = quality
        self.resamplerQuality = resamplerQuality
        self.dataFormat = dataFormat
        self.fileType = fileType
        self.channels = channels
        self.mix = mix
        self.measuresLoss = measuresLoss
    }
}
