/// WAV headers: `RIFF` (little-endian), `RIFX` (big-endian) and `RF64`/`BW64` (64-bit sizes in `ds64`).
enum WAVReader {
    static func read(_ source: ByteSource) throws -> SoundInfo {
        var header = ByteReader(try source.read(at: 0, count: 12), order: .littleEndian)
        let magic = try header.fourCC()
        let container: ContainerKind
        switch magic {
        case "RIFX":
            container = .rifx
            header.order = .bigEndian
        case "RF64", "BW64": container = .rf64
        default: container = .wav
        }
        let riffSize = Int64(try header.u32())
        let riffType = try header.fourCC()
        guard riffType == "WAVE" else {
            throw AlertSoundError(.unrecognized, "a RIFF file of type '\(riffType)', not WAVE audio")
        }
        let order = header.order
        var info = SoundInfo(container: container, fileSize: source.size)
        var declaredTotal: Int64? = riffSize

        var walker = IFFChunkWalker(source: source, start: 12, order: order)
        var fmt: IFFChunk?
        var data: IFFChunk?
        var fact: (frames: Int64, at: Int64)?
        while let chunk = try walker.next(repairs: &info.repairs) {
            info.chunks.append(chunk.record)
            switch chunk.id {
            case "ds64" where container == .rf64:
                var r = try readPayload(chunk, from: source, order: order, limit: 24)
                let sizes = try parsing(chunk.id, at: chunk.headerOffset) { (try r.u64(), try r.u64()) }
                if riffSize == 0xFFFF_FFFF { declaredTotal = sizes.0 > UInt64(Int64.max) ? nil : Int64(sizes.0) }
                let dataSize = Int64(clamping: sizes.1)
                walker.sizeOverride = { id, raw in id == "data" && raw == 0xFFFF_FFFF ? dataSize : nil }
            case "fmt " where fmt == nil: fmt = chunk
            case "fact" where fact == nil:
                var r = try readPayload(chunk, from: source, order: order, limit: 4)
                if let frames = try? r.u32() { fact = (Int64(frames), chunk.headerOffset) }
            case "data" where data == nil:
                data = chunk
                if fmt == nil {
                    // FFmpeg reads it; libsndfile 1.2 refuses a file whose data comes first.
                    info.repairs.append(
                        Repair(
                            message: "the 'data' chunk comes before 'fmt ' (libsndfile refuses such a file)",
                            chunk: "data", offset: chunk.headerOffset))
                }
            default: break
            }
        }
        info.repairs += walker.unpaddedRepairs(before: data?.headerOffset)
        if let declaredTotal, let repair = containerSizeRepair(magic, declared: declaredTotal, fileSize: source.size) {
            info.repairs.append(repair)
        }
        guard let fmt else {
            throw missingChunk("no 'fmt ' chunk: the file does not describe its audio", repairs: info.repairs)
        }
        let format = try parsing(fmt.id, at: fmt.headerOffset) {
            try WAVFormat(try readPayload(fmt, from: source, order: order), chunk: fmt)
        }
        info.channels = format.channels
        info.sampleRate = format.sampleRate
        info.formatID = format.tagName
        info.coding = format.coding
        info.bitsPerSample = format.bits

        guard let data else {
            throw missingChunk("no 'data' chunk: the file holds no audio", repairs: info.repairs)
        }
        info.dataOffset = data.payloadOffset
        info.dataSize = data.availableSize

        // Counts follow what the data chunk holds, as AudioToolbox counts AIFF's SSND: linear PCM,
        // µ-law and A-law ignore `fact` (defined for compressed formats only); IMA ADPCM believes
        // `fact` up to what its blocks hold (it trims the last block's padding, never adds frames).
        if let frameBytes = format.frameBytes(repairs: &info.repairs, chunk: fmt) {
            info.bytesPerPacket = frameBytes
            info.framesPerPacket = 1
            info.frames = data.availableSize / Int64(frameBytes)
        } else if format.coding == .imaAdpcm {
            info.bytesPerPacket = format.blockAlign
            info.framesPerPacket = format.samplesPerBlock
            let inBlocks = format.imaAdpcmFrames(dataBytes: data.availableSize)
            if let fact, let inBlocks, fact.frames > inBlocks {
                info.repairs.append(
                    Repair(
                        message:
                            "'fact' states \(fact.frames) frames but the data's blocks hold \(inBlocks); \(inBlocks) are read",
                        chunk: "fact", offset: fact.at))
                info.frames = inBlocks
            } else {
                info.frames = fact?.frames ?? inBlocks
            }
        } else {
            info.frames = fact?.frames
        }
        return info
    }
}

/// The `fmt ` chunk, with `WAVE_FORMAT_EXTENSIBLE` resolved to its real sub-format: the reader's
/// own record, turned into ``SoundInfo`` (what a file holds) before anything else sees it.
private struct WAVFormat {
    var tag: UInt16
    var channels: Int
    var sampleRate: Double
    var blockAlign: Int
    /// Container bits per sample as stored.
    var storedBits: Int
    /// Significant bits (extensible `wValidBitsPerSample`, else the stored bits).
    var bits: Int?
    var samplesPerBlock: Int?
    var order: ByteOrder

    init(_ reader: ByteReader, chunk: IFFChunk) throws {
        var r = reader
        order = reader.order
        let rawTag = try r.u16()
        channels = Int(try r.u16())
        let rate = try r.u32()
        _ = try r.u32()
        blockAlign = Int(try r.u16())
        storedBits = Int(try r.u16())
        var validBits = 0
        tag = rawTag
        if r.remaining >= 2 {
            let extraSize = Int(try r.u16())
            if rawTag == 0xFFFE {
                guard extraSize >= 22, r.remaining >= 22 else {
                    throw AlertSoundError.malformed(
                        "extensible format without its 22-byte extension", chunk: chunk.id,
                        offset: chunk.payloadOffset + 16, chunkOffset: chunk.headerOffset)
                }
                validBits = Int(try r.u16())
                _ = try r.u32()
                // The sub-format GUID's first two bytes are the real format tag.
                tag = try r.u16()
            } else if rawTag == 0x11, extraSize >= 2, r.remaining >= 2 {
                samplesPerBlock = Int(try r.u16())
            }
        }
        // fmt: tag (2 bytes), channels (2), rate (4), byte rate (4), block alignment (2), bits (2).
        channels = try checkChannels(
            channels, chunk: chunk.id, offset: chunk.payloadOffset + 2, chunkOffset: chunk.headerOffset)
        sampleRate = try checkSampleRate(
            Double(rate), chunk: chunk.id, offset: chunk.payloadOffset + 4, chunkOffset: chunk.headerOffset)
        bits = validBits > 0 ? validBits : (storedBits > 0 ? storedBits : nil)
        if tag == WAVTag.alaw || tag == WAVTag.ulaw { bits = 8 }
        if tag == WAVTag.pcm || tag == WAVTag.float {
            guard let width = bytesPerSample else {
                throw AlertSoundError.malformed(
                    "linear PCM with neither a block alignment nor a sample size", chunk: chunk.id,
                    offset: chunk.payloadOffset + 12, chunkOffset: chunk.headerOffset)
            }
            // No sample size: the block alignment's, so the record (and the report) always has one.
            let stated = bits ?? width * 8
            bits = stated
            try checkPCM(
                isFloat: tag == WAVTag.float, bytesPerSample: width, bits: stated, chunk: chunk.id,
                offset: chunk.payloadOffset + 14, chunkOffset: chunk.headerOffset)
        }
    }

    var tagName: String { "0x" + hex2(UInt8(tag >> 8)) + hex2(UInt8(tag & 0xFF)) }

    var coding: SampleCoding {
        switch tag {
        case WAVTag.pcm, WAVTag.float:
            guard let bytesPerSample else { return .other("wav-tag-" + tagName) }
            let kind: PCMFormat.Kind = tag == WAVTag.float ? .float : bytesPerSample == 1 ? .unsigned : .signed
            return .pcm(PCMFormat(kind, bits: bits ?? 8 * bytesPerSample, bytesPerSample: bytesPerSample, order: order))
        case WAVTag.alaw: return .alaw
        case WAVTag.ulaw: return .ulaw
        case WAVTag.imaAdpcm: return .imaAdpcm
        default: return WAVTag.codecs[tag].map(SampleCoding.codec) ?? .other("wav-tag-" + tagName)
        }
    }

    /// Bytes each sample occupies: from the block alignment when it divides evenly, else from the bits.
    var bytesPerSample: Int? {
        if blockAlign > 0, blockAlign % channels == 0 { return blockAlign / channels }
        let width = storedBits > 0 ? storedBits : (bits ?? 0)
        return width > 0 ? (width + 7) / 8 : nil
    }

    /// Frame size for formats whose length follows from the data size; repairs a zero block alignment.
    func frameBytes(repairs: inout [Repair], chunk: IFFChunk) -> Int? {
        guard [1, 3, 6, 7].contains(tag) else { return nil }
        if blockAlign > 0 { return blockAlign }
        guard let bytesPerSample else { return nil }
        repairs.append(
            Repair(
                message:
                    "block alignment is 0; using \(bytesPerSample * channels) bytes per frame from the sample size",
                chunk: "fmt ", offset: chunk.headerOffset))
        return bytesPerSample * channels
    }

    /// Frames in IMA ADPCM blocks when no `fact` chunk says: each block's header holds one sample per channel.
    func imaAdpcmFrames(dataBytes: Int64) -> Int64? {
        let header = 4 * channels
        guard blockAlign > header else { return nil }
        let perBlock = Int64(samplesPerBlock ?? ((blockAlign - header) * 2 / channels + 1))
        let whole = dataBytes / Int64(blockAlign)
        let rest = Int(dataBytes % Int64(blockAlign))
        let partial: Int64 = rest >= header ? Int64((rest - header) * 2 / channels + 1) : 0
        return whole.multiplied(by: perBlock)?.adding(partial)
    }
}

/// WAVE format tags: the one table the reader and the writer use.
enum WAVTag {
    static let pcm: UInt16 = 1
    static let float: UInt16 = 3
    static let alaw: UInt16 = 6
    static let ulaw: UInt16 = 7
    static let imaAdpcm: UInt16 = 0x11
    /// Codecs recognised by their tag, not decoded.
    static let codecs: [UInt16: OtherCodec] = [
        0x02: .msAdpcm, 0x31: .gsm, 0x50: .mpeg, 0x55: .mp3, 0xFF: .aac, 0x1610: .aac, 0x4143: .aac, 0x161: .wma,
        0x162: .wma, 0x163: .wma
    ]
}
