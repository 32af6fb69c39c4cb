/// One chunk of an IFF-style file (AIFF or WAV): 4-byte id, 32-bit size, payload, pad to even.
struct IFFChunk {
    var id: FourCC
    var headerOffset: Int64
    var payloadOffset: Int64
    var declaredSize: Int64
    /// The part of the payload that exists in the file.
    var availableSize: Int64
    var isTruncated: Bool { availableSize < declaredSize }
    var record: ChunkRecord { ChunkRecord(id: id.description, offset: headerOffset, size: declaredSize) }
}

/// Walks the chunks of an AIFF or WAV file from the bytes that exist, never trusting a size:
/// a chunk that runs past the end is returned clamped (and ends the walk), stray bytes at the
/// end are reported, and a missing pad byte after an odd-sized chunk is tolerated and reported
/// (libsndfile 1.2 and FFmpeg 5.1 stop at it; the notes find such files in the wild).
struct IFFChunkWalker {
    /// Real files have a few dozen chunks; this bound keeps a hostile file from taking minutes.
    static let maxChunks = Limits.maximumChunks

    let source: ByteSource
    let order: ByteOrder
    private(set) var position: Int64
    private var count = 0
    private var finished = false
    /// The odd-sized chunks found without their pad byte, in order: a reader reports those before
    /// its audio (``unpaddedRepairs(before:)``); after it, only metadata is read another way.
    private(set) var unpaddedChunks: [IFFChunk] = []
    /// Lets RF64 substitute the 64-bit size from `ds64` for a 32-bit placeholder.
    var sizeOverride: ((FourCC, UInt32) -> Int64?)?

    init(source: ByteSource, start: Int64, order: ByteOrder) {
        self.source = source
        self.order = order
        position = start
    }

    mutating func next(repairs: inout [Repair]) throws -> IFFChunk? {
        let fileSize = source.size
        guard !finished, position < fileSize else { return nil }
        let left = fileSize - position
        if left < 8 {
            finished = true
            repairs.append(
                Repair(message: "\(left) stray byte\(left == 1 ? "" : "s") after the last chunk", offset: position))
            return nil
        }
        count += 1
        if count > Self.maxChunks {
            finished = true
            repairs.append(
                Repair(
                    message: "more than \(Self.maxChunks) chunks; the rest of the file was not read", offset: position))
            return nil
        }
        var reader = ByteReader(try source.read(at: position, count: 8), base: position, order: order)
        let id = try reader.fourCC()
        let raw = try reader.u32()
        let declared = sizeOverride?(id, raw) ?? Int64(raw)
        let payload = position + 8
        let available = min(declared, fileSize - payload)
        let chunk = IFFChunk(
            id: id, headerOffset: position, payloadOffset: payload, declaredSize: declared, availableSize: available)
        if chunk.isTruncated {
            finished = true
            repairs.append(
                Repair(
                    message: "chunk claims \(declared) bytes but the file ends \(declared - available) bytes earlier",
                    chunk: id.description, offset: position))
            return chunk
        }
        let end = payload + declared
        var next = end
        if declared % 2 == 1, end < fileSize {
            next = end + 1
            // Some writers omit the pad byte: whichever position starts a chunk that fits in the
            // file wins, the padded one first; a printable name alone decides only when neither fits
            // (a size's first byte can be printable: `data` read one byte late is `ata@`).
            let padded = try plausibility(at: next), unpadded = try plausibility(at: end)
            if unpadded > padded {
                next = end
                unpaddedChunks.append(chunk)
            }
        }
        position = min(next, fileSize)
        return chunk
    }

    /// The missing pad bytes before the chunk at `audio` (all of them when there is none), as repairs.
    func unpaddedRepairs(before audio: Int64?) -> [Repair] {
        unpaddedChunks.filter { $0.headerOffset < audio ?? .max }.map { chunk in
            Repair(
                message:
                    "chunk has an odd size (\(chunk.declaredSize)) and no pad byte after it; the next chunk is read where it starts (libsndfile 1.2 and FFmpeg 5.1 find no audio past it)",
                chunk: chunk.id.description, offset: chunk.headerOffset)
        }
    }

    /// How well the bytes at `offset` start a chunk: 2 a printable name whose size fits in the
    /// file, 1 a printable name, 0 neither.
    private func plausibility(at offset: Int64) throws -> Int {
        let bytes = try source.read(at: offset, count: 8)
        guard bytes.count >= 4, FourCC(Array(bytes[0..<4])).isPrintable else { return 0 }
        guard bytes.count == 8 else { return 1 }
        var size = ByteReader(Array(bytes[4..<8]), order: order)
        guard let declared = try? size.u32() else { return 1 }
        return Int64(declared) <= source.size - offset - 8 ? 2 : 1
    }
}

/// Reads at most `limit` bytes of a chunk's payload: header chunks are small, and a
/// declared size is never a reason to allocate.
func readPayload(
    _ chunk: IFFChunk, from source: ByteSource, order: ByteOrder, limit: Int = Limits.maximumChunkRead
) throws -> ByteReader {
    let count = Int(min(chunk.availableSize, Int64(limit)))
    return ByteReader(try source.read(at: chunk.payloadOffset, count: count), base: chunk.payloadOffset, order: order)
}

/// Turns a short read inside a chunk into an error that names the chunk.
func parsing<T>(_ chunk: FourCC, at offset: Int64, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch ByteReaderError.truncated(let at, let needed, let available) {
        throw AlertSoundError.malformed(
            "chunk is too short: needed \(needed) more bytes at byte \(at), found \(available)", chunk: chunk,
            offset: at, chunkOffset: offset)
    }
}

/// A FORM/RIFF size that disagrees with the file, as a repair. Writers that leave the final
/// chunk's pad byte out of the total are common and harmless, so that case is accepted.
func containerSizeRepair(_ magic: FourCC, declared: Int64, fileSize: Int64) -> Repair? {
    // A 64-bit RF64 size can be anything; compare without letting the sum overflow.
    if let total = declared.adding(8), total == fileSize || (declared % 2 == 1 && total.adding(1) == fileSize) {
        return nil
    }
    return Repair(
        message: "\(magic) size \(declared) + 8 differs from the file size \(fileSize)", chunk: magic.description,
        offset: 0)
}

/// An error for a missing chunk that mentions what the walk had to repair, which usually explains it.
func missingChunk(_ message: String, repairs: [Repair]) -> AlertSoundError {
    let walked = repairs.filter { $0.chunk != "FORM" && $0.chunk != "RIFF" && $0.chunk != "RIFX" && $0.chunk != "RF64" }
    guard let first = walked.first else { return .malformed(message) }
    return .malformed(message + "; " + first.description)
}
