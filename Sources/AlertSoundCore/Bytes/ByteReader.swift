/// Reads fixed-size fields from a buffer that was taken from a known file offset.
///
/// Every read is bounds-checked and a short read throws `ByteReaderError.truncated`
/// carrying the absolute file offset, so a parser's errors can say where a header broke.
package struct ByteReader {
    let bytes: [UInt8]
    /// File offset of `bytes[0]`.
    let base: Int64
    var order: ByteOrder
    private(set) var position: Int = 0

    package init(_ bytes: [UInt8], base: Int64 = 0, order: ByteOrder) {
        self.bytes = bytes
        self.base = base
        self.order = order
    }

    package var remaining: Int { bytes.count - position }
    package var absolutePosition: Int64 { base + Int64(position) }

    package mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        try need(count)
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func u8() throws -> UInt8 {
        try need(1)
        defer { position += 1 }
        return bytes[position]
    }

    package mutating func u16() throws -> UInt16 { UInt16(truncatingIfNeeded: try unsigned(2)) }
    package mutating func u32() throws -> UInt32 { UInt32(truncatingIfNeeded: try unsigned(4)) }
    package mutating func u64() throws -> UInt64 { try unsigned(8) }
    mutating func i16() throws -> Int16 { Int16(bitPattern: try u16()) }
    mutating func i32() throws -> Int32 { Int32(bitPattern: try u32()) }
    mutating func i64() throws -> Int64 { Int64(bitPattern: try u64()) }
    mutating func f64() throws -> Double { Double(bitPattern: try u64()) }

    /// A four-character code, always stored in file order whatever the byte order.
    mutating func fourCC() throws -> FourCC { FourCC(try take(4)) }

    /// The 80-bit IEEE 754 extended float AIFF uses for its sample rate (big-endian).
    mutating func extended80() throws -> Double {
        let signAndExponent = try u16()
        let mantissa = try u64()
        return Extended80.decode(signAndExponent: signAndExponent, mantissa: mantissa)
    }

    private mutating func unsigned(_ width: Int) throws -> UInt64 {
        try need(width)
        var value: UInt64 = 0
        switch order {
        case .bigEndian:
            for i in 0..<width { value = value << 8 | UInt64(bytes[position + i]) }
        case .littleEndian:
            for i in stride(from: width - 1, through: 0, by: -1) { value = value << 8 | UInt64(bytes[position + i]) }
        }
        position += width
        return value
    }

    private func need(_ count: Int) throws {
        guard count >= 0, count <= remaining else {
            throw ByteReaderError.truncated(offset: absolutePosition, needed: count, available: max(remaining, 0))
        }
    }
}

enum ByteReaderError: Error, Equatable {
    case truncated(offset: Int64, needed: Int, available: Int)
}
