import AlertSoundCore

/// Every rule, from the lists the rules are registered in where they are evaluated, and every
/// code's description, made from them: what ``DiagnosticCode``'s `severity`, `topic`, `summary` and
/// `details` say, and what the documentation's tables are generated from. A rule declares its facts
/// once (``RuleDescription``); a code reported by several rules (`no-such-sound` by each platform's
/// ladder) has them all name one description.
enum RuleCatalog {
    /// The rules about one file: `check`'s, the walks', the level rules, Android's.
    static let fileRules: [Rule] = Rule.all + Rule.walkRules + LevelRules.all + AndroidRules.all

    /// The rules about a bundle's sounds and names, each with bundles its code must be found on and not.
    static let bundleRules: [any DescribedRule] =
        SoundRules.iosOnly + SoundRules.androidOnly + SoundRules.both + PlayRules.all + ReferenceResolver.rules
        + AndroidResolver.rules
        + BundleWideRules.all + readingRules

    /// The folders that hold the rules, a file each, by module (`BundleRuleTests` holds that each
    /// file's rule is in exactly one of the lists above).
    static let ruleFolders = [
        ("AlertSoundCore", "Rules/File"), ("AlertSoundCore", "Rules/Walk"), ("AlertSoundCore", "Rules/Levels"),
        ("AlertSound", "Android/Rules"), ("AlertSound", "Bundle/Rules")
    ]

    /// Findings made where their input is read, with their bundles.
    static let readingRules = [badPayload, linkOutsideBundle, noAppForPlatform, computedName]

    /// Each code's description, the first registered rule's.
    static let descriptions: [DiagnosticCode: RuleDescription] = {
        var byCode: [DiagnosticCode: RuleDescription] = [:]
        for description in fileRules.map(\.description) + bundleRules.map({ $0.description })
        where byCode[description.code] == nil {
            byCode[description.code] = description
        }
        return byCode
    }()

    /// The description of `code` (every code has one: `BundleRuleTests` holds it).
    static func description(of code: DiagnosticCode) -> RuleDescription {
        descriptions[code] ?? RuleDescription(code, .error, .bundle, step: .lookup, summary: code.rawValue)
    }
}

extension DiagnosticCode {
    /// How much the finding matters, unless the finding says otherwise (``resourceBundle`` is an
    /// error on a reference that names such a sound): its rule's.
    public var severity: Severity { RuleCatalog.description(of: self).severity }
    /// Where the documentation lists this code.
    public var topic: Topic { RuleCatalog.description(of: self).topic }
    /// One sentence on what the finding means, for tables and `--help`.
    public var summary: String { RuleCatalog.description(of: self).summary }
    /// What the man page adds to ``summary``, where there is more to say than a table's line.
    public var details: String? { RuleCatalog.description(of: self).details }

    /// The finding, at this code's severity unless `severity` says otherwise.
    package func diagnostic(_ message: String, severity: Severity? = nil, suggestion: Suggestion? = nil) -> Diagnostic {
        RuleCatalog.description(of: self).diagnostic(message, severity: severity, suggestion: suggestion)
    }
}

extension RuleDescription.Topic {
    /// The codes of this topic, in the order of `DiagnosticCode.allCases`.
    public var codes: [DiagnosticCode] { DiagnosticCode.allCases.filter { $0.topic == self } }
}

extension Diagnostic {
    /// A finding at its code's own severity (its rule's).
    public init(code: DiagnosticCode, message: String, suggestion: Suggestion? = nil) {
        self.init(code: code, message: message, severity: code.severity, suggestion: suggestion)
    }
}

extension DiagnosticCode {
    /// The decision of the device's a finding of this code is about, as its rule declares it.
    var step: RuleDescription.Step { RuleCatalog.description(of: self).step }
}
