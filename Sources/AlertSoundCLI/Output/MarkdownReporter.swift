import AlertSound

/// GitHub-flavoured Markdown, for a job summary (`$GITHUB_STEP_SUMMARY`) or a pull-request
/// comment: a table of sounds with verdict, format, duration and findings. Made whole at the end,
/// for people (the one format that keeps every verdict until then).
struct MarkdownReporter: Reporter {
    static let name = "markdown"
    static let purpose = "for a job summary"
    /// What the man page says of it after its name (generated into `--format`'s description).
    static let manual =
        ": a GitHub-flavoured table of the sounds (verdict, format, duration, findings) and of the references, for a CI job summary."

    private var files: [FileReport] = []
    private var notes: [String] = []
    private var bundles = BundleReportCollector()
    private var judgedBundles = false
    private let paths: [String]

    init(_ settings: ReportSettings) { paths = settings.paths }

    mutating func add(files batch: [FileReport]) { files += batch }
    mutating func add(notes: [String]) { self.notes += notes }

    mutating func add(_ part: BundleReport.Part) {
        judgedBundles = true
        bundles.add(part)
    }

    func finish() {
        guard judgedBundles else { return Printers.document(Self.render(CheckReport(files: files))) }
        var report = ValidationReport(bundles: bundles.reports)
        report.unjudged = bundles.unjudged
        report.notes = notes
        Printers.document(Self.render(report, paths: paths))
    }

    static func render(_ report: CheckReport) -> String {
        let invalid = report.files.filter { !$0.valid }.count
        var out =
            "### alertsound check: \(verdict(report.valid)) \(count(report.files.count, "sound")), \(invalid) invalid\n\n"
        if report.files.isEmpty { return out + "No sound files found.\n" }
        out += table(report.files.map { ($0, nil) })
        return out
    }

    /// `paths`: what was validated, for the `explain` command under a failing reference.
    static func render(_ report: ValidationReport, paths: [String] = []) -> String {
        report.notes.map { "> **Note:** \(cell($0))\n\n" }.joined()
            + report.bundles.map { bundle in
                let invalid = bundle.files.filter { !$0.report.valid }.count
                var out =
                    "### \(verdict(bundle.valid)) `\(code(bundle.bundle))` (\(bundle.kind.rawValue), \(bundle.platform.displayName)):"
                    + " \(count(bundle.files.count, "sound")), \(invalid) invalid\n\n"
                if let entitlements = bundle.entitlements {
                    out +=
                        "Critical alerts \(entitlements.criticalAlerts ? "allowed" : "not allowed") by the entitlements (\(entitlements.source.rawValue)).\n\n"
                }
                out +=
                    bundle.files.isEmpty
                    ? "No sound files found.\n" : table(bundle.files.map { ($0.report, $0.location) })
                if !bundle.references.isEmpty { out += "\n" + references(bundle.references, paths: paths) }
                return out
            }.joined(separator: "\n")
            + report.unjudged.map { platform in
                "\n### \(verdict(platform.valid)) \(platform.platform.displayName) not judged: \(cell(platform.reason))\n\n"
                    + references(platform.references)
            }.joined()
    }

    private static func references(_ references: [ReferenceReport], paths: [String] = []) -> String {
        var out = "| Reference | From | Verdict | Sound | Findings |\n|---|---|---|---|---|\n"
        for reference in references {
            let name = reference.name.map { "`\(code($0))`" } ?? "(no name)"
            let from = cell(reference.source + (reference.field.map { " (\($0))" } ?? ""))
            let sound = reference.resolvedPath.map { "`\(code($0))`" } ?? "—"
            var found = findings(reference.diagnostics)
            if !reference.valid, let command = ExplainCommand.line(for: reference, paths: paths) {
                found += "<br>see why: `\(code(command))`"
            }
            out +=
                "| \(name)\(reference.critical ? " (critical)" : "") | \(from) | \(verdict(reference.valid)) | \(sound) | \(found) |\n"
        }
        return out
    }

    private static func table(_ files: [(FileReport, SoundLocation?)]) -> String {
        var out = "| Sound | Verdict | Format | Duration | Findings |\n|---|---|---|---|---|\n"
        for (file, location) in files {
            let info = file.info
            var format = [info?.container.displayName, info?.coding?.code].compactMap { $0 }.joined(separator: " ")
            if let rate = info?.sampleRate { format += ", \(Formatting.number(rate)) Hz" }
            if let channels = info?.channels { format += ", \(channels) ch" }
            let duration = info?.duration.map { Formatting.seconds($0) + " s" } ?? "—"
            let place = location.map { " (\($0.rawValue))" } ?? ""
            out +=
                "| `\(code(file.path))`\(place) | \(verdict(file.valid)) | \(format.isEmpty ? "—" : cell(format)) | \(duration) | \(findings(file.diagnostics)) |\n"
        }
        return out
    }

    private static func findings(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.isEmpty
            ? ""
            : diagnostics.map { "\($0.severity.rawValue) `\($0.code.rawValue)`: \(cell($0.advisedMessage))" }.joined(
                separator: "<br>")
    }

    private static func verdict(_ valid: Bool) -> String { valid ? "✅ valid" : "❌ invalid" }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// Text in a table cell: no line breaks, no cell separators, no HTML, and no Markdown from a
    /// file or payload name (`![x](https://…)` once showed a remote image in the job summary, and
    /// `[Approved](…)` a link): the marks that open links, images and emphasis are
    /// backslash-escaped, which CommonMark reads as the mark itself. (Names in code spans need
    /// none: nothing is read inside one.)
    static func cell(_ text: String) -> String {
        var out = ""
        for scalar in text.escapedForDisplay.unicodeScalars {
            switch scalar {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "`": out += "'"
            case "\\", "[", "]", "*", "_", "~": out += "\\" + String(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text inside backticks: a backtick cannot be escaped there, so it becomes a quote.
    static func code(_ text: String) -> String {
        String(text.escapedForDisplay.map { $0 == "`" ? "'" : $0 == "|" ? "¦" : $0 })
    }
}
