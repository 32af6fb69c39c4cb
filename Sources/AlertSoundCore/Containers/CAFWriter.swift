/// CAF headers laid out as current `afconvert` writes them: `desc`; `chan` for ima4 only; the
/// input's `info` dictionary when it has one; `pakt` for ima4; `free` padding so the `data` header
/// sits at 4080 and the audio at 4096; edit count 1.
enum CAFWriter {
    /// The `data` chunk's 12-byte header and its 4-byte edit count end where the audio starts.
    static let dataHeaderOffset = AppleLayout.audioOffset - 16

    /// Everything before the audio. `validFrames` is the true length; for IMA4 the packets hold
    /// `remainder` more frames of padding.
    static func header(
        format: StreamFormat, coding: WritableCoding, validFrames: Int64, audioBytes: Int64,
        source: SourceFacts = SourceFacts()
    ) -> [UInt8] {
        let info = source.info
        var w = ByteWriter(order: .bigEndian, capacity: AppleLayout.audioOffset)
        w.fourCC("caff")
        w.u16(1)
        w.u16(0)

        w.fourCC("desc")
        w.i64(32)
        w.f64(format.sampleRate)
        w.fourCC(FourCC(coding.coding.code))
        switch coding {
        case .pcm(let p):
            // A byte has no order: for 8-bit samples afconvert's flag follows the input's byte order
            // (little-endian from a WAV, or when the input's is not known).
            let little = p.bits == 8 ? source.littleEndian ?? true : p.order == .littleEndian
            w.u32((p.isFloat ? 1 : 0) | (little ? 2 : 0))
        case .ulaw, .alaw, .ima4:
            w.u32(0)
        }
        w.u32(UInt32(truncatingIfNeeded: format.packet.bytes))
        w.u32(UInt32(truncatingIfNeeded: format.packet.frames))
        w.u32(UInt32(truncatingIfNeeded: format.channels))
        switch coding {
        case .pcm(let p): w.u32(UInt32(truncatingIfNeeded: p.bits))
        case .ima4: w.u32(0)
        case .ulaw, .alaw: w.u32(8)
        }

        // None of 38 Apple-written linear-PCM CAFs from other inputs has a `chan`, but one converted
        // from a CAF keeps the input's layout (when the channel count stayed); current afconvert
        // writes a plain one for ima4.
        if format.coding.pcm != nil, let layout = source.channelLayout, Self.layoutChannels(layout) == format.channels {
            w.fourCC("chan")
            w.i64(Int64(layout.count))
            w.append(layout)
        } else if format.coding == .ima4 {
            w.fourCC("chan")
            w.i64(12)
            w.u32(channelLayoutTag(channels: format.channels))
            w.u32(0)
            w.u32(0)
        }

        if !info.isEmpty {
            var body = ByteWriter(order: .bigEndian)
            body.u32(UInt32(info.count))
            for entry in info {
                body.append(entry.key.utf8)
                body.u8(0)
                body.append(entry.value.utf8)
                body.u8(0)
            }
            w.fourCC("info")
            w.i64(Int64(body.count))
            w.append(body.bytes)
        }

        if format.coding == .ima4 {
            let packets = audioBytes / Int64(format.packet.bytes)
            w.fourCC("pakt")
            w.i64(24)
            // afconvert leaves the packet count 0 for constant-size packets; the frames are what matter.
            w.i64(0)
            w.i64(validFrames)
            w.i32(0)
            w.i32(Int32(clamping: packets * Int64(format.packet.frames) - validFrames))
        }

        // The audio starts at 4096, or at the next 4 KiB boundary when a long `info` pushes past it.
        var dataHeader = dataHeaderOffset
        while dataHeader - w.count < 12 { dataHeader += AppleLayout.audioOffset }
        let freeSize = dataHeader - w.count - 12
        w.fourCC("free")
        w.i64(Int64(freeSize))
        w.zeros(freeSize)

        w.fourCC("data")
        w.i64(audioBytes + 4)
        w.u32(1)
        return w.bytes
    }

    /// Core Audio's layout tags: mono and stereo by name, otherwise discrete channels in order.
    /// How many channels a `chan` body describes: by its descriptions, its bitmap, or the count in
    /// the low 16 bits of its tag; `nil` when it cannot say.
    static func layoutChannels(_ layout: [UInt8]) -> Int? {
        guard layout.count >= 12 else { return nil }
        func u32(_ at: Int) -> UInt32 { layout[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        switch u32(0) {
        case 0: return Int(u32(8))
        case 0x0001_0000: return u32(4).nonzeroBitCount
        case let tag: return Int(tag & 0xFFFF)
        }
    }

    static func channelLayoutTag(channels: Int) -> UInt32 {
        switch channels {
        case 1: return 0x0064_0001
        case 2: return 0x0065_0002
        default: return 0x0093_0000 | UInt32(channels & 0xFFFF)
        }
    }
}
