import AlertSoundCore

/// What a bundle's lock, its project's sources and the folder itself show beyond its sounds and the
/// names payloads use, gathered before anything is reported.
struct BundleWide {
    let platform: Platform
    let root: String
    let kind: BundleKind
    let sounds: [FoundSound]
    let lockPath: String
    /// Locked sounds the app does not ship.
    var missing: [LockCheck.Missing] = []
    /// Channel IDs payloads ask for that the lock does not have (Android).
    var unknownChannels: [LockCheck.UnknownChannel] = []
    /// Sound URIs an Android project's sources build from resource IDs.
    var idURIs: [ResourceIDURIs.Use] = []
    var strict = false
    /// An Xcode project's sounds that no app target copies, by case-folded file name.
    var uncopied: [String: String] = [:]
}

/// A finding that belongs to no one sound or reference — a lock entry, a channel ID, a line of
/// code, the folder itself — reported as a reference of its own, after the bundle's references.
typealias BundleWideRule = BundleRule<BundleWide, [ReferenceReport]>

/// The rules for a bundle as a whole, run in order.
enum BundleWideRules {
    static let all: [BundleWideRule] = [resourceIdUri, lockMissingSound, unknownChannel, noSounds]

    /// Findings of one kind beyond this many become one more that counts the rest: a lock of
    /// 50,000 sounds none of which ships says so in a page, not in 50,000 findings.
    static let maximumRepeatedFindings = 100

    /// The first ``maximumRepeatedFindings`` of `items` as `each` reports them, then one `rest`
    /// report counting the others.
    static func capped<Item>(
        _ items: [Item], _ each: (Item) -> ReferenceReport, rest: (_ more: Int) -> ReferenceReport
    ) -> [ReferenceReport] {
        var reports = items.prefix(maximumRepeatedFindings).map(each)
        if items.count > maximumRepeatedFindings { reports.append(rest(items.count - maximumRepeatedFindings)) }
        return reports
    }
}
