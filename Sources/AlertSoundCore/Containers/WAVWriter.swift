/// RIFF WAVE headers as AudioToolbox writes them: a 16-byte `fmt ` (PCM tag 1 at every width,
/// float 3, A-law 6, µ-law 7), no `fact`, a zero `FLLR` so the `data` header sits at 4088 and the
/// audio at 4096, and no pad byte after odd-sized data (the RIFF size is the file's length - 8).
package enum WAVWriter {
    /// The `data` chunk's 8-byte header ends where the audio starts.
    static let dataHeaderOffset = AppleLayout.audioOffset - 8

    /// `coding` is one ``FileType/carrying(_:)`` lets a WAVE hold: everything alertsound writes but IMA4.
    static func header(format: StreamFormat, coding: WritableCoding, frames: Int64, audioBytes: Int64) -> [UInt8] {
        guard let (tag, bits) = tagAndBits(coding) else {
            preconditionFailure("a CarriedFormat in WAVE never holds ima4 (FileType.carrying refuses it)")
        }
        var w = ByteWriter(order: .littleEndian, capacity: AppleLayout.audioOffset)
        w.fourCC("RIFF")
        // RIFF counts everything after its own 8-byte header: up to the audio, then the audio.
        w.u32(UInt32(clamping: Int64(AppleLayout.audioOffset - 8) + audioBytes))
        w.fourCC("WAVE")
        w.fourCC("fmt ")
        w.u32(16)
        w.u16(tag)
        w.u16(UInt16(truncatingIfNeeded: format.channels))
        // The plan refuses rates a WAV cannot state exactly, so this conversion loses nothing.
        let rate = UInt32(clamping: Int64(format.sampleRate))
        w.u32(rate)
        w.u32(UInt32(clamping: Int64(rate) * Int64(format.packet.bytes)))
        w.u16(UInt16(truncatingIfNeeded: format.packet.bytes))
        w.u16(UInt16(truncatingIfNeeded: bits))
        let fllr = dataHeaderOffset - w.count - 8
        w.fourCC("FLLR")
        w.u32(UInt32(fllr))
        w.zeros(fllr)
        w.fourCC("data")
        w.u32(UInt32(clamping: audioBytes))
        return w.bytes
    }

    /// The format tag and bits per sample Apple writes for `coding`; none for ima4, which Apple
    /// does not put in a WAVE.
    static func tagAndBits(_ coding: WritableCoding) -> (UInt16, Int)? {
        switch coding {
        case .pcm(let p): return (p.isFloat ? WAVTag.float : WAVTag.pcm, p.bits)
        case .ulaw: return (WAVTag.ulaw, 8)
        case .alaw: return (WAVTag.alaw, 8)
        case .ima4: return nil
        }
    }
}
