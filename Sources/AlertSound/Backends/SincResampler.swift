import AlertSoundCore
import CAudioLibraries

extension ResamplerQuality {
    var converter: Int32 {
        switch self {
        case .fastest: return Int32(AS_SRC_SINC_FASTEST)
        case .medium: return Int32(AS_SRC_SINC_MEDIUM_QUALITY)
        case .best: return Int32(AS_SRC_SINC_BEST_QUALITY)
        }
    }
}

/// libsamplerate's sinc converters behind the core's `Resampler`: each channel through its own
/// converter, on its own core, for up to `Resampler.parallelChannels` channels; wider inputs through
/// one interleaved converter. libsamplerate works in 32-bit floats, so a resampled signal keeps 24
/// bits of precision, far below its own error.
final class SincResampler: Stage {
    private let converters: [Converter]
    private let ratio: Double
    private let channels: Int

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

    init(ratio: Double, channels: Int, quality: ResamplerQuality, purpose: String) throws {
        let library = try AudioLibraries.samplerate(for: purpose)
        let split = channels > 1 && channels <= Resampler.parallelChannels
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

    var isIdentity: Bool { false }

    func process(_ input: [Double], end: Bool) throws -> [Double] {
        let ratio = ratio, converters = converters
        if converters.count == 1 {
            return try Self.run(converters[0], input.map { Float($0) }, ratio: ratio, end: end).map { Double($0) }
        }
        return try Resampler.perChannel(input, channels: channels) { c, plane in
            try Self.run(converters[c], plane.map { Float($0) }, ratio: ratio, end: end).map { Double($0) }
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
                    if error != 0 {
                        throw AlertSoundError(
                            .outputFailed, "libsamplerate: \(String(cString: converter.library.strerror(error)))")
                    }
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
