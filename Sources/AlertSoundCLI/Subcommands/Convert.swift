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
            the type follows OUT's extension (.caf .aif .aiff .aifc .wav), else caff. Without -d the \
            data format is ima4, or 16-bit PCM for AIFF and WAVE, which cannot hold ima4.
            Apple's layout for every type (CAF info and chan, AIFF FLLR, WAV fmt) and AIFC sowt for LEI16.
            Data formats: \(OutputDataFormat.all.map(\.name).joined(separator: " ")), \
            each with an optional @RATE (resampled with a polyphase sinc filter, over 130 dB SNR; --src-quality medium or best for libsamplerate's).
            Samples keep their full precision: nothing is lost that the output can hold; a narrower \
            output rounds to nearest once and clips; float to float keeps values past full scale.
            The output appears only when complete (an unnamed O_TMPFILE on Linux); only a regular \
            file is replaced, keeping its permissions; a FIFO, device, folder or link at OUT is refused.
            Exit status: 0 when the file was written, 1 when the input could not be read or the \
            output not written, 64 for a usage error or a combination afconvert refuses.
            """
    )

    @Argument(help: "The sound to convert: anything alertsound or libsndfile reads (AIFF, WAV, CAF, MP3, FLAC, Ogg …).")
    var input: String

    @Argument(help: "The file to write.")
    var output: String?

    @Option(name: .customShort("o"), help: ArgumentHelp("The file to write (instead of the second argument).", valueName: "out"))
    var outputOption: String?

    @Option(name: .customShort("d"), help: ArgumentHelp("Data format, with an optional @RATE: \(OutputDataFormat.all.map(\.name).joined(separator: ", ")).", valueName: "format[@rate]"))
    var dataFormat: String?

    @Option(name: .customShort("f"), help: ArgumentHelp("File type: caff, AIFF, AIFC or WAVE.", valueName: "type"))
    var fileType: String?

    @Option(name: .customShort("c"), help: ArgumentHelp("Keep the first N channels (with --mix: mix down to N).", valueName: "N"))
    var channels: Int?

    @Flag(name: .long, help: "Average channels instead of dropping them (to mono unless -c says otherwise).")
    var mix = false

    @Option(name: .long, help: ArgumentHelp("IMA4 encoder: standard (afconvert's, byte for byte) or high (searches preambles and codes for less noise; slower).", valueName: "standard|high"))
    var quality: EncoderQuality?

    @Option(name: .customShort("q"), help: ArgumentHelp("afconvert's codec quality, 0-127: 96 and above select --quality high.", valueName: "N"))
    var codecQuality: Int?

    @Option(name: .long, help: ArgumentHelp("Resampler for @RATE: fastest (the default: alertsound's polyphase filter, over 130 dB SNR), medium or best (libsamplerate's sinc converters).", valueName: "fastest|medium|best"))
    var srcQuality: ResamplerQuality?

    @Option(name: .customShort("r"), help: ArgumentHelp("afconvert's sample rate converter quality, 0-127: 96 and above select best, 64 and above medium.", valueName: "N"))
    var rateConverterQuality: Int?

    @Flag(name: .customShort("v"), help: "Print the input and output formats, packet counts and the encode's signal-to-noise ratio.")
    var verbose = false

    func validate() throws {
        if output != nil, outputOption != nil {
            throw ValidationError("Name the output once: either as the second argument or with -o.")
        }
        if let codecQuality, !(0...127).contains(codecQuality) {
            throw ValidationError("-q takes afconvert's quality from 0 to 127 (96 and above select --quality high); got \(codecQuality).")
        }
        if quality != nil, codecQuality != nil {
            throw ValidationError("Give the quality once: --quality or -q.")
        }
        if let rateConverterQuality, !(0...127).contains(rateConverterQuality) {
            throw ValidationError("-r takes afconvert's converter quality from 0 to 127 (96 and above select best, 64 medium); got \(rateConverterQuality).")
        }
        if srcQuality != nil, rateConverterQuality != nil {
            throw ValidationError("Give the converter quality once: --src-quality or -r.")
        }
    }

    func run() throws {
        installCleanupOnSignals()
        keepHeapBetweenBlocks()
        do {
            let options = ConversionOptions(dataFormat: try dataFormat.map(OutputDataFormat.init(parsing:)),
                                            fileType: try fileType.map(FileType.init(parsing:)), channels: channels, mix: mix,
                                            measuresLoss: verbose, quality: encoderQuality,
                                            resamplerQuality: resamplerQuality)
            let result = try Converter(options: options).convert(input: input, output: output ?? outputOption)
            if verbose { print(ConvertPrinter.verbose(input: input, result: result), terminator: "") }
        } catch let error as ConversionError {
            fputs("alertsound convert: \(error.message)\n", stderr)
            throw ExitCode(error.kind == .usage ? ExitCode.validationFailure.rawValue : 1)
        }
    }
}

extension EncoderQuality: ExpressibleByArgument {}
extension ResamplerQuality: ExpressibleByArgument {}

extension Convert {
    var encoderQuality: EncoderQuality {
        quality ?? (codecQuality.map { $0 >= 96 ? .high : .standard } ?? .standard)
    }

    var resamplerQuality: ResamplerQuality {
        srcQuality ?? (rateConverterQuality.map { $0 >= 96 ? .best : $0 >= 64 ? .medium : .fastest } ?? .fastest)
    }
}

/// Conversion allocates a few hundred KiB a block and frees it again; glibc gives the top of the
/// heap back to the system after each block and faults it in afresh for the next. Measured on a
/// 29 s stereo IMA4 conversion: 2,303 page faults and 0.13 s of system time per 20 runs become
/// 890 and 0.09 s. The peak is unchanged: this only keeps what was already in use.
private func keepHeapBetweenBlocks() {
    alertsound_keep_heap()
}

/// On SIGINT or SIGTERM, remove the unfinished output before dying, then die by the same signal.
/// The signals are unblocked too: a parent (a test runner, some CI agents) may have blocked them,
/// and then an interrupt would go unnoticed until the conversion finished.
private func installCleanupOnSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signalNumber) }
    sigprocmask(SIG_UNBLOCK, &set, nil)
    // Past `ulimit -f` the default SIGXFSZ kills the process where it stands; ignored, the write
    // fails with EFBIG and the conversion ends with an error and no temporary file.
    signal(SIGXFSZ, SIG_IGN)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
        signal(signalNumber) { received in
            PendingOutputs.removeAll()
            signal(received, SIG_DFL)
            raise(received)
        }
    }
}
