import AlertSound

/// GitLab Code Quality (`artifacts: reports: codequality:`): a JSON array of issues, each with a
/// description, the code as `check_name`, a `fingerprint` that stays the same while the finding
/// does (GitLab compares a merge request's issues with its target branch's by it), a severity and
/// the file and line it is about. Issues are kept as they arrive and the array is written at the end.
struct GitLabReporter: Reporter {
    static let name = "gitlab"
    static let purpose = "for GitLab's code quality report"
    /// What the man page says of it after its name (generated into `--format`'s description).
    static let manual =
        ": a GitLab Code Quality report (a JSON array of issues: `description`, `check_name` the code, a `fingerprint` that stays while the finding does, `severity` `major` for an error, `minor` for a warning, `info` for a note, and the file and line); a run that stops prints one `blocker` issue saying why."

    private var findings: BundleFindings
    private var issues: [Issue] = []

    init(_ settings: ReportSettings) { findings = BundleFindings(labelled: settings.labelled) }

    mutating func add(files: [FileReport]) { issues += CheckReport(files: files).findings.map(Issue.init) }

    mutating func add(_ part: BundleReport.Part) { issues += findings.add(part).map(Issue.init) }

    func finish() { Printers.document(JSONPrinter.render(issues) + "\n") }

    /// A run that stopped is one blocker issue saying why, at the file it is about: the merge
    /// request shows it rather than an empty report.
    static func stopped(_ error: AlertSoundError, command: String) -> String? {
        let issue = Issue(
            description: ("alertsound \(command): " + error.advisedDescription).escapedForDisplay,
            checkName: "alertsound-stopped", severity: "blocker", path: error.path ?? ".", line: 1)
        return JSONPrinter.render([issue]) + "\n"
    }

    struct Issue: Encodable {
        var description: String
        var checkName: String
        var fingerprint: String
        var severity: String
        var location: Location

        struct Location: Encodable {
            var path: String
            var lines: Lines
        }

        struct Lines: Encodable { var begin: Int }

        enum CodingKeys: String, CodingKey {
            case description, checkName = "check_name", fingerprint, severity, location
        }

        /// `problem` is what the finding is, without its advice: the same problem in the same place
        /// keeps its fingerprint when the advice's wording changes.
        init(description: String, checkName: String, severity: String, path: String, line: Int, problem: String? = nil)
        {
            self.description = description
            self.checkName = checkName
            self.severity = severity
            location = Location(path: path, lines: Lines(begin: line))
            fingerprint = SHA256.hex(
                Array([path, String(line), checkName, problem ?? description].joined(separator: "\u{0}").utf8))
        }

        init(_ finding: Finding) {
            self.init(
                description: finding.diagnostic.advisedMessage.escapedForDisplay,
                checkName: finding.diagnostic.code.rawValue, severity: Self.severity(finding.diagnostic.severity),
                path: finding.path, line: finding.line ?? 1, problem: finding.diagnostic.message)
        }

        /// GitLab's scale is info, minor, major, critical, blocker: an error fails what it is about.
        static func severity(_ severity: Severity) -> String {
            switch severity {
            case .error: return "major"
            case .warning: return "minor"
            case .note: return "info"
            }
        }
    }
}
