/// The codecs the readers recognise but alertsound does not decode itself (it names them in
/// findings, and the AlertSound library decodes them through libsndfile or FFmpeg): one list of
/// their names, so a name is spelled once. ``SampleCoding/other(_:)`` carries any other name a
/// file gives (a CAF format ID, an AU encoding) as it comes.
public enum Codec: String, Sendable, Hashable, CaseIterable {
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
