/// What a rule's finding is, stated once, in the rule's own declaration (as SwiftLint's
/// `RuleDescription`): its stable code, how much it matters, where the documentation lists it, and
/// what it means. The man page's DIAGNOSTIC CODES, the guides' tables, `--help`'s code lists and
/// the schemas' code descriptions are made from the registered rules' descriptions
/// (`scripts/dev/generate-docs`; a test fails when one is out of date). Text is plain, with Markdown
/// code spans (`x`) around literal names; thresholds are interpolated from the values the rules use.
public struct RuleDescription: Sendable {
    /// Which findings a code belongs to, as the documentation groups them.
    public enum Topic: String, Sendable, CaseIterable {
        /// One file's container, format and length.
        case file
        /// A sound's levels, judged with `--levels`.
        case levels
        /// A bundle's files and the names its payloads use.
        case bundle
        /// A critical alert and the app's entitlements.
        case entitlements
        /// Android's resources and sources.
        case android
        /// A lock file written by export.
        case lock
    }

    /// Which of the device's decisions a finding is about: the step of `explain`'s chain that
    /// shows it. Each code declares its own, so a new code lands in its step rather than silently
    /// in the lookup (issue 56); the raw values are explain's step names.
    public enum Step: String, Sendable, Codable, CaseIterable {
        /// Which key of the payload names the sound, and whether its value is a name.
        case payloadKey = "payload-key"
        /// iOS: whether the alert is critical, and whether the app may make it so.
        case critical
        /// Android: the library that shows the message, and how it turns a name into a resource.
        case library
        /// Android: the channel the notification is posted on, which decides its sound.
        case channel
        /// Where the name is looked up: the bundle's folders, or Android's raw resources.
        case lookup
        /// The file found: its container, format, length and levels.
        case file
        /// Android: whether release shrinking keeps the resource.
        case shrinking
    }

    /// The finding's stable code.
    public let code: DiagnosticCode
    /// The decision a finding of this code is about.
    public let step: Step
    /// How much the finding matters, unless a finding says otherwise (`resource-bundle` is a note
    /// on a file and an error on a reference that names it).
    public let severity: Severity
    /// Where the documentation lists it.
    public let topic: Topic
    /// One sentence on what the finding means, for tables and `--help`.
    public let summary: String
    /// What the man page adds to ``summary``: examples, limits and the way out, where there is
    /// more to say than a table's line.
    public let details: String?
    /// Where the description is declared (`#fileID:#line`): a code has exactly one, which every
    /// rule reporting it names (the rule tests hold it).
    package let declaration: String

    /// A rule's description.
    public init(
        _ code: DiagnosticCode, _ severity: Severity, _ topic: Topic, step: Step, summary: String,
        details: String? = nil, file: String = #fileID, line: Int = #line
    ) {
        self.declaration = "\(file):\(line)"

        self.code = code
        self.step = step
        self.severity = severity
        self.topic = topic
        self.summary = summary
        self.details = details
    }

    /// The finding, at this description's severity unless `severity` says otherwise.
    public func diagnostic(_ message: String, severity: Severity? = nil, suggestion: Suggestion? = nil) -> Diagnostic {
        Diagnostic(code: code, message: message, severity: severity ?? self.severity, suggestion: suggestion)
    }
}
