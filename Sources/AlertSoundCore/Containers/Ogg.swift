/// Ogg (RFC 3533) as far as `info` and Android's rules need it: the codec's identification header
/// on the first page (Vorbis: channels and rate; Opus: channels, pre-skip, and the 48 kHz it always
/// decodes at; FLAC in Ogg: its STREAMINFO), the header packets after it, and the length from the
/// last page's granule position, found by reading back from the end at most ``tailBytes`` (a page is
/// at most 65,307 bytes). No audio is decoded. Every offset read is checked against what was read.
///
/// What no decoder can make a sound of is `malformed`, as it is in every other container: a first
/// page cut short, an identification header cut off or stating 0 Hz or 0 channels, and a stream
/// that ends before its comment and setup headers (Vorbis), its tags (Opus) or its metadata (FLAC)
/// are complete. A file whose last page cannot be found has no length (not an error: Android plays
/// it anyway).
enum OggReader {
    /// Bytes read at the end for the last page: one page of the largest size, and a little more.
    static let tailBytes = 65_536 + 1_024
    /// Where a page's header fields are.
    private static let headerSize = 27
    /// The chunk an error names: a page, by its capture pattern.
    private static let pageChunk: FourCC = "OggS"

    static func read(_ source: ByteSource, coding: SampleCoding?) throws -> SoundInfo {
        var info = SoundInfo(container: .ogg, fileSize: source.size)
        info.coding = coding
        guard let first = try page(at: 0, in: source) else {
            throw AlertSoundError.malformed("an Ogg stream with no page", chunk: pageChunk, offset: 0)
        }
        // The identification header is the first page's first packet, whole on that page (Vorbis I §4.2,
        // RFC 7845 §3, the FLAC-in-Ogg mapping): what it says needs no other page.
        let idLength = first.packetLengths.first
        let packet = try source.read(at: first.bodyOffset, count: min(idLength?.length ?? 0, 4_096))
        var preSkip: Int64 = 0
        var granuleRate: Double?
        let headers: Int
        let what: String
        if packet.starts(with: [0x01] + Array("vorbis".utf8)) || coding == .codec(.vorbis) {
            what = "Vorbis"
            // Type, "vorbis", version (4), channels (1), rate (4), three bit rates (12), block sizes, framing.
            try complete(first, idLength, needs: 30, what: "Vorbis identification header")
            let channels = try checkChannels(
                packet[11], chunk: pageChunk, offset: first.bodyOffset + 11, chunkOffset: first.offset)
            let rate = try checkSampleRate(
                Double(u32(packet, 12)), chunk: pageChunk, offset: first.bodyOffset + 12, chunkOffset: first.offset)
            info.channels = channels
            info.sampleRate = rate
            granuleRate = rate
            headers = 3
        } else if packet.starts(with: Array("OpusHead".utf8)) || coding == .codec(.opus) {
            what = "Opus"
            // "OpusHead", version, channels, pre-skip (2), input rate (4), gain (2), mapping family; a family
            // other than 0 adds its stream counts and a byte per channel.
            try complete(first, idLength, needs: 19, what: "Opus identification header")
            let channels = try checkChannels(
                packet[9], chunk: pageChunk, offset: first.bodyOffset + 9, chunkOffset: first.offset)
            if packet[18] != 0 {
                try complete(first, idLength, needs: 21 + channels, what: "Opus identification header's channel map")
            }
            info.channels = channels
            preSkip = Int64(packet[10]) | Int64(packet[11]) << 8
            // Opus decodes at 48 kHz whatever rate the input had; the granule counts 48 kHz samples.
            info.sampleRate = 48_000
            granuleRate = 48_000
            headers = 2
        } else if packet.starts(with: [0x7F] + Array("FLAC".utf8)) || coding == .codec(.flac) {
            what = "FLAC"
            // The mapping's header (type, "FLAC", version (2), header packets (2)), "fLaC", then the
            // STREAMINFO block's header (4) and its 34 bytes.
            try complete(first, idLength, needs: 13 + 4 + 34, what: "FLAC-in-Ogg identification header")
            let stream = try FLACReader.streamInfo(
                packet[(13 + 4)...], at: first.bodyOffset + 13 + 4, chunk: pageChunk, chunkOffset: first.offset)
            info.channels = stream.channels
            info.sampleRate = stream.sampleRate
            info.bitsPerSample = stream.bits
            granuleRate = stream.sampleRate
            // The metadata blocks that follow, each a packet; 0 means "not said", and then none is required.
            headers = 1 + (Int(packet[7]) << 8 | Int(packet[8]))
        } else {
            // A codec this reader does not know (Speex, a skeleton track): recognised, not judged.
            return info
        }
        try headersComplete(source, first: first, count: headers, what: what)
        guard granuleRate != nil, let granule = try lastGranule(source, serial: first.serial) else { return info }
        let frames = granule - preSkip
        if frames >= 0 { info.frames = frames }
        return info
    }

    /// A page's header: where it is, its stream, its lacing values and where its body lies.
    struct Page {
        var offset: Int64
        var serial: UInt32
        var lacing: [UInt8]
        var bodyOffset: Int64
        var bodySize: Int64

        /// The packets that end on this page, and whether the last one runs on: each length with
        /// the offset of its first byte here.
        var packetLengths: [(start: Int64, length: Int)] {
            var found: [(start: Int64, length: Int)] = []
            var start = bodyOffset, length = 0
            for lace in lacing {
                length += Int(lace)
                if lace < 255 {
                    found.append((start: start, length: length))
                    start += Int64(length)
                    length = 0
                }
            }
            return found
        }
    }

    /// The page at `offset`, or nil at the end of the data. A header cut short, or bytes that are
    /// not a page where one must start, are malformed.
    static func page(at offset: Int64, in source: ByteSource) throws -> Page? {
        guard offset < source.size else { return nil }
        let head = try source.read(at: offset, count: headerSize)
        guard head.count == headerSize else {
            throw AlertSoundError.malformed(
                "the Ogg page at byte \(offset) is cut off: its header needs \(headerSize) bytes, \(head.count) remain",
                chunk: pageChunk, offset: offset)
        }
        guard head.starts(with: Array("OggS".utf8)), head[4] == 0 else {
            throw AlertSoundError.malformed(
                "no Ogg page (capture pattern 'OggS', version 0) at byte \(offset) where one must start",
                chunk: pageChunk, offset: offset)
        }
        let segments = Int(head[26])
        let lacing = try source.read(at: offset + Int64(headerSize), count: segments)
        guard lacing.count == segments else {
            throw AlertSoundError.malformed(
                "the Ogg page at byte \(offset) is cut off: its segment table needs \(segments) bytes, \(lacing.count) remain",
                chunk: pageChunk, offset: offset + 26, chunkOffset: offset)
        }
        let bodyOffset = offset + Int64(headerSize + segments)
        let bodySize = lacing.reduce(Int64(0)) { $0 + Int64($1) }
        guard bodyOffset + bodySize <= source.size else {
            throw AlertSoundError.malformed(
                "the Ogg page at byte \(offset) is cut off: its segments hold \(bodySize) bytes, \(source.size - bodyOffset) remain",
                chunk: pageChunk, offset: source.size, chunkOffset: offset)
        }
        return Page(offset: offset, serial: u32(head, 14), lacing: lacing, bodyOffset: bodyOffset, bodySize: bodySize)
    }

    /// The identification header (`length`, the first page's first packet) holds `needs` bytes.
    private static func complete(_ page: Page, _ first: (start: Int64, length: Int)?, needs: Int, what: String) throws {
        guard let first else {
            throw AlertSoundError.malformed(
                "the \(what) does not end on the first page, where it must be whole", chunk: pageChunk,
                offset: page.offset, chunkOffset: page.offset)
        }
        guard first.length >= needs else {
            throw AlertSoundError.malformed(
                "the \(what) is cut off: \(first.length) of its \(needs) bytes", chunk: pageChunk,
                offset: first.start + Int64(first.length), chunkOffset: page.offset)
        }
    }

    /// The stream's first `count` packets (its headers: identification, comment and setup for
    /// Vorbis; head and tags for Opus; FLAC's metadata) end before the data does, each with at least
    /// one byte. Only page headers are read, at most ``Limits/oggHeaderPages`` of them: a stream
    /// whose headers run on past that is not judged.
    private static func headersComplete(_ source: ByteSource, first: Page, count: Int, what: String) throws {
        var ended = 0, length = 0
        var at: Int64 = 0
        for _ in 0..<Limits.oggHeaderPages {
            guard let page = try page(at: at, in: source) else {
                let names = what == "Vorbis" ? "comment and setup headers" : what == "Opus" ? "tags header" : "metadata"
                throw AlertSoundError.malformed(
                    "the \(what) stream ends at byte \(at) before its \(names) (\(ended) of \(count) header packets whole)",
                    chunk: pageChunk, offset: at)
            }
            if page.serial == first.serial {
                for lace in page.lacing {
                    length += Int(lace)
                    guard lace < 255 else { continue }
                    if length == 0 {
                        throw AlertSoundError.malformed(
                            "\(what) header packet \(ended + 1) of \(count) is empty", chunk: pageChunk,
                            offset: page.offset, chunkOffset: page.offset)
                    }
                    ended += 1
                    length = 0
                    if ended >= count { return }
                }
            }
            at = page.bodyOffset + page.bodySize
        }
    }

    /// The granule position of the stream's last page that has one, read back from the end.
    static func lastGranule(_ source: ByteSource, serial: UInt32) throws -> Int64? {
        let count = Int(min(source.size, Int64(tailBytes)))
        let tail = try source.read(at: source.size - Int64(count), count: count)
        var i = tail.count - headerSize
        while i >= 0 {
            if tail[i] == 0x4F, tail[i + 1] == 0x67, tail[i + 2] == 0x67, tail[i + 3] == 0x53, tail[i + 4] == 0,
                u32(tail, i + 14) == serial
            {
                let granule = Int64(bitPattern: UInt64(u32(tail, i + 6)) | UInt64(u32(tail, i + 10)) << 32)
                // -1: no packet ends on this page.
                if granule >= 0 { return granule }
            }
            i -= 1
        }
        return nil
    }

    private static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        guard at >= 0, at + 4 <= b.count else { return 0 }
        return UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }
}
