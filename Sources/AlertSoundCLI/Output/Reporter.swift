import AlertSound
import ArgumentParser

/// One output format of `check` and `validate-bundle`: what it prints as a run's verdicts arrive,
/// each batch as it is made (so memory stays bounded however many sounds), through ``Printers``.
/// Each format is one type in a file of its own (`…Reporter.swift`), registered once in
/// ``Reporters/all``; `--format`'s choices, its help and the shell completions come from there.
protocol Reporter {
    /// The name `--format` takes.
    static var name: String { get }
    /// What the format is for, in `--help` ("text for people").
    static var purpose: String { get }
    /// What the man page's `--format` says of it right after its name (": a line per file …"),
    /// plain text with Markdown code spans: the page's description is generated from these, so a
    /// new format is described where it is made.
    static var manual: String { get }
    /// Whether `validate-bundle` offers it.
    static var judgesBundles: Bool { get }
    /// Whether `check` measures each sound's levels for it (a page that draws them).
    static var needsLevels: Bool { get }

    init(_ settings: ReportSettings)
    /// `check`: the next verdicts, in order.
    mutating func add(files: [FileReport])
    /// `validate-bundle`: what the run says before its bundles (a platform left unjudged).
    mutating func add(notes: [String])
    /// `validate-bundle`: the next part of a bundle's report.
    mutating func add(_ part: BundleReport.Part)
    /// After the last: a closing line, the rest of a document or page.
    mutating func finish()
    /// What standard output says in this format when a run stops before any report (standard
    /// error always says it); `nil`: nothing.
    static func stopped(_ error: AlertSoundError, command: String) -> String?
}

extension Reporter {
    static var judgesBundles: Bool { true }
    static var needsLevels: Bool { false }
    static func stopped(_ error: AlertSoundError, command: String) -> String? { nil }
    mutating func add(notes: [String]) {}
}

/// What a reporter is told of the run before it starts.
struct ReportSettings {
    /// `check --format html --no-players` turns this off.
    var players = true
    /// `validate-bundle` judges more than iOS: each finding says its platform.
    var labelled = false
    /// `validate-bundle`'s paths: a failing reference says the `explain` command that shows why.
    var paths: [String] = []
}

/// Every output format, in the order `--help` lists them. A new format is a `Reporter` in a file
/// of its own, and a line here.
/// (Closures, not key paths, over these metatypes: `\.name` on `any Reporter.Type` crashes Swift
/// 6.3.1's SIL generation.)
enum Reporters {
    static let all: [any Reporter.Type] = [
        TextReporter.self, JSONReporter.self, XcodeReporter.self, GitHubReporter.self, MarkdownReporter.self,
        HTMLReporter.self, SARIFReporter.self, JUnitReporter.self, GitLabReporter.self
    ]

    /// "text for people, json for machines, …", for `--help`.
    static func purposes(_ reporters: [any Reporter.Type]) -> String {
        reporters.map { "\($0.name) \($0.purpose)" }.joined(separator: ", ")
    }
}

/// `--format`'s value for `check` and `validate-bundle`: one of ``Reporters/all``.
struct ReportFormat: ExpressibleByArgument, CustomStringConvertible, Equatable {
    let reporter: any Reporter.Type

    init(_ reporter: any Reporter.Type) { self.reporter = reporter }

    init?(argument: String) {
        guard let reporter = Reporters.all.first(where: { $0.name == argument }) else { return nil }
        self.reporter = reporter
    }

    var name: String { reporter.name }
    var description: String { name }
    /// A new reporter for this format.
    func make(_ settings: ReportSettings) -> any Reporter { reporter.init(settings) }

    static var allValueStrings: [String] { Reporters.all.map { $0.name } }
    static let text = ReportFormat(TextReporter.self)
    static let json = ReportFormat(JSONReporter.self)

    static func == (a: ReportFormat, b: ReportFormat) -> Bool { a.name == b.name }

    static let strictHelp = "Treat warnings as errors: a file with a warning is invalid and the exit status is 1."
}

/// Options shared by every command that judges files: `check`'s, whose formats are all of them.
struct ReportOptions: ParsableArguments {
    @Option(name: .long, help: "Output: \(Reporters.purposes(Reporters.all)).")
    var format: ReportFormat = .text

    @Flag(name: .long, help: ArgumentHelp(ReportFormat.strictHelp))
    var strict = false
}

/// `validate-bundle`'s: the formats that judge bundles. Any other is parsed only to be refused with
/// a hint (validate()), never offered in `--help`, completions or the man page.
struct BundleReportOptions: ParsableArguments {
    struct Choice: ExpressibleByArgument {
        let format: ReportFormat
        init?(argument: String) {
            guard let format = ReportFormat(argument: argument) else { return nil }
            self.format = format
        }
        init(_ format: ReportFormat) { self.format = format }
        static var allValueStrings: [String] { Reporters.all.filter { $0.judgesBundles }.map { $0.name } }
        var defaultValueDescription: String { format.name }
    }

    @Option(
        name: .customLong("format"), help: "Output: \(Reporters.purposes(Reporters.all.filter { $0.judgesBundles })).")
    var choice = Choice(.text)

    @Flag(name: .long, help: ArgumentHelp(ReportFormat.strictHelp))
    var strict = false

    var format: ReportFormat { choice.format }
}
