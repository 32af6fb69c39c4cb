/// Appends fixed-size fields to a growing buffer; the counterpart of `ByteReader`.
package struct ByteWriter: Sendable {
    package private(set) var bytes: [UInt8] = []
    package var order: ByteOrder

    package init(order: ByteOrder, capacity: Int = 0) {
        self.order = order
        bytes.reserveCapacity(capacity)
    }

    package var count: Int { bytes.count }

    package mutating func u8(_ v: UInt8) { bytes.append(v) }
    package mutating func u16(_ v: UInt16) { unsigned(UInt64(v), width: 2) }
    package mutating func u32(_ v: UInt32) { unsigned(UInt64(v), width: 4) }
    package mutating func u64(_ v: UInt64) { unsigned(v, width: 8) }
    package mutating func i16(_ v: Int16) { u16(UInt16(bitPattern: v)) }
    package mutating func i32(_ v: Int32) { u32(UInt32(bitPattern: v)) }
    package mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }
    package mutating func f64(_ v: Double) { u64(v.bitPattern) }
    package mutating func fourCC(_ code: FourCC) { bytes.append(contentsOf: code.bytes) }
    package mutating func append<S: Sequence>(_ raw: S) where S.Element == UInt8 { bytes.append(contentsOf: raw) }
    package mutating func zeros(_ count: Int) { bytes.append(contentsOf: repeatElement(0, count: count)) }

    /// AIFF's 80-bit sample rate, always big-endian.
    package mutating func extended80(_ v: Double) {
        let (se, m) = Extended80.encode(v)
        let saved = order
        order = .bigEndian
        u16(se)
        u64(m)
        order = saved
    }

    private mutating func unsigned(_ v: UInt64, width: Int) {
        switch order {
        case .bigEndian:
            for i in stride(from: width - 1, through: 0, by: -1) {
                bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i))))
            }
        case .littleEndian:
            for i in 0..<width { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
        }
    }
}
