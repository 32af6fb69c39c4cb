import CAudioLibraries
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

    var converter: Int32 {
        switch self {
        case .fastest: return Int32(AS_SRC_SINC_FASTEST)
        case .medium: return Int32(AS_SRC_SINC_MEDIUM_QUALITY)
        case .best: return Int32(AS_SRC_SINC_BEST_QUALITY)
        }
    }
}

/// Streams interleaved samples through libsamplerate: each channel through its own converter, on
/// its own core, for up to `parallelChannels` channels; wider inputs through one interleaved converter.
final class Resampler {
    static let parallelChannels = 8
    private let converters: [Converter]
    /// Our own filter, one per channel, for `.fastest` at ratios that are small fractions.
    private let filters: [Polyphase]
    private let channels: Int
    private let ratio: Double

    /// One libsamplerate state.
    final class Converter {
        let state: OpaquePointer
        let channels: Int
        let library: as_samplerate_api
        init(_ state: OpaquePointer, channels: Int, library: as_samplerate_api) {
            self.state = state
            self.channels = channels
            self.library = library
        }
        deinit { _ = library.destroy(state) }
    }

    /// libsamplerate's bounds (SRC_MAX_RATIO), which our own filter keeps too.
    static let ratioRange = (1.0 / 256)...256

    init(from inputRate: Double, to outputRate: Double, channels: Int, quality: ResamplerQuality = .fastest) throws {
        let ratio = outputRate / inputRate
        guard Self.ratioRange.contains(ratio) else {
            throw AlertSoundError(.invalidRequest, "cannot resample from \(Formatting.number(inputRate)) Hz to \(Formatting.number(outputRate)) Hz:"
                + " libsamplerate converts by factors of 1/256 to 256")
        }
        if quality == .fastest, let first = Polyphase(from: inputRate, to: outputRate) {
            // One table for all channels (it can be 2 MiB); each channel its own history.
            filters = [first] + (1..<channels).map { _ in first.fresh() }
            converters = []
            self.channels = channels
            self.ratio = ratio
            return
        }
        filters = []
        let library = try AudioLibraries.samplerate(for: "for --src-quality \(quality == .fastest ? "fastest at this ratio" : quality.rawValue)")
        let split = channels > 1 && channels <= Self.parallelChannels
        var converters: [Converter] = []
        for _ in 0..<(split ? channels : 1) {
            var error: Int32 = 0
            guard let state = library.create(quality.converter, Int32(split ? 1 : channels), &error) else {
                throw AlertSoundError(.outputFailed, "libsamplerate: \(String(cString: library.strerror(error)))")
            }
            converters.append(Converter(state, channels: split ? 1 : channels, library: library))
        }
        self.converters = converters
        self.channels = channels
        self.ratio = ratio
    }

    /// Converts `input`; with `end` set, also drains what the filters still hold. libsamplerate
    /// works in 32-bit floats, so a resampled signal keeps 24 bits of precision, far below its own error.
    func process(_ input: [Double], end: Bool) throws -> [Double] {
        let ratio = ratio, converters = converters, filters = filters
        if !filters.isEmpty {
            if channels == 1 { return filters[0].process(input, end: end) }
            return try Self.perChannel(input, channels: channels) { c, plane in filters[c].process(plane, end: end) }
        }
        if converters.count == 1 {
            return try Self.run(converters[0], input.map { Float($0) }, ratio: ratio, end: end).map { Double($0) }
        }
        return try Self.perChannel(input, channels: channels) { c, plane in
            try Self.run(converters[c], plane.map { Float($0) }, ratio: ratio, end: end).map { Double($0) }
        }
    }

    /// Splits interleaved `input` into channels, runs `transform` on each on its own core (channel
    /// `c` touches only its own converter or filter), and interleaves the results again.
    private static func perChannel(_ input: [Double], channels: Int, _ transform: (Int, [Double]) throws -> [Double]) throws -> [Double] {
        let frames = input.count / channels
        let planes = (0..<channels).map { c in [Double](unsafeUninitializedCapacity: frames) { out, n in
            for f in 0..<frames { out[f] = input[f * channels + c] }
            n = frames
        } }
        var results = [Result<[Double], Error>](repeating: .success([]), count: channels)
        results.withUnsafeMutableBufferPointer { results in
            let slots = results.baseAddress!
            concurrently(channels) { c in slots[c] = Result { try transform(c, planes[c]) } }
        }
        let outputs = try results.map { try $0.get() }
        let produced = outputs[0].count
        guard outputs.allSatisfy({ $0.count == produced }) else {
            throw AlertSoundError(.outputFailed, "the resampler gave the channels different lengths (\(outputs.map(\.count)))")
        }
        return [Double](unsafeUninitializedCapacity: produced * channels) { out, n in
            for f in 0..<produced {
                for c in 0..<channels { out[f * channels + c] = outputs[c][f] }
            }
            n = produced * channels
        }
    }

    private static func run(_ converter: Converter, _ input: [Float], ratio: Double, end: Bool) throws -> [Float] {
        let channels = converter.channels
        let inputFrames = input.count / channels
        let room = Int(Double(max(inputFrames, 1)) * ratio) + 4096
        var chunk = [Float](repeating: 0, count: room * channels)
        var output: [Float] = []
        var offset = 0
        while true {
            let (used, generated) = try input.withUnsafeBufferPointer { inBuf in
                try chunk.withUnsafeMutableBufferPointer { outBuf in
                    var data = as_src_data()
                    data.data_in = inBuf.baseAddress.map { $0 + offset * channels }
                    data.input_frames = inputFrames - offset
                    data.data_out = outBuf.baseAddress
                    data.output_frames = room
                    data.end_of_input = end ? 1 : 0
                    data.src_ratio = ratio
                    let error = converter.library.process(converter.state, &data)
                    if error != 0 { throw AlertSoundError(.outputFailed, "libsamplerate: \(String(cString: converter.library.strerror(error)))") }
                    return (Int(data.input_frames_used), Int(data.output_frames_gen))
                }
            }
            offset += used
            output.append(contentsOf: chunk[0..<generated * channels])
            let drained = offset >= inputFrames && (!end || generated == 0)
            if drained || (used == 0 && generated == 0) { break }
        }
        return output
    }
}
