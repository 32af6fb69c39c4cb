import AlertSound

/// afconvert's `-v` report, plus the encode's signal-to-noise ratio.
enum ConvertPrinter {
    static func verbose(input: String, result: ConversionResult, outputTruePeak: Double?) -> String {
        let plan = result.plan
        let length =
            result.inputFrames.map { "\($0) frames" }
            ?? result.inputFramesEstimate.map { "about \($0) frames (the decoder's estimate; not read to the end)" }
            ?? "length unknown"
        var out = "Input file: \(input), \(length)\n"
        out += "Formats:\n"
        out += "  Input file     \(result.inputDescription)\n"
        out += "  Output file    \(plan.output)\n"
        if let resampler = plan.resampler {
            out +=
                "  Resampled      \(Formatting.number(plan.inputRate)) Hz to \(Formatting.number(plan.output.sampleRate)) Hz (\(resampler.rawValue) sinc converter)\n"
        }
        if !plan.channelMap.isIdentity || plan.channelMap.outputChannels != plan.inputChannels {
            let how = plan.channelMap.sources.map {
                $0.count == 1 ? "in \($0[0] + 1)" : "mean of " + $0.map { "in \($0 + 1)" }.joined(separator: "+")
            }
            out +=
                "  Channels       \(how.enumerated().map { "out \($0.offset + 1) = \($0.element)" }.joined(separator: ", "))\n"
        }
        out +=
            "Output file: \(result.outputPath) (\(plan.fileType.rawValue)), \(result.packets) packets, \(result.frames) valid frames, \(result.fileSize) bytes\n"
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

    /// `convert --format json`: the library's ``ConversionReport``, as it encodes itself.
    static func json(_ results: [(input: String, result: Result<ConversionResult, AlertSoundError>)]) -> String {
        JSONPrinter.render(ConversionReport(results))
    }
}
