import ArgumentParser

/// How findings are printed.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, xcode, github, markdown, html

    static var allValueStrings: [String] { allCases.map(\.rawValue) }

    static let help =
        "Output: text for people, json for machines, xcode for a Run Script phase, github for workflow annotations, markdown for a job summary"
    static let strictHelp = "Treat warnings as errors: a file with a warning is invalid and the exit status is 1."
}

/// Options shared by every command that judges files: `check`'s, whose formats include html.
struct ReportOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "\(ReportFormat.help), html for one self-contained page with waveforms, loudness and players.")
    var format: ReportFormat = .text

    @Flag(name: .long, help: ArgumentHelp(ReportFormat.strictHelp))
    var strict = false
}

/// `validate-bundle`'s: every format but html, which is parsed only to be refused with a hint
/// (validate()), never offered in `--help`, completions or the man page.
struct BundleReportOptions: ParsableArguments {
    enum Choice: String, ExpressibleByArgument, CaseIterable {
        case text, json, xcode, github, markdown, html

        static var allValueStrings: [String] { allCases.filter { $0 != .html }.map(\.rawValue) }
    }

    @Option(name: .customLong("format"), help: "\(ReportFormat.help).")
    var choice: Choice = .text

    @Flag(name: .long, help: ArgumentHelp(ReportFormat.strictHelp))
    var strict = false

    var format: ReportFormat { ReportFormat(rawValue: choice.rawValue) ?? .text }
}
