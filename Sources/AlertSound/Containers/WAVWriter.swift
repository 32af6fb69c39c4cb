/// RIFF WAVE headers: PCM (tag 1), float (3), A-law (6), µ-law (7); extensible for more than two
/// channels or more than 16 bits, as Microsoft's rules ask.
public enum WAVWriter {
    public static func header(format: AudioFormat, frames: Int64, audioBytes: Int64) -> [UInt8] {
        var fmt = ByteWriter(order: .littleEndian)
        let (tag, bits) = tagAndBits(format)
        let extensible = format.encoding != .ulaw && format.encoding != .alaw && (format.channels > 2 || bits > 16)
        fmt.u16(extensible ? 0xFFFE : tag)
        fmt.u16(UInt16(format.channels))
        fmt.u32(UInt32(format.sampleRate))
        fmt.u32(UInt32(clamping: Int(format.sampleRate) * format.bytesPerPacket))
        fmt.u16(UInt16(format.bytesPerPacket))
        fmt.u16(UInt16(bits))
        if extensible {
            fmt.u16(22)
            fmt.u16(UInt16(bits))
            fmt.u32(format.channels <= 18 ? UInt32((1 << format.channels) - 1) : 0)
            fmt.u16(tag)
            fmt.append([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
        } else if tag != 1 {
            fmt.u16(0)
        }
        var w = ByteWriter(order: .littleEndian, capacity: 80)
        let needsFact = tag != 1
        let headerBody = 4 + 8 + fmt.count + (needsFact ? 12 : 0) + 8
        w.fourCC("RIFF")
        w.u32(UInt32(clamping: Int64(headerBody) + audioBytes + audioBytes % 2))
        w.fourCC("WAVE")
        w.fourCC("fmt ")
        w.u32(UInt32(fmt.count))
        w.append(fmt.bytes)
        if needsFact {
            w.fourCC("fact")
            w.u32(4)
            w.u32(UInt32(clamping: frames))
        }
        w.fourCC("data")
        w.u32(UInt32(clamping: audioBytes))
        return w.bytes
    }


    static func tagAndBits(_ format: AudioFormat) -> (UInt16, Int) {
        switch format.encoding {
        case let .pcm(bits, isFloat, _): return (isFloat ? 3 : 1, bits)
        case .ulaw: return (7, 8)
        case .alaw: return (6, 8)
        case .ima4: return (0x11, 4)
        }
    }
}
