/// Conversion between `Double` and the 80-bit extended format of AIFF's `COMM` chunk.
enum Extended80 {
    static func decode(signAndExponent: UInt16, mantissa: UInt64) -> Double {
        let negative = signAndExponent & 0x8000 != 0
        let exponent = Int(signAndExponent & 0x7FFF)
        if exponent == 0 && mantissa == 0 { return negative ? -0.0 : 0.0 }
        if exponent == 0x7FFF {
            // The explicit integer bit aside, a zero fraction is infinity; anything else is NaN.
            return mantissa & 0x7FFF_FFFF_FFFF_FFFF == 0 ? (negative ? -.infinity : .infinity) : .nan
        }
        let magnitude = Double(sign: .plus, exponent: exponent - 16383 - 63, significand: Double(mantissa))
        return negative ? -magnitude : magnitude
    }

    /// Encodes finite, non-negative values exactly as Apple's tools do for sample rates.
    static func encode(_ value: Double) -> (signAndExponent: UInt16, mantissa: UInt64) {
        guard value.isFinite, value != 0 else {
            if value.isNaN { return (0x7FFF, 0xC000_0000_0000_0000) }
            if value.isInfinite { return (value < 0 ? 0xFFFF : 0x7FFF, 0x8000_0000_0000_0000) }
            return (value.sign == .minus ? 0x8000 : 0, 0)
        }
        let sign: UInt16 = value < 0 ? 0x8000 : 0
        let magnitude = abs(value)
        let exponent = Int(magnitude.exponent)
        // Double's 52-bit fraction plus the implicit one, shifted to the top of 64 bits.
        let mantissa = (UInt64(1) << 63) | (magnitude.significandBitPattern << 11)
        return (sign | UInt16(exponent + 16383), mantissa)
    }
}
