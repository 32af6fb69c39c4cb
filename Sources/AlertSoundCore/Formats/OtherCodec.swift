/// The codecs the readers recognise but the core does not decode (`Codecs/` holds those it does):
/// named in findings, decoded by the AlertSound library through libsndfile or FFmpeg. One list of
/// their names, so a name is spelled once; each is carried as ``SampleCoding/other(_:)``, which also
/// carries any other name a file gives (a CAF format ID, an AU encoding) as it comes.
public enum OtherCodec: String, Sendable, Hashable, CaseIterable {
    /// MPEG-1/2 audio layer I.
    case mp1
    /// MPEG-1/2 audio layer II.
    case mp2
    /// MPEG-1/2 audio layer III.
    case mp3
    /// MPEG audio of a layer the file does not say (WAV's tag 0x50).
    case mpeg
    /// AAC, raw (ADTS) or in MPEG-4 or CAF.
    case aac
    /// FLAC, native or in Ogg.
    case flac
    /// Vorbis in Ogg.
    case vorbis
    /// Opus in Ogg or CAF.
    case opus
    /// Speex in Ogg.
    case speex
    /// GSM 6.10.
    case gsm
    /// Microsoft ADPCM (WAV's tag 2).
    case msAdpcm = "ms-adpcm"
    /// Windows Media Audio.
    case wma
    /// AMR narrowband.
    case amr
    /// Apple Lossless, in CAF or MPEG-4.
    case alac
}

/// The name ``OtherCodec`` had before 0.3: it listed the codecs alertsound does *not* decode, beside
/// a `Codecs` folder of those it does.
@available(*, deprecated, renamed: "OtherCodec")
public typealias Codec = OtherCodec
