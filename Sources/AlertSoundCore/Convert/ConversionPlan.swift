/// Everything decided before a byte is written: pure, so every refusal is testable without files.
public struct ConversionPlan: Sendable, Hashable {
    /// Where the output goes (for a conversion in memory, the name it would have).
    public var outputPath: String
    /// The file type written.
    public var fileType: FileType
    /// The data format written, as asked or by the type's default.
    public var dataFormat: OutputDataFormat
    /// The output's rate, channels and coding.
    public var output: StreamFormat
    /// The input's sample rate.
    public var inputRate: Double
    /// The input's channel count.
    public var inputChannels: Int
    /// Which input channels make each output channel.
    public var channelMap: ChannelMap
    /// The converter `@RATE` resamples with; `nil` when the rate stays.
    public var resampler: ResamplerQuality?
    /// The output as its file type carries it: what the encoder and the header writer take.
    package var carried: CarriedFormat

    /// Decides the output for an input of `rate` Hz and `channels` channels.
    public static func make(
        input: String, output: String?, rate: Double, channels: Int, options: ConversionOptions
    ) throws -> ConversionPlan {
        let ext = output.map { lowercasedExtension(lastComponent($0)) } ?? ""
        // `x.mp3` would get a CAF named .mp3: a sound extension alertsound does not write is refused.
        if options.fileType == nil, FileType(extension: ext) == nil, ContainerKind.soundExtensions.contains(ext) {
            throw AlertSoundError(
                .invalidRequest,
                "alertsound writes CAF, AIFF, AIFF-C and WAV files, not .\(ext); name the output .caf, .aiff, .aifc or .wav, "
                    + "or give the file type", path: output)
        }
        let type = options.fileType ?? FileType(extension: ext) ?? .caff
        let format = options.dataFormat ?? type.defaultDataFormat
        if let refusal = type.refusal(for: format) { throw AlertSoundError(.invalidRequest, refusal) }

        // Every header alertsound writes can state this many channels; more is no sound anyone plays.
        guard (1...Limits.maximumChannels).contains(channels) else {
            throw AlertSoundError(
                .unsupported, "\(channels) channels; alertsound converts 1 to \(Limits.maximumChannels)", path: input)
        }
        let outputPath = output ?? Self.defaultOutput(for: input, type: type)
        let map = try ChannelMap.make(inputChannels: channels, keep: options.channels, mix: options.mix)
        if format.coding == .ima4, map.outputChannels > IMA4.maximumChannels {
            throw AlertSoundError(
                .invalidRequest,
                "IMA4 holds at most \(IMA4.maximumChannels) channels and the input has \(map.outputChannels)",
                path: input, suggestion: Suggestion(.reduceChannels, channels: IMA4.maximumChannels))
        }
        let outRate = format.sampleRate ?? rate
        // CAF and AIFF store any rate exactly; WAV only whole hertz. Never round it in silence.
        if type == .wave, outRate != outRate.rounded() {
            throw AlertSoundError(
                .invalidRequest,
                "WAVE files store whole hertz and cannot hold \(Formatting.number(outRate)) Hz exactly; "
                    + "CAF and AIFF-C can", path: input,
                suggestion: Suggestion(
                    .resample, dataFormat: format.name,
                    sampleRate: Limits.outputSampleRates.contains(outRate.rounded()) ? outRate.rounded() : nil))
        }
        let output = StreamFormat(sampleRate: outRate, channels: map.outputChannels, coding: format.coding)
        let carried = try type.carried(output)
        return ConversionPlan(
            outputPath: outputPath, fileType: type, dataFormat: format,
            output: output,
            inputRate: rate, inputChannels: channels, channelMap: map,
            resampler: outRate != rate ? options.resamplerQuality : nil, carried: carried)
    }

    /// IN's name with the type's extension, beside IN. Plain string work: Foundation's path code
    /// traps on some names.
    public static func defaultOutput(for input: String, type: FileType) -> String {
        let name = lastComponent(input)
        let ext = lowercasedExtension(name)
        let base = ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
        let folder = input.contains("/") ? parentFolder(input) : ""
        return (folder.isEmpty ? "" : folder == "/" ? "/" : folder + "/") + base + "." + type.fileExtension
    }

    /// Whether the rate changes.
    public var resamples: Bool { resampler != nil }
}
