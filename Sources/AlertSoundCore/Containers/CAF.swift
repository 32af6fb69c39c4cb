/// Core Audio Format headers: `caff` version 1, chunks with signed 64-bit sizes, `desc` first.
enum CAFReader {
    static func read(_ source: ByteSource) throws -> SoundInfo {
        var header = ByteReader(try source.read(at: 0, count: 8), order: .bigEndian)
        _ = try header.fourCC()
        let version = try header.u16()
        guard version == 1 else {
            throw AlertSoundError.malformed("CAF version \(version); only version 1 exists", offset: 4)
        }
        var info = SoundInfo(container: .caf, fileSize: source.size)
        let fileSize = source.size
        var description: Description?
        var data: (header: Int64, payload: Int64, size: Int64)?
        var validFrames: Int64?
        var priming: Int32 = 0
        var position: Int64 = 8
        var dataIsLast = false
        var chunkCount = 0

        while position < fileSize {
            let left = fileSize - position
            if left < 12 {
                if dataIsLast, left == 4, let d = data {
                    // libsndfile before 1.0.25 left the 4-byte edit count out of the data size.
                    data = (d.header, d.payload, d.size + 4)
                    info.repairs.append(
                        Repair(
                            message:
                                "data size leaves out its 4-byte edit count (a defect of libsndfile before 1.0.25); the 4 bytes after it are read as audio",
                            chunk: "data", offset: d.header))
                } else {
                    info.repairs.append(
                        Repair(
                            message: "\(left) stray byte\(left == 1 ? "" : "s") after the last chunk", offset: position)
                    )
                }
                break
            }
            chunkCount += 1
            if chunkCount > IFFChunkWalker.maxChunks {
                info.repairs.append(
                    Repair(
                        message: "more than \(IFFChunkWalker.maxChunks) chunks; the rest of the file was not read",
                        offset: position))
                break
            }
            var r = ByteReader(try source.read(at: position, count: 12), base: position, order: .bigEndian)
            let type = try r.fourCC()
            let size = try r.i64()
            let payload = position + 12
            info.chunks.append(ChunkRecord(id: type.description, offset: position, size: size))
            if description == nil, type != "desc" {
                throw AlertSoundError.malformed(
                    "the first chunk is '\(type)'; a CAF file must start with 'desc'", chunk: type, offset: position)
            }
            dataIsLast = false

            if size == -1 {
                guard type == "data" else {
                    throw AlertSoundError.malformed(
                        "size -1 (to the end of the file) is only allowed for 'data'", chunk: type, offset: position)
                }
                data = (position, payload, fileSize - payload)
                dataIsLast = true
                break
            }
            guard size >= 0 else {
                throw AlertSoundError.malformed("negative chunk size \(size)", chunk: type, offset: position)
            }
            let left2 = fileSize - payload
            if size > left2 {
                let note = Repair(
                    message: "chunk claims \(size) bytes but the file ends \(size - left2) bytes earlier",
                    chunk: type.description, offset: position)
                if type == "data" {
                    info.repairs.append(note)
                    data = (position, payload, left2)
                    dataIsLast = true
                    break
                }
                if description != nil, data != nil {
                    info.repairs.append(note)
                    break
                }
                throw AlertSoundError.malformed(note.message, chunk: type, offset: position)
            }

            switch type {
            case "desc":
                guard description == nil else { break }
                var body = ByteReader(
                    try source.read(at: payload, count: Int(min(size, 32))), base: payload, order: .bigEndian)
                description = try parsing(type, at: position) { try Description(&body, chunkOffset: position) }
            case "pakt":
                var body = ByteReader(
                    try source.read(at: payload, count: Int(min(size, 24))), base: payload, order: .bigEndian)
                let table = try parsing(type, at: position) { (packets: try body.i64(), valid: try body.i64()) }
                priming = body.remaining >= 4 ? try body.i32() : 0
                guard table.valid >= 0, table.packets >= 0 else {
                    throw AlertSoundError.malformed("packet table has a negative count", chunk: type, offset: position)
                }
                validFrames = table.valid
            case "chan" where info.channelLayout == nil && size >= 12 && size <= Int64(Limits.maximumChunkRead):
                info.channelLayout = try source.read(at: payload, count: Int(size))
            case "info" where info.infoEntries.isEmpty:
                let body = try source.read(at: payload, count: Int(min(size, Int64(Limits.maximumChunkRead))))
                info.infoEntries = Self.infoEntries(body)
            case "data" where data == nil:
                guard size >= 4 else {
                    throw AlertSoundError.malformed(
                        "data chunk of \(size) bytes cannot hold its 4-byte edit count", chunk: type, offset: position)
                }
                data = (position, payload, size)
                dataIsLast = true
            default:
                break
            }
            position = payload + size
        }

        guard let description else { throw AlertSoundError.malformed("no 'desc' chunk") }
        guard let data else { throw AlertSoundError.malformed("no 'data' chunk: the file holds no audio") }
        info.sampleRate = description.sampleRate
        info.channels = description.channels
        info.formatID = description.formatID.description
        info.coding = description.coding
        info.bitsPerSample = description.bits
        info.bytesPerPacket = description.bytesPerPacket
        info.framesPerPacket = description.framesPerPacket

        let audioBytes = max(0, data.size - 4)
        info.dataOffset = data.payload + 4
        info.dataSize = audioBytes
        var framesInData: Int64?
        if description.bytesPerPacket > 0, description.framesPerPacket > 0 {
            // A packet count times 2^30 frames per packet can overflow: then the data states no length.
            framesInData = (audioBytes / Int64(description.bytesPerPacket)).multiplied(
                by: Int64(description.framesPerPacket))
        }
        if let validFrames {
            if let framesInData, validFrames > framesInData {
                info.repairs.append(
                    Repair(
                        message: "packet table announces \(validFrames) frames but the data holds only \(framesInData)",
                        chunk: "pakt"))
                info.frames = framesInData
            } else {
                info.frames = validFrames
            }
            if priming > 0 { info.primingFrames = Int64(priming) }
        } else {
            info.frames = framesInData
        }
        return info
    }

    /// The string pairs of an `info` chunk: a count, then NUL-terminated keys and values. What the
    /// bytes read do not hold (a count that lies, a cut string) is left out.
    static func infoEntries(_ body: [UInt8]) -> [InfoEntry] {
        guard body.count >= 4 else { return [] }
        let count = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3])
        var strings: [String] = []
        var start = 4
        for i in 4..<body.count where body[i] == 0 {
            strings.append(displayName(body[start..<i]))
            start = i + 1
            if strings.count == 2 * count { break }
        }
        return stride(from: 0, to: strings.count - 1, by: 2).map { InfoEntry(strings[$0], strings[$0 + 1]) }
    }

    /// The `desc` chunk (an AudioStreamBasicDescription) as written: the reader's own record,
    /// turned into ``SoundInfo`` (what a file holds) before anything else sees it.
    private struct Description {
        var sampleRate: Double
        var formatID: FourCC
        var flags: UInt32
        var bytesPerPacket: Int
        var framesPerPacket: Int
        var channels: Int
        var bitsPerChannel: Int
        var coding: SampleCoding

        init(_ r: inout ByteReader, chunkOffset: Int64) throws {
            let rate = try r.f64()
            formatID = try r.fourCC()
            flags = try r.u32()
            let bpp = try r.u32()
            let fpp = try r.u32()
            let ch = try r.u32()
            let bits = try r.u32()
            func fail(_ message: String) -> AlertSoundError { .malformed(message, chunk: "desc", offset: chunkOffset) }
            // desc after its 12-byte header: rate (8 bytes), format ID, flags, bytes and frames per packet, channels, bits (4 each).
            sampleRate = try checkSampleRate(rate, chunk: "desc", offset: chunkOffset + 12, chunkOffset: chunkOffset)
            channels = try checkChannels(ch, chunk: "desc", offset: chunkOffset + 36, chunkOffset: chunkOffset)
            guard bpp <= 1 << 30, fpp <= 1 << 30, bits <= 1 << 16 else { throw fail("packet sizes are not plausible") }
            bytesPerPacket = Int(bpp)
            framesPerPacket = Int(fpp)
            bitsPerChannel = Int(bits)
            // CAF names ima4, µ-law and A-law by their codes, which the writer writes (CAFWriter).
            switch (formatID, SampleCoding.named[formatID.description]) {
            case ("lpcm", _):
                guard fpp == 1, bpp > 0, bpp % ch == 0 else {
                    throw fail(
                        "linear PCM needs 1 frame per packet and whole bytes per channel; desc says \(bpp) bytes, \(fpp) frames, \(ch) channels"
                    )
                }
                let isFloat = flags & 1 != 0
                try checkPCM(
                    isFloat: isFloat, bytesPerSample: Int(bpp / ch), bits: Int(bits), chunk: "desc",
                    offset: chunkOffset + 40, chunkOffset: chunkOffset)
                coding = .pcm(
                    PCMFormat(
                        isFloat ? .float : .signed, bits: Int(bits), bytesPerSample: Int(bpp / ch),
                        order: flags & 2 == 0 ? .bigEndian : .littleEndian))
            case (_, let named?):
                coding = named
                if let packet = coding.packet(channels: channels), Int(fpp) != packet.frames || Int(bpp) != packet.bytes
                {
                    throw fail(
                        "\(formatID) packets hold \(packet.frames) frame(s) in \(packet.bytes) bytes for \(channels) channel(s); desc says \(fpp) frames in \(bpp) bytes"
                    )
                }
            case (".mp3", _): coding = .codec(.mp3)
            case (".mp2", _): coding = .codec(.mp2)
            case (".mp1", _): coding = .codec(.mp1)
            default: coding = .other(formatID.otherCodingName)
            }
        }

        var bits: Int? {
            switch coding {
            case .pcm: return bitsPerChannel
            case .ulaw, .alaw: return 8
            case .ima4: return 4
            default: return bitsPerChannel > 0 ? bitsPerChannel : nil
            }
        }
    }
}
