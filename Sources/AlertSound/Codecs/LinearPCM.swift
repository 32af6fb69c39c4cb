/// Packs 16-bit samples into linear PCM of any width. Wider outputs shift left (exact);
/// 8-bit output rounds to nearest; float divides by 32768.
public enum LinearPCM {
    public static func encode(_ samples: [Int16], bits: Int, isFloat: Bool, isBigEndian: Bool, unsigned8: Bool = false) -> [UInt8] {
        var w = ByteWriter(order: isBigEndian ? .bigEndian : .littleEndian, capacity: samples.count * (bits + 7) / 8)
        switch (isFloat, bits) {
        case (true, 32): for s in samples { w.u32(Float(s) / 32768 == 0 ? 0 : (Float(s) / 32768).bitPattern) }
        case (true, _): for s in samples { w.f64(Double(s) / 32768) }
        case (false, 8):
            for s in samples {
                let v = min(127, (Int(s) + 128) >> 8)
                w.u8(unsigned8 ? UInt8(v + 128) : UInt8(bitPattern: Int8(v)))
            }
        case (false, 16): for s in samples { w.i16(s) }
        case (false, 24):
            for s in samples {
                let v = UInt32(bitPattern: Int32(s) << 8)
                if isBigEndian {
                    w.append([UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)])
                } else {
                    w.append([UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)])
                }
            }
        default: for s in samples { w.i32(Int32(s) << 16) }
        }
        return w.bytes
    }
}
