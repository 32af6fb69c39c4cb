import AlertSound
import ArgumentParser

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Judge sound files against iOS's notification-sound rules.",
        discussion: """
            Folders are searched recursively for sounds, by extension or content, at any depth; what \
            cannot be read is reported. Headers must be plausible (1-\(Limits.maximumChannels) channels, \
            1-\(Formatting.number(Limits.maximumSampleRate)) Hz, 8/16/24/32-bit integer or 32/64-bit float PCM). \
            See LIMITS in alertsound(1). Exit status: 0 when \
            every file is valid, 1 when any is invalid, unreadable or missing, 64 for a usage error.
            Codes: \(Rule.all.map(\.code.rawValue).joined(separator: ", ")).
            """
    )

    @OptionGroup var report: ReportOptions

    @Argument(help: "Sound files or folders to check.")
    var paths: [String]

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Name at least one file or folder to check.") }
    }

    func run() throws {
        let result = Checker(strict: report.strict).check(paths: paths)
        if report.format == .json {
            // Straight to stdout: a 10,000-file report is megabytes, not worth a String's copies.
            Printers.writeStandardOutput(result.jsonBytes() + [10])
        } else {
            print(Printers.render(result, as: report.format), terminator: "")
        }
        if !result.valid { throw ExitCode(1) }
    }
}
