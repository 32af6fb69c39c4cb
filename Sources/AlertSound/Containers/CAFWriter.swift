/// CAF headers laid out as `afconvert` writes them: `desc`, `chan`, `pakt` (IMA4 only),
/// `free` padding so the `data` header sits at 4080 and the audio at 4096, edit count 1.
public enum CAFWriter {
    public static let audioOffset = 4096
    static let dataHeaderOffset = 4080

    /// The 4096 bytes before the audio. `validFrames` is the true length; for IMA4 the packets
    /// hold `remainder` more frames of padding.
    public static func header(format: AudioFormat, validFrames: Int64, audioBytes: Int64) -> [UInt8] {
        var w = ByteWriter(order: .bigEndian, capacity: audioOffset)
        w.fourCC("caff")
        w.u16(1)
        w.u16(0)

        w.fourCC("desc")
        w.i64(32)
        w.f64(format.sampleRate)
        switch format.encoding {
        case let .pcm(bits, isFloat, isBigEndian):
            w.fourCC("lpcm")
            w.u32((isFloat ? 1 : 0) | (isBigEndian ? 0 : 2))
            w.u32(UInt32(format.bytesPerPacket))
            w.u32(1)
            w.u32(UInt32(format.channels))
            w.u32(UInt32(bits))
        case .ima4, .ulaw, .alaw:
            w.fourCC(format.encoding == .ima4 ? "ima4" : format.encoding == .ulaw ? "ulaw" : "alaw")
            w.u32(0)
            w.u32(UInt32(format.bytesPerPacket))
            w.u32(UInt32(format.framesPerPacket))
            w.u32(UInt32(format.channels))
            w.u32(format.encoding == .ima4 ? 0 : 8)
        }

        w.fourCC("chan")
        w.i64(12)
        w.u32(channelLayoutTag(channels: format.channels))
        w.u32(0)
        w.u32(0)

        if format.encoding == .ima4 {
            let packets = audioBytes / Int64(format.bytesPerPacket)
            w.fourCC("pakt")
            w.i64(24)
            // afconvert leaves the packet count 0 for constant-size packets; the frames are what matter.
            w.i64(0)
            w.i64(validFrames)
            w.i32(0)
            w.i32(Int32(clamping: packets * Int64(IMA4.framesPerPacket) - validFrames))
        }

        let freeSize = dataHeaderOffset - w.count - 12
        w.fourCC("free")
        w.i64(Int64(freeSize))
        w.zeros(freeSize)

        w.fourCC("data")
        w.i64(audioBytes + 4)
        w.u32(1)
        return w.bytes
    }

    /// Core Audio's layout tags: mono and stereo by name, otherwise discrete channels in order.
    static func channelLayoutTag(channels: Int) -> UInt32 {
        switch channels {
        case 1: return 0x0064_0001
        case 2: return 0x0065_0002
        default: return 0x0093_0000 | UInt32(channels & 0xFFFF)
        }
    }
}
