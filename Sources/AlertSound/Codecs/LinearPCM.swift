import Foundation

/// Linear PCM of every width, from full-scale samples (±1.0) that carry every input value exactly.
///
/// Integers of N bits scale by 2^(N-1), round to nearest once and clip; floats keep values past
/// full scale (32-bit rounds to nearest once, 64-bit is exact). So intN -> intM (M >= N), int <= 24
/// and float32 -> float32, and anything -> float64 are bit-exact.
public enum LinearPCM {
    /// Packs `samples` and adds what the packing lost to `loss`.
    static func encode(_ samples: [Double], bits: Int, isFloat: Bool, isBigEndian: Bool, unsigned8: Bool, loss: inout CodingLoss) -> [UInt8] {
        let width = bits / 8
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
                    let r = v.isNaN ? 0 : min(max((v * scale).rounded(), -scale), scale - 1)
                    coded = r / scale
                    let integer = Int64(r)
                    pattern = bits == 8 && unsigned8 ? UInt64(integer + 128) : UInt64(bitPattern: integer)
                }
                if !v.isNaN {
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

    /// 16-bit samples into 16-bit PCM: the direct path, with no conversion to do.
    static func encode16(_ samples: [Int16], isBigEndian: Bool) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: samples.count * 2) { out, count in
            for (i, s) in samples.enumerated() {
                let v = isBigEndian ? UInt16(bitPattern: s).bigEndian : UInt16(bitPattern: s).littleEndian
                withUnsafeBytes(of: v) { out[2 * i] = $0[0]; out[2 * i + 1] = $0[1] }
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
        return signal > 0 ? 10 * (signal / noise).log10 : -.infinity
    }
}

private extension Double {
    var log10: Double { Foundation.log10(self) }
}
