/// How much a finding matters. Errors make a file invalid; warnings do with `strict`.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    case note, warning, error

    public static func < (a: Severity, b: Severity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One finding about one file.
public struct Diagnostic: Sendable, Hashable, Codable {
    public var severity: Severity
    /// Stable kebab-case identifier, safe to match on in scripts.
    public var code: String
    public var message: String

    public init(severity: Severity, code: String, message: String) {
        self.severity = severity
        self.code = code
        self.message = message
    }

    /// Whether this finding makes what it is about invalid: an error, or with `strict` a warning.
    public func fails(strict: Bool) -> Bool { severity == .error || (strict && severity == .warning) }
}

/// What a rule looks at: a path and what reading it gave.
public struct RuleSubject: Sendable {
    public enum Outcome: Sendable {
        case missing
        case unreadable(InspectionError)
        case inspected(SoundInfo)
    }

    public var path: String
    public var outcome: Outcome

    public init(path: String, outcome: Outcome) {
        self.path = path
        self.outcome = outcome
    }

    public var info: SoundInfo? {
        if case .inspected(let info) = outcome { return info }
        return nil
    }

    /// The file's extension, lower-cased, without the dot; empty when it has none.
    public var fileExtension: String {
        lowercasedExtension(lastComponent(path))
    }
}

/// A check with a stable code. Rules are values, so the list is data and each rule's
/// examples double as its tests.
public struct Rule: Sendable {
    public let code: String
    public let severity: Severity
    /// One line for documentation and `--help`.
    public let summary: String
    /// A message when the rule fires, `nil` when it does not.
    let evaluate: @Sendable (RuleSubject) -> String?
    /// Subjects the rule must fire on, and ones it must stay silent on.
    let triggering: [RuleSubject]
    let passing: [RuleSubject]

    public func check(_ subject: RuleSubject) -> Diagnostic? {
        evaluate(subject).map { Diagnostic(severity: severity, code: code, message: $0) }
    }

    /// Every rule, in the order their findings are reported.
    public static let all: [Rule] = [
        .notFound, .unreadable, .unsupportedContainer, .unsupportedFormat, .tooLong,
        .unknownDuration, .extensionMismatch, .damagedHeader, .imaAdpcmWAV, .noAudio, .widePCM,
    ]

    /// The rule with this code, if any.
    public static func named(_ code: String) -> Rule? { all.first { $0.code == code } }
}
