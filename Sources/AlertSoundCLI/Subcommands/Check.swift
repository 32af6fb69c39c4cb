import AlertSound
import ArgumentParser

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Judge sound files against iOS's notification-sound rules.",
        discussion: """
            Folders are searched recursively for sounds, by extension or content, at any depth; what \
            cannot be read is reported. Headers must be plausible (1-\(Limits.maximumChannels) channels, \
            \(Formatting.number(Limits.readableSampleRates.lowerBound))-\(Formatting.number(Limits.readableSampleRates.upperBound)) Hz, 8/16/24/32-bit integer or 32/64-bit float PCM). \
            See LIMITS in alertsound(1). A folder with no sound in it is an error (no-sounds). \(CommandExits.check.sentence)
            Codes: \(DiagnosticCode.Topic.file.codes.map(\.rawValue).joined(separator: ", ")); with --levels also \(DiagnosticCode.Topic.levels.codes.map(\.rawValue).joined(separator: ", ")) (warnings).
            """
    )

    @OptionGroup var report: ReportOptions
    @OptionGroup var configuration: ConfigurationOption
    @OptionGroup var iosMinimum: IOSMinimumOption

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Whose rules judge the files: ios (the default), or android, each file as a res/raw resource (its name, a format Android plays, any length).",
            valueName: "platform"))
    var platform: Platform = .ios

    @Flag(
        name: .customLong("sounds-only"),
        help:
            "Skip named files that are not sounds (by extension or content), and pass a folder without sounds: for build tools that pass every resource."
    )
    var soundsOnly = false

    @Flag(
        name: .long,
        help:
            "Decode each sound and judge its levels too: true peak above \(LevelOptions.Threshold.truePeak.defaultValue) dBTP, clipping, DC offset, a click at the start or end, silence before the sound, loudest 400 ms outside \(LevelOptions.Threshold.minLoudness.defaultValue)...\(LevelOptions.Threshold.maxLoudness.defaultValue) LUFS (warnings; the thresholds below change them). The figures are in the JSON's \"levels\"."
    )
    var levels = false

    @OptionGroup var levelLimits: LevelOptions

    @Flag(
        name: .customLong("no-players"),
        help:
            "With --format html: embed no players (waveforms and levels only). Without it the page has players for the first \(HTMLReporter.maximumPlayers) sounds, within \(HTMLReporter.audioBudget >> 20) MB of audio."
    )
    var noPlayers = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write this file (one Swift comment line) when every sound is valid: the output a build system waits for, so the check reruns only when a sound changes.",
            valueName: "file"))
    var stamp: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Print what a diagnostic code means (its severity, the rule and, for undocumented-format, the evidence for each format) and exit.",
            valueName: "code"))
    var explain: String?

    @Argument(help: "Sound files or folders to check.")
    var paths: [String] = []

    func validate() throws {
        if let explain {
            guard DiagnosticCode(rawValue: explain) != nil else {
                throw ValidationError(
                    "'\(explain)' is not a diagnostic code; the codes are \(DiagnosticCode.allCases.map(\.rawValue).joined(separator: ", "))."
                )
            }
            guard paths.isEmpty else { throw ValidationError("--explain takes no file or folder.") }
            return
        }
        guard !paths.isEmpty else { throw ValidationError("Name at least one file or folder to check.") }
        if paths.contains("") { throw ValidationError("An empty path names nothing to check.") }
        if levelLimits.given, !levels { throw ValidationError("The level thresholds apply with --levels.") }
        if platform == .android, levels || report.format.reporter.needsLevels {
            throw ValidationError(
                "--levels and --format html judge iOS alert sounds; with --platform android, drop them.")
        }
        if noPlayers, report.format != ReportFormat(HTMLReporter.self) {
            throw ValidationError("--no-players applies with --format html.")
        }
    }

    func run() throws {
        if let explain, let code = DiagnosticCode(rawValue: explain) {
            Printers.text(Self.explanation(of: code))
            return
        }
        let configuration: Configuration
        do {
            configuration = try self.configuration.load()
        } catch let error as AlertSoundError {
            // A wrong key is a usage error (its kind says so); a configuration that cannot be read
            // stops the run, as in validate-bundle.
            throw error.stopRun(command: "check", format: report.format, otherwise: .stopped)
        }
        var checker = Checker(strict: report.strict || configuration.strict == true)
        checker.minimumIOS = iosMinimum.minimum(configuration)
        checker.soundsOnly = soundsOnly
        checker.measuresLevels = levels
        do {
            checker.levelLimits = try levelLimits.limits()
        } catch let error as AlertSoundError {
            throw error.stopRun(command: "check", format: report.format, otherwise: .usage)
        }
        // Each batch's findings are printed as it is judged and then dropped, so memory stays
        // bounded however many files (only the Markdown table, for people, is made whole).
        var reporter = report.format.make(ReportSettings(players: !noPlayers))
        // A page that draws each sound measures its levels whether asked or not.
        if report.format.reporter.needsLevels { checker.measuresLevels = true }
        // What the configuration ignores is neither printed nor counted.
        var valid = true
        let each = { (batch: [FileReport]) in
            let kept = configuration.ignore.isEmpty ? batch : batch.filter { !configuration.ignores($0.path) }
            valid = valid && kept.allSatisfy(\.valid)
            reporter.add(files: kept)
        }
        if platform == .android {
            var android = AndroidChecker(strict: checker.strict)
            android.soundsOnly = soundsOnly
            android.check(paths: paths, each)
        } else {
            checker.checkInBatches(paths: paths, each)
        }
        reporter.finish()
        Printers.flush()
        if !valid { throw ExitStatus.failure.code }
        if let stamp {
            guard
                FileManager.default.createFile(
                    atPath: stamp, contents: Data("// alertsound check: every sound valid\n".utf8))
            else {
                // After the report: standard error alone says it (a second document on standard
                // output would leave a JSON reader none).
                throw AlertSoundError(.outputFailed, "cannot write the stamp file", path: stamp).stopRun(
                    command: "check", json: false, otherwise: .stopped)
            }
        }
    }

    /// `--explain`: the code's own description, as the man page gives it.
    static func explanation(of code: DiagnosticCode) -> String {
        var text = "\(code.rawValue): \(code.severity.rawValue) (\(code.topic.rawValue))\n\n\(code.summary)\n"
        if let details = code.details { text += "\n\(details)\n" }
        return text
    }
}
