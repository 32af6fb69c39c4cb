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
            return "\(outcome.input) -> \(outcome.output ?? "?") (dry run): \(changes.isEmpty ? "re-encoded" : changes)\(renamed)"
        case .unchanged:
            let note = outcome.note.map { Advice.line($0, outcome.suggestion) }
            return "\(outcome.input): left as is: \(note ?? "plays already (\(outcome.before?.info?.summary ?? "valid"))")"
        case .failed:
            return "\(outcome.input): could not fix: \(outcome.error.map { Advice.line($0.reason, $0.suggestion) } ?? "unknown error")"
        }
    }

    static func summary(_ report: FixReport, dryRun: Bool) -> String {
        var parts = ["\(report.count(dryRun ? .planned : .fixed)) \(dryRun ? "to fix" : "fixed")", "\(report.count(.unchanged)) already playing"]
        let failed = report.count(.failed)
        if failed > 0 { parts.append("\(failed) could not be fixed") }
        return "\(report.outcomes.count) input\(report.outcomes.count == 1 ? "" : "s"): " + parts.joined(separator: ", ")
    }

    static func json(_ report: FixReport) -> String {
        JSONPrinter.render(Document(report: report))
    }

    private struct Document: Encodable {
        let report: FixReport

        enum Keys: String, CodingKey { case schemaVersion, inputs, summary }
        enum SummaryKeys: String, CodingKey { case fixed, unchanged, planned, failed }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(ReportSchema.version, forKey: .schemaVersion)
            try c.encode(report.outcomes.map(Outcome.init), forKey: .inputs)
            var s = c.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
            for status in [FixOutcome.Status.fixed, .unchanged, .planned, .failed] {
                try s.encode(report.count(status), forKey: SummaryKeys(rawValue: status.rawValue)!)
            }
        }
    }

    private struct Outcome: Encodable {
        let outcome: FixOutcome

        enum Keys: String, CodingKey { case input, output, status, before, after, changes, error, note }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(outcome.input, forKey: .input)
            try c.encode(outcome.output, forKey: .output)
            try c.encode(outcome.status, forKey: .status)
            try c.encode(outcome.before, forKey: .before)
            try c.encode(outcome.after, forKey: .after)
            try c.encode(outcome.changes.map(Change.init), forKey: .changes)
            try c.encode(outcome.error?.reason, forKey: .error)
            try c.encode(outcome.note, forKey: .note)
        }
    }

    /// `kind` and `description` always; the numbers the kind has.
    private struct Change: Encodable {
        let change: FixChange

        enum Keys: String, CodingKey { case kind, description, from, to, fade, leading, trailing, fromContainer, fromFormat, offset, seconds }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(change.kind, forKey: .kind)
            try c.encode(change.description, forKey: .description)
            switch change {
            case .decodedWithFFmpeg:
                break
            case let .converted(container, format, to):
                try c.encode(container, forKey: .fromContainer)
                try c.encode(format, forKey: .fromFormat)
                try c.encode(to, forKey: .to)
            case let .trimmed(from, to, fade):
                try c.encode(from, forKey: .from)
                try c.encode(to, forKey: .to)
                try c.encode(fade, forKey: .fade)
            case let .silenceTrimmed(leading, trailing):
                try c.encode(leading, forKey: .leading)
                try c.encode(trailing, forKey: .trailing)
            case let .mixed(from, to):
                try c.encode(from, forKey: .from)
                try c.encode(to, forKey: .to)
            case let .resampled(from, to), let .normalized(from, to), let .loudness(from, to), let .peakLimited(from, to):
                try c.encode(from, forKey: .from)
                try c.encode(to, forKey: .to)
            case let .dcRemoved(offset):
                try c.encode(offset, forKey: .offset)
            case let .fadedIn(seconds), let .fadedOut(seconds):
                try c.encode(seconds, forKey: .seconds)
            }
        }
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
            if bar { fputs("\r\u{1B}[K", stderr) }
            if format == .text, !quiet || outcome.status == .failed {
                print(FixPrinter.line(outcome))
                fflush(stdout)
            }
            if bar {
                let width = 30, filled = total == 0 ? width : done * width / total
                fputs("[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: width - filled))] \(done)/\(total)", stderr)
            }
        }
    }

    func end() {
        if bar { fputs("\r\u{1B}[K", stderr) }
    }
}
