/// ITU-T G.711 µ-law and A-law, the 8-bit companded formats iOS plays.
enum G711 {
    static func encodeULaw(_ sample: Int16) -> UInt8 {
        let bias = 0x84
        var value = Int(sample)
        let sign = value < 0 ? 0x80 : 0
        if value < 0 { value = -value }
        value = min(value, 32635) + bias
        var exponent = 7
        var mask = 0x4000
        while exponent > 0 && value & mask == 0 {
            exponent -= 1
            mask >>= 1
        }
        let mantissa = (value >> (exponent + 3)) & 0x0F
        return ~UInt8(sign | exponent << 4 | mantissa)
    }

    static func decodeULaw(_ code: UInt8) -> Int16 {
        let u = Int(~code)
        let exponent = (u >> 4) & 0x07
        let magnitude = (((u & 0x0F) << 3) + 0x84) << exponent
        return Int16(u & 0x80 != 0 ? 0x84 - magnitude : magnitude - 0x84)
    }

    static func encodeALaw(_ sample: Int16) -> UInt8 {
        var value = Int(sample) >> 3
        let sign: Int
        if value >= 0 {
            sign = 0xD5
        } else {
            sign = 0x55
            value = -value - 1
        }
        var segment = 0
        while segment < 8 && value > (0x20 << segment) - 1 { segment += 1 }
        let code: Int
        if segment >= 8 {
            code = 0x7F
        } else if segment < 2 {
            code = segment << 4 | (value >> 1) & 0x0F
        } else {
            code = segment << 4 | (value >> segment) & 0x0F
        }
        return UInt8((code ^ sign) & 0xFF)
    }

    static func decodeALaw(_ code: UInt8) -> Int16 {
        let a = Int(code ^ 0x55)
        var magnitude = (a & 0x0F) << 4
        let segment = (a & 0x70) >> 4
        switch segment {
        case 0: magnitude += 8
        case 1: magnitude += 0x108
        default: magnitude = (magnitude + 0x108) << (segment - 1)
        }
        return Int16(a & 0x80 != 0 ? magnitude : -magnitude)
    }
}
