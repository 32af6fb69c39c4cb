/// Complete files from samples, for code that makes sounds (samples, tests, packagers).
public enum SoundFileBuilder {
    /// `samples` are interleaved. IMA4 takes one or two channels (a precondition, as for
    /// `IMA4Encoder`). Throws an error of kind `invalidRequest` when `type` does not carry
    /// `format.coding` (``FileType/carries(_:)``).
    public static func make(_ type: FileType, format: StreamFormat, samples: [Int16]) throws -> [UInt8] {
        let carried = try type.carried(format)
        var encoder = FrameEncoder(carried: carried)
        let audio = encoder.encode(samples) + encoder.finish()
        return assemble(carried, frames: encoder.frames, audio: audio)
    }

    /// The same from full-precision samples (±1.0 is full scale), for wider or float formats.
    public static func make(_ type: FileType, format: StreamFormat, fullScale samples: [Double]) throws -> [UInt8] {
        let carried = try type.carried(format)
        var encoder = FrameEncoder(carried: carried, measuresLoss: false)
        let audio = encoder.encode(samples) + encoder.finish()
        return assemble(carried, frames: encoder.frames, audio: audio)
    }

    /// Wraps coded audio in `type`'s header and trailer.
    public static func assemble(_ type: FileType, format: StreamFormat, frames: Int64, audio: [UInt8]) throws -> [UInt8]
    {
        assemble(try type.carried(format), frames: frames, audio: audio)
    }

    static func assemble(_ carried: CarriedFormat, frames: Int64, audio: [UInt8]) -> [UInt8] {
        let size = Int64(audio.count)
        return carried.header(frames: frames, audioBytes: size) + audio + carried.trailer(audioBytes: size)
    }
}
