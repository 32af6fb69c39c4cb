import AlertSoundCore

/// Bundles examined and their sounds found, none judged yet: what
/// ``BundleValidator/prepare(paths:references:)`` gives.
public struct ValidationRun: Sendable {
    let validator: BundleValidator
    let scans: [BundleScan]
    let references: [SoundReference]
    /// The paths as given, for what is said about them.
    let paths: [String]
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
        for platform in unjudged {
            valid = valid && platform.valid
            each(.unjudged(platform))
        }
        return valid
    }

    /// The names meant for a platform that no path given is an app of, each failing: what the
    /// device plays for them is unknown, and a run that drops them would pass unseen (an FCM
    /// payload's `android` sound given with the iOS app alone).
    public var unjudged: [UnjudgedPlatform] {
        Platform.allCases.compactMap { platform in
            guard !scans.contains(where: { $0.kind.platform == platform }) else { return nil }
            let names = references.filter { $0.platform == platform }
            guard !names.isEmpty else { return nil }
            let given = paths.map { "'\($0)'" }.joined(separator: ", ")
            let reason =
                "no \(platform.displayName) app was found in \(given), so what \(platform.displayName) plays for "
                + "\(names.count == 1 ? "this name" : "these names") is not known"
            let advice =
                platform == .android
                ? "give the Android project (the folder with settings.gradle), .apk or .aab as well"
                : "give the Xcode project, .app, .ipa or .xcarchive as well"
            return UnjudgedPlatform(
                platform: platform, reason: reason,
                references: names.map { reference in
                    var located = LocatedReference(reference, platform: platform)
                    located.diagnostics.append(
                        RuleCatalog.noAppForPlatform.description.diagnostic(
                            "'\(reference.name ?? "")' is meant for \(platform.displayName): \(reason); \(advice)"))
                    return located.report(adding: [], strict: validator.strict)
                })
        }
    }

    /// The whole report, every part put together.
    public func report() throws -> ValidationReport {
        var collector = BundleReportCollector()
        try validate { collector.add($0) }
        var report = ValidationReport(bundles: collector.reports)
        report.unjudged = collector.unjudged
        report.notes = notes
        return report
    }
}
