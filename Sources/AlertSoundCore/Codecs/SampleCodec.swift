/// An encoder for one sample coding: full-scale samples in (every input value exact), coded bytes
/// out, and what the coding lost measured against its own input when asked. The container writer
/// never touches samples; the converter never knows a coding's arithmetic.
protocol SampleEncoder {
    mutating func encode(_ samples: [Double]) -> [UInt8]
    /// 16-bit samples, for the direct path (16-bit input with nothing to convert).
    mutating func encode(_ samples: [Int16]) -> [UInt8]
    /// What a partly filled packet still holds, padded as afconvert pads.
    mutating func finish() -> [UInt8]
    /// Packets written: 64-frame packets for IMA4, frames for the others.
    /// What the coding lost so far; `nil` when not measuring.
    var loss: CodingLoss? { get }
}

/// A decoder for one sample coding: coded bytes in, full-scale samples out, every value exact.
protocol SampleDecoder {
    mutating func decodeSamples(_ bytes: ArraySlice<UInt8>) -> [Double]
}

/// Linear PCM of one layout (`LinearPCM` does the packing).
struct PCMEncoder: SampleEncoder {
    let format: PCMFormat
    private var measured: CodingLoss?

    init(format: PCMFormat, measuresLoss: Bool) {
        self.format = format
        measured = measuresLoss ? CodingLoss() : nil
    }

    var loss: CodingLoss? { measured }

    mutating func encode(_ samples: [Double]) -> [UInt8] {
        var sink = measured ?? CodingLoss()
        defer { if measured != nil { measured = sink } }
        return LinearPCM.encode(samples, format: format, loss: &sink)
    }

    mutating func encode(_ samples: [Int16]) -> [UInt8] {
        guard format.isInt16 else { return encode(samples.map { Double($0) / 32768 }) }
        return LinearPCM.encode16(samples, order: format.order)
    }

    mutating func finish() -> [UInt8] { [] }
}

/// Linear PCM decoding of one layout.
struct PCMDecoder: SampleDecoder {
    let layout: PCMFormat
    mutating func decodeSamples(_ bytes: ArraySlice<UInt8>) -> [Double] { LinearPCM.decode(bytes, layout: layout) }
}

/// G.711 µ-law or A-law. The codec takes 16-bit samples; the rounding to them happens here, once.
struct G711Encoder: SampleEncoder {
    let isULaw: Bool
    private var measured: CodingLoss?

    init(uLaw: Bool, measuresLoss: Bool) {
        isULaw = uLaw
        measured = measuresLoss ? CodingLoss() : nil
    }

    var loss: CodingLoss? { measured }

    mutating func encode(_ samples: [Double]) -> [UInt8] { encode(quantize16(samples), exact: samples) }
    mutating func encode(_ samples: [Int16]) -> [UInt8] { encode(samples, exact: nil) }
    mutating func finish() -> [UInt8] { [] }

    /// Companded codes, with the loss measured against `exact` (or the 16-bit samples themselves).
    private mutating func encode(_ samples: [Int16], exact: [Double]?) -> [UInt8] {
        let codes = samples.map(isULaw ? G711.encodeULaw : G711.encodeALaw)
        guard measured != nil else { return codes }
        var signal = 0.0, noise = 0.0
        for (i, code) in codes.enumerated() {
            let x = exact?[i] ?? Double(samples[i]) / 32768
            guard x.isFinite else { continue }
            let error = Double(isULaw ? G711.decodeULaw(code) : G711.decodeALaw(code)) / 32768 - x
            signal += x * x
            noise += error * error
        }
        measured?.add(signal: signal, noise: noise)
        return codes
    }
}

/// G.711 decoding.
struct G711Decoder: SampleDecoder {
    let isULaw: Bool
    mutating func decodeSamples(_ bytes: ArraySlice<UInt8>) -> [Double] {
        bytes.map { Double(isULaw ? G711.decodeULaw($0) : G711.decodeALaw($0)) / 32768 }
    }
}

extension IMA4Encoder: SampleEncoder {
    mutating func encode(_ samples: [Double]) -> [UInt8] { encode(quantize16(samples)) }

    /// The quantizer's own energies are in 16-bit units; the ratio is what matters.
    var loss: CodingLoss? {
        guard measuresNoise else { return nil }
        var loss = CodingLoss()
        loss.add(signal: signalEnergy, noise: noiseEnergy)
        return loss
    }
}

extension IMA4Decoder: SampleDecoder {
    mutating func decodeSamples(_ bytes: ArraySlice<UInt8>) -> [Double] { decode(bytes).map { Double($0) / 32768 } }
}

/// `x.rounded()` (to nearest, ties away from zero) without a call into libm: the processor rounds
/// ties to even in one instruction, and the rare exact tie is corrected. This runs for every sample
/// a conversion narrows (measured: libm's `round` was a tenth of a resampled conversion's time).
@inline(__always)
func roundHalfAway(_ x: Double) -> Double {
    let even = x.rounded(.toNearestOrEven)
    return abs(x - even) == 0.5 ? x + (x < 0 ? -0.5 : 0.5) : even
}

/// Rounds full-scale samples to the nearest 16-bit value and clips; NaN becomes silence.
func quantize16(_ samples: [Double]) -> [Int16] {
    [Int16](unsafeUninitializedCapacity: samples.count) { out, count in
        for i in 0..<samples.count {
            let v = roundHalfAway(samples[i] * 32768)
            out[i] = v.isNaN ? 0 : Int16(max(-32768, min(32767, v)))
        }
        count = samples.count
    }
}
