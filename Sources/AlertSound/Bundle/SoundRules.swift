import AlertSoundCore

/// What the whole bundle knows beyond any one sound, gathered before the sounds are judged.
struct BundleFacts: Sendable {
    /// Names that collide, and sounds only in resource bundles.
    let names: NameFindings
    /// What keeps Android's raw resources through shrinking; `nil` outside an Android project.
    let keep: KeepRules?
    /// Shipped sounds that are not what the lock exported, by index.
    let stale: [Int: LockCheck.Stale]
    let lockPath: String
    /// Whether references were given: only then is a sound nobody names worth a note.
    let referencesGiven: Bool
    /// The sounds a reference or the lock names, by index.
    let referenced: Set<Int>
}

/// One sound as the bundle sees it, once judged on its own: its verdict so far, its neighbours.
struct SoundInBundle {
    let index: Int
    /// Its verdict, with the findings of the rules evaluated so far.
    var file: BundleFileReport
    let sounds: [FoundSound]
    let facts: BundleFacts

    var sound: FoundSound { sounds[index] }
}

/// A finding about one sound that only the whole bundle shows — its name beside the others', the
/// lock's record of it, what keeps it through shrinking, whether anything names it. The validator
/// evaluates each platform's list for every sound, in order, each rule seeing the findings of those
/// before it.
typealias SoundRule = SubjectRule<SoundInBundle>

enum SoundRules {
    /// A rule whose finding is a message alone.
    static func rule(
        _ description: RuleDescription, triggering: [BundleExample], passing: [BundleExample],
        file: String = #fileID, _ says: @escaping @Sendable (SoundInBundle) -> String?
    ) -> SoundRule {
        SoundRule(description, triggering: triggering, passing: passing, file: file) {
            says($0).map { Rule.Finding($0) }
        }
    }

    /// Each platform's rules, in order: its own, then those of both (each rule is in one list).
    static let ios: [SoundRule] = iosOnly + both
    static let android: [SoundRule] = androidOnly + both
    static let iosOnly: [SoundRule] = [ambiguousName, resourceBundle]
    static let androidOnly: [SoundRule] = [mayBeShrunk, duplicateResource]
    static let both: [SoundRule] = [channelStale, unreferenced]
}
