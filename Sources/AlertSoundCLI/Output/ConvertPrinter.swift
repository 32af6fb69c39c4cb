import AlertSound

/// afconvert's `-v` report, plus the encode's signal-to-noise ratio.
enum ConvertPrinter {
    static func verbose(input: String, result: ConversionResult) -> String {
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
            out += "Encode SNR: \(String(format1(snr))) dB\n"
        } else if result.lossless == true {
            out += "Encode SNR: lossless (every sample is stored exactly)\n"
        }
        return out
    }

    static func format1(_ v: Double) -> String {
        guard v.isFinite else { return String(v) }
        let tenths = Int64((v * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
