/// A four-character code such as a chunk type or a format ID.
struct FourCC: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        precondition(bytes.count == 4, "a four-character code has four bytes")
        self.bytes = bytes
    }

    init(stringLiteral value: String) {
        self.init(Array(value.utf8))
    }

    var isPrintable: Bool { bytes.allSatisfy { (0x20...0x7E).contains($0) } }

    /// Printable codes as text; others with `\x` escapes, so a damaged id can be quoted safely.
    var description: String {
        if isPrintable { return String(decoding: bytes, as: UTF8.self) }
        return bytes.map { (0x20...0x7E).contains($0) ? String(UnicodeScalar($0)) : "\\x" + hex2($0) }.joined()
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
