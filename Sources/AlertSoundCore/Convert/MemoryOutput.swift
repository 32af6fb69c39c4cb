/// Where a conversion writes: a file that appears only when complete (`AtomicOutput`), or memory.
protocol OutputSink: AnyObject {
    var bytesWritten: Int64 { get }
    func append(_ bytes: [UInt8]) throws
    /// Rewrites bytes already written (the header, once the sizes are known).
    func overwrite(_ bytes: [UInt8], at offset: Int64) throws
    /// What has been written so far, to check it before it is committed.
    func contents() -> ByteSource
    /// Makes the output final.
    func commit() throws
}

extension AtomicOutput: OutputSink {}

/// A conversion's output kept in memory, for callers that never touch the disk.
final class MemoryOutput: OutputSink {
    private(set) var bytes: [UInt8] = []
    var bytesWritten: Int64 { Int64(bytes.count) }

    func append(_ more: [UInt8]) throws { bytes += more }

    func overwrite(_ replacement: [UInt8], at offset: Int64) throws {
        let start = Int(offset)
        bytes.replaceSubrange(start..<start + replacement.count, with: replacement)
    }

    func contents() -> ByteSource { MemorySource(bytes) }

    func commit() throws {}

    /// Empties it, for another attempt at the same output.
    func reset() { bytes.removeAll(keepingCapacity: true) }
}
