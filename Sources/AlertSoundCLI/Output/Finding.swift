import AlertSound

/// One diagnostic and the place an editor or CI should point at.
struct Finding {
    var path: String
    var line: Int?
    var diagnostic: Diagnostic
}

extension CheckReport {
    var findings: [Finding] {
        files.flatMap { file in file.diagnostics.map { Finding(path: file.path, diagnostic: $0) } }
    }
}

extension ValidationReport {
    /// Labelled with their platform when the run checks more than iOS.
    var findings: [Finding] {
        var findings = BundleFindings(labelled: bundles.contains { $0.platform != .ios } || !unjudged.isEmpty)
        return bundles.flatMap { $0.parts.flatMap { findings.add($0) } }
            + unjudged.flatMap { findings.add(.unjudged($0)) }
    }
}

/// `validate-bundle`'s findings, taken from a run's parts as they arrive.
struct BundleFindings {
    /// Each message starts with the platform it is about ("Android: ").
    let labelled: Bool
    private var bundle = ""
    private var platform = Platform.ios

    init(labelled: Bool) { self.labelled = labelled }

    mutating func add(_ part: BundleReport.Part) -> [Finding] {
        let found: [Finding]
        switch part {
        case let .opened(bundle, kind, _):
            self.bundle = bundle
            platform = kind.platform
            return []
        case .files(let files):
            found = files.flatMap { file in
                file.report.diagnostics.map { Finding(path: file.report.path, diagnostic: $0) }
            }
        case .references(let references):
            found = findings(references)
        case .closed:
            return []
        case .unjudged(let unjudged):
            // A --sound name points at the last bundle given, as its own would.
            platform = unjudged.platform
            found = findings(unjudged.references)
        }
        guard labelled else { return found }
        return found.map { finding in
            var labelled = finding
            labelled.diagnostic.message = platform.displayName + ": " + finding.diagnostic.message
            return labelled
        }
    }

    /// Where each finding about a name points: "--sound" names have no file, so at the bundle; a
    /// list's names at their line; a payload's at the payload.
    private func findings(_ references: [ReferenceReport]) -> [Finding] {
        references.flatMap { reference in
            reference.diagnostics.map { d -> Finding in
                if reference.source == "--sound" { return Finding(path: bundle, diagnostic: d) }
                if let position = reference.position {
                    return Finding(path: position.file, line: position.line, diagnostic: d)
                }
                return Finding(path: reference.source, diagnostic: d)
            }
        }
    }
}

/// A format that prints a line per finding as verdicts arrive (Xcode's issue lines, GitHub's
/// annotations): the formats differ only in how a finding and a note are written.
protocol FindingLines: Reporter {
    var findings: BundleFindings { get set }
    init(findings: BundleFindings)
    /// The findings' lines, each escaped for the format.
    static func render(_ findings: [Finding]) -> String
    /// A note of the run (`validate-bundle`'s), as a line, escaped for the format.
    static func note(_ text: String) -> String
}

extension FindingLines {
    init(_ settings: ReportSettings) { self.init(findings: BundleFindings(labelled: settings.labelled)) }

    func add(files: [FileReport]) { Printers.document(Self.render(CheckReport(files: files).findings)) }

    func add(notes: [String]) { for note in notes { Printers.document(Self.note(note)) } }

    mutating func add(_ part: BundleReport.Part) { Printers.document(Self.render(findings.add(part))) }

    func finish() {}
}
