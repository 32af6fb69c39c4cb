import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCore

/// `@RATE`: every converter keeps a 997 Hz sine at least 100 dB clean, float in and float out,
/// and stereo channels (converted on separate cores) stay aligned and distinct.
@Suite struct ResamplerTests {
    /// A float64 CAF of a 997 Hz sine at `rate` (half scale), `channels` channels, the second one inverted.
    static func sine(rate: Double, seconds: Double, channels: Int = 1) -> [UInt8] {
        let frames = Int(rate * seconds)
        let format = StreamFormat(sampleRate: rate, channels: channels, coding: .float(64, order: .bigEndian))
        var audio: [UInt8] = []
        audio.reserveCapacity(frames * channels * 8)
        for f in 0..<frames {
            let v = 0.5 * sin(2 * .pi * 997 * Double(f) / rate)
            for c in 0..<channels { withUnsafeBytes(of: (c == 0 ? v : -v).bitPattern.bigEndian) { audio += $0 } }
        }
        return FileType.caff.carrying(format)!.header(frames: Int64(frames), audioBytes: Int64(audio.count)) + audio
    }

    /// SNR of channel `channel` of `samples` against the ideal sine at `rate`, away from the edges.
    static func snr(_ samples: [Double], channels: Int, channel: Int, rate: Double, sign: Double) -> Double {
        let frames = samples.count / channels
        var s = 0.0, e = 0.0
        for f in 2000..<(frames - 2000) {
            let ideal = sign * 0.5 * sin(2 * .pi * 997 * Double(f) / rate)
            s += ideal * ideal
            e += (samples[f * channels + channel] - ideal) * (samples[f * channels + channel] - ideal)
        }
        return 10 * log10(s / e)
    }

    @Test(
        arguments: ResamplerQuality.allCases,
        [(48000.0, 44100.0), (44100.0, 22050.0), (44100.0, 48000.0), (96000.0, 48000.0)])
    func sineStaysCleanerThan100dB(quality: ResamplerQuality, rates: (Double, Double)) throws {
        let scratch = try Scratch()
        let input = try scratch.write("sine.caf", Self.sine(rate: rates.0, seconds: 0.5, channels: 2))
        let options = ConversionOptions(
            dataFormat: try OutputDataFormat(parsing: "LEF32@" + Formatting.number(rates.1)), resamplerQuality: quality)
        let result = try Converter(options: options).convert(input: input, output: scratch.path("out.caf"))
        #expect(result.plan.resampler == quality)
        let samples = try openFrameReader(path: result.outputPath).read(maxFrames: 1 << 20)
        #expect(abs(samples.count / 2 - Int(rates.1 * 0.5)) <= 1, "the length follows the ratio")
        let left = Self.snr(samples, channels: 2, channel: 0, rate: rates.1, sign: 1)
        let right = Self.snr(samples, channels: 2, channel: 1, rate: rates.1, sign: -1)
        #expect(left >= 100 && right >= 100, "\(quality) \(rates): \(left) dB, \(right) dB")
    }

    @Test func smallBlocksResampleAlike() throws {
        let scratch = try Scratch()
        let input = try scratch.write("sine.caf", Self.sine(rate: 48000, seconds: 0.3, channels: 2))
        let options = ConversionOptions(dataFormat: try OutputDataFormat(parsing: "LEI24@44100"))
        _ = try Converter(options: options).convert(input: input, output: scratch.path("big.caf"))
        var small = Converter(options: options)
        small.blockBytes = 4096
        _ = try small.convert(input: input, output: scratch.path("small.caf"))
        let big = try Data(contentsOf: URL(fileURLWithPath: scratch.path("big.caf")))
        #expect(big == (try Data(contentsOf: URL(fileURLWithPath: scratch.path("small.caf")))))
    }

    @Test func noResamplerWithoutANewRate() throws {
        let plan = try ConversionPlan.make(
            input: "in.wav", output: "out.caf", rate: 44100, channels: 1,
            options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4@44100"), resamplerQuality: .best)
        )
        #expect(plan.resampler == nil)
    }
}

@Suite struct PolyphaseTests {
    @Test(arguments: [(44100.0, 22050.0), (48000.0, 44100.0), (22050.0, 48000.0), (8000.0, 44100.0)])
    func blocksOfAnySizeGiveTheSameSamples(rates: (Double, Double)) throws {
        let input: [Double] = (0..<5000).map { (i: Int) -> Double in
            let t = Double(i)
            return 0.5 * sin(t * 0.05) + 0.1 * sin(t * 1.3)
        }
        let whole = try #require(Polyphase(from: rates.0, to: rates.1)).process(input, end: true)
        let streamed = try #require(Polyphase(from: rates.0, to: rates.1))
        var out: [Double] = []
        var at = 0
        for size in [1, 7, 64, 3, 500, 1000, 13].cycled(until: input.count) {
            let end = min(at + size, input.count)
            out += streamed.process(Array(input[at..<end]), end: false)
            at = end
            if at == input.count { break }
        }
        out += streamed.process([], end: true)
        #expect(out == whole)
        let inputRate = Int(rates.0), outputRate = Int(rates.1)
        let expected: Int = (5000 * outputRate + inputRate - 1) / inputRate
        #expect(whole.count == expected)
    }

    @Test func unusualRatiosAreLeftToLibsamplerate() {
        #expect(Polyphase(from: 44100, to: 22050.7) == nil)
        #expect(Polyphase(from: 44101, to: 48000) == nil, "48000/44101 does not reduce: the table would be huge")
    }
}

extension Array {
    /// The elements repeated, `total` of them at least (block sizes for streaming tests).
    func cycled(until total: Int) -> [Element] {
        var out: [Element] = []
        while out.count < total { out += self }
        return out
    }
}
