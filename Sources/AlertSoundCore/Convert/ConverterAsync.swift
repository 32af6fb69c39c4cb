#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A conversion made in memory: the output file's bytes and what was written.
public struct ConvertedSound: Sendable {
    /// The whole output file.
    public var data: Data
    /// What was written; its `outputPath` is the name the file would have.
    public var result: ConversionResult
}

extension Converter {
    /// Converts the file at `input` to `output` (or beside the input, under the type's extension)
    /// on a thread of its own. Cancelling the task stops the conversion between blocks of audio and
    /// leaves neither an output nor a temporary file (the error's kind is `cancelled`);
    /// `progress` is told of every block, from that thread, never twice at once.
    ///
    /// ```swift
    /// let converter = Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4")))
    /// let result = try await converter.convert(from: URL(fileURLWithPath: "Alert.aiff"),
    ///                                          to: URL(fileURLWithPath: "Alert.caf")) { update in
    ///     print(update.fractionCompleted ?? 0)
    /// }
    /// ```
    public func convert(
        from input: URL, to output: URL? = nil,
        progress: (@Sendable (ProgressUpdate) -> Void)? = nil
    ) async throws -> ConversionResult {
        let control = OperationControl(unit: .frames, progress: progress)
        return try await OperationControl.run(control) {
            try self.convert(input: input.path, output: output?.path, control: control)
        }
    }

    /// Converts a sound held in memory and returns the output file's bytes: nothing is read from
    /// or written to disk. `name` is the input's file name (it names the output and errors).
    /// Inputs alertsound decodes itself are accepted (AIFF, AIFF-C, WAV, CAF with linear PCM,
    /// µLaw, aLaw or IMA4); formats that need libsndfile or FFmpeg need a file.
    public func convert(
        data: Data, name: String, progress: (@Sendable (ProgressUpdate) -> Void)? = nil
    ) async throws -> ConvertedSound {
        let control = OperationControl(unit: .frames, progress: progress)
        return try await OperationControl.run(control) {
            try self.convert(bytes: [UInt8](data), name: name, control: control)
        }
    }

    /// Whether ``convert(data:name:progress:)`` takes these bytes: what the library's own
    /// readers decode (AIFF, AIFF-C, WAV, CAF with linear PCM, µLaw, aLaw or IMA4). When it does
    /// not — WAV IMA ADPCM, MP3, AAC, or not a sound — write them to a file and convert that:
    /// libsndfile or FFmpeg decode from files, if anything can.
    public static func canConvertInMemory(_ data: Data, name: String) -> Bool {
        let source = MemorySource([UInt8](data))
        guard let info = try? SoundFile.inspect(source: source, name: name) else { return false }
        return NativeReader(source: source, info: info) != nil
    }

    /// Converts a sound held in memory, synchronously; see ``convert(data:name:progress:)``.
    public func convert(bytes: [UInt8], name: String) throws -> ConvertedSound {
        try convert(bytes: bytes, name: name, control: nil)
    }

    func convert(input: String, output: String?, control: OperationControl?) throws -> ConversionResult {
        let reader = try openFrameReader(path: input, ffmpeg: options.ffmpeg)
        let plan = try ConversionPlan.make(
            input: input, output: output, rate: reader.sampleRate, channels: reader.channels, options: options)
        try Self.refuseOverwritingInput(input: input, output: plan.outputPath)
        // As fix does, and as a build step expects: the output's folder is made when missing.
        do {
            try makeFolders(parentFolder(plan.outputPath))
            return try write(
                reader: reader, plan: plan, edits: options.cut(rate: plan.output.sampleRate), control: control)
        } catch let error as AlertSoundError {
            throw error.writing(plan.outputPath, from: input)
        }
    }

    func convert(bytes: [UInt8], name: String, control: OperationControl?) throws -> ConvertedSound {
        let source = MemorySource(bytes)
        let info = try SoundFile.inspect(source: source, name: name)
        guard let reader = NativeReader(source: source, info: info) else {
            let what =
                info.coding.map { "\(info.container.displayName) with \($0.code) data" } ?? info.container.displayName
            throw AlertSoundError(
                .unsupported,
                "\(what) is decoded by libsndfile or FFmpeg, which read files, not memory; convert it from a file "
                    + "(Converter.canConvertInMemory tells beforehand)", path: name)
        }
        let plan = try ConversionPlan.make(
            input: name, output: nil, rate: reader.sampleRate, channels: reader.channels, options: options)
        let sink = MemoryOutput()
        let result = try write(
            reader: reader, plan: plan, edits: options.cut(rate: plan.output.sampleRate), sink: sink, control: control)
        return ConvertedSound(data: Data(sink.bytes), result: result)
    }
}
