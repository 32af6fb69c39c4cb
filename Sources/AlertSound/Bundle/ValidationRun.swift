import AlertSoundCore

/// Bundles examined and their sounds found, none judged yet: what
/// ``BundleValidator/prepare(paths:references:)`` gives.
public struct ValidationRun: Sendable {
    let validator: BundleValidator
    let scans: [BundleScan]
    let references: [SoundReference]
    /// What the run could not judge: at a repository root, a platform whose project was not found
    /// (`iOS not judged: …`). Printed before the bundles; not findings, so no exit status.
    public let notes: [String]

    /// What each path is, in the order given (its rules are `kind.platform`'s).
    public var kinds: [BundleKind] { scans.map(\.kind) }

    /// Judges every sound and resolves every reference, bundle by bundle, handing each part on
    /// as it is made: a few hundred verdicts are held at a time, so memory follows the number of
    /// sounds, not the size of their reports. Returns whether every bundle is valid; throws only
    /// `cancelled` (from the `async` entry point).
    @discardableResult
    public func validate(each: (BundleReport.Part) -> Void) throws -> Bool {
        var valid = true
        for scan in scans {
            valid = try validator.validate(scan, references: references, each: each) && valid
        }
        return valid
    }

    /// The whole report, every part put together.
    public func report() throws -> ValidationReport {
        var collector = BundleReportCollector()
        try validate { collector.add($0) }
        var report = ValidationReport(bundles: collector.reports)
        report.notes = notes
        return report
    }
}
