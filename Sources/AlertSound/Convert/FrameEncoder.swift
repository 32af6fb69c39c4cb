import Foundation

/// Encodes frames into the output data format, and measures what the encoding lost.
///
/// Three ways in: full-scale `Double` samples (every input value exact, the general path), 16-bit
/// samples (the direct path: 16-bit input with nothing to convert pays for no float round trip),
/// and G.711 codes passed through when the input already has the output's law.
struct FrameEncoder {
    let format: AudioFormat
    let unsigned8: Bool
    let measuresLoss: Bool
    private var ima: IMA4Encoder?
    private(set) var frames: Int64 = 0
    private var loss = CodingLoss()

    init(format: AudioFormat, unsigned8: Bool, measuresLoss: Bool = true) {
        self.format = format
        self.unsigned8 = unsigned8
        self.measuresLoss = measuresLoss
        if format.encoding == .ima4 {
            ima = IMA4Encoder(channels: format.channels, measuresNoise: measuresLoss)
        }
    }

    mutating func encode(_ samples: [Double]) -> [UInt8] {
        frames += Int64(samples.count / format.channels)
        switch format.encoding {
        case let .pcm(bits, isFloat, isBigEndian):
            return LinearPCM.encode(samples, bits: bits, isFloat: isFloat, isBigEndian: isBigEndian, unsigned8: unsigned8, loss: &loss)
        case .ima4:
            // IMA4 and G.711 take 16-bit input; rounding to it happens once, here.
            return ima!.encode(quantize16(samples))
        case .ulaw, .alaw:
            return g711(quantize16(samples), exact: samples)
        }
    }

    mutating func encode(_ samples: [Int16]) -> [UInt8] {
        switch format.encoding {
        case .pcm(16, false, let isBigEndian):
            frames += Int64(samples.count / format.channels)
            return LinearPCM.encode16(samples, isBigEndian: isBigEndian)
        case .pcm:
            return encode(samples.map { Double($0) / 32768 })
        case .ima4:
            frames += Int64(samples.count / format.channels)
            return ima!.encode(samples)
        case .ulaw, .alaw:
            frames += Int64(samples.count / format.channels)
            return g711(samples, exact: nil)
        }
    }

    /// G.711 codes of the output's own law, copied: decoding and re-encoding would fold µ-law's
    /// negative zero into positive zero.
    mutating func passThrough(_ codes: [UInt8]) -> [UInt8] {
        frames += Int64(codes.count / format.channels)
        return codes
    }

    /// Companded codes, with the loss measured against `exact` (or the 16-bit samples themselves).
    private mutating func g711(_ samples: [Int16], exact: [Double]?) -> [UInt8] {
        let isULaw = format.encoding == .ulaw
        let codes = samples.map(isULaw ? G711.encodeULaw : G711.encodeALaw)
        var signal = 0.0, noise = 0.0
        for (i, code) in codes.enumerated() {
            let x = exact?[i] ?? Double(samples[i]) / 32768
            guard !x.isNaN else { continue }
            let error = Double(isULaw ? G711.decodeULaw(code) : G711.decodeALaw(code)) / 32768 - x
            signal += x * x
            noise += error * error
        }
        loss.add(signal: signal, noise: noise)
        return codes
    }

    /// The last (padded) packet, for IMA4; nothing for the others.
    mutating func finish() -> [UInt8] {
        guard format.encoding == .ima4 else { return [] }
        return ima!.finish()
    }

    var packets: Int64 { format.encoding == .ima4 ? ima!.packetsOut : frames }

    /// Signal-to-noise ratio of the encoding in dB; `nil` when every sample was stored exactly (or
    /// when not measuring).
    var snr: Double? {
        guard measuresLoss else { return nil }
        if let ima {
            guard ima.noiseEnergy > 0 else { return nil }
            return ima.signalEnergy > 0 ? 10 * log10(ima.signalEnergy / ima.noiseEnergy) : -.infinity
        }
        return loss.snr
    }
}

/// Rounds full-scale samples to the nearest 16-bit value and clips; NaN becomes silence.
func quantize16(_ samples: [Double]) -> [Int16] {
    [Int16](unsafeUninitializedCapacity: samples.count) { out, count in
        for i in 0..<samples.count {
            let v = (samples[i] * 32768).rounded()
            out[i] = v.isNaN ? 0 : Int16(max(-32768, min(32767, v)))
        }
        count = samples.count
    }
}
