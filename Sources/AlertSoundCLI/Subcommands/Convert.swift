import AlertSound
import ArgumentParser
import CSystemShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a sound the way afconvert does; CAF IMA4 by default, byte for byte like Apple's.",
        discussion: """
            `alertsound convert in.aiff out.caf` equals `afconvert in.aiff out.caf -d ima4 -f caff`. \
            Without OUT the output is IN's name with the file type's extension, beside IN. Without -f \
            the type follows OUT's extension (\(FileType.allCases.flatMap(\.container.fileExtensions).map { "." + $0 }.joined(separator: " "))), else caff. Without -d the \
            data format is ima4, or 16-bit PCM for AIFF and WAVE, which cannot hold ima4.
            Apple's layout for every type (CAF info and chan, AIFF FLLR, WAV fmt) and AIFC sowt for LEI16.
            Data formats: \(OutputDataFormat.all.map(\.name).joined(separator: " ")), \
            each with an optional @RATE (resampled with a polyphase sinc filter, over 130 dB SNR; --src-quality medium or best for libsamplerate's).
            Samples keep their full precision: nothing is lost that the output can hold; a narrower \
            output rounds to nearest once and clips; float to float keeps values past full scale.
            With --output-dir DIR, any number of inputs are converted into DIR in one process. \
            What libsndfile cannot decode (AAC, ALAC in MP4, Opus in CAF) goes through ffmpeg when it is \
            on PATH (or at $ALERTSOUND_FFMPEG); alertsound fix does the rest of the job (length, channels, rate).
            The output appears only when complete (an unnamed O_TMPFILE on Linux); only a regular \
            file is replaced, keeping its permissions; a FIFO, device, folder or link at OUT is refused.
            --format json prints each input's result (output, format, frames, packets, size, SNR, \
            decoder) or error, and a summary.
            \(CommandExits.convert.sentence)
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The sound to convert (anything alertsound, libsndfile or an installed ffmpeg reads: AIFF, WAV, CAF, MP3, FLAC, Ogg, AAC …) "
                + "and the file to write; with --output-dir, any number of sounds.", valueName: "in> <out"))
    var paths: [String]

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Convert every input into this folder, several at once, each under its own name with the type's extension.",
            valueName: "dir"))
    var outputDir: String?

    @Option(
        name: .customShort("o"),
        help: ArgumentHelp("The file to write (instead of the second argument).", valueName: "out"))
    var outputOption: String?

    @Option(
        name: [.customShort("d"), .customLong("data")],
        help: ArgumentHelp(
            "Data format, with an optional @RATE: \(OutputDataFormat.all.map(\.name).joined(separator: ", ")).",
            valueName: "format[@rate]"),
        completion: OutputDataFormat.completion, transform: OutputDataFormat.init(parsing:))
    var dataFormat: OutputDataFormat?

    @Option(
        name: [.customShort("f"), .customLong("file")],
        help: ArgumentHelp(
            "File type: \(FileType.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "type"),
        completion: FileType.completion, transform: FileType.init(parsing:))
    var fileType: FileType?

    @OptionGroup var encoding: EncodingOptions

    @Option(
        name: .long,
        help:
            "Output: text (afconvert's lines, with -v) or json (each input's result and a summary, on standard output)."
    )
    var format: DocumentFormat = .text

    // afconvert options for formats alertsound does not write: named in the error, not mistaken for paths.
    @Option(name: [.customShort("b"), .customLong("bitrate")], help: .hidden) var bitRate: String?
    @Option(name: [.customShort("s"), .customLong("strategy")], help: .hidden) var strategy: String?
    @Option(name: .customLong("src-complexity"), help: .hidden) var srcComplexity: String?

    @Flag(
        name: [.customShort("v"), .customLong("verbose")],
        help:
            "Print the input and output formats, packet counts, the encode's signal-to-noise ratio and the output's true peak as decoded."
    )
    var verbose = false

    /// The written output's true peak as a player decodes it (IMA4 can overshoot the input's);
    /// `nil` when it cannot be decoded, or is silent.
    static func truePeak(of result: ConversionResult) -> Double? {
        (try? SoundLevels.measure(path: result.outputPath))?.truePeak
    }

    var input: String { paths[0] }
    var output: String? { paths.count > 1 ? paths[1] : nil }

    func validate() throws {
        for (option, value) in [
            ("-b (bit rate)", bitRate), ("-s (bit rate strategy)", strategy), ("--src-complexity", srcComplexity)
        ] where value != nil {
            throw ValidationError(
                "afconvert's \(option) applies to AAC and other compressed formats; alertsound writes only what iOS plays "
                    + "for alerts (linear PCM, ima4, ulaw, alaw), which take none. Leave it out.")
        }
        guard !paths.isEmpty else { throw ValidationError("Name the sound to convert.") }
        if outputDir != nil, outputOption != nil {
            throw ValidationError("With --output-dir the outputs are named after the inputs; leave out -o.")
        }
        if outputDir == nil, paths.count > 2 {
            throw ValidationError("Name one input and one output, or convert several inputs with --output-dir DIR.")
        }
        if output != nil, outputOption != nil {
            throw ValidationError("Name the output once: either as the second argument or with -o.")
        }
    }

    func run() throws {
        installCleanupOnSignals()
        keepHeapBetweenBlocks()
        do {
            let options = ConversionOptions(
                dataFormat: dataFormat,
                fileType: fileType, channels: encoding.channels, mix: encoding.mix,
                measuresLoss: verbose || format == .json, quality: encoding.encoderQuality,
                resamplerQuality: encoding.resamplerQuality)
            let converter = Converter(options: options)
            if let outputDir {
                try convertAll(converter, into: outputDir)
                return
            }
            do {
                let result = try converter.convert(input: input, output: output ?? outputOption)
                if format == .json {
                    Printers.document(ConvertPrinter.json([(input, .success(result))]) + "\n")
                } else if verbose {
                    Printers.text(
                        ConvertPrinter.verbose(input: input, result: result, outputTruePeak: Self.truePeak(of: result)))
                }
                warnIfNotAnAlert(result, input: input)
            } catch let error as AlertSoundError where error.kind != .invalidRequest && format == .json {
                Printers.document(ConvertPrinter.json([(input, .failure(error))]) + "\n")
                Printers.error("alertsound convert: \(error.advisedDescription)")
                throw ExitStatus.failure.code
            }
        } catch let error as AlertSoundError {
            throw error.stopRun(command: "convert", json: format == .json, otherwise: .failure)
        }
    }
}

extension Convert {
    /// afconvert writes what it is asked to; so does convert, but a file iOS will not play as an
    /// alert (45 s of it, say) is said on standard error, with check's findings. The exit status stays 0.
    private func warnIfNotAnAlert(_ result: ConversionResult, input: String) {
        let report = Checker().check(path: result.outputPath)
        for finding in report.diagnostics where finding.severity == .error {
            // The advice acts on the input: fixing it gives the alert sound this conversion did not.
            // ... into the folder this conversion wrote to, where the user wants the sound (over
            // this output when fix would name its output so).
            let folder = parentFolder(result.outputPath)
            let fixOutput = FixJob.plan(paths: [input], outputFolder: folder).first?.output
            let advice =
                finding.suggestion.map {
                    "; "
                        + Advice.text(
                            Suggestion($0.action, path: input, dataFormat: $0.dataFormat),
                            outputFolder: folder, replacing: fixOutput == result.outputPath)
                } ?? ""
            // After the lines already printed for this input (Printers.error flushes them first).
            Printers.warning(
                command: "convert",
                "\(result.outputPath) will not play as an alert sound: [\(finding.code.rawValue)] \(finding.message)\(advice)"
            )
        }
    }

    /// Several inputs in one process; the ones that fail are named, and the rest still written.
    private func convertAll(_ converter: Converter, into folder: String) throws {
        // A missing folder is made (each output's folder is); a file in its place is refused.
        var info = stat()
        if stat(folder, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            throw AlertSoundError(.invalidRequest, "--output-dir \(folder) is not a folder")
        }
        var failed = 0
        let results = converter.convert(inputs: paths, outputFolder: folder)
        for (input, result) in zip(paths, results) {
            switch result {
            case .success(let result):
                if verbose, format == .text {
                    Printers.text(
                        ConvertPrinter.verbose(input: input, result: result, outputTruePeak: Self.truePeak(of: result)))
                }
                warnIfNotAnAlert(result, input: input)
            case .failure(let error):
                failed += 1
                Printers.error("alertsound convert: \(error.advisedDescription)")
            }
        }
        if format == .json {
            Printers.document(
                ConvertPrinter.json(Array(zip(paths, results)).map { (input: $0.0, result: $0.1) }) + "\n")
        }
        if failed > 0 {
            Printers.error("alertsound convert: \(failed) of \(paths.count) inputs not converted")
            throw ExitStatus.failure.code
        }
    }
}
