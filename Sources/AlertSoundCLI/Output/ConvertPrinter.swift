import AlertSound

/// afconvert's `-v` report, plus the encode's signal-to-noise ratio.
enum ConvertPrinter {
    static func verbose(input: String, result: ConversionResult, outputTruePeak: Double?) -> String {
        let plan = result.plan
        var out = "Input file: \(input), \(result.inputFrames.map { "\($0) frames" } ?? "length unknown")\n"
        out += "Formats:\n"
        out += "  Input file     \(result.inputDescription)\n"
        out += "  Output file    \(plan.output)\n"
        if let resampler = plan.resampler {
            out += "  Resampled      \(Formatting.number(plan.inputRate)) Hz to \(Formatting.number(plan.output.sampleRate)) Hz (\(resampler.rawValue) sinc converter)\n"
        }
        if !plan.channelMap.isIdentity || plan.channelMap.outputChannels != plan.inputChannels {
            let how = plan.channelMap.sources.map { $0.count == 1 ? "in \($0[0] + 1)" : "mean of " + $0.map { "in \($0 + 1)" }.joined(separator: "+") }
            out += "  Channels       \(how.enumerated().map { "out \($0.offset + 1) = \($0.element)" }.joined(separator: ", "))\n"
        }
        out += "Output file: \(result.outputPath) (\(plan.fileType.rawValue)), \(result.packets) packets, \(result.frames) valid frames, \(result.fileSize) bytes\n"
        if let snr = result.snr {
            out += "Encode SNR: \(Formatting.tenths(snr)) dB\n"
        } else if result.lossless == true {
            out += "Encode SNR: lossless (every sample is stored exactly)\n"
        }
        if let peak = outputTruePeak {
            out += "Output true peak: \(Formatting.tenths(peak)) dBTP (as decoded)\n"
        }
        return out
    }

    /// `convert --format json`: every input's result, in order, and a summary.
    static func json(_ results: [(input: String, result: Result<ConversionResult, AlertSoundError>)]) -> String {
        JSONPrinter.render(Document(results: results))
    }

    private struct Document: Encodable {
        let results: [(input: String, result: Result<ConversionResult, AlertSoundError>)]

        enum Keys: String, CodingKey { case schemaVersion, conversions, summary }
        enum SummaryKeys: String, CodingKey { case converted, failed }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(ReportSchema.version, forKey: .schemaVersion)
            try c.encode(results.map { Conversion(input: $0.input, result: $0.result) }, forKey: .conversions)
            var s = c.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
            let failed = results.filter { if case .failure = $0.result { return true } else { return false } }.count
            try s.encode(results.count - failed, forKey: .converted)
            try s.encode(failed, forKey: .failed)
        }
    }

    /// One input: what was written, or why not. Unknown values are `null`.
    private struct Conversion: Encodable {
        let input: String
        let result: Result<ConversionResult, AlertSoundError>

        enum Keys: String, CodingKey {
            case input, output, status, error, suggestion, fileType, dataFormat, format, sampleRate, channels, frames, packets, fileSize, inputFrames, snr, lossless, decoder, cut
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(input, forKey: .input)
            let done = try? result.get()
            try c.encode(done == nil ? "failed" : "converted", forKey: .status)
            if case .failure(let error) = result {
                // The same object as an error document's `error` (and fix's).
                try c.encode(error, forKey: .error)
                try c.encodeIfPresent(error.suggestion, forKey: .suggestion)
            } else {
                try c.encodeNil(forKey: .error)
            }
            try c.encode(done?.outputPath, forKey: .output)
            try c.encode(done?.plan.fileType.rawValue, forKey: .fileType)
            // One meaning per key across the documents: `dataFormat` is a `-d` name, as in
            // suggestions; `format` is the coding's name, as in check and info.
            try c.encode(done?.plan.dataFormat.name, forKey: .dataFormat)
            try c.encode(done?.plan.output.coding.code, forKey: .format)
            try c.encode(done?.plan.output.sampleRate, forKey: .sampleRate)
            try c.encode(done?.plan.output.channels, forKey: .channels)
            try c.encode(done?.frames, forKey: .frames)
            try c.encode(done?.packets, forKey: .packets)
            try c.encode(done?.fileSize, forKey: .fileSize)
            try c.encode(done?.inputFrames, forKey: .inputFrames)
            try c.encode(done?.snr.flatMap { $0.isFinite ? $0 : nil }, forKey: .snr)
            try c.encode(done?.lossless, forKey: .lossless)
            try c.encode(done?.decoder, forKey: .decoder)
            try c.encode(done?.cut, forKey: .cut)
        }
    }
}
