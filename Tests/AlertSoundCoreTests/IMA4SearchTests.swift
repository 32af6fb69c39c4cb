import Foundation
import Testing

@testable import AlertSoundCore

/// `--quality high`: a standard IMA4 stream (our decoder, which keeps or resets its state as Apple's
/// and FFmpeg's do, reproduces exactly what the encoder measured), never noisier than afconvert's
/// encoder, and clearly less noisy where a search can help.
@Suite struct IMA4SearchTests {
    struct Signal: Sendable, CustomTestStringConvertible {
        var name: String
        var channels: Int
        var samples: [Int16]
        var testDescription: String { "\(name) (\(channels) ch)" }
    }

    /// Short, deterministic signals of the kinds the benchmark uses: tonal, pulsed, noisy, clicky.
    static let signals: [Signal] = {
        var seed: UInt32 = 7
        func noise() -> Double {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Double(seed >> 8) / Double(1 << 23) - 1
        }
        func make(_ frames: Int, _ f: (Int) -> Double) -> [Int16] {
            (0..<frames).map { Int16(max(-32768, min(32767, (f($0) * 32767).rounded()))) }
        }
        let n = 4096
        let tone = make(n) { 0.5 * sin(Double($0) * 0.07) + 0.2 * sin(Double($0) * 0.31) }
        // A resonance struck every 300 samples, as a voice's formants are by each glottal pulse.
        let pulses = make(n) { i in 0.7 * exp(-Double(i % 300) / 30) * sin(0.6 * Double(i % 300)) }
        let hiss = make(n) { _ in 0.1 * noise() }
        let clicks = make(n) { i in
            0.001 * sin(Double(i) * 0.01)
                + (i % 1000 < 40 ? 0.7 * exp(-Double(i % 1000) / 6) * cos(0.43 * Double(i % 1000)) : 0)
        }
        let stereo = zip(tone, pulses).flatMap { [$0, $1] }
        return [
            Signal(name: "tone", channels: 1, samples: tone), Signal(name: "pulses", channels: 1, samples: pulses),
            Signal(name: "hiss", channels: 1, samples: hiss), Signal(name: "clicks", channels: 1, samples: clicks),
            Signal(name: "tone+pulses", channels: 2, samples: stereo)
        ]
    }()

    /// Encodes, decodes with our decoder, and returns the stream, its measured SNR and the decoded SNR.
    static func roundTrip(
        _ signal: Signal, quality: EncoderQuality
    ) -> (bytes: [UInt8], measured: Double, decoded: Double) {
        var encoder = IMA4Encoder(channels: signal.channels, measuresNoise: true, quality: quality)
        let bytes = encoder.encode(signal.samples) + encoder.finish()
        var decoder = IMA4Decoder(channels: signal.channels)
        let decoded = decoder.decode(bytes[...])
        // The encoder measures the padding it adds too (its error is heard), so compare over all of it.
        let padded = signal.samples + [Int16](repeating: 0, count: decoded.count - signal.samples.count)
        var s = 0.0, e = 0.0
        for (i, x) in padded.enumerated() {
            s += Double(x) * Double(x)
            e += (Double(x) - Double(decoded[i])) * (Double(x) - Double(decoded[i]))
        }
        let measured = 10 * log10(encoder.signalEnergy / encoder.noiseEnergy)
        return (bytes, measured, 10 * log10(s / e))
    }

    @Test(arguments: signals)
    func decodersHearWhatTheEncoderMeasured(signal: Signal) {
        let high = Self.roundTrip(signal, quality: .high)
        // Exactly the same error: our decoder applies the keep-or-reset rule the search relied on.
        #expect(abs(high.measured - high.decoded) < 1e-9, "measured \(high.measured) dB, decoded \(high.decoded) dB")
    }

    @Test(arguments: signals)
    func neverNoisierThanAfconvertsEncoder(signal: Signal) {
        let standard = Self.roundTrip(signal, quality: .standard)
        let high = Self.roundTrip(signal, quality: .high)
        #expect(high.decoded >= standard.decoded, "\(high.decoded) dB against the greedy \(standard.decoded) dB")
        #expect(high.bytes.count == standard.bytes.count, "the same packets, only better chosen")
    }

    @Test func searchingPaysOff() {
        let gains = Self.signals.map {
            Self.roundTrip($0, quality: .high).decoded - Self.roundTrip($0, quality: .standard).decoded
        }
        // The benchmark (scripts/bench-quality) shows the real figures; here, only that the search earns its time.
        #expect(gains.reduce(0, +) / Double(gains.count) > 0.5, "gains \(gains)")
    }

    @Test func standardQualityIsStillAfconvertsBytes() {
        // The default path must not have moved: the greedy quantizer through the same seam.
        let signal = Self.signals[1]
        var encoder = IMA4Encoder(channels: 1)
        let bytes = encoder.encode(signal.samples) + encoder.finish()
        var state = IMA4.ChannelState()
        var reference: [UInt8] = []
        let padded = signal.samples + [Int16](repeating: 0, count: 64 - signal.samples.count % 64)
        for p in 0..<(padded.count / 64) {
            reference += [UInt8(state.preamble >> 8), UInt8(state.preamble & 0xFF)]
            for b in 0..<32 {
                let low = state.encode(padded[64 * p + 2 * b]), high = state.encode(padded[64 * p + 2 * b + 1])
                reference.append(low | high << 4)
            }
        }
        #expect(bytes == reference)
    }

    @Test func resetsAreOnesTheDecoderHonours() {
        // Every preamble differs from the running state only where the decoder resets to it: decode
        // with a decoder that always resets and with one that always keeps, and ours must match the
        // encoder's own reconstruction (checked above) while at least one packet used a reset.
        let signal = Self.signals[3]
        let bytes = Self.roundTrip(signal, quality: .high).bytes
        var running = IMA4.ChannelState()
        var resets = 0
        var out = [Int16](repeating: 0, count: 64)
        for p in 0..<(bytes.count / 34) {
            let packet = bytes[(34 * p)..<(34 * p + 34)]
            let preamble = UInt16(packet[packet.startIndex]) << 8 | UInt16(packet[packet.startIndex + 1])
            if preamble != running.preamble { resets += 1 }
            out.withUnsafeMutableBufferPointer {
                IMA4.decodePacket(&running, packet: packet, into: $0, start: 0, stride: 1)
            }
        }
        #expect(resets > 0, "the clicks should make the search restart the decoder somewhere")
    }
}

/// `--quality high`'s time is bounded by construction: the paths the search makes add up to at
/// most a fixed allowance plus `budgetWidth` paths' worth a packet, whatever the material; sparse
/// attacks and short sounds still get the widest search. (scripts/bench-quality times the worst case.)
@Suite struct IMA4SearchBudgetTests {
    typealias Q = IMA4.SearchingQuantizer

    /// Widths given to `wanted(p)` for packets 0..<count, each making `pathsPerWidth` paths a width.
    static func widths(_ count: Int, credit start: Int, wanted: (Int) -> Int) -> [Int] {
        var credit = start
        return (0..<count).map { p in
            let width = Q.width(wanted(p), credit: &credit)
            credit -= width * Q.pathsPerWidth
            return width
        }
    }

    @Test func hardFromEndToEndSettlesAtTheBudget() {
        let packets = 100_000
        let widths = Self.widths(packets, credit: Q.creditCap) { _ in Q.hardWidth }
        #expect(
            widths.reduce(0, +) * Q.pathsPerWidth <= Q.creditCap + Q.budgetPaths * packets + Q.minimumWidth
                * Q.pathsPerWidth)
        // The allowance first: a sound's first second or two gets the full search.
        let full = Q.creditCap / (Q.hardWidth * Q.pathsPerWidth - Q.budgetPaths)
        #expect(full > 1000 && widths.prefix(full).allSatisfy { $0 == Q.hardWidth })
        #expect(widths.suffix(1000).allSatisfy { $0 <= Q.budgetPaths / Q.pathsPerWidth + 1 && $0 >= Q.minimumWidth })
    }

    @Test func sparseAttacksKeepTheWidestSearchWhileTheAllowanceLasts() {
        // An attack every 20 packets (30 ms), smooth packets between: the allowance pays for every
        // attack's full search over the first several seconds (mono 44.1 kHz: 689 packets a
        // second); past it, attacks and smooth packets alike get what the budget affords.
        let widths = Self.widths(20_000, credit: Q.creditCap) { $0 % 20 == 19 ? Q.hardWidth : Q.easyWidth }
        let attacks = stride(from: 19, to: 20_000, by: 20).map { widths[$0] }
        #expect(attacks.prefix(250).allSatisfy { $0 == Q.hardWidth }, "the first 5,000 packets' attacks")
        #expect(attacks.suffix(100).allSatisfy { $0 >= Q.minimumWidth && $0 <= Q.budgetPaths / Q.pathsPerWidth + 1 })
        #expect(Q.hardWidth * Q.codesPerPath < 128, "a sample's new paths are counted in an Int8")
    }

    /// Issue 47, item 2: budget by need. A block of quiet packets with loud attacks among them, past
    /// the allowance: the plan gives the attacks the widest search and the quiet packets the
    /// least, and spends no more than the credit and the block's budget.
    @Test func thePlanSpendsTheBudgetWhereTheErrorIs() {
        var q = Q()
        // Spend the allowance first, as a long sound's first seconds would.
        var credit = Q.creditCap
        for _ in 0..<20_000 { credit -= Q.width(Q.hardWidth, credit: &credit) * Q.pathsPerWidth }
        q.setCredit(credit)
        let packets = 400
        var samples = [Int16](repeating: 0, count: packets * IMA4.framesPerPacket)
        var seed: UInt32 = 1
        for p in 0..<packets {
            let loud = p % 40 == 7
            for i in 0..<IMA4.framesPerPacket {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = Int16(truncatingIfNeeded: Int32(seed >> 16) - 32768)
                samples[p * IMA4.framesPerPacket + i] = loud ? noise : noise / 256
            }
        }
        samples.withUnsafeBufferPointer { buffer in
            q.plan(
                IMA4.ChannelState(), samples: buffer, start: 0, stride: 1, packetStride: IMA4.framesPerPacket,
                packets: packets)
        }
        let widths = q.plannedWidths
        #expect(widths.count == packets)
        let loud = stride(from: 7, to: packets, by: 40).map { widths[$0] }
        #expect(loud.allSatisfy { $0 == Q.hardWidth }, "\(loud)")
        #expect(widths.allSatisfy { $0 >= Q.minimumWidth })
        #expect(widths.reduce(0, +) * Q.pathsPerWidth <= max(credit, 0) + packets * Q.budgetPaths)
        // The quiet packets share what is left: never more than an attack, and not all of them the widest.
        let quiet = widths.enumerated().filter { $0.offset % 40 != 7 }.map(\.element)
        #expect(quiet.max()! <= loud.min()! && quiet.contains { $0 < Q.hardWidth })
    }
}
