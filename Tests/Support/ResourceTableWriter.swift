/// Writes an APK's `resources.arsc` in code, as aapt2 lays it out: a table chunk holding the value
/// strings (UTF-8) and one package whose type strings (UTF-16), key strings (UTF-8) and type
/// chunks name each raw resource's file. Enough of the format for the reader under test: an
/// `attr` type before `raw`, an empty slot, and optionally Android 14's compact entries.
public enum ResourceTableWriter {
    /// `raw`: (resource name, file path in the APK). `pathOf` makes entry i name the path of entry
    /// `pathOf(i)` (entries sharing one string, as hostile tables do).
    public static func table(
        raw: [(name: String, path: String)], compact: Bool = false, pathOf: ((Int) -> Int)? = nil
    ) -> [UInt8] {
        let values = pool(raw.map(\.path) + ["res/color/unrelated.xml"], utf8: true)
        let types = pool(["attr", "raw"], utf8: false)
        let keys = pool(raw.map(\.name) + ["someAttr"], utf8: true)

        // The attr type: one entry pointing at a string that is not a raw file.
        let attr = typeChunk(
            id: 1, entries: [(key: UInt32(raw.count), value: UInt32(raw.count))], empties: 0, compact: false)
        let rawChunk = typeChunk(
            id: 2, entries: raw.indices.map { (UInt32($0), UInt32(pathOf?($0) ?? $0)) }, empties: 1, compact: compact)

        var header = LE()
        header.u16(0x0200)
        header.u16(288)
        header.u32(0)  // size patched below
        header.u32(0x7F)
        var name = [UInt8](repeating: 0, count: 256)
        for (i, unit) in "com.example.shop".utf16.enumerated() {
            name[2 * i] = UInt8(unit & 0xFF)
            name[2 * i + 1] = UInt8(unit >> 8)
        }
        header.bytes += name
        header.u32(288)
        header.u32(2)
        header.u32(UInt32(288 + types.count))
        header.u32(UInt32(raw.count + 1))
        header.u32(0)
        var package = header.bytes + types + keys + attr + rawChunk
        put32(&package, at: 4, UInt32(package.count))

        var table = LE()
        table.u16(0x0002)
        table.u16(12)
        table.u32(UInt32(12 + values.count + package.count))
        table.u32(1)
        return table.bytes + values + package
    }

    static func typeChunk(id: UInt8, entries: [(key: UInt32, value: UInt32)], empties: Int, compact: Bool) -> [UInt8] {
        let configSize = 64
        let headerSize = 20 + configSize
        let count = entries.count + empties
        var offsets = LE(), data = LE()
        for _ in 0..<empties { offsets.u32(0xFFFF_FFFF) }
        for entry in entries {
            offsets.u32(UInt32(data.bytes.count))
            if compact {
                data.u16(UInt16(entry.key))
                data.u16(0x0308)
                data.u32(entry.value)
            } else {
                data.u16(8)
                data.u16(0)
                data.u32(entry.key)
                data.u16(8)
                data.bytes.append(0)
                data.bytes.append(0x03)
                data.u32(entry.value)
            }
        }
        var chunk = LE()
        chunk.u16(0x0201)
        chunk.u16(UInt16(headerSize))
        chunk.u32(UInt32(headerSize + offsets.bytes.count + data.bytes.count))
        chunk.bytes += [id, 0, 0, 0]
        chunk.u32(UInt32(count))
        chunk.u32(UInt32(headerSize + offsets.bytes.count))
        chunk.u32(UInt32(configSize))
        chunk.bytes += [UInt8](repeating: 0, count: configSize - 4)
        return chunk.bytes + offsets.bytes + data.bytes
    }

    static func pool(_ strings: [String], utf8: Bool) -> [UInt8] {
        var offsets = LE(), data = LE()
        for string in strings {
            offsets.u32(UInt32(data.bytes.count))
            if utf8 {
                let bytes = Array(string.utf8)
                data.bytes += length8(string.utf16.count) + length8(bytes.count) + bytes + [0]
            } else {
                let units = Array(string.utf16)
                data.u16(UInt16(units.count))
                for unit in units { data.u16(unit) }
                data.u16(0)
            }
        }
        while data.bytes.count % 4 != 0 { data.bytes.append(0) }
        let headerSize = 28
        var header = LE()
        header.u16(0x0001)
        header.u16(UInt16(headerSize))
        header.u32(UInt32(headerSize + offsets.bytes.count + data.bytes.count))
        header.u32(UInt32(strings.count))
        header.u32(0)
        header.u32(utf8 ? 0x100 : 0)
        header.u32(UInt32(headerSize + offsets.bytes.count))
        header.u32(0)
        return header.bytes + offsets.bytes + data.bytes
    }

    private static func length8(_ n: Int) -> [UInt8] {
        n < 0x80 ? [UInt8(n)] : [UInt8(0x80 | (n >> 8)), UInt8(n & 0xFF)]
    }

    private static func put32(_ bytes: inout [UInt8], at: Int, _ value: UInt32) {
        for i in 0..<4 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
    }

    struct LE {
        var bytes: [UInt8] = []
        mutating func u16(_ v: UInt16) {
            bytes.append(UInt8(v & 0xFF))
            bytes.append(UInt8(v >> 8))
        }
        mutating func u32(_ v: UInt32) { for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    }
}
