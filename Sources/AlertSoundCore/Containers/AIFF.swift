/// AIFF and AIFF-C headers (big-endian `FORM` files).
enum AIFFReader {
    static func read(_ source: ByteSource) throws -> SoundInfo {
        var header = ByteReader(try source.read(at: 0, count: 12), order: .bigEndian)
        _ = try header.fourCC()
        let formSize = Int64(try header.u32())
        let formType = try header.fourCC()
        let isAIFC: Bool
        switch formType {
        case "AIFF": isAIFC = false
        case "AIFC": isAIFC = true
        default:
            throw AlertSoundError(.unrecognized, "an IFF 'FORM' file of type '\(formType)', not AIFF or AIFF-C")
        }
        var info = SoundInfo(container: isAIFC ? .aifc : .aiff, fileSize: source.size)
        if let repair = containerSizeRepair("FORM", declared: formSize, fileSize: source.size) {
            info.repairs.append(repair)
        }

        var walker = IFFChunkWalker(source: source, start: 12, order: .bigEndian)
        var comm: IFFChunk?
        var ssnd: IFFChunk?
        var wave: IFFChunk?
        while let chunk = try walker.next(repairs: &info.repairs) {
            info.chunks.append(chunk.record)
            if chunk.id == "COMM", comm == nil { comm = chunk }
            if chunk.id == "SSND", ssnd == nil { ssnd = chunk }
            if chunk.id == "wave", wave == nil { wave = chunk }
        }
        info.repairs += walker.unpaddedRepairs(before: ssnd?.headerOffset)
        guard let comm else {
            throw missingChunk("no COMM chunk: the file does not describe its audio", repairs: info.repairs)
        }

        let description = try parsing(comm.id, at: comm.headerOffset) {
            try parseCOMM(
                try readPayload(comm, from: source, order: .bigEndian), isAIFC: isAIFC, chunk: comm,
                repairs: &info.repairs)
        }
        info.channels = description.channels
        info.sampleRate = description.sampleRate
        info.formatID = description.compression.description
        let codec = try AIFFCompression.reading(
            description.compression, sampleSize: description.sampleSize, chunk: comm)
        info.coding = codec.coding
        info.bitsPerSample = codec.bits
        // QuickTime 5 wrote µ-law and A-law AIFF-C with a `wave` chunk whose `frma` atom names
        // another format (`in32`): AudioToolbox opens such a file but cannot set up its decoder
        // ("can't set app format"), so iOS plays the default sound. The samples are what COMM
        // says; the verdict is AudioToolbox's.
        if isAIFC, let wave, let frma = try quickTimeFormat(wave, from: source),
            frma.lowercasedName != description.compression.lowercasedName
        {
            info.coding = .other(
                "\(description.compression.lowercasedName) with QuickTime's frma '\(frma.description)'")
        }

        guard let ssnd else {
            guard description.frameCount == 0 else {
                throw AlertSoundError.malformed(
                    "COMM announces \(description.frameCount) frames but there is no SSND chunk")
            }
            info.frames = 0
            return info
        }
        var ssndHeader = try readPayload(ssnd, from: source, order: .bigEndian, limit: 8)
        let dataStart = try parsing(ssnd.id, at: ssnd.headerOffset) { Int64(try ssndHeader.u32()) }
        guard 8 + dataStart <= ssnd.declaredSize else {
            throw AlertSoundError.malformed(
                "sound data offset \(dataStart) lies beyond the chunk's \(ssnd.declaredSize) bytes", chunk: ssnd.id,
                offset: ssnd.payloadOffset, chunkOffset: ssnd.headerOffset)
        }
        info.dataOffset = ssnd.payloadOffset + 8 + dataStart
        let available = max(0, ssnd.availableSize - 8 - dataStart)
        info.dataSize = available

        // Other AIFF-C codecs count COMM frames in their own units; don't guess.
        guard let geometry = codec.coding.packet(channels: description.channels) else { return info }
        info.bytesPerPacket = geometry.bytes
        info.framesPerPacket = geometry.frames
        let unitBytes = Int64(geometry.bytes)
        let framesPerUnit = Int64(geometry.frames)
        let stated = description.frameCount
        let present = available / unitBytes
        // AudioToolbox counts what SSND holds, whatever COMM states (macOS 14.4: an IMA4 file
        // stating 34 packets of 69, PCM stating 4,411 frames of 12,603, and 4,410 of 4,411): the
        // length iOS plays, and so the one the 30-second rule is judged on.
        if stated != present {
            let unit = framesPerUnit > 1 ? "packets" : "frames"
            info.repairs.append(
                Repair(
                    message:
                        "COMM announces \(stated) \(unit) but SSND holds \(stated > present ? "only " : "")\(present); read as \(present), as AudioToolbox reads it",
                    chunk: "SSND", offset: ssnd.headerOffset))
        }
        info.frames = present * framesPerUnit
        return info
    }

    /// The format a QuickTime `wave` chunk's `frma` atom names, if it has one: atoms of a 32-bit
    /// size and a type, read no further than the chunk's first ``Limits/maximumChunkRead`` bytes.
    private static func quickTimeFormat(_ wave: IFFChunk, from source: ByteSource) throws -> FourCC? {
        var atoms = try readPayload(wave, from: source, order: .bigEndian)
        while atoms.remaining >= 8 {
            let size = Int(try atoms.u32())
            let type = try atoms.fourCC()
            if type == "frma", size >= 12, atoms.remaining >= 4 { return try atoms.fourCC() }
            guard size >= 8, size - 8 <= atoms.remaining else { return nil }
            _ = try atoms.take(size - 8)
        }
        return nil
    }

    /// COMM as written: the reader's own record, turned into ``SoundInfo`` (what a file holds)
    /// before anything else sees it.
    private struct Description {
        var channels: Int
        var frameCount: Int64
        var sampleSize: Int
        var sampleRate: Double
        var compression: FourCC
    }

    private static func parseCOMM(
        _ reader: ByteReader, isAIFC: Bool, chunk: IFFChunk, repairs: inout [Repair]
    ) throws -> Description {
        var r = reader
        let rawChannels = try r.i16()
        let frames = Int64(try r.u32())
        let sampleSize = Int(try r.i16())
        let rate = try r.extended80()
        // COMM: channels (2 bytes), frames (4), sample size (2), rate (10).
        let channels = try checkChannels(
            rawChannels, chunk: chunk.id, offset: chunk.payloadOffset, chunkOffset: chunk.headerOffset)
        let sampleRate = try checkSampleRate(
            rate, chunk: chunk.id, offset: chunk.payloadOffset + 8, chunkOffset: chunk.headerOffset)
        var compression: FourCC = "NONE"
        if isAIFC {
            if r.remaining >= 4 {
                compression = try r.fourCC()
            } else {
                repairs.append(
                    Repair(
                        message: "AIFF-C COMM chunk has no compression type; read as uncompressed", chunk: "COMM",
                        offset: chunk.headerOffset))
            }
        }
        return Description(
            channels: channels, frameCount: frames, sampleSize: sampleSize, sampleRate: sampleRate,
            compression: compression)
    }
}
