import Foundation

/// Encodes 16-bit frames into the output data format, and measures what the encoding lost.
struct FrameEncoder {
    let format: AudioFormat
    let unsigned8: Bool
    private var ima: IMA4Encoder?
    /// Decodes our own IMA4 output again, so the SNR is what a player will hear.
    private var check: IMA4Decoder?
    private var awaitingCheck: [Int16] = []
    private(set) var frames: Int64 = 0
    private var signal: Double = 0
    private var noise: Double = 0

    init(format: AudioFormat, unsigned8: Bool) {
        self.format = format
        self.unsigned8 = unsigned8
        if format.encoding == .ima4 {
            ima = IMA4Encoder(channels: format.channels)
            check = IMA4Decoder(channels: format.channels)
        }
    }

    mutating func encode(_ samples: [Int16]) -> [UInt8] {
        frames += Int64(samples.count / format.channels)
        switch format.encoding {
        case .ima4:
            awaitingCheck.append(contentsOf: samples)
            let bytes = ima!.encode(samples)
            measureIMA4(bytes)
            return bytes
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
        let bytes = ima!.finish()
        measureIMA4(bytes)
        return bytes
    }

    var packets: Int64 { format.encoding == .ima4 ? ima!.packetsOut : frames }

    /// Signal-to-noise ratio of the encoding in dB; `nil` when it lost nothing (or there was no signal).
    var snr: Double? {
        guard noise > 0, signal > 0 else { return nil }
        return 10 * log10(signal / noise)
    }

    private mutating func measureIMA4(_ bytes: [UInt8]) {
        let decoded = check!.decode(bytes[...])
        // Padding decodes too; compare only frames that came from the input.
        let n = min(decoded.count, awaitingCheck.count)
        measure(Array(awaitingCheck.prefix(n)), Array(decoded.prefix(n)))
        awaitingCheck.removeFirst(n)
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
    samples.map { x in
        guard !x.isNaN else { return 0 }
        let v = (Double(x) * 32768).rounded()
        return Int16(max(-32768, min(32767, v)))
    }
}
