import CSampleRate

/// Streams interleaved floats through libsamplerate's best sinc converter.
final class Resampler {
    private let state: OpaquePointer
    private let channels: Int
    private let ratio: Double

    init(from inputRate: Double, to outputRate: Double, channels: Int) throws {
        // Checked before anything is allocated: a throwing init of a class whose properties are all
        // set still runs deinit, so freeing here too was a double free (found by the convert fuzzer).
        let ratio = outputRate / inputRate
        guard src_is_valid_ratio(ratio) != 0 else {
            throw ConversionError(.usage, "cannot resample from \(Formatting.number(inputRate)) Hz to \(Formatting.number(outputRate)) Hz:"
                + " libsamplerate converts by factors of 1/256 to 256")
        }
        var error: Int32 = 0
        guard let state = src_new(Int32(SRC_SINC_BEST_QUALITY), Int32(channels), &error) else {
            throw ConversionError(.output, "libsamplerate: \(String(cString: src_strerror(error)))")
        }
        self.state = state
        self.channels = channels
        self.ratio = ratio
    }

    deinit { src_delete(state) }

    /// Converts `input`; with `end` set, also drains what the filter still holds. libsamplerate
    /// works in 32-bit floats, so a resampled signal keeps 24 bits of precision, far below its own error.
    func process(_ input: [Double], end: Bool) throws -> [Double] {
        try process(input.map { Float($0) }, end: end).map { Double($0) }
    }

    func process(_ input: [Float], end: Bool) throws -> [Float] {
        let inputFrames = input.count / channels
        let room = Int(Double(max(inputFrames, 1)) * ratio) + 4096
        var chunk = [Float](repeating: 0, count: room * channels)
        var output: [Float] = []
        var offset = 0
        while true {
            let (used, generated) = try step(input, from: offset, end: end, into: &chunk, room: room)
            offset += used
            output.append(contentsOf: chunk[0..<generated * channels])
            let drained = offset >= inputFrames && (!end || generated == 0)
            if drained || (used == 0 && generated == 0) { break }
        }
        return output
    }

    private func step(_ input: [Float], from offset: Int, end: Bool, into chunk: inout [Float], room: Int) throws -> (Int, Int) {
        try input.withUnsafeBufferPointer { inBuf in
            try chunk.withUnsafeMutableBufferPointer { outBuf in
                var data = SRC_DATA()
                data.data_in = inBuf.baseAddress.map { $0 + offset * channels }
                data.input_frames = input.count / channels - offset
                data.data_out = outBuf.baseAddress
                data.output_frames = room
                data.end_of_input = end ? 1 : 0
                data.src_ratio = ratio
                let error = src_process(state, &data)
                if error != 0 { throw ConversionError(.output, "libsamplerate: \(String(cString: src_strerror(error)))") }
                return (Int(data.input_frames_used), Int(data.output_frames_gen))
            }
        }
    }
}
