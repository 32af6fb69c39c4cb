#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Linear PCM of every width, from full-scale samples (±1.0) that carry every input value exactly.
///
/// Integers of N bits scale by 2^(N-1), round to nearest once and clip; floats keep values past
/// full scale (32-bit rounds to nearest once, 64-bit is exact). So intN -> intM (M >= N), int <= 24
/// and float32 -> float32, and anything -> float64 are bit-exact.
enum LinearPCM {
    /// Packs `samples` and adds what the packing lost to `loss`.
    static func encode(_ samples: [Double], format: PCMFormat, loss: inout CodingLoss) -> [UInt8] {
        let bits = format.bits, isFloat = format.isFloat, isBigEndian = format.order == .bigEndian,
            offsetBinary = !format.isSigned
        let width = format.bytesPerSample
        var out = [UInt8](repeating: 0, count: samples.count * width)
        let scale = Double(sign: .plus, exponent: bits - 1, significand: 1)
        var signal = 0.0, noise = 0.0
        out.withUnsafeMutableBufferPointer { o in
            var at = 0
            for v in samples {
                let pattern: UInt64
                let coded: Double
                if isFloat {
                    if bits == 32 {
                        let f = Float(v)
                        pattern = UInt64(f.bitPattern)
                        coded = Double(f)
                    } else {
                        pattern = v.bitPattern
                        coded = v
                    }
                } else {
                    let r = v.isNaN ? 0 : min(max(roundHalfAway(v * scale), -scale), scale - 1)
                    coded = r / scale
                    let integer = Int64(r)
                    pattern = offsetBinary ? UInt64(bitPattern: integer + Int64(scale)) : UInt64(bitPattern: integer)
                }
                // An infinite or NaN sample has no error to measure: a float output stores it, an
                // integer one clips it (counted as a full-scale error).
                if v.isFinite {
                    signal += v * v
                    noise += (coded - v) * (coded - v)
                } else if !isFloat {
                    noise += 1
                }
                if isBigEndian {
                    for b in 0..<width { o[at + b] = UInt8(truncatingIfNeeded: pattern >> UInt64(8 * (width - 1 - b))) }
                } else {
                    for b in 0..<width { o[at + b] = UInt8(truncatingIfNeeded: pattern >> UInt64(8 * b)) }
                }
                at += width
            }
        }
        loss.add(signal: signal, noise: noise)
        return out
    }

    /// Linear PCM of any width and order at full scale: an N-bit integer is divided by 2^(N-1),
    /// which a double does exactly, and floats widen exactly.
    static func decode(_ bytes: ArraySlice<UInt8>, layout: PCMFormat) -> [Double] {
        let width = layout.bytesPerSample
        let count = bytes.count / width
        return bytes.withUnsafeBytes { raw in
            [Double](unsafeUninitializedCapacity: count) { out, n in
                if width == 2, layout.isSigned, !layout.isFloat {
                    // The common case, without the general loop's byte assembly.
                    for i in 0..<count {
                        let v = raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self)
                        out[i] =
                            Double(
                                Int16(
                                    bitPattern: layout.order == .bigEndian
                                        ? UInt16(bigEndian: v) : UInt16(littleEndian: v)))
                            * (1.0 / 32768)
                    }
                    n = count
                    return
                }
                if width == 3, layout.isSigned, !layout.isFloat {
                    // 24-bit, the commonest wide format: three loads and a sign-extending shift.
                    let big = layout.order == .bigEndian
                    for i in 0..<count {
                        let a = UInt32(raw[3 * i]), b = UInt32(raw[3 * i + 1]), c = UInt32(raw[3 * i + 2])
                        let v = big ? a << 24 | b << 16 | c << 8 : c << 24 | b << 16 | a << 8
                        out[i] = Double(Int32(bitPattern: v) >> 8) * (1.0 / 8_388_608)
                    }
                    n = count
                    return
                }
                let bits = UInt64(width * 8)
                let scale = 1 / Double(sign: .plus, exponent: Int(bits) - 1, significand: 1)
                for i in 0..<count {
                    var value: UInt64 = 0
                    let at = i * width
                    if layout.order == .bigEndian {
                        for b in 0..<width { value = value << 8 | UInt64(raw[at + b]) }
                    } else {
                        for b in stride(from: width - 1, through: 0, by: -1) {
                            value = value << 8 | UInt64(raw[at + b])
                        }
                    }
                    if layout.isFloat {
                        out[i] =
                            width == 4
                            ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: value))) : Double(bitPattern: value)
                    } else {
                        // Sign-extend (or re-centre offset-binary), then scale so the top bit is ±1.0.
                        let signed =
                            layout.isSigned
                            ? Int64(bitPattern: value << (64 - bits)) >> (64 - bits) : Int64(value) - (1 << (bits - 1))
                        out[i] = Double(signed) * scale
                    }
                }
                n = count
            }
        }
    }

    /// 16-bit samples into 16-bit PCM: the direct path, with no conversion to do.
    static func encode16(_ samples: [Int16], order: ByteOrder) -> [UInt8] {
        let big = order == .bigEndian
        return [UInt8](unsafeUninitializedCapacity: samples.count * 2) { out, count in
            for (i, s) in samples.enumerated() {
                let v = big ? UInt16(bitPattern: s).bigEndian : UInt16(bitPattern: s).littleEndian
                withUnsafeBytes(of: v) {
                    out[2 * i] = $0[0]
                    out[2 * i + 1] = $0[1]
                }
            }
            count = samples.count * 2
        }
    }
}

/// Signal and error energy of an encoding, both at full scale: the SNR a listener gets, measured
/// against the input's own precision. No error at all means the output stored every sample exactly.
struct CodingLoss: Sendable {
    private(set) var signal = 0.0
    private(set) var noise = 0.0

    mutating func add(signal: Double, noise: Double) {
        self.signal += signal
        self.noise += noise
    }

    /// In dB; `nil` when nothing was lost.
    var snr: Double? {
        guard noise > 0 else { return nil }
        return signal > 0 ? 10 * log10(signal / noise) : -.infinity
    }
}
