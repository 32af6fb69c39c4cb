/// The file types afconvert writes, by their 4CC.
public enum FileType: String, Sendable, CaseIterable {
    case caff
    case aiff = "AIFF"
    case aifc = "AIFC"
    case wave = "WAVE"

    public var fileExtension: String {
        switch self {
        case .caff: return "caf"
        case .aiff: return "aiff"
        case .aifc: return "aifc"
        case .wave: return "wav"
        }
    }
}

extension FileType {
    /// Everything before the audio: `audioBytes` of `format` whose true length is `frames`.
    /// The length never depends on the sizes, so a streaming writer can rewrite it in place.
    /// `info` is the input's string dictionary, which afconvert copies into a CAF (other types drop it).
    public func header(format: AudioFormat, frames: Int64, audioBytes: Int64, info: [InfoEntry] = []) -> [UInt8] {
        switch self {
        case .caff:
            return CAFWriter.header(format: format, validFrames: frames, audioBytes: audioBytes, info: info)
        case .aiff, .aifc:
            // AIFF-C ima4 states whole packets, padding included.
            let stated = format.encoding == .ima4 ? audioBytes / Int64(format.bytesPerPacket) * Int64(IMA4.framesPerPacket) : frames
            return AIFFWriter.header(format: format, compressed: self == .aifc, frames: stated, audioBytes: audioBytes)
        case .wave:
            return WAVWriter.header(format: format, frames: frames, audioBytes: audioBytes)
        }
    }

    /// What follows the audio: AIFF's pad byte after odd-sized sound data (Apple writes none in
    /// WAV, and CAF needs none).
    public func trailer(audioBytes: Int64) -> [UInt8] {
        (self == .aiff || self == .aifc) && audioBytes % 2 == 1 ? [0] : []
    }
}
