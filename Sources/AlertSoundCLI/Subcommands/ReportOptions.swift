import ArgumentParser

/// How findings are printed.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, xcode, github, markdown, html

    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// Options shared by every command that judges files.
struct ReportOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "Output: text for people, json for machines, xcode for a Run Script phase, github for workflow annotations, markdown for a job summary, html (check only) for one self-contained page with waveforms, loudness and players."
    )
    var format: ReportFormat = .text

    @Flag(name: .long, help: "Treat warnings as errors: a file with a warning is invalid and the exit status is 1.")
    var strict = false
}
