import Foundation

/// Encodes 16-bit frames into the output data format, and measures what the encoding lost.
struct FrameEncoder {
    let format: AudioFormat
    let unsigned8: Bool
    private var ima: IMA4Encoder?
    private(set) var frames: Int64 = 0
    private var signal: Double = 0
    private var noise: Double = 0

    init(format: AudioFormat, unsigned8: Bool) {
        self.format = format
        self.unsigned8 = unsigned8
        if format.encoding == .ima4 {
            ima = IMA4Encoder(channels: format.channels)
        }
    }

    mutating func encode(_ samples: [Int16]) -> [UInt8] {
        frames += Int64(samples.count / format.channels)
        switch format.encoding {
        case .ima4:
            return ima!.encode(samples)
        case .ulaw:
            let codes = samples.map(G711.encodeULaw)
            measure(samples, codes.map(G711.decodeULaw))
            return codes
        case .alaw:
            let codes = samples.map(G711.encodeALaw)
            measure(samples, codes.map(G711.decodeALaw))
            return codes
        case let .pcm(bits, isFloat, isBigEndian):
            if bits == 8 { measure(samples, samples.map { Int16(clamping: min(127, (Int($0) + 128) >> 8) << 8) }) } else { measure(samples, samples) }
            return LinearPCM.encode(samples, bits: bits, isFloat: isFloat, isBigEndian: isBigEndian, unsigned8: unsigned8)
        }
    }

    /// The last (padded) packet, for IMA4; nothing for the others.
    mutating func finish() -> [UInt8] {
        guard format.encoding == .ima4 else { return [] }
        return ima!.finish()
    }

    var packets: Int64 { format.encoding == .ima4 ? ima!.packetsOut : frames }

    /// Signal-to-noise ratio of the encoding in dB; `nil` when it lost nothing (or there was no signal).
    var snr: Double? {
        let (s, n) = ima.map { ($0.signalEnergy, $0.noiseEnergy) } ?? (signal, noise)
        guard n > 0, s > 0 else { return nil }
        return 10 * log10(s / n)
    }

    private mutating func measure(_ original: [Int16], _ coded: [Int16]) {
        for (a, b) in zip(original, coded) {
            let x = Double(a)
            let d = x - Double(b)
            signal += x * x
            noise += d * d
        }
    }
}

/// Rounds to the nearest 16-bit value and clips; NaN becomes silence.
func quantize(_ samples: [Float]) -> [Int16] {
    [Int16](unsafeUninitializedCapacity: samples.count) { out, count in
        for i in 0..<samples.count {
            let v = (Double(samples[i]) * 32768).rounded()
            out[i] = v.isNaN ? 0 : Int16(max(-32768, min(32767, v)))
        }
        count = samples.count
    }
}
