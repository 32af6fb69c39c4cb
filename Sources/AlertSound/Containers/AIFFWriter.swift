/// AIFF and AIFF-C headers. AIFF carries big-endian integers only; AIFF-C adds a compression type.
public enum AIFFWriter {
    /// Header up to the first audio byte; `FileType.trailer` gives the pad after the audio.
    public static func header(format: AudioFormat, compressed: Bool, frames: Int64, audioBytes: Int64) -> [UInt8] {
        var w = ByteWriter(order: .bigEndian, capacity: 128)
        var body = ByteWriter(order: .bigEndian)
        if compressed {
            body.fourCC("FVER")
            body.u32(4)
            body.u32(0xA280_5140)
        }
        let (type, name, sampleSize) = compression(format)
        var comm = ByteWriter(order: .bigEndian)
        comm.i16(Int16(format.channels))
        // AIFF-C ima4 counts packets in this field.
        comm.u32(UInt32(clamping: format.encoding == .ima4 ? frames / Int64(IMA4.framesPerPacket) : frames))
        comm.i16(Int16(sampleSize))
        comm.extended80(format.sampleRate)
        if compressed {
            comm.fourCC(type)
            comm.u8(UInt8(name.utf8.count))
            comm.append(name.utf8)
            if (name.utf8.count + 1) % 2 == 1 { comm.u8(0) }
        }
        body.fourCC("COMM")
        body.u32(UInt32(comm.count))
        body.append(comm.bytes)
        body.fourCC("SSND")
        body.u32(UInt32(clamping: audioBytes + 8))
        body.u32(0)
        body.u32(0)
        let total = Int64(4 + body.count) + audioBytes + audioBytes % 2
        w.fourCC("FORM")
        w.u32(UInt32(clamping: total))
        w.fourCC(compressed ? "AIFC" : "AIFF")
        w.append(body.bytes)
        return w.bytes
    }


    static func compression(_ format: AudioFormat) -> (FourCC, String, Int) {
        switch format.encoding {
        case let .pcm(bits, isFloat, isBigEndian):
            if isFloat { return bits == 64 ? ("fl64", "32-bit floating point", 64) : ("fl32", "32-bit floating point", 32) }
            return isBigEndian ? ("NONE", "not compressed", bits) : ("sowt", "", bits)
        case .ima4: return ("ima4", "IMA 4:1", 16)
        case .ulaw: return ("ulaw", "µLaw 2:1", 16)
        case .alaw: return ("alaw", "aLaw 2:1", 16)
        }
    }
}
