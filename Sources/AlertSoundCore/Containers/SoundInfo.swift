/// One entry of a CAF `info` chunk: a string dictionary afconvert copies from input to output.
public struct InfoEntry: Sendable, Hashable {
    /// The key ("artist", "source bit depth").
    public var key: String
    /// Its value.
    public var value: String
    /// An entry.
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

/// One chunk as found in the file.
public struct ChunkRecord: Sendable, Hashable {
    /// The chunk's four-character code, with `\x` escapes for unprintable bytes.
    public var id: String
    /// Offset of the chunk header.
    public var offset: Int64
    /// Payload size as declared in the header.
    public var size: Int64
}

/// A header inconsistency that the reader worked around.
public struct Repair: Sendable, Hashable, CustomStringConvertible {
    /// What was wrong and how it was read anyway.
    public var message: String
    /// The chunk it was in.
    public var chunk: String?
    /// The byte offset of the problem.
    public var offset: Int64?

    /// The message and where it was.
    public var description: String { message + locationSuffix(chunk: chunk, offset: offset) }
}

/// What a file's headers say, checked against the bytes that exist.
public struct SoundInfo: Sendable, Hashable {
    /// The kind of file, told from its bytes.
    public var container: ContainerKind
    /// How the samples are coded; `nil` when the file does not say (an MP4 before its track is read).
    public var coding: SampleCoding?
    /// The format as the file names it: a 4CC (`ima4`, `sowt`) or a WAV tag (`0x0011`).
    public var formatID: String?
    /// Sample frames per second.
    public var sampleRate: Double?
    /// Channels per frame.
    public var channels: Int?
    /// Bits per sample as the header states them (4 for IMA, 8 for G.711).
    public var bitsPerSample: Int?
    /// Bytes per packet (a frame for PCM, 34 bytes a channel for IMA4); `nil` when variable.
    public var bytesPerPacket: Int?
    /// Frames per packet (1 for PCM, 64 for IMA4); `nil` when variable.
    public var framesPerPacket: Int?
    /// The true number of sample frames; `nil` when the header does not say.
    public var frames: Int64?
    /// Frames of decoder delay before the first of `frames` (a CAF packet table's priming frames,
    /// 2,112 for Apple's AAC); `nil` when the header does not say.
    public var primingFrames: Int64?
    /// Where the audio data starts in the file.
    public var dataOffset: Int64?
    /// Bytes of audio data.
    public var dataSize: Int64?
    /// Bytes in the file.
    public var fileSize: Int64
    /// Every chunk, in file order.
    public var chunks: [ChunkRecord]
    /// Header inconsistencies that were worked around (they make `damaged-header`).
    public var repairs: [Repair]
    /// A CAF's `info` dictionary, in file order (empty when there is none).
    public var infoEntries: [InfoEntry] = []
    /// A CAF's `chan` chunk as stored (at most `Limits.maximumChunkRead` bytes), for conversions.
    var channelLayout: [UInt8]?

    /// A description that knows only the container and size; readers fill in the rest.
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

extension SoundInfo {
    /// The format in a phrase, as every report shows it: "CAF, ima4, 44100 Hz, 2 ch, 1.500 s".
    public var summary: String {
        var parts = [container.displayName]
        if let coding {
            var f = coding.code
            if let pcm = coding.pcm, let bits = bitsPerSample { f += " \(bits)-bit\(pcm.isFloat ? " float" : "")" }
            parts.append(f)
        }
        if let sampleRate { parts.append("\(Formatting.number(sampleRate)) Hz") }
        if let channels { parts.append("\(channels) ch") }
        if let duration { parts.append(Formatting.seconds(duration) + " s") }
        return parts.joined(separator: ", ")
    }
}
