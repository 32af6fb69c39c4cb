/// Packs 16-bit samples into linear PCM of any width. Wider outputs shift left (exact);
/// 8-bit output rounds to nearest; float divides by 32768.
public enum LinearPCM {
    public static func encode(_ samples: [Int16], bits: Int, isFloat: Bool, isBigEndian: Bool, unsigned8: Bool = false) -> [UInt8] {
        var w = ByteWriter(order: isBigEndian ? .bigEndian : .littleEndian, capacity: samples.count * (bits + 7) / 8)
        switch (isFloat, bits) {
        case (true, 32): for s in samples { w.u32(Float(s) / 32768 == 0 ? 0 : (Float(s) / 32768).bitPattern) }
        case (true, _): for s in samples { w.f64(Double(s) / 32768) }
        case (false, 8):
            for s in samples {
                let v = min(127, (Int(s) + 128) >> 8)
                w.u8(unsigned8 ? UInt8(v + 128) : UInt8(bitPattern: Int8(v)))
            }
        case (false, 16): for s in samples { w.i16(s) }
        case (false, 24):
            for s in samples {
                let v = UInt32(bitPattern: Int32(s) << 8)
                if isBigEndian {
                    w.append([UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)])
                } else {
                    w.append([UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)])
                }
            }
        default: for s in samples { w.i32(Int32(s) << 16) }
        }
        return w.bytes
    }
}

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

/// Complete files from 16-bit samples, for code that makes sounds (samples, tests, packagers).
public enum SoundFileBuilder {
    /// `samples` are interleaved. IMA4 takes one or two channels (a precondition, as for `IMA4Encoder`).
    public static func make(_ type: FileType, format: AudioFormat, samples: [Int16]) -> [UInt8] {
        var frames = Int64(samples.count / max(format.channels, 1))
        let audio: [UInt8]
        switch format.encoding {
        case let .pcm(bits, isFloat, isBigEndian):
            audio = LinearPCM.encode(samples, bits: bits, isFloat: isFloat, isBigEndian: isBigEndian, unsigned8: type == .wave)
        case .ulaw: audio = samples.map(G711.encodeULaw)
        case .alaw: audio = samples.map(G711.encodeALaw)
        case .ima4:
            var encoder = IMA4Encoder(channels: format.channels)
            audio = encoder.encode(samples) + encoder.finish()
            // AIFF-C states whole packets; CAF keeps the true length in 'pakt'.
            if type != .caff { frames = encoder.packetsOut * Int64(IMA4.framesPerPacket) }
        }
        return assemble(type, format: format, frames: frames, audio: audio)
    }

    /// Wraps coded audio in `type`'s header (and trailer).
    public static func assemble(_ type: FileType, format: AudioFormat, frames: Int64, audio: [UInt8]) -> [UInt8] {
        let size = Int64(audio.count)
        switch type {
        case .caff: return CAFWriter.header(format: format, validFrames: frames, audioBytes: size) + audio
        case .aiff, .aifc:
            return AIFFWriter.header(format: format, compressed: type == .aifc, frames: frames, audioBytes: size) + audio + AIFFWriter.trailer(audioBytes: size)
        case .wave: return WAVWriter.header(format: format, frames: frames, audioBytes: size) + audio + WAVWriter.trailer(audioBytes: size)
        }
    }
}
