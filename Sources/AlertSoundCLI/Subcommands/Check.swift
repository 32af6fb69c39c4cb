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
            "With --format html: embed no players (waveforms and levels only). Without it the page has players for the first \(HTMLReport.maximumPlayers) sounds, within \(HTMLReport.audioBudget >> 20) MB of audio."
    )
    var noPlayers = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write this file (one Swift comment line) when every sound is valid: the output a build system waits for, so the check reruns only when a sound changes.",
            valueName: "file"))
    var stamp: String?

    @Argument(help: "Sound files or folders to check.")
    var paths: [String]

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Name at least one file or folder to check.") }
        if paths.contains("") { throw ValidationError("An empty path names nothing to check.") }
        if levelLimits.given, !levels { throw ValidationError("The level thresholds apply with --levels.") }
        if noPlayers, report.format != .html { throw ValidationError("--no-players applies with --format html.") }
    }

    func run() throws {
        var checker = Checker(strict: report.strict)
        checker.soundsOnly = soundsOnly
        checker.measuresLevels = levels
        do {
            checker.levelLimits = try levelLimits.limits()
        } catch let error as AlertSoundError {
            throw error.stopRun(command: "check", json: report.format == .json, otherwise: .usage)
        }
        let valid: Bool
        // Each batch's findings are printed as it is judged and then dropped, so memory stays
        // bounded however many files (only the Markdown table, for people, is made whole).
        switch report.format {
        case .json:
            var stream = CheckJSONStream(output: Printers.write)
            valid = checker.checkInBatches(paths: paths) { stream.add(contentsOf: $0) }
            stream.finish()
            Printers.write([10])
        case .text:
            var files = 0, invalid = 0
            valid = checker.check(paths: paths) { file in
                files += 1
                if !file.valid { invalid += 1 }
                Printers.text(TextPrinter.line(file))
            }
            Printers.text(TextPrinter.summary(files: files, invalid: invalid))
        case .xcode, .github:
            valid = checker.check(paths: paths) {
                Printers.document(Printers.render(CheckReport(files: [$0]), as: report.format))
            }
        case .html:
            // A page with waveforms and loudness: the levels are measured whether asked or not.
            checker.measuresLevels = true
            var html = HTMLReport(players: !noPlayers) { Printers.write(Array($0.utf8)) }
            valid = checker.checkInBatches(paths: paths) { html.add(batch: $0) }
            html.finish()
        case .markdown:
            let result = checker.check(paths: paths)
            Printers.document(Printers.render(result, as: .markdown))
            valid = result.valid
        }
        Printers.flush()
        if !valid { throw ExitStatus.failure.code }
        if let stamp {
            guard
                FileManager.default.createFile(
                    atPath: stamp, contents: Data("// alertsound check: every sound valid\n".utf8))
            else {
                throw AlertSoundError(.outputFailed, "cannot write the stamp file", path: stamp).stopRun(
                    command: "check", json: report.format == .json, otherwise: .stopped)
            }
        }
    }
}
