import Dispatch

/// Which converter resamples. `fastest` is alertsound's own polyphase filter (`Polyphase`) where the
/// rates are a small fraction apart (every usual pair), else libsamplerate's fastest sinc; `medium`
/// and `best` are libsamplerate's. Measured on a 997 Hz sine (float in, float out): libsamplerate's
/// fastest 102.6-146 dB SNR, medium 127-154 dB, best 140-154 dB over 44.1->22.05, 48->44.1, 44.1->48
/// and 96->44.1 kHz, at about 1 : 2.1 : 7 the time. Every one is far below what a 16-bit or IMA4
/// output can hold, so the default is the fastest.
public enum ResamplerQuality: String, Sendable, Hashable, CaseIterable {
    /// alertsound's polyphase filter, else libsamplerate's fastest sinc.
    case fastest
    /// libsamplerate's medium sinc.
    case medium
    /// libsamplerate's best sinc.
    case best
}

/// Streams interleaved samples to another rate: alertsound's own polyphase filter (`Polyphase`,
/// one per channel) for `.fastest` at the usual ratios, else libsamplerate's sinc, which the
/// AlertSound library provides (``AudioBackends``) and AlertSoundCore alone does not have.
package final class Resampler {
    package static let parallelChannels = 8
    /// Our own filter, one per channel, for `.fastest` at ratios that are small fractions.
    private let filters: [Polyphase]
    /// libsamplerate, from the library above the core.
    private let sinc: (any Stage)?
    private let channels: Int

    /// libsamplerate's bounds (SRC_MAX_RATIO), which our own filter keeps too.
    static let ratioRange = (1.0 / 256)...256

    init(from inputRate: Double, to outputRate: Double, channels: Int, quality: ResamplerQuality = .fastest) throws {
        let ratio = outputRate / inputRate
        guard Self.ratioRange.contains(ratio) else {
            throw AlertSoundError(
                .invalidRequest,
                "cannot resample from \(Formatting.number(inputRate)) Hz to \(Formatting.number(outputRate)) Hz:"
                    + " libsamplerate converts by factors of 1/256 to 256")
        }
        self.channels = channels
        if quality == .fastest, let first = Polyphase(from: inputRate, to: outputRate) {
            // One table for all channels (it can be 2 MiB); each channel its own history.
            filters = [first] + (1..<channels).map { _ in first.fresh() }
            sinc = nil
            return
        }
        let why = quality == .fastest ? "at this ratio" : "at --src-quality \(quality.rawValue)"
        guard let backends = InstalledBackends.type else {
            throw AlertSoundError(
                .unsupported,
                "resampling from \(Formatting.number(inputRate)) Hz to \(Formatting.number(outputRate)) Hz \(why) needs "
                    + "libsamplerate, which the AlertSound library loads and AlertSoundCore alone does not")
        }
        filters = []
        sinc = try backends.sincResampler(
            ratio: ratio, channels: channels, quality: quality,
            purpose: "for --src-quality \(quality == .fastest ? "fastest at this ratio" : quality.rawValue)")
    }

    /// Converts `input`; with `end` set, also drains what the filters still hold.
    package func process(_ input: [Double], end: Bool) throws -> [Double] {
        if let sinc { return try sinc.process(input, end: end) }
        let filters = filters
        if channels == 1 { return filters[0].process(input, end: end) }
        return try Self.perChannel(input, channels: channels) { c, plane in filters[c].process(plane, end: end) }
    }

    /// Splits interleaved `input` into channels, runs `transform` on each on its own core (channel
    /// `c` touches only its own converter or filter), and interleaves the results again.
    package static func perChannel(
        _ input: [Double], channels: Int, _ transform: (Int, [Double]) throws -> [Double]
    ) throws -> [Double] {
        let frames = input.count / channels
        let planes = (0..<channels).map { c in
            [Double](unsafeUninitializedCapacity: frames) { out, n in
                for f in 0..<frames { out[f] = input[f * channels + c] }
                n = frames
            }
        }
        var results = [Result<[Double], Error>](repeating: .success([]), count: channels)
        results.withUnsafeMutableBufferPointer { results in
            let slots = results.baseAddress!
            concurrently(channels) { c in slots[c] = Result { try transform(c, planes[c]) } }
        }
        let outputs = try results.map { try $0.get() }
        let produced = outputs[0].count
        guard outputs.allSatisfy({ $0.count == produced }) else {
            throw AlertSoundError(
                .outputFailed, "the resampler gave the channels different lengths (\(outputs.map(\.count)))")
        }
        return [Double](unsafeUninitializedCapacity: produced * channels) { out, n in
            for f in 0..<produced {
                for c in 0..<channels { out[f * channels + c] = outputs[c][f] }
            }
            n = produced * channels
        }
    }

}
