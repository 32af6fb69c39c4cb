import AlertSoundCore

/// Reads the raw resources out of an APK's `resources.arsc`: which file each `@raw/name` is.
/// Release builds since Android Gradle Plugin 4.2 shorten resource paths (`res/raw/alarm.mp3`
/// becomes `res/Gh4.mp3`), so in an optimised APK only this table tells a raw resource's name.
/// The format is little-endian chunks (`ResChunk_header`); every offset, count and length read
/// from it is checked against the chunk it belongs to.
enum ResourceTable {
    static let tableType: UInt16 = 0x0002
    static let stringPoolType: UInt16 = 0x0001
    static let packageType: UInt16 = 0x0200
    static let typeType: UInt16 = 0x0201
    static let stringValueType: UInt8 = 0x03

    /// Raw resources by file path in the archive: `["res/Gh4.mp3": "alarm"]`.
    static func rawFiles(_ bytes: [UInt8]) throws -> [String: String] {
        let table = Bytes(bytes)
        let (type, headerSize, size) = try table.chunk(at: 0, within: bytes.count)
        guard type == tableType else {
            throw ResourceTableError(
                "resources.arsc does not start with a resource table chunk (type 0x\(String(type, radix: 16)))")
        }
        var globalStrings: StringPool?
        // By the path's index in the value strings: each distinct path is decoded and hashed once,
        // however many entries name it.
        var byPath: [Int: String] = [:]
        for (offset, childType, childSize) in try table.children(from: headerSize, to: size) {
            switch childType {
            case stringPoolType where globalStrings == nil:
                globalStrings = try StringPool(table, at: offset)
            case packageType:
                guard let globalStrings else {
                    throw ResourceTableError("the package chunk at byte \(offset) comes before the value strings")
                }
                try package(table, at: offset, size: childSize, values: globalStrings, into: &byPath)
            default:
                break
            }
        }
        var files: [String: String] = [:]
        for index in byPath.keys.sorted() { files[try globalStrings!.string(index)] = byPath[index] }
        return files
    }

    private static func package(
        _ table: Bytes, at start: Int, size: Int, values: StringPool, into files: inout [Int: String]
    ) throws {
        let headerSize = Int(try table.u16(start + 2))
        guard headerSize >= 284 else {
            throw ResourceTableError(
                "the package chunk at byte \(start) has a \(headerSize)-byte header; at least 284 expected")
        }
        let typeStringsOffset = Int(try table.u32(start + 268))
        let keyStringsOffset = Int(try table.u32(start + 276))
        let typeIDOffset = headerSize >= 288 ? Int(try table.u32(start + 284)) : 0
        let types = try StringPool(table, at: try table.inside(start, typeStringsOffset, size))
        let keys = try StringPool(table, at: try table.inside(start, keyStringsOffset, size))
        for (offset, type, chunkSize) in try table.children(from: start + headerSize, to: start + size)
        where type == typeType {
            let id = Int(try table.u8(offset + 8))
            guard id > typeIDOffset, try types.string(id - 1 - typeIDOffset) == "raw" else { continue }
            try rawEntries(table, at: offset, size: chunkSize, values: values, keys: keys, into: &files)
        }
    }

    /// One configuration's entries of the `raw` type: each a key (the name) and a string value (the path).
    private static func rawEntries(
        _ table: Bytes, at start: Int, size: Int, values: StringPool, keys: StringPool, into files: inout [Int: String]
    ) throws {
        let headerSize = Int(try table.u16(start + 2))
        let flags = try table.u8(start + 9)
        let count = Int(try table.u32(start + 12))
        let entriesStart = Int(try table.u32(start + 16))
        let sparse = flags & 0x01 != 0, offset16 = flags & 0x02 != 0
        let width = sparse ? 4 : offset16 ? 2 : 4
        guard headerSize >= 20, count <= (size - headerSize) / width, entriesStart <= size else {
            throw ResourceTableError(
                "the raw type chunk at byte \(start) declares \(count) entries, which do not fit its \(size) bytes")
        }
        for i in 0..<count {
            let slot = start + headerSize + i * width
            let entryOffset: Int
            if sparse {
                entryOffset = Int(try table.u16(slot + 2)) * 4
            } else if offset16 {
                let value = try table.u16(slot)
                if value == 0xFFFF { continue }
                entryOffset = Int(value) * 4
            } else {
                let value = try table.u32(slot)
                if value == 0xFFFF_FFFF { continue }
                entryOffset = Int(value)
            }
            let entry = try table.inside(start, entriesStart &+ entryOffset, size)
            let entryFlags = try table.u16(entry + 2)
            let key: Int, dataType: UInt8, data: Int
            if entryFlags & 0x08 != 0 {
                // A compact entry (Android 14): the key in the size field, the value type in the flags' high byte.
                key = Int(try table.u16(entry))
                dataType = UInt8(entryFlags >> 8)
                data = Int(try table.u32(entry + 4))
            } else {
                guard entryFlags & 0x01 == 0 else { continue }
                key = Int(try table.u32(entry + 4))
                dataType = try table.u8(entry + 11)
                data = Int(try table.u32(entry + 12))
            }
            guard dataType == stringValueType, data < values.count else {
                if dataType == stringValueType {
                    throw ResourceTableError("string \(data) of a \(values.count)-string pool")
                }
                continue
            }
            files[data] = try keys.string(key)
        }
    }
}

/// A `ResStringPool`: strings by index, decoded only when asked for, and once: a table whose raw
/// entries all name one long string would otherwise decode it once per entry (a 38 KB .apk ran for hours).
private final class StringPool {
    private var decoded: [Int: String] = [:]
    let table: ResourceTable.Bytes
    let count: Int
    let offsets: Int
    let strings: Int
    let end: Int
    let utf8: Bool

    init(_ table: ResourceTable.Bytes, at start: Int) throws {
        let (type, headerSize, chunkSize) = try table.chunk(at: start, within: table.bytes.count)
        guard type == ResourceTable.stringPoolType, headerSize >= 28 else {
            throw ResourceTableError("no string pool at byte \(start) (chunk type 0x\(String(type, radix: 16)))")
        }
        self.table = table
        count = Int(try table.u32(start + 8))
        utf8 = try table.u32(start + 16) & 0x100 != 0
        offsets = start + headerSize
        strings = try table.inside(start, Int(try table.u32(start + 20)), chunkSize + 1)
        end = start + chunkSize
        guard count <= Limits.maximumResourceTableStrings, offsets + count * 4 <= end else {
            throw ResourceTableError(
                "the string pool at byte \(start) declares \(count) strings, which do not fit its \(chunkSize) bytes")
        }
    }

    func string(_ index: Int) throws -> String {
        if let known = decoded[index] { return known }
        let text = try decode(index)
        decoded[index] = text
        return text
    }

    private func decode(_ index: Int) throws -> String {
        guard index >= 0, index < count else { throw ResourceTableError("string \(index) of a \(count)-string pool") }
        let start = strings &+ Int(try table.u32(offsets + index * 4))
        guard start >= strings, start < end else { throw ResourceTableError("string \(index) starts outside its pool") }
        if utf8 {
            var position = start
            _ = try length8(&position)
            let bytes = try length8(&position)
            guard position + bytes <= end else { throw ResourceTableError("string \(index) runs past its pool") }
            return String(decoding: table.bytes[position..<position + bytes], as: UTF8.self)
        }
        var position = start
        var units = Int(try table.u16(position))
        position += 2
        if units & 0x8000 != 0 {
            units = (units & 0x7FFF) << 16 | Int(try table.u16(position))
            position += 2
        }
        guard units <= (end - position) / 2 else { throw ResourceTableError("string \(index) runs past its pool") }
        var code: [UInt16] = []
        code.reserveCapacity(units)
        for i in 0..<units { code.append(try table.u16(position + 2 * i)) }
        return String(decoding: code, as: UTF16.self)
    }

    private func length8(_ position: inout Int) throws -> Int {
        let first = Int(try table.u8(position))
        position += 1
        guard first & 0x80 != 0 else { return first }
        let second = Int(try table.u8(position))
        position += 1
        return (first & 0x7F) << 8 | second
    }
}

extension ResourceTable {
    /// Bounds-checked little-endian reads at absolute offsets.
    struct Bytes {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func u8(_ at: Int) throws -> UInt8 {
            guard at >= 0, at < bytes.count else {
                throw ResourceTableError("a read at byte \(at) of a \(bytes.count)-byte table")
            }
            return bytes[at]
        }

        func u16(_ at: Int) throws -> UInt16 { UInt16(try u8(at)) | UInt16(try u8(at + 1)) << 8 }
        func u32(_ at: Int) throws -> UInt32 { UInt32(try u16(at)) | UInt32(try u16(at + 2)) << 16 }

        /// `start + offset` when it lies inside the `size` bytes from `start`.
        func inside(_ start: Int, _ offset: Int, _ size: Int) throws -> Int {
            guard offset >= 0, offset < size, start + offset < bytes.count else {
                throw ResourceTableError("offset \(offset) from byte \(start) lies outside its \(size)-byte chunk")
            }
            return start + offset
        }

        /// A chunk header: type, header size and total size, checked to fit `limit`.
        func chunk(at start: Int, within limit: Int) throws -> (UInt16, Int, Int) {
            let type = try u16(start)
            let headerSize = Int(try u16(start + 2))
            let size = Int(try u32(start + 4))
            guard headerSize >= 8, size >= headerSize, size <= limit - start else {
                throw ResourceTableError(
                    "the chunk at byte \(start) declares a \(headerSize)-byte header in \(size) bytes, past the \(limit - start) available"
                )
            }
            return (type, headerSize, size)
        }

        /// The chunks laid end to end from `from` to `to`.
        func children(from: Int, to: Int) throws -> [(Int, UInt16, Int)] {
            var out: [(Int, UInt16, Int)] = []
            var at = from
            while at + 8 <= to {
                let (type, _, size) = try chunk(at: at, within: to)
                out.append((at, type, size))
                at += size
            }
            return out
        }
    }
}

struct ResourceTableError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
