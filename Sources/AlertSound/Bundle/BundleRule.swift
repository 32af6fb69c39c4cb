import AlertSoundCore

/// A rule about one subject of a bundle's judging, as ``Rule`` is for one file, and in the same
/// shape: one declaration of what it reports and what that means (``RuleDescription``), how it
/// judges its subject, and bundles (``BundleExample``) on which its code must be found and must not,
/// which `BundleRuleTests` writes out and validates. The subjects, each judged where it is complete:
/// a sound among the others (``SoundRule``), a reference once its sound is judged (``PlayRule``), a
/// name no sound answers exactly (``ReferenceRule``), the bundle as a whole (``BundleWideRule``).
struct BundleRule<Subject, Said>: DescribedRule, Sendable {
    let description: RuleDescription
    /// Set where the finding is not at its description's severity (`resource-bundle` is a note on
    /// a file and an error on a reference that names it).
    var severity: Severity? = nil
    /// What the rule says about its subject; `nil` when it has nothing to say.
    let evaluate: @Sendable (Subject) -> Said?
    let triggering: [BundleExample]
    let passing: [BundleExample]
    let file: String

    init(
        _ description: RuleDescription, severity: Severity? = nil, triggering: [BundleExample],
        passing: [BundleExample], file: String = #fileID, evaluate: @escaping @Sendable (Subject) -> Said?
    ) {
        self.description = description
        self.severity = severity
        self.evaluate = evaluate
        self.triggering = triggering
        self.passing = passing
        self.file = file
    }

    /// The finding about `subject`, made from `message`.
    func diagnostic(_ message: String, suggestion: Suggestion? = nil) -> Diagnostic {
        description.diagnostic(message, severity: severity, suggestion: suggestion)
    }
}

/// What every bundle-level rule declares beyond how it judges, for the catalog and the rule tests.
protocol DescribedRule: Sendable {
    var description: RuleDescription { get }
    var triggering: [BundleExample] { get }
    var passing: [BundleExample] { get }
    /// The file that declares the rule (`#fileID`): a rule is a file of its own, so this names it
    /// (the rule tests hold that each is in exactly one list, and run it alone).
    var file: String { get }
}

/// Which of the lists' bundle rules a validation evaluates: all of them, or, for the rule tests,
/// one rule alone (by its file) or none, so that a finding can be told to come from that rule.
enum RuleSelection: Sendable, Hashable {
    case all
    case only(file: String)
    case none

    /// Whether `rule` is evaluated.
    func admits(_ rule: some DescribedRule) -> Bool {
        switch self {
        case .all: return true
        case .only(let file): return rule.file == file
        case .none: return false
        }
    }

    /// The rules of `list` that are evaluated, in its order.
    func select<Rule: DescribedRule>(_ list: [Rule]) -> [Rule] {
        self == .all ? list : list.filter(admits)
    }
}

/// A finding made where its input is read rather than by a rule list (a payload's grammar makes
/// `bad-payload`, a folder walk `link-outside-bundle`), declared with its bundles for the catalog
/// and the rule tests.
struct ReadingRule: DescribedRule {
    let description: RuleDescription
    let triggering: [BundleExample]
    let passing: [BundleExample]
    let file: String

    init(
        description: RuleDescription, triggering: [BundleExample], passing: [BundleExample], file: String = #fileID
    ) {
        self.description = description
        self.triggering = triggering
        self.passing = passing
        self.file = file
    }
}

/// A rule whose finding is a message and a suggestion.
typealias SubjectRule<Subject> = BundleRule<Subject, Rule.Finding>

extension BundleRule where Said == Rule.Finding {
    /// The finding this rule makes about `subject`, if any.
    func check(_ subject: Subject) -> Diagnostic? {
        evaluate(subject).map { diagnostic($0.message, suggestion: $0.suggestion) }
    }
}

/// A name that no sound answers exactly, and what to look it up in.
struct NameMiss<Lookup> {
    let name: String
    let reference: SoundReference
    let lookup: Lookup
}

/// How a name that no sound answers exactly is judged, on each platform: rules in order, and the
/// first with something to say decides (a name gets one finding, about its nearest miss). The
/// resolvers only find sounds (``ReferenceResolver``, ``AndroidResolver``); what a miss means and
/// how it is said is here, one rule each. What a rule says: its message, and the sound the name nearly names.
typealias ReferenceRule<Lookup> = BundleRule<NameMiss<Lookup>, (message: String, nearly: FoundSound?)>

extension BundleRule {
    /// The first finding of `rules` about `name`, and the sound it nearly names.
    static func judge<Lookup>(
        _ name: String, _ reference: SoundReference, _ lookup: Lookup, by rules: [Self]
    ) -> (diagnostic: Diagnostic, nearly: FoundSound?)?
    where Subject == NameMiss<Lookup>, Said == (message: String, nearly: FoundSound?) {
        let miss = NameMiss(name: name, reference: reference, lookup: lookup)
        for rule in rules {
            if let said = rule.evaluate(miss) { return (rule.diagnostic(said.message), said.nearly) }
        }
        return nil
    }
}
