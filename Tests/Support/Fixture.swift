import AlertSoundCore

/// Files built byte by byte, so each test states exactly what is malformed.
package enum Fixture {
    package struct Chunk {
        package var id: String
        package var payload: [UInt8]
        /// Written in place of the true size, to make a header lie.
        package var declaredSize: Int64?
        /// Leave out the pad byte after an odd payload.
        package var omitPad = false

        package init(_ id: String, _ payload: [UInt8], declaredSize: Int64? = nil, omitPad: Bool = false) {
            self.id = id
            self.payload = payload
            self.declaredSize = declaredSize
            self.omitPad = omitPad
        }
    }

    package static func iff(
        _ magic: String, _ type: String, order: ByteOrder, chunks: [Chunk], totalSize: Int64? = nil
    ) -> [UInt8] {
        var body = ByteWriter(order: order)
        body.fourCC(FourCC(type))
        for chunk in chunks {
            body.fourCC(FourCC(chunk.id))
            body.u32(UInt32(truncatingIfNeeded: chunk.declaredSize ?? Int64(chunk.payload.count)))
            body.append(chunk.payload)
            if chunk.payload.count % 2 == 1, !chunk.omitPad { body.u8(0) }
        }
        var w = ByteWriter(order: order)
        w.fourCC(FourCC(magic))
        w.u32(UInt32(truncatingIfNeeded: totalSize ?? Int64(body.count)))
        w.append(body.bytes)
        return w.bytes
    }

    package static func aiff(_ chunks: [Chunk], aifc: Bool = false, formSize: Int64? = nil) -> [UInt8] {
        iff("FORM", aifc ? "AIFC" : "AIFF", order: .bigEndian, chunks: chunks, totalSize: formSize)
    }

    package static func wav(_ chunks: [Chunk], riffSize: Int64? = nil, magic: String = "RIFF") -> [UInt8] {
        iff(magic, "WAVE", order: magic == "RIFX" ? .bigEndian : .littleEndian, chunks: chunks, totalSize: riffSize)
    }

    package static func comm(
        channels: Int16 = 1, frames: UInt32 = 100, bits: Int16 = 16, rate: Double = 44100, compression: String? = nil
    ) -> [UInt8] {
        var w = ByteWriter(order: .bigEndian)
        w.i16(channels)
        w.u32(frames)
        w.i16(bits)
        w.extended80(rate)
        if let compression {
            w.fourCC(FourCC(compression))
            w.u8(0)
            w.u8(0)
        }
        return w.bytes
    }

    package static func ssnd(_ audioBytes: Int) -> [UInt8] { [UInt8](repeating: 0, count: 8 + audioBytes) }

    package static func fmt(
        tag: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 44100, bits: UInt16 = 16, blockAlign: UInt16? = nil,
        order: ByteOrder = .littleEndian
    ) -> [UInt8] {
        var w = ByteWriter(order: order)
        let align = blockAlign ?? UInt16((Int(bits) + 7) / 8 * Int(channels))
        w.u16(tag)
        w.u16(channels)
        w.u32(rate)
        w.u32(rate * UInt32(align))
        w.u16(align)
        w.u16(bits)
        return w.bytes
    }

    package struct CAFChunk {
        package var id: String
        package var payload: [UInt8]
        package var declaredSize: Int64?
        package init(_ id: String, _ payload: [UInt8], declaredSize: Int64? = nil) {
            self.id = id
            self.payload = payload
            self.declaredSize = declaredSize
        }
    }

    package static func caf(_ chunks: [CAFChunk], version: UInt16 = 1) -> [UInt8] {
        var w = ByteWriter(order: .bigEndian)
        w.fourCC("caff")
        w.u16(version)
        w.u16(0)
        for chunk in chunks {
            w.fourCC(FourCC(chunk.id))
            w.i64(chunk.declaredSize ?? Int64(chunk.payload.count))
            w.append(chunk.payload)
        }
        return w.bytes
    }

    package static func desc(
        rate: Double = 44100, format: String = "lpcm", flags: UInt32 = 0, bytesPerPacket: UInt32 = 2,
        framesPerPacket: UInt32 = 1, channels: UInt32 = 1, bits: UInt32 = 16
    ) -> [UInt8] {
        var w = ByteWriter(order: .bigEndian)
        w.f64(rate)
        w.fourCC(FourCC(format))
        w.u32(flags)
        w.u32(bytesPerPacket)
        w.u32(framesPerPacket)
        w.u32(channels)
        w.u32(bits)
        return w.bytes
    }

    package static func pakt(packets: Int64 = 0, valid: Int64, priming: Int32 = 0, remainder: Int32 = 0) -> [UInt8] {
        var w = ByteWriter(order: .bigEndian)
        w.i64(packets)
        w.i64(valid)
        w.i32(priming)
        w.i32(remainder)
        return w.bytes
    }

    /// An AAC CAF's header as afconvert writes one (`aac `, 1024 frames a packet, a packet table of
    /// one byte a packet) over one second of 44.1 kHz mono: undocumented-format's subject. The audio
    /// bytes are zeros: the rules read headers, not AAC.
    package static func aacCAF(packets: Int = 44) -> [UInt8] {
        caf([
            .init("desc", desc(format: "aac ", bytesPerPacket: 0, framesPerPacket: 1024, bits: 0)),
            .init(
                "pakt",
                pakt(packets: Int64(packets), valid: 44100, priming: 2112, remainder: 844)
                    + [UInt8](repeating: 32, count: packets)),
            .init("data", cafData(packets * 32))
        ])
    }

    /// A CAF data chunk payload: edit count, then audio.
    package static func cafData(_ audioBytes: Int) -> [UInt8] {
        [0, 0, 0, 1] + [UInt8](repeating: 0, count: audioBytes)
    }

    package static func inspect(_ bytes: [UInt8]) throws -> SoundInfo {
        try SoundFile.inspect(bytes: bytes, name: "test")
    }
}
