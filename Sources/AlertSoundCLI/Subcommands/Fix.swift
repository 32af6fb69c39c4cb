import AlertSound
import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Fix: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Turn any sound (MP3, AAC, a long or surround WAV …) into one iOS plays as an alert: CAF ima4, under \(Formatting.number(maximumAlertDuration)) s.",
        discussion: """
            Each input (files, and folders searched recursively for sounds) that check finds invalid \
            is converted to CAF ima4 with the same base name, beside it or under --output-dir (keeping \
            a folder's structure). A .caf input's fixed copy is NAME-fixed.caf. Inputs that share a base \
            name (x.au, x.flac; Ding.wav, ding.aiff, as a Mac's disk compares names) get distinct \
            outputs: the first keeps it, the others add their extension (x-flac.caf). An input that \
            already plays is left as is, unless an option asks for a change. An existing output is \
            replaced only with --force, and an input never; an existing output older than its input \
            fails that input (exit 1) rather than pass for its fixed copy.
            Over \(Formatting.number(maximumAlertDuration)) s: cut to --max-duration with a raised-cosine fade-out. Mono and stereo stay; \
            wider inputs are mixed to stereo by their layout (centre and surrounds to their side at \
            -3 dB, LFE dropped). Above \(FixDefaults.highestKeptKilohertz) kHz: resampled to \
            \(FixDefaults.highestKeptKilohertz) kHz (\(FixDefaults.cdKilohertz) kHz for its multiples). \
            Silence is anything below \(FixDefaults.silence) dBFS. \
            What libsndfile cannot decode (AAC, ALAC in MP4, Opus) goes through ffmpeg when it is on PATH \
            (or at $ALERTSOUND_FFMPEG).
            Every output is checked with check's rules before it is put in place. Inputs are fixed \
            in parallel. \(CommandExits.fix.sentence) With --format json, a run that stops prints \
            a document with "error" on standard output.
            """
    )

    @Argument(help: "Sound files, or folders to search for sounds.")
    var paths: [String]

    @Option(
        name: .long, help: ArgumentHelp("Write the fixed sounds here instead of beside their inputs.", valueName: "dir")
    )
    var outputDir: String?

    @Flag(name: .long, help: "Replace an existing output (never an input).")
    var force = false

    @OptionGroup var shaping: ShapingOptions

    @Option(
        name: .customShort("d"),
        help: ArgumentHelp(
            "Data format of the CAF output (default ima4): \(OutputDataFormat.all.filter { FileType.caff.carries($0.coding) }.map(\.name).joined(separator: ", ")).",
            valueName: "format"),
        completion: OutputDataFormat.completion, transform: OutputDataFormat.init(parsing:))
    var dataFormat: OutputDataFormat?

    @Option(name: .long, help: "Output: text for people, json for machines (each input's before and after).")
    var format: DocumentFormat = .text

    @Flag(name: .long, help: "Say what would change; write nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Print only inputs that could not be fixed, and the summary; no progress bar.")
    var quiet = false

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Name at least one sound or folder to fix.") }
    }

    func run() throws {
        installCleanupOnSignals()
        keepHeapBetweenBlocks()
        var options = FixOptions()
        options.outputFolder = outputDir
        options.force = force
        do {
            try shaping.apply(to: &options)
            if let parsed = dataFormat {
                options.dataFormat = parsed.coding
                if let rate = parsed.sampleRate {
                    guard shaping.rate == nil else {
                        throw AlertSoundError(.invalidRequest, "give the rate once: with --rate or -d \(parsed)")
                    }
                    options.sampleRate = rate
                }
            }
            let progress = FixProgress(format: format, quiet: quiet)
            let report = try Fixer(options: options).fix(paths: paths, dryRun: dryRun) { outcome, done, total in
                progress.finished(outcome, done: done, total: total)
            }
            progress.end()
            if format == .json {
                Printers.document(FixPrinter.json(report) + "\n")
            } else {
                Printers.line(FixPrinter.summary(report, dryRun: dryRun))
            }
            if !report.succeeded { throw ExitStatus.failure.code }
        } catch let error as AlertSoundError {
            // Stopped before any input was tried: a usage error (64) or one that stops the run (2).
            throw error.stopRun(command: "fix", json: format == .json, otherwise: .stopped)
        }
    }

    /// `0.05`, `0.05s` or `50ms`, in seconds.
    static func seconds(_ text: String) -> Double? {
        let value: Double?
        if text.hasSuffix("ms") {
            value = Double(text.dropLast(2)).map { $0 / 1000 }
        } else {
            value = Double(text.hasSuffix("s") ? String(text.dropLast()) : text)
        }
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }
}

/// How `convert` and `fix` print what they did: lines for people, or one JSON document.
enum DocumentFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
