import AlertSoundCore

/// A zip archive read in place: the central directory is streamed entry by entry and an entry's
/// data is read only through `source(for:)`, so memory never depends on what the archive holds.
final class ZipArchive: @unchecked Sendable {
    // `FileSource` reads with pread and is never mutated after init, so sharing it across threads is safe.
    let file: FileSource
    private let directoryOffset: Int64
    private let directoryEnd: Int64
    private let declaredEntries: Int64

    init(path: String) throws {
        do {
            file = try FileSource(path: path)
        } catch let error as SourceError {
            throw AlertSoundError.wrapping(error, as: .unreadable)
        }
        let size = file.size
        let tailLength = Int(min(size, 22 + 65_535))
        let tailStart = size - Int64(tailLength)
        let tail = try file.read(at: tailStart, count: tailLength)
        // The end record is the last "PK\5\6" whose comment fits before the end of the file.
        var found: Int?
        var i = tail.count - 22
        while i >= 0 {
            if tail[i] == 0x50, tail[i + 1] == 0x4B, tail[i + 2] == 5, tail[i + 3] == 6,
                i + 22 + Int(UInt16(tail[i + 20]) | UInt16(tail[i + 21]) << 8) <= tail.count
            {
                found = i
                break
            }
            i -= 1
        }
        guard let at = found else { throw AlertSoundError(.malformed, "no zip end-of-central-directory record") }
        var end = ByteReader(Array(tail[at..<at + 22]), base: tailStart + Int64(at), order: .littleEndian)
        _ = try end.u32()
        _ = try end.u16()
        _ = try end.u16()
        _ = try end.u16()
        var entries = Int64(try end.u16())
        var directorySize = Int64(try end.u32())
        var directoryOffset = Int64(try end.u32())
        let endOffset = tailStart + Int64(at)

        if entries == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF, endOffset >= 20 {
            var locator = ByteReader(
                try file.read(at: endOffset - 20, count: 20), base: endOffset - 20, order: .littleEndian)
            if try locator.u32() == 0x0706_4B50 {
                _ = try locator.u32()
                let recordOffset = try locator.u64()
                guard recordOffset <= UInt64(size) else {
                    throw AlertSoundError(.malformed, "the zip64 end record lies beyond the file")
                }
                var record = ByteReader(
                    try file.read(at: Int64(recordOffset), count: 56), base: Int64(recordOffset), order: .littleEndian)
                guard try record.u32() == 0x0606_4B50 else {
                    throw AlertSoundError(.malformed, "damaged zip64 end record at byte \(recordOffset)")
                }
                _ = try record.take(20)
                _ = try record.u64()
                entries = Int64(clamping: try record.u64())
                directorySize = Int64(clamping: try record.u64())
                directoryOffset = Int64(clamping: try record.u64())
            }
        }
        guard let directoryEnd = directoryOffset.adding(directorySize), directoryEnd <= endOffset else {
            throw AlertSoundError(
                .malformed,
                "the central directory (\(directorySize) bytes at byte \(directoryOffset)) does not fit before its end record"
            )
        }
        guard entries <= Int64(Limits.maximumArchiveEntries) else {
            throw AlertSoundError(
                .tooLarge, "\(entries) entries; alertsound reads at most \(Limits.maximumArchiveEntries)")
        }
        self.directoryOffset = directoryOffset
        self.directoryEnd = directoryEnd
        declaredEntries = entries
    }

    /// Calls `body` for each entry in directory order until it returns false.
    func forEachEntry(_ body: (ZipEntry) throws -> Bool) throws {
        var window = WindowReader(source: file, end: directoryEnd)
        var position = directoryOffset
        var count: Int64 = 0
        while position < directoryEnd, count < declaredEntries {
            count += 1
            var r = ByteReader(try window.bytes(at: position, count: 46), base: position, order: .littleEndian)
            guard try r.u32() == 0x0201_4B50 else {
                throw AlertSoundError(.malformed, "damaged central directory at byte \(position)")
            }
            let madeBy = try r.u16()
            _ = try r.u16()
            let flags = try r.u16()
            let method = try r.u16()
            _ = try r.u32()
            _ = try r.u32()
            var compressed = Int64(try r.u32())
            var uncompressed = Int64(try r.u32())
            let nameLength = Int(try r.u16())
            let extraLength = Int(try r.u16())
            let commentLength = Int(try r.u16())
            _ = try r.u16()
            _ = try r.u16()
            let external = try r.u32()
            var localOffset = Int64(try r.u32())
            let name = try window.bytes(at: position + 46, count: nameLength)
            var extra = ByteReader(
                try window.bytes(at: position + 46 + Int64(nameLength), count: extraLength),
                base: position + 46 + Int64(nameLength), order: .littleEndian)
            // Zip64: the 64-bit values stand in the extra field for the fields set to all ones, in this order.
            while extra.remaining >= 4 {
                let id = try extra.u16()
                let size = Int(try extra.u16())
                guard size <= extra.remaining else { break }
                var field = ByteReader(Array(try extra.take(size)), order: .littleEndian)
                guard id == 1 else { continue }
                if uncompressed == 0xFFFF_FFFF, field.remaining >= 8 { uncompressed = Int64(clamping: try field.u64()) }
                if compressed == 0xFFFF_FFFF, field.remaining >= 8 { compressed = Int64(clamping: try field.u64()) }
                if localOffset == 0xFFFF_FFFF, field.remaining >= 8 { localOffset = Int64(clamping: try field.u64()) }
            }
            position += 46 + Int64(nameLength) + Int64(extraLength) + Int64(commentLength)

            let (components, escapes) = ZipEntry.components(of: name)
            let unixMode = madeBy >> 8 == 3 ? UInt32(external >> 16) & 0o170000 : 0
            let kind: ZipEntry.Kind =
                name.last == UInt8(ascii: "/") || unixMode == 0o040000 || (madeBy >> 8 == 0 && external & 0x10 != 0)
                ? .directory : unixMode == 0o120000 ? .symlink : .file
            let entry = ZipEntry(
                components: components, kind: kind, method: method, isEncrypted: flags & 1 != 0,
                compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: localOffset,
                escapesRoot: escapes)
            guard try body(entry) else { return }
        }
    }

    /// The entry's contents as a byte source: stored data is read in place, deflated data is
    /// inflated on demand. Throws `AlertSoundError` when the entry cannot be read at all.
    func source(for entry: ZipEntry) throws -> ByteSource {
        try source(for: entry.extent)
    }

    /// The data of an entry found earlier, as ``source(for:)-(ZipEntry)`` gives it.
    func source(for entry: ZipEntry.Extent) throws -> ByteSource {
        guard !entry.isEncrypted else { throw AlertSoundError(.unsupported, "the entry is encrypted") }
        var local = ByteReader(
            try file.read(at: entry.localHeaderOffset, count: 30), base: entry.localHeaderOffset, order: .littleEndian)
        guard local.remaining == 30, try local.u32() == 0x0403_4B50 else {
            throw AlertSoundError(.malformed, "no local header at byte \(entry.localHeaderOffset)")
        }
        _ = try local.take(22)
        let nameLength = Int64(try local.u16())
        let extraLength = Int64(try local.u16())
        guard let dataOffset = entry.localHeaderOffset.adding(30 + nameLength + extraLength),
            let dataEnd = dataOffset.adding(entry.compressedSize), entry.compressedSize >= 0, dataEnd <= file.size
        else {
            throw AlertSoundError(.malformed, "the entry's data lies beyond the end of the archive")
        }
        switch entry.method {
        case ZipEntry.stored:
            return SliceSource(base: file, offset: dataOffset, size: entry.compressedSize)
        case ZipEntry.deflated:
            return try InflatingSource(
                archive: file, dataOffset: dataOffset, compressedSize: entry.compressedSize,
                size: max(0, entry.uncompressedSize))
        default:
            throw AlertSoundError(
                .unsupported, "compression method \(entry.method) is not one an .ipa uses (stored or deflate)")
        }
    }
}

/// Sequential reads of the central directory through a 64 KiB window.
private struct WindowReader {
    let source: ByteSource
    let end: Int64
    private var start: Int64 = 0
    private var window: [UInt8] = []

    init(source: ByteSource, end: Int64) {
        self.source = source
        self.end = end
    }

    mutating func bytes(at offset: Int64, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        if offset < start || offset + Int64(count) > start + Int64(window.count) {
            start = offset
            window = try source.read(at: offset, count: Int(min(max(Int64(count), 64 * 1024), max(0, end - offset))))
        }
        let from = Int(offset - start)
        let available = min(count, window.count - from)
        guard available == count else {
            throw AlertSoundError(.malformed, "the central directory is cut short at byte \(offset)")
        }
        return Array(window[from..<from + count])
    }
}

/// A range of another source.
struct SliceSource: ByteSource {
    let base: ByteSource
    let offset: Int64
    let size: Int64

    func read(at position: Int64, count: Int) throws -> [UInt8] {
        guard position >= 0, count > 0, position < size else { return [] }
        return try base.read(at: offset + position, count: Int(min(Int64(count), size - position)))
    }
}
