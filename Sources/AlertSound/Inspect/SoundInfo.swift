/// The kind of file, identified from its bytes (never from its name).
public enum ContainerKind: String, Sendable, Hashable, Codable, CaseIterable {
    case aiff, aifc, wav, rf64, rifx, caf
    case mp3, mp4, flac, ogg, adts, au, amr

    /// Containers iOS documents for notification sounds.
    public var isAppleAlertContainer: Bool {
        switch self {
        case .aiff, .aifc, .wav, .caf: return true
        default: return false
        }
    }

    public var displayName: String {
        switch self {
        case .aiff: return "AIFF"
        case .aifc: return "AIFF-C"
        case .wav: return "WAV"
        case .rf64: return "RF64 (64-bit WAV)"
        case .rifx: return "RIFX (big-endian WAV)"
        case .caf: return "CAF"
        case .mp3: return "MPEG audio (MP3)"
        case .mp4: return "MPEG-4 / QuickTime (M4A, MP4)"
        case .flac: return "FLAC"
        case .ogg: return "Ogg"
        case .adts: return "raw AAC (ADTS)"
        case .au: return "Sun/NeXT AU"
        case .amr: return "AMR"
        }
    }
}

/// One entry of a CAF `info` chunk: a string dictionary afconvert copies from input to output.
public struct InfoEntry: Sendable, Hashable {
    public var key: String
    public var value: String
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

/// One chunk as found in the file.
public struct ChunkRecord: Sendable, Hashable {
    public var id: String
    /// Offset of the chunk header.
    public var offset: Int64
    /// Payload size as declared in the header.
    public var size: Int64
}

/// A header inconsistency that the reader worked around.
public struct Repair: Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var chunk: String?
    public var offset: Int64?

    public var description: String { message + locationSuffix(chunk: chunk, offset: offset) }
}


/// What a file's headers say, checked against the bytes that exist.
public struct SoundInfo: Sendable, Hashable {
    public var container: ContainerKind
    /// How the samples are coded; `nil` when the file does not say (an MP4 before its track is read).
    public var coding: SampleCoding?
    /// The format as the file names it: a 4CC (`ima4`, `sowt`) or a WAV tag (`0x0011`).
    public var formatID: String?
    public var sampleRate: Double?
    public var channels: Int?
    /// Bits per sample as the header states them (4 for IMA, 8 for G.711).
    public var bitsPerSample: Int?
    public var bytesPerPacket: Int?
    public var framesPerPacket: Int?
    /// The true number of sample frames; `nil` when the header does not say.
    public var frames: Int64?
    /// Frames of decoder delay before the first of `frames` (a CAF packet table's priming frames,
    /// 2,112 for Apple's AAC); `nil` when the header does not say.
    public var primingFrames: Int64?
    public var dataOffset: Int64?
    public var dataSize: Int64?
    public var fileSize: Int64
    public var chunks: [ChunkRecord]
    public var repairs: [Repair]
    /// A CAF's `info` dictionary, in file order (empty when there is none).
    public var infoEntries: [InfoEntry] = []

    public init(container: ContainerKind, fileSize: Int64) {
        self.container = container
        self.fileSize = fileSize
        chunks = []
        repairs = []
    }

    /// Seconds of playback, when both frames and rate are known.
    public var duration: Double? {
        guard let frames, let sampleRate, sampleRate > 0 else { return nil }
        return Double(frames) / sampleRate
    }
}
