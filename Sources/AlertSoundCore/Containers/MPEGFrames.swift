/// MPEG audio frame headers, enough to tell a stream from bytes that only start like one: two
/// bytes of UTF-16 text's byte-order mark (`FF FE`) pass the 11-bit sync word, and a project's
/// `Localizable.strings` files were each reported as an invalid MPEG layer I stream. A stream is
/// recognised by a run of frames whose headers agree, each where the one before says it ends.
package enum MPEGFrames {
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
            sampleRate =
                (mpeg1 ? [44_100, 48_000, 32_000] : version == 2 ? [22_050, 24_000, 16_000] : [11_025, 12_000, 8_000])[
                    rateIndex]
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
        func continues(with next: Header) -> Bool {
            next.version == version && next.layer == layer && next.sampleRate == sampleRate
        }

        // Bit rates in kbit/s by index (ISO/IEC 11172-3 and 13818-3); index 0 is "free", 15 reserved.
        static let mpeg1LayerI = [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448]
        static let mpeg1LayerII = [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384]
        static let mpeg1LayerIII = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
        static let mpeg2LayerI = [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
        static let mpeg2LayersIIAndIII = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
    }

    /// What an MPEG audio file's first frame states, behind an ID3 tag if it has one: rate,
    /// channels and samples per frame, and the length when an encoder's tag there states it (see
    /// ``taggedLength(_:header:)``). Without one (a constant-bitrate stream often has none) the
    /// frames are counted header by header (``walkedLength(_:)``), as a decoder would: a length
    /// left unknown let a 3-minute MP3 pass iOS's 30-second rule unjudged. A stream the walk
    /// loses keeps its length unknown, never estimated.
    static func read(_ source: ByteSource, coding: SampleCoding?) throws -> SoundInfo {
        var info = SoundInfo(container: .mp3, fileSize: source.size)
        info.coding = coding
        let start = try streamStart(source) ?? Sniffer.audioStart(try source.read(at: 0, count: 10)) ?? 0
        let first = try source.read(at: start, count: longestFrame)
        if let header = Header(first[...]) {
            info.sampleRate = Double(header.sampleRate)
            info.channels = header.channels
            info.framesPerPacket = header.samplesPerFrame
            // The walk starts where the first frame was found, not found again.
            info.frames =
                try taggedLength(first.prefix(header.length), header: header) ?? walkedLength(source, from: start)
        }
        return info
    }

    /// The length a Xing or Info tag (LAME, FFmpeg) or a VBRI tag (Fraunhofer) in the first frame
    /// states, as gapless decoders (mpg123 in libsndfile, FFmpeg) give it: the frames it counts
    /// times the samples per frame, less the encoder delay and padding a LAME tag records.
    static func taggedLength(_ frame: ArraySlice<UInt8>, header: Header) -> Int64? {
        let bytes = Array(frame)
        func u32(_ at: Int) -> Int64? {
            at + 4 <= bytes.count
                ? Int64(bytes[at]) << 24 | Int64(bytes[at + 1]) << 16 | Int64(bytes[at + 2]) << 8 | Int64(bytes[at + 3])
                : nil
        }
        func tag(_ at: Int, _ name: String) -> Bool {
            at + 4 <= bytes.count && bytes[at..<at + 4].elementsEqual(name.utf8)
        }
        let spf = Int64(header.samplesPerFrame)
        // VBRI sits 32 bytes after the header; its frame count is at 14 bytes into it.
        if tag(36, "VBRI"), let frames = u32(36 + 14) { return frames * spf }
        guard header.layer == 1 else { return nil }
        // Xing/Info follows the side information: 17 or 32 bytes in MPEG-1, 9 or 17 in MPEG-2 and 2.5.
        let side = header.version == 3 ? (header.channels == 1 ? 17 : 32) : (header.channels == 1 ? 9 : 17)
        let at = 4 + side
        guard tag(at, "Xing") || tag(at, "Info"), let flags = u32(at + 4), flags & 1 != 0, let frames = u32(at + 8)
        else { return nil }
        var lame = at + 12
        if flags & 2 != 0 { lame += 4 }
        if flags & 4 != 0 { lame += 100 }
        if flags & 8 != 0 { lame += 4 }
        var total = frames * spf
        // The LAME tag (FFmpeg writes one too, as "Lavc"/"Lavf"): delay and padding, 12 bits each, 21 bytes in.
        if lame + 24 <= bytes.count, tag(lame, "LAME") || bytes[lame..<lame + 3].elementsEqual("Lav".utf8) {
            let d = Int64(bytes[lame + 21]) << 4 | Int64(bytes[lame + 22] >> 4)
            let p = Int64(bytes[lame + 22] & 0x0F) << 8 | Int64(bytes[lame + 23])
            if d + p < total { total -= d + p }
        }
        return total
    }

    /// Samples per channel in the whole stream, counted frame header by frame header from the first
    /// (at `start` when the caller has found it), as mpg123 and FFmpeg decode it when no tag states a
    /// length; `nil` when the walk loses the stream more than `trailerAllowance` bytes before the end
    /// (an ID3v1 or APE tag may follow).
    package static func walkedLength(_ source: ByteSource, from start: Int64? = nil) throws -> Int64? {
        var at = try start ?? streamStart(source) ?? Sniffer.audioStart(try source.read(at: 0, count: 10)) ?? 0
        var window: [UInt8] = [], windowStart: Int64 = 0
        var first: Header?
        var total: Int64 = 0
        while at < source.size {
            if at + 4 > windowStart + Int64(window.count) {
                windowStart = at
                window = try source.read(at: at, count: 1 << 16)
            }
            let index = Int(at - windowStart)
            guard let header = Header(window[index...]), first.map({ $0.continues(with: header) }) ?? true else {
                return source.size - at <= trailerAllowance ? total : nil
            }
            first = first ?? header
            total += Int64(header.samplesPerFrame)
            at += Int64(header.length)
        }
        return total
    }

    /// Bytes after the last frame the walk tolerates: ID3v1 (128), Lyrics3 and APE tags.
    static let trailerAllowance: Int64 = 8192

    /// Frames that must agree before bytes are called a stream (fewer when the file ends first).
    static let runLength = 3
    /// The longest frame: MPEG-2.5 layer II at 160 kbit/s and 8 kHz, 2,880 bytes and a padding byte.
    static let longestFrame = 2_881

    /// How many bytes `isStream` may read.
    static let bytesNeeded = runLength * longestFrame + 4

    /// Whether `bytes` (from the first header on; all that is left of the file when `complete`)
    /// hold `runLength` frames in a row, or fewer that end exactly where the file does.
    static func isStream(_ bytes: [UInt8], complete: Bool) -> Bool { isStream(bytes[...], complete: complete) }

    /// ``isStream(_:complete:)`` on a slice, so a search can try each offset without copying.
    static func isStream(_ bytes: ArraySlice<UInt8>, complete: Bool) -> Bool {
        guard let first = Header(bytes) else { return false }
        var offset = bytes.startIndex + first.length, frames = 1
        while frames < runLength {
            if complete, offset >= bytes.endIndex { return offset == bytes.endIndex }
            guard offset + 4 <= bytes.endIndex, let next = Header(bytes[offset...]), first.continues(with: next) else {
                return false
            }
            offset += next.length
            frames += 1
        }
        return true
    }

    /// How far past the start (or an ID3 tag) the first frame is searched for. Android's MP3
    /// extractor gives up at the same distance (`kMaxBytesChecked`, 128 KiB, in AOSP's
    /// MP3Extractor.cpp `Resync`), and FFmpeg's probe skips leading bytes too: a file whose
    /// frames start after padding or junk plays on Android (issue 57: 216 bytes of it).
    static let resyncWindow = 128 * 1024

    /// Where the MPEG audio stream starts: behind an ID3v2 tag when there is one, then at the
    /// first run of frames that agree within ``resyncWindow`` bytes; nil when there is none.
    static func streamStart(_ source: ByteSource) throws -> Int64? {
        let start = Sniffer.audioStart(try source.read(at: 0, count: 10)) ?? 0
        guard start < source.size else { return nil }
        let window = try source.read(at: start, count: resyncWindow + bytesNeeded)
        let complete = start + Int64(window.count) >= source.size
        for offset in 0..<min(resyncWindow, window.count) where window[offset] == 0xFF {
            if isStream(window[offset...], complete: complete) { return start + Int64(offset) }
        }
        return nil
    }
}
