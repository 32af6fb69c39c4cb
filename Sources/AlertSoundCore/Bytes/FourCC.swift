/// A four-character code such as a chunk type or a format ID.
package struct FourCC: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The four bytes as one number, the first in the high byte: chunk walks compare codes against
    /// literals many times a file, and comparing arrays cost an allocation each (callgrind).
    let value: UInt32

    package init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        precondition(bytes.count == 4, "a four-character code has four bytes")
        value = bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A literal: its bytes are known when compiled, so comparing a code with `"data"` costs nothing.
    package init(stringLiteral value: StaticString) {
        precondition(value.utf8CodeUnitCount == 4, "a four-character code has four bytes")
        self.init(UnsafeBufferPointer(start: value.utf8Start, count: 4))
    }

    /// A code known only at run time (a coding's name).
    package init(_ text: String) {
        self.init(text.utf8)
    }

    var bytes: [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    var isPrintable: Bool { (0..<4).allSatisfy { (0x20...0x7E).contains(value >> (8 * $0) & 0xFF) } }

    /// Printable codes as text; others with `\x` escapes, so a damaged id can be quoted safely.
    package var description: String {
        // From the number's bytes on the stack: a chunk walk names every chunk it records.
        if isPrintable { return withUnsafeBytes(of: value.bigEndian) { String(decoding: $0, as: UTF8.self) } }
        return bytes.map { (0x20...0x7E).contains($0) ? String(UnicodeScalar($0)) : "\\x" + hex2($0) }.joined()
    }

    /// The code with its ASCII capitals lower-cased: two codes are the same name in any case when
    /// these are equal (what comparing ``lowercasedName``s says, without making text).
    var caseFolded: UInt32 {
        var folded = value
        for shift in stride(from: 0, to: 32, by: 8) where (0x41...0x5A).contains(value >> UInt32(shift) & 0xFF) {
            folded |= 0x20 << UInt32(shift)
        }
        return folded
    }

    /// The code as a lower-case name with trailing spaces removed (`"aac "` → `"aac"`).
    var lowercasedName: String {
        var text = description.lowercased()
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}

/// The value of one hex digit (either case), or nil when `byte` is not one.
package func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}

func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}
