import AlertSound

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fix`'s report: a line per input, a summary, or one JSON document.
enum FixPrinter {
    static func line(_ outcome: FixOutcome) -> String {
        let changes = outcome.changes.map(\.description).joined(separator: "; ")
        let renamed = outcome.note.map { " (\($0))" } ?? ""
        switch outcome.status {
        case .fixed:
            return "\(outcome.input) -> \(outcome.output ?? "?"): \(changes)\(renamed)"
        case .planned:
            return
                "\(outcome.input) -> \(outcome.output ?? "?") (dry run): \(changes.isEmpty ? "re-encoded" : changes)\(renamed)"
        case .unchanged:
            let note = outcome.note.map { Advice.line($0, outcome.suggestion) }
            return
                "\(outcome.input): left as is: \(note ?? "plays already (\(outcome.before?.info?.summary ?? "valid"))")"
        case .failed:
            if let error = outcome.error {
                return "\(outcome.input): could not fix: \(Advice.line(error.reason, error.suggestion))"
            }
            return "\(outcome.input): could not fix: \(Findings.line(outcome.blockers, output: outcome.after != nil))"
        }
    }

    static func summary(_ report: FixReport, dryRun: Bool) -> String {
        var parts = [
            "\(report.count(dryRun ? .planned : .fixed)) \(dryRun ? "to fix" : "fixed")",
            "\(report.count(.unchanged)) already playing"
        ]
        let failed = report.count(.failed)
        if failed > 0 { parts.append("\(failed) could not be fixed") }
        return "\(report.outcomes.count) input\(report.outcomes.count == 1 ? "" : "s"): "
            + parts.joined(separator: ", ")
    }

    /// The report's own Codable form: the library and the command write one document.
    static func json(_ report: FixReport) -> String {
        JSONPrinter.render(report)
    }
}

/// Lines as inputs finish, and on a terminal a progress bar beneath them (on standard error).
/// `Fixer` never calls `finished` twice at once.
final class FixProgress: @unchecked Sendable {
    private let format: DocumentFormat
    private let quiet: Bool
    private let bar: Bool

    init(format: DocumentFormat, quiet: Bool) {
        self.format = format
        self.quiet = quiet
        bar = !quiet && isatty(2) != 0
    }

    func finished(_ outcome: FixOutcome, done: Int, total: Int) {
        do {
            if bar { Printers.progress("") }
            if format == .text, !quiet || outcome.status == .failed {
                Printers.line(FixPrinter.line(outcome))
                Printers.flush()
            }
            if bar {
                let width = 30, filled = total == 0 ? width : done * width / total
                Printers.progress(
                    "[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: width - filled))] \(done)/\(total)"
                )
            }
        }
    }

    func end() {
        if bar { Printers.progress("") }
    }
}

/// Findings that stopped a fix or an export, on one line: `code: message`, and where the output
/// was judged, that it was not written.
enum Findings {
    static func line(_ blockers: [Diagnostic], output: Bool) -> String {
        let found = blockers.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "; ")
        return output ? "the output would still not play, so nothing was written: " + found : found
    }
}
