import AlertSoundCore
import CZlib

/// Raw deflate (zip method 8) through zlib. Every call either makes progress or says why it
/// cannot, so a caller's loop always ends: the hang in ZIPFoundation's Linux inflate loop was a
/// loop that kept calling `inflate` after the stream had stopped short.
final class Inflater {
    private var stream = z_stream()

    init() throws {
        let status = inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw AlertSoundError.cannotDecompress("zlib cannot start inflating (status \(status))")
        }
    }

    deinit { inflateEnd(&stream) }

    func reset() { inflateReset(&stream) }

    /// Inflaters to reuse: zlib allocates (and clears) a 32 KiB window for every new stream, which
    /// for an .ipa of thousands of small entries cost more than inflating them (callgrind).
    private static let pool = InflaterPool()

    /// A reset inflater, reused when one is free.
    static func take() throws -> Inflater {
        if let inflater = pool.take() { return inflater }
        return try Inflater()
    }

    /// Hands `inflater` back for reuse.
    static func give(_ inflater: Inflater) {
        inflater.reset()
        pool.give(inflater)
    }

    /// Inflates from `input` into `output`. `ended` is true once the deflate stream is complete.
    /// Throws for damaged data; returns no progress only when `input` is empty or `output` full.
    func inflate(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) throws -> (consumed: Int, produced: Int, ended: Bool) {
        guard !output.isEmpty else { return (0, 0, false) }
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        stream.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(output.count)
        let status = CZlib.inflate(&stream, Z_NO_FLUSH)
        let consumed = input.count - Int(stream.avail_in)
        let produced = output.count - Int(stream.avail_out)
        stream.next_in = nil
        stream.next_out = nil
        switch status {
        case Z_OK: return (consumed, produced, false)
        case Z_STREAM_END: return (consumed, produced, true)
        case Z_BUF_ERROR: return (consumed, produced, false)
        default:
            let reason = stream.msg.map { String(cString: $0) } ?? "status \(status)"
            throw AlertSoundError.cannotDecompress("damaged deflate data: \(reason)")
        }
    }
}

/// A few idle inflaters, shared between threads.
final class InflaterPool: @unchecked Sendable {
    private let lock = Lock()
    private var idle: [Inflater] = []
    private let limit = 16

    func take() -> Inflater? {
        lock.lock()
        defer { lock.unlock() }
        return idle.popLast()
    }

    func give(_ inflater: Inflater) {
        lock.lock()
        defer { lock.unlock() }
        if idle.count < limit { idle.append(inflater) }
    }
}

extension AlertSoundError {
    /// An archive entry whose data will not inflate: for the sound inside, it cannot be read.
    static func cannotDecompress(_ why: String) -> AlertSoundError {
        AlertSoundError(.unreadable, "cannot decompress: " + why)
    }
}
