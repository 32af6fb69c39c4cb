/// MPEG audio frame headers, enough to tell a stream from bytes that only start like one: two
/// bytes of UTF-16 text's byte-order mark (`FF FE`) pass the 11-bit sync word, and a project's
/// `Localizable.strings` files were each reported as an invalid MPEG layer I stream. A stream is
/// recognised by a run of frames whose headers agree, each where the one before says it ends.
enum MPEGFrames {
    /// One frame's header: what must stay the same from frame to frame, and the frame's length.
    struct Header: Equatable {
        /// 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5 (the header's own bits).
        var version: UInt8
        /// 3 layer I, 2 layer II, 1 layer III.
        var layer: UInt8
        var sampleRate: Int
        /// Bytes from this header to the next.
        var length: Int
        /// 1 for the single-channel mode, else 2 (stereo, joint and dual channel).
        var channels: Int
        /// Samples per channel the frame decodes to: 384 (layer I), 1,152 (layer II, and III in
        /// MPEG-1), 576 (layer III in MPEG-2 and 2.5).
        var samplesPerFrame: Int

        /// The header in four bytes, or nil when they are not one whose length can be told (a
        /// reserved version, layer, rate or bit rate, or the free bit rate).
        init?(_ b: ArraySlice<UInt8>) {
            guard b.count >= 4 else { return nil }
            let b0 = b[b.startIndex], b1 = b[b.startIndex + 1], b2 = b[b.startIndex + 2], b3 = b[b.startIndex + 3]
            guard b0 == 0xFF, b1 & 0xE0 == 0xE0 else { return nil }
            version = (b1 >> 3) & 0x3
            layer = (b1 >> 1) & 0x3
            let bitRateIndex = Int(b2 >> 4), rateIndex = Int((b2 >> 2) & 0x3), padding = Int((b2 >> 1) & 0x1)
            guard version != 1, layer != 0, bitRateIndex != 0, bitRateIndex != 15, rateIndex != 3 else { return nil }
            let mpeg1 = version == 3
            sampleRate = (mpeg1 ? [44_100, 48_000, 32_000] : version == 2 ? [22_050, 24_000, 16_000] : [11_025, 12_000, 8_000])[rateIndex]
            let table: [Int]
            switch (mpeg1, layer) {
            case (true, 3): table = Self.mpeg1LayerI
            case (true, 2): table = Self.mpeg1LayerII
            case (true, _): table = Self.mpeg1LayerIII
            case (false, 3): table = Self.mpeg2LayerI
            default: table = Self.mpeg2LayersIIAndIII
            }
            let bitRate = table[bitRateIndex] * 1000
            switch layer {
            case 3: length = (12 * bitRate / sampleRate + padding) * 4
            case 1 where !mpeg1: length = 72 * bitRate / sampleRate + padding
            default: length = 144 * bitRate / sampleRate + padding
            }
            channels = b3 >> 6 == 3 ? 1 : 2
            samplesPerFrame = layer == 3 ? 384 : layer == 1 && !mpeg1 ? 576 : 1152
        }

        /// Whether `next` can follow this header in one stream.
        func continues(with next: Header) -> Bool { next.version == version && next.layer == layer && next.sampleRate == sampleRate }

        // Bit rates in kbit/s by index (ISO/IEC 11172-3 and 13818-3); index 0 is "free", 15 reserved.
        static let mpeg1LayerI = [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448]
        static let mpeg1LayerII = [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384]
        static let mpeg1LayerIII = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
        static let mpeg2LayerI = [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
        static let mpeg2LayersIIAndIII = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
    }

    /// What an MPEG audio file's first frame header states, behind an ID3 tag if it has one: rate,
    /// channels and samples per frame. Its length is stated nowhere exact (no header counts the
    /// frames of a plain stream), so frames and duration stay unknown rather than estimated.
    static func read(_ source: ByteSource, coding: SampleCoding?) throws -> SoundInfo {
        var info = SoundInfo(container: .mp3, fileSize: source.size)
        info.coding = coding
        let start = Sniffer.audioStart(try source.read(at: 0, count: 10)) ?? 0
        if let header = Header(try source.read(at: start, count: 4)[...]) {
            info.sampleRate = Double(header.sampleRate)
            info.channels = header.channels
            info.framesPerPacket = header.samplesPerFrame
        }
        return info
    }

    /// Frames that must agree before bytes are called a stream (fewer when the file ends first).
    static let runLength = 3
    /// The longest frame: MPEG-2.5 layer II at 160 kbit/s and 8 kHz, 2,880 bytes and a padding byte.
    static let longestFrame = 2_881

    /// How many bytes `isStream` may read.
    static let bytesNeeded = runLength * longestFrame + 4

    /// Whether `bytes` (from the first header on; all that is left of the file when `complete`)
    /// hold `runLength` frames in a row, or fewer that end exactly where the file does.
    static func isStream(_ bytes: [UInt8], complete: Bool) -> Bool {
        guard let first = Header(bytes[...]) else { return false }
        var offset = first.length, frames = 1
        while frames < runLength {
            if complete, offset >= bytes.count { return offset == bytes.count }
            guard offset + 4 <= bytes.count, let next = Header(bytes[offset...]), first.continues(with: next) else { return false }
            offset += next.length
            frames += 1
        }
        return true
    }
}
