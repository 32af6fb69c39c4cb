import AlertSoundCore

/// A deflated archive entry read as a random-access source, inflated only as far as the reads
/// reach. Header parsers read a few small ranges, mostly forward, so this keeps the first 64 KiB
/// and a bounded set of recently read 4 KiB blocks; a read behind the stream restarts it, a
/// bounded number of times. Memory stays under about 1.1 MiB whatever the entry declares.
final class InflatingSource: ByteSource {
    let size: Int64
    private let archive: ByteSource
    private let dataOffset: Int64
    private let compressedSize: Int64
    private let inflater: Inflater

    private var input: [UInt8] = []
    private var inputIndex = 0
    private var inputPosition: Int64 = 0
    /// Uncompressed bytes produced since the last (re)start: the stream's position.
    private var produced: Int64 = 0
    private var ended = false
    private var restarts = 0

    private var blocks: [Int64: [UInt8]] = [:]
    private var evictable: [Int64] = []

    static let blockSize = 4096
    /// Blocks below this index (the first 64 KiB) are never evicted: every parser starts there.
    static let pinnedBlocks: Int64 = 16
    static let maximumKeptBlocks = Limits.inflateWindowBytes / blockSize
    static let maximumRestarts = 8

    init(archive: ByteSource, dataOffset: Int64, compressedSize: Int64, size: Int64) throws {
        self.archive = archive
        self.dataOffset = dataOffset
        self.compressedSize = compressedSize
        self.size = size
        inflater = try Inflater.take()
    }

    deinit { Inflater.give(inflater) }

    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, count > 0, offset < size else { return [] }
        let end = offset + min(Int64(count), size - offset)
        var out: [UInt8] = []
        out.reserveCapacity(Int(end - offset))
        var position = offset
        while position < end {
            let index = position / Int64(Self.blockSize)
            let block = try self.block(index)
            let from = Int(position - index * Int64(Self.blockSize))
            let to = Int(min(end - index * Int64(Self.blockSize), Int64(block.count)))
            guard from < to else { break }
            out.append(contentsOf: block[from..<to])
            position += Int64(to - from)
        }
        return out
    }

    /// The first `count` bytes (at most 64), inflated into a small buffer and not kept: for
    /// sniffing the many entries not named like sounds, where a 4 KiB block would be waste.
    func head(_ count: Int) throws -> [UInt8] {
        let wanted = Int(min(Int64(min(count, 64)), size))
        guard wanted > 0, produced == 0, blocks.isEmpty else { return try read(at: 0, count: count) }
        let bytes = try [UInt8](unsafeUninitializedCapacity: wanted) { raw, kept in
            kept = 0
            kept = try fill(UnsafeMutableRawBufferPointer(raw))
        }
        // The stream has moved on; a later read starts it again.
        try restart(counting: false)
        return bytes
    }

    /// Blocks held in memory now.
    var keptBlocks: Int { blocks.count }

    private func block(_ index: Int64) throws -> [UInt8] {
        if let block = blocks[index] { return block }
        let start = index * Int64(Self.blockSize)
        if start < produced { try restart() }
        try skip(to: start)
        // Filled by the inflater directly, without zeroing first; only the bytes produced are kept.
        let block = try [UInt8](unsafeUninitializedCapacity: Int(min(Int64(Self.blockSize), size - start))) {
            raw, kept in
            kept = 0
            kept = try fill(UnsafeMutableRawBufferPointer(raw))
        }
        keep(block, at: index)
        return block
    }

    private func keep(_ block: [UInt8], at index: Int64) {
        blocks[index] = block
        guard index >= Self.pinnedBlocks else { return }
        evictable.append(index)
        if evictable.count > Self.maximumKeptBlocks { blocks[evictable.removeFirst()] = nil }
    }

    private func restart(counting: Bool = true) throws {
        if counting { restarts += 1 }
        guard restarts <= Self.maximumRestarts else {
            throw AlertSoundError.cannotDecompress(
                "reading this entry's headers needs more than \(Self.maximumRestarts) passes over its data")
        }
        inflater.reset()
        input = []
        inputIndex = 0
        inputPosition = 0
        produced = 0
        ended = false
    }

    private func skip(to target: Int64) throws {
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        while produced < target {
            let want = Int(min(Int64(scratch.count), target - produced))
            let got = try scratch.withUnsafeMutableBytes {
                try fill(UnsafeMutableRawBufferPointer(rebasing: $0[0..<want]))
            }
            if got < want { return }
        }
    }

    /// Fills `out` from the stream; fewer bytes only when the stream ends. Every pass of the loop
    /// consumes input, produces output, or throws: it cannot spin.
    private func fill(_ out: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < out.count {
            if ended {
                throw AlertSoundError.cannotDecompress(
                    "inflates to \(produced) bytes, fewer than the \(size) its directory entry declares")
            }
            if inputIndex == input.count {
                let left = compressedSize - inputPosition
                guard left > 0 else {
                    throw AlertSoundError.cannotDecompress(
                        "the deflate data ends after \(compressedSize) bytes, before its stream is complete")
                }
                // A small first read: most entries are only sniffed or have a header of a few hundred bytes.
                let chunk: Int64 = inputPosition == 0 ? 1024 : 16 * 1024
                input = try archive.read(at: dataOffset + inputPosition, count: Int(min(left, chunk)))
                guard !input.isEmpty else {
                    throw AlertSoundError.cannotDecompress("the archive ends inside this entry's data")
                }
                inputPosition += Int64(input.count)
                inputIndex = 0
            }
            let step = try input.withUnsafeBytes { raw in
                try inflater.inflate(
                    UnsafeRawBufferPointer(rebasing: raw[inputIndex...]),
                    into: UnsafeMutableRawBufferPointer(rebasing: out[filled...]))
            }
            inputIndex += step.consumed
            filled += step.produced
            produced += Int64(step.produced)
            if step.ended {
                ended = true
            } else if step.consumed == 0, step.produced == 0 {
                throw AlertSoundError.cannotDecompress(
                    "the deflate data stops making progress at byte \(inputPosition - Int64(input.count - inputIndex))")
            }
        }
        return filled
    }
}
