/// Complete files from 16-bit samples, for code that makes sounds (samples, tests, packagers).
public enum SoundFileBuilder {
    /// `samples` are interleaved. IMA4 takes one or two channels (a precondition, as for `IMA4Encoder`).
    /// `type` must carry `format.coding` (`FileType.carries`).
    public static func make(_ type: FileType, format: StreamFormat, samples: [Int16]) -> [UInt8] {
        var encoder = FrameEncoder(format: format, type: type)
        let audio = encoder.encode(samples) + encoder.finish()
        return assemble(type, format: format, frames: encoder.frames, audio: audio)
    }

    /// The same from full-precision samples (±1.0 is full scale), for wider or float formats.
    public static func make(_ type: FileType, format: StreamFormat, fullScale samples: [Double]) -> [UInt8] {
        var encoder = FrameEncoder(format: format, type: type, measuresLoss: false)
        let audio = encoder.encode(samples) + encoder.finish()
        return assemble(type, format: format, frames: encoder.frames, audio: audio)
    }

    /// Wraps coded audio in `type`'s header and trailer.
    public static func assemble(_ type: FileType, format: StreamFormat, frames: Int64, audio: [UInt8]) -> [UInt8] {
        let size = Int64(audio.count)
        return type.header(format: format, frames: frames, audioBytes: size) + audio + type.trailer(audioBytes: size)
    }
}
