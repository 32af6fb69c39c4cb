#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random access to a file's bytes, so header parsers read only what they need.
package protocol ByteSource {
    var size: Int64 { get }
    /// Up to `count` bytes from `offset`; fewer only at the end of the data.
    func read(at offset: Int64, count: Int) throws -> [UInt8]
}

/// Bytes already in memory (tests, and packagers that hold a file's contents).
package struct MemorySource: ByteSource, Sendable {
    let bytes: [UInt8]
    package init(_ bytes: [UInt8]) { self.bytes = bytes }
    package var size: Int64 { Int64(bytes.count) }

    package func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, count >= 0, offset < size else { return [] }
        let start = Int(offset)
        let end = start + min(count, bytes.count - start)
        return Array(bytes[start..<end])
    }
}

/// An open file read with `pread`. The first block is cached because every header
/// parser starts there and most files keep all their headers in it. 4 KiB, a page: 16 KiB cost
/// `check` on real files 12 % more CPU in copying than the extra reads of the few whose headers run
/// past the page (scripts/bench-check).
package final class FileSource: ByteSource {
    package let size: Int64
    private let descriptor: Int32
    private var prefix: [UInt8] = []
    static let prefixLength = 4 * 1024

    /// Opens a regular file. A FIFO or device is refused without blocking (opening a FIFO for
    /// reading would wait for a writer forever), and so is a folder.
    package convenience init(path: String) throws {
        try self.init(at: AT_FDCWD, name: Array(path.utf8))
    }

    /// Opens `name` (raw bytes, any encoding) relative to the open folder `folder`, so a walk can
    /// reach files at any depth and with any name.
    init(at folder: Int32, name: [UInt8]) throws {
        let fd = (name + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { openat(folder, $0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        }
        guard fd >= 0 else { throw SourceError(errno: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw SourceError(errno: code)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw SourceError(
                errno: (info.st_mode & S_IFMT) == S_IFDIR ? EISDIR : 0, kind: SourceError.describe(info.st_mode))
        }
        descriptor = fd
        size = Int64(info.st_size)
        prefix = try rawRead(at: 0, count: Int(min(size, Int64(Self.prefixLength))))
    }

    deinit { close(descriptor) }

    package func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, count > 0, offset < size else { return [] }
        let wanted = Int(min(Int64(count), size - offset))
        if offset + Int64(wanted) <= Int64(prefix.count) {
            let start = Int(offset)
            return Array(prefix[start..<start + wanted])
        }
        return try rawRead(at: offset, count: wanted)
    }

    private func rawRead(at offset: Int64, count: Int) throws -> [UInt8] {
        var failure: Int32 = 0
        // Filled by pread directly, without zeroing first; only the bytes read are kept.
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { raw, kept in
            var filled = 0
            while filled < count {
                let n = pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if n == 0 { break }
                filled += n
            }
            kept = filled
        }
        if failure != 0 { throw SourceError(errno: failure) }
        return buffer
    }
}

/// An operating-system error while opening or reading a file.
package struct SourceError: Error, Sendable, CustomStringConvertible {
    let errno: Int32
    /// What the path is, when it is not a regular file ("a FIFO").
    let kind: String?

    package init(errno: Int32, kind: String? = nil) {
        self.errno = errno
        self.kind = kind
    }

    package var description: String {
        kind.map { "it is \($0), not a regular file" } ?? String(cString: strerror(errno))
    }

    static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    package var isNotFound: Bool { errno == ENOENT || errno == ENOTDIR }
}
