/// How much a finding matters. Errors make a file invalid; warnings do with `strict`.
public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// Worth knowing; never fails anything.
    case note
    /// Fails a file or reference only with `strict`.
    case warning
    /// Always fails what it is about.
    case error

    public static func < (a: Severity, b: Severity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One finding about a file or a reference: processed, and found a problem (or something worth
/// knowing). Whether it makes what it is about invalid follows from its severity: see ``fails(strict:)``.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// What was found, as a stable code.
    public var code: DiagnosticCode
    /// What is wrong, for people; never a command line (see ``suggestion``).
    public var message: String
    /// How much it matters; usually the code's own severity.
    public var severity: Severity
    /// What would get past the problem, when something would.
    public var suggestion: Suggestion?

    /// Makes a finding. (With the `AlertSound` library, `init(code:message:suggestion:)` takes the
    /// code's own severity from its rule.)
    public init(code: DiagnosticCode, message: String, severity: Severity, suggestion: Suggestion? = nil) {
        self.code = code
        self.message = message
        self.severity = severity
        self.suggestion = suggestion
    }

    /// Whether this finding makes what it is about invalid: an error, or with `strict` a warning.
    public func fails(strict: Bool) -> Bool { severity == .error || (strict && severity == .warning) }

    package enum CodingKeys: String, CodingKey { case code, message, severity, suggestion }

    /// The `Encodable` form: ``members(into:)``.
    public func encode(to encoder: Encoder) throws { try encodeMembers(to: encoder) }
}

extension Diagnostic: JSONObject {
    package typealias MemberKey = CodingKeys

    /// `suggestion` is left out when there is none, as the schema expects.
    package func members<Sink: MemberSink>(into sink: inout Sink) throws where Sink.Key == CodingKeys {
        try sink.string(code.rawValue, .code)
        try sink.string(message, .message)
        try sink.string(severity.rawValue, .severity)
        if let suggestion { try sink.object(suggestion, .suggestion) }
    }
}

/// What a rule looks at: a path and what reading it gave.
public struct RuleSubject: Sendable {
    /// What reading the path gave.
    public enum Outcome: Sendable {
        /// Nothing is at the path.
        case missing
        /// Something is there, but it could not be read as a sound.
        case failed(AlertSoundError)
        /// It was read.
        case inspected(SoundInfo)
    }

    /// The file as named.
    public var path: String
    /// What reading it gave.
    public var outcome: Outcome
    /// Its Android resource name when it is a raw resource (`alarm` for `res/raw/alarm.mp3`, or
    /// what an optimised APK's table says); `nil` elsewhere.
    package var resourceName: String?
    /// What `check --levels` measured of its decoded audio; `nil` when levels were not measured.
    /// Only the level rules read it.
    package var levels: SoundLevels?
    /// The thresholds the level rules judge `levels` against.
    package var levelLimits = LevelThresholds()
    /// What a folder walk found in place of a file; only ``Rule/walkRules`` read it.
    package var walk: WalkFinding?
    /// The lowest iOS version the app runs on, when known: `undocumented-format` is a warning at or
    /// above the version its evidence names, an error below it or when this is nil.
    public var minimumIOS: MinimumIOS?

    /// A subject for the rules; `Checker.report(_:)` judges it.
    public init(path: String, outcome: Outcome) {
        self.path = path
        self.outcome = outcome
    }

    /// The sound's description, when it was read.
    public var info: SoundInfo? {
        if case .inspected(let info) = outcome { return info }
        return nil
    }

    /// The file's extension, lower-cased, without the dot; empty when it has none.
    public var fileExtension: String {
        lowercasedExtension(lastComponent(path))
    }
}

/// A check with a stable code, about one file. A rule is one declaration: its facts (code,
/// severity, topic, summary, details), how it judges, and subjects it must fire on and must stay
/// silent on, which run as its tests. Rules are values, so the lists are data.
public struct Rule: Sendable {
    /// What the rule reports, and what that means.
    public let description: RuleDescription
    /// A finding when the rule fires, `nil` when it does not.
    let evaluate: @Sendable (RuleSubject) -> Finding?
    /// Subjects the rule must fire on, and ones it must stay silent on.
    package let triggering: [RuleSubject]
    package let passing: [RuleSubject]
    /// The file that declares the rule (`#fileID`): a rule is a file of its own, so this names it,
    /// and the rule tests hold that each file's rule is in exactly one list.
    package let file: String

    /// A rule; the AlertSound library makes its platform rules (Android's) with this too.
    package init(
        _ description: RuleDescription, evaluate: @escaping @Sendable (RuleSubject) -> Finding?,
        triggering: [RuleSubject], passing: [RuleSubject], file: String = #fileID
    ) {
        self.description = description
        self.evaluate = evaluate
        self.triggering = triggering
        self.passing = passing
        self.file = file
    }

    /// What the rule reports.
    public var code: DiagnosticCode { description.code }

    /// What a rule says when it fires.
    package struct Finding {
        package var message: String
        package var suggestion: Suggestion?
        /// Set when this finding matters more or less than the code's own severity.
        package var severity: Severity?
        package init(_ message: String, severity: Severity? = nil, suggestion: Suggestion? = nil) {
            self.message = message
            self.severity = severity
            self.suggestion = suggestion
        }
    }

    /// How much the rule's finding matters.
    public var severity: Severity { description.severity }
    /// One line about the rule.
    public var summary: String { description.summary }

    /// The finding this rule makes about `subject`, if any.
    public func check(_ subject: RuleSubject) -> Diagnostic? {
        evaluate(subject).map { description.diagnostic($0.message, severity: $0.severity, suggestion: $0.suggestion) }
    }

    /// Every rule, in the order their findings are reported.
    public static let all: [Rule] = [
        .notFound, .unreadable, .unrecognized, .malformed, .unsupportedContainer, .unsupportedFormat,
        .undocumentedFormat,
        .tooLong,
        .unknownDuration, .extensionMismatch, .damagedHeader, .imaAdpcmWAV, .noAudio, .unusualSampleRate, .widePCM
    ]

    /// The rule with this code, if any.
    public static func named(_ code: DiagnosticCode) -> Rule? { all.first { $0.code == code } }
}
