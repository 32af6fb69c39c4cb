#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a conversion wrote.
public struct ConversionResult: Sendable, Hashable {
    /// What was decided before a byte was written.
    public var plan: ConversionPlan
    /// Where the output is.
    public var outputPath: String { plan.outputPath }
    /// The input as afconvert's `-v` describes it.
    public var inputDescription: String
    /// The input's length in frames: counted when the whole input was decoded, else as alertsound's
    /// own reader found it in the header; `nil` when neither (only a decoder's estimate, if any).
    public var inputFrames: Int64?
    /// The decoder's estimate of the input's length, when ``inputFrames`` is `nil`: libsndfile's and
    /// ffmpeg's lengths of MP3 and similar are estimates from the first frames or the bit rate.
    public var inputFramesEstimate: Int64? = nil
    /// Frames of audio in the output (its true length).
    public var frames: Int64
    /// Packets written: frames for PCM and G.711, 64-frame packets for IMA4.
    public var packets: Int64
    /// Bytes in the output file.
    public var fileSize: Int64
    /// Signal-to-noise ratio of the encoding in dB, measured against the input's own samples at
    /// their full precision; `nil` when every sample was stored exactly, or when not measured.
    public var snr: Double?
    /// Whether every sample was stored exactly; `nil` unless `ConversionOptions.measuresLoss`.
    public var lossless: Bool?
    /// Who decoded the input.
    public var decoder: AudioDecoder
    /// Whether audio at the end was cut off (a trim to a maximum duration).
    public var cut: Bool
}

/// Changes to the audio beyond afconvert's (for `fix`), in output frames, applied after mixing and
/// resampling.
struct Edits: Sendable, Hashable {
    /// Frames dropped at the start.
    var start: Int64 = 0
    /// Frames kept at most; `nil` keeps everything.
    var length: Int64?
    /// Frames faded out before a cut (or, with `fadesEnd`, at the end however it comes).
    var fadeFrames = 0
    var gain = 1.0
    /// Frames faded in at the start.
    var fadeInFrames = 0
    var fadesEnd = false
    /// Each channel's DC offset, subtracted before anything else.
    var dcOffsets: [Double]?
    /// Peaks above this (full scale) are limited, after the gain.
    var ceiling: Double?

    var trims: Bool { start > 0 || length != nil || fadeInFrames > 0 || fadesEnd }
    var changesSamples: Bool { trims || gain != 1 || dcOffsets != nil || ceiling != nil }

    /// Limiter timing: 5 ms to ramp down before a peak, 50 ms to recover.
    static let lookAhead = 0.005, release = 0.05

    /// The stages these edits add after the plan's own, at `rate` with `channels`.
    func stages(channels: Int, rate: Double) -> (stages: [Stage], trim: TrimStage?, limiter: LimiterStage?) {
        let trim =
            trims
            ? TrimStage(
                channels: channels, start: start, length: length, fadeFrames: fadeFrames,
                fadeInFrames: fadeInFrames, fadesEnd: fadesEnd) : nil
        let limiter = ceiling.map {
            LimiterStage(
                channels: channels, ceiling: $0, lookAhead: Int((Self.lookAhead * rate).rounded()),
                releaseTime: Self.release * rate)
        }
        let all: [Stage?] = [dcOffsets.map(DCStage.init), trim, GainStage(gain: gain), limiter]
        return (all.compactMap { $0 }.filter { !$0.isIdentity }, trim, limiter)
    }
}

/// Converts sound files the way `afconvert` does, with IMA4 written byte for byte like Apple's.
///
/// ```swift
/// let result = try Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4")))
///     .convert(input: "Submarine.aiff", output: "sub.caf")
/// print(result.outputPath, result.packets, result.snr ?? .infinity)
/// ```
public struct Converter: Sendable {
    /// What to convert to.
    public var options: ConversionOptions
    /// Bytes of samples processed at a time: memory grows neither with the input's length nor with
    /// its channel count.
    public var blockBytes = Limits.conversionBlockBytes

    /// A converter; the default options are afconvert's (CAF ima4 at the input's rate).
    public init(options: ConversionOptions = ConversionOptions()) {
        self.options = options
    }

    /// Converts `input` to `output` (or to the input's name with the type's extension, beside it).
    public func convert(input: String, output: String? = nil) throws -> ConversionResult {
        try convert(input: input, output: output, control: nil)
    }

    /// Converts each of `inputs` into `folder`, under its own base name with the file type's
    /// extension, several at once (one per core). Two inputs that would write the same output are
    /// refused (the later one), as is any output that is one of the inputs.
    public func convert(inputs: [String], outputFolder folder: String) -> [Result<ConversionResult, AlertSoundError>] {
        let type = options.fileType ?? .caff
        let outputs = inputs.map { ConversionPlan.defaultOutput(for: joinPath(folder, lastComponent($0)), type: type) }
        let inputSet = Set(inputs.map(samePathKey))
        var firstClaim: [String: Int] = [:]
        for (i, output) in outputs.enumerated() where firstClaim[samePathKey(output)] == nil {
            firstClaim[samePathKey(output)] = i
        }
        return parallelMap(Array(inputs.indices)) { i -> Result<ConversionResult, AlertSoundError> in
            let key = samePathKey(outputs[i])
            if let first = firstClaim[key], first != i {
                return .failure(
                    AlertSoundError(
                        .invalidRequest,
                        "its output \(outputs[i]) is also the output of \(inputs[first]); convert them separately",
                        path: inputs[i]))
            }
            if inputSet.contains(key) {
                return .failure(
                    AlertSoundError(
                        .invalidRequest,
                        "its output \(outputs[i]) is one of the inputs; alertsound never writes over an input",
                        path: inputs[i]))
            }
            do {
                return .success(try convert(input: inputs[i], output: outputs[i]))
            } catch {
                return .failure(AlertSoundError.wrapping(error, as: .unreadable, path: inputs[i]))
            }
        }
    }

    /// Decodes `reader` through the plan's stages and `edits`, encodes, and puts the output in
    /// place (`sink`, else the plan's path), after `verify` (given the finished file's bytes)
    /// accepts it. `control` is told of each block and can stop the work between blocks.
    /// `replacing: false` leaves a file that appears at the output while this one is written.
    func write(
        reader: FrameReader, plan: ConversionPlan, edits: Edits = Edits(), sink: OutputSink? = nil,
        control: OperationControl? = nil,
        replacing: Bool = true, verify: ((ByteSource) throws -> Void)? = nil
    ) throws -> ConversionResult {
        do {
            return try writeUnnamed(
                reader: reader, plan: plan, edits: edits, sink: sink, control: control, replacing: replacing,
                verify: verify)
        } catch let error as AlertSoundError {
            throw error.writing(plan.outputPath)
        }
    }

    private func writeUnnamed(
        reader: FrameReader, plan: ConversionPlan, edits: Edits, sink: OutputSink?, control: OperationControl?,
        replacing: Bool, verify: ((ByteSource) throws -> Void)?
    ) throws -> ConversionResult {
        try control?.check()
        control?.expect(frames: reader.frameCount)
        let blockFrames = Self.blockFrames(channels: max(reader.channels, plan.output.channels), blockBytes: blockBytes)
        let map = plan.channelMap
        let (editStages, trim, _) = edits.stages(channels: plan.output.channels, rate: plan.output.sampleRate)
        let stages: [Stage] = try Self.stages(plan: plan, inputChannels: reader.channels) + editStages
        var encoder = FrameEncoder(carried: plan.carried, measuresLoss: options.measuresLoss, quality: options.quality)
        let file = try sink ?? AtomicOutput(path: plan.outputPath, replacing: replacing)
        let source = reader.sourceFacts
        let placeholder = plan.carried.header(frames: 0, audioBytes: 0, source: source)
        try file.append(placeholder)

        var audioBytes: Int64 = 0
        // Frames the decoder gave, and whether it gave all: then they are the input's true length.
        var decoded: Int64 = 0
        var readToEnd = true
        func emit(_ bytes: [UInt8]) throws {
            try file.append(bytes)
            audioBytes += Int64(bytes.count)
        }
        // Without stages that change sample values, the frames can go to the encoder in their own units.
        let direct = !plan.resamples && map.onlySelects && !edits.changesSamples ? reader.directCoding : nil
        switch (direct, plan.output.coding) {
        case (.ulaw?, .ulaw), (.alaw?, .alaw):
            // Same law, nothing to change: the codes themselves.
            while case let codes = try reader.readCodes(maxFrames: blockFrames), !codes.isEmpty {
                try emit(encoder.passThrough(map.select(codes, inputChannels: reader.channels)))
                decoded += Int64(codes.count / reader.channels)
                try control?.decoded(frames: Int64(codes.count / reader.channels))
            }
        case (.pcm?, let out) where out.takesInt16:
            // 16-bit in, and the codec takes 16-bit: no float round trip.
            while case let block = try reader.readInt16(maxFrames: blockFrames), !block.isEmpty {
                try emit(encoder.encode(map.select(block, inputChannels: reader.channels)))
                decoded += Int64(block.count / reader.channels)
                try control?.decoded(frames: Int64(block.count / reader.channels))
            }
        default:
            while true {
                // Once a trim has cut, nothing more is needed from the decoder.
                let stopped = trim?.finished == true
                let block = stopped ? [] : try reader.read(maxFrames: blockFrames)
                try emit(encoder.encode(stages.process(block, end: block.isEmpty)))
                if block.isEmpty {
                    readToEnd = !stopped
                    break
                }
                decoded += Int64(block.count / reader.channels)
                try control?.decoded(frames: Int64(block.count / reader.channels))
            }
        }
        try emit(encoder.finish())
        try file.append(plan.carried.trailer(audioBytes: audioBytes))
        let final = plan.carried.header(frames: encoder.frames, audioBytes: audioBytes, source: source)
        guard final.count == placeholder.count else {
            throw AlertSoundError(
                .outputFailed,
                "the header changed length while it was written (\(placeholder.count) → \(final.count) bytes)",
                path: plan.outputPath)
        }
        try file.overwrite(final, at: 0)
        try verify?(file.contents())
        // The last moment a cancellation can stop the output from appearing.
        try control?.check()
        try file.commit()

        let exact = readToEnd ? decoded : reader.backend == .native ? reader.frameCount : nil
        return ConversionResult(
            plan: plan, inputDescription: reader.formatDescription, inputFrames: exact,
            inputFramesEstimate: exact == nil ? reader.frameCount : nil,
            frames: encoder.frames, packets: encoder.packets, fileSize: file.bytesWritten, snr: encoder.snr,
            lossless: options.measuresLoss ? encoder.snr == nil : nil, decoder: reader.backend, cut: trim?.cut ?? false)
    }

    /// Channel mapping, then resampling: the plan's own stages.
    static func stages(plan: ConversionPlan, inputChannels: Int) throws -> [Stage] {
        try [ChannelMapStage(plan.channelMap, inputChannels: inputChannels)].filter { !$0.isIdentity }
            + (plan.resampler.map {
                [
                    try Resampler(
                        from: plan.inputRate, to: plan.output.sampleRate, channels: plan.output.channels, quality: $0)
                ]
            } ?? [])
    }

    /// Frames per block: samples travel as 8-byte doubles, and a block holds at least one IMA4
    /// packet (64 frames × 1024 channels × 8 bytes is 512 KiB, inside the default 1 MiB).
    static func blockFrames(channels: Int, blockBytes: Int) -> Int {
        max(IMA4.framesPerPacket, blockBytes / (MemoryLayout<Double>.size * max(1, channels)))
    }

    package static func refuseOverwritingInput(input: String, output: String) throws {
        var a = stat(), b = stat()
        let sameFile = stat(input, &a) == 0 && stat(output, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
        if sameFile
            || URL(fileURLWithPath: input).standardizedFileURL == URL(fileURLWithPath: output).standardizedFileURL
        {
            throw AlertSoundError(
                .invalidRequest,
                "the output \(output) is the input itself; alertsound never writes over its input — name another output"
            )
        }
    }
}
