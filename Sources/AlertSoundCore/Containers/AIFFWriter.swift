/// AIFF and AIFF-C headers as AudioToolbox writes them: `FVER` first in AIFF-C, `COMM`, a zero
/// `FLLR` so the `SSND` header sits at 4080 and the audio at 4096, `SSND` with offset and block
/// size 0. An odd-sized `SSND` gets its pad byte, which the `FORM` size does not count.
enum AIFFWriter {
    /// `SSND`'s 8-byte header, offset and block size end where the audio starts.
    static let dataHeaderOffset = AppleLayout.audioOffset - 16

    /// Header up to the first audio byte; `FileType.trailer` gives the pad after the audio.
    static func header(
        format: StreamFormat, coding: WritableCoding, compressed: Bool, frames: Int64, audioBytes: Int64
    ) -> [UInt8] {
        var body = ByteWriter(order: .bigEndian)
        if compressed {
            body.fourCC("FVER")
            body.u32(4)
            body.u32(0xA280_5140)
        }
        let (compression, name, sampleSize) = AIFFCompression.writing(coding)
        let type = compression.fourCC
        var comm = ByteWriter(order: .bigEndian)
        comm.i16(Int16(truncatingIfNeeded: format.channels))
        // AIFF-C ima4 counts packets in this field.
        comm.u32(UInt32(clamping: frames / Int64(format.packet.frames)))
        comm.i16(Int16(truncatingIfNeeded: sampleSize))
        comm.extended80(format.sampleRate)
        if compressed {
            comm.fourCC(type)
            let text = Array(name.utf8.prefix(255))
            comm.u8(UInt8(text.count))
            comm.append(text)
            if (text.count + 1) % 2 == 1 { comm.u8(0) }
        }
        body.fourCC("COMM")
        body.u32(UInt32(comm.count))
        body.append(comm.bytes)
        let fllr = dataHeaderOffset - 12 - body.count - 8
        body.fourCC("FLLR")
        body.u32(UInt32(fllr))
        body.zeros(fllr)
        body.fourCC("SSND")
        body.u32(UInt32(clamping: audioBytes + 8))
        body.u32(0)
        body.u32(0)

        var w = ByteWriter(order: .bigEndian, capacity: AppleLayout.audioOffset)
        w.fourCC("FORM")
        w.u32(UInt32(clamping: Int64(4 + body.count) + audioBytes))
        w.fourCC(compressed ? "AIFC" : "AIFF")
        w.append(body.bytes)
        return w.bytes
    }
}
