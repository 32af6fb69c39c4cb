import AlertSoundCore

extension BundleReport {
    /// A bundle's report in the order it is made and written (``ValidationRun/validate(each:)``):
    /// opened, its files in batches, its references in batches, closed. A run of several bundles
    /// gives each bundle's parts in turn.
    public enum Part: Sendable {
        /// What is examined, and the app's entitlements when a reference asks for a critical alert.
        case opened(bundle: String, kind: BundleKind, entitlements: Entitlements?)
        /// The next sounds, judged, in the report's order.
        case files([BundleFileReport])
        /// The next references, resolved (they come after every sound: a reference to an invalid
        /// sound says why it is invalid).
        case references([ReferenceReport])
        /// The bundle is done; `valid` is ``BundleReport/valid``.
        case closed(valid: Bool)
        /// After every bundle: the names meant for a platform that no path given is an app of,
        /// each failing with `no-app-for-platform` (a name is never dropped).
        case unjudged(UnjudgedPlatform)
    }

    /// The report as a run gives it.
    public var parts: [Part] {
        [
            .opened(bundle: bundle, kind: kind, entitlements: entitlements), .files(files), .references(references),
            .closed(valid: valid)
        ]
    }
}

/// Puts parts together into whole reports again, for callers that want them.
package struct BundleReportCollector {
    package private(set) var reports: [BundleReport] = []
    package private(set) var unjudged: [UnjudgedPlatform] = []

    package init() {}

    package mutating func add(_ part: BundleReport.Part) {
        switch part {
        case let .opened(bundle, kind, entitlements):
            reports.append(
                BundleReport(bundle: bundle, kind: kind, files: [], references: [], entitlements: entitlements))
        case .files(let files):
            reports[reports.count - 1].files += files
        case .references(let references):
            reports[reports.count - 1].references += references
        case .closed:
            break
        case .unjudged(let platform):
            unjudged.append(platform)
        }
    }
}
