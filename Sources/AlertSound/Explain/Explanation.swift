import AlertSoundCore

/// For one push, what each platform plays and why: per app found and per platform the push
/// reaches, the decisions the device makes in the order it makes them, each with its evidence and
/// where it was read (``Explainer``; `alertsound explain`).
public struct Explanation: Sendable, Codable, Equatable {
    /// One entry per app and platform, in the order the apps were found; a platform the push
    /// reaches with no app given for it has an entry too, whose outcome is `unknown`.
    public var pushes: [PushExplanation]
    /// What the run left out or could not judge (a platform left out, a sound nothing names).
    public var notes: [String]

    /// Whether every push plays what it names (or the default it asks for) on every platform, on
    /// fresh and existing installs, as it asks (a critical alert delivered as an ordinary one does not).
    public var playsAsNamed: Bool {
        pushes.allSatisfy { push in
            push.fresh.asNamed && (push.existing?.asNamed ?? true) && !push.steps.contains { $0.verdict == .degraded }
        }
    }

    /// An explanation.
    public init(pushes: [PushExplanation], notes: [String] = []) {
        self.pushes = pushes
        self.notes = notes
    }

    enum Keys: String, CodingKey { case schemaVersion, pushes, notes, playsAsNamed }

    /// Reads `explain --format json` back (`Schemas/explain.schema.json`); a document of another
    /// schema version is refused.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        try ReportSchema.expectVersion(in: c, forKey: .schemaVersion)
        pushes = try c.decode([PushExplanation].self, forKey: .pushes)
        notes = try c.decode([String].self, forKey: .notes)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ReportSchema.version, forKey: .schemaVersion)
        try c.encode(pushes, forKey: .pushes)
        try c.encode(notes, forKey: .notes)
        try c.encode(playsAsNamed, forKey: .playsAsNamed)
    }
}

/// One push on one platform of one app: the steps, what plays, and the sentence to paste.
public struct PushExplanation: Sendable, Codable, Equatable {
    /// The platform.
    public var platform: Platform
    /// The app as examined (`ios/Runner.xcodeproj`, `android`); `nil` when no app of this platform
    /// was given.
    public var app: String?
    /// What the app is; `nil` with ``app``.
    public var kind: BundleKind?
    /// The sound the push names, as written; `nil` when it names none.
    public var name: String?
    /// Where the push came from: a payload file, `--sound`, `--channel`, `-` (standard input).
    public var source: String
    /// The payload key the name was read from.
    public var field: String?
    /// The Android channel the push names.
    public var channel: String?
    /// The decisions, in the order the device makes them.
    public var steps: [ExplanationStep]
    /// What plays on a device that installs the app now.
    public var fresh: PlayOutcome
    /// What plays where the app was installed before, when that differs or cannot be told the same
    /// (an Android channel keeps the sound it was first created with).
    public var existing: PlayOutcome?
    /// One sentence a support engineer could paste into a reply.
    public var summary: String
    /// The Apple system the app is built for, when it is not iOS (a macOS, watchOS or tvOS app of
    /// an Xcode project): ``platform`` is then `ios`, the family whose payload key (`aps.sound`) it
    /// reads, and this says whose rules decided. `nil` for iOS and Android.
    public var os: AppleOS?

    /// A push's explanation.
    public init(
        platform: Platform, app: String?, kind: BundleKind?, name: String?, source: String, field: String?,
        channel: String?, steps: [ExplanationStep], fresh: PlayOutcome, existing: PlayOutcome?, summary: String,
        os: AppleOS? = nil
    ) {
        self.os = os
        self.platform = platform
        self.app = app
        self.kind = kind
        self.name = name
        self.source = source
        self.field = field
        self.channel = channel
        self.steps = steps
        self.fresh = fresh
        self.existing = existing
        self.summary = summary
    }
}

/// One decision the device makes.
public struct ExplanationStep: Sendable, Codable, Equatable {
    /// Which decision.
    public var step: Kind
    /// How it went.
    public var verdict: Verdict
    /// What was decided, and why, for people.
    public var text: String
    /// The facts it rests on, each with where it was read.
    public var evidence: [Evidence]
    /// The findings behind it (the codes `validate-bundle` reports), when any.
    public var codes: [DiagnosticCode]

    /// A step.
    public init(step: Kind, verdict: Verdict, text: String, evidence: [Evidence] = [], codes: [DiagnosticCode] = []) {
        self.step = step
        self.verdict = verdict
        self.text = text
        self.evidence = evidence
        self.codes = codes
    }

    /// The decisions, in the order a device makes them (each platform uses some).
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Which key of the payload names the sound.
        case payloadKey = "payload-key"
        /// iOS: whether the alert is critical, and whether the app may make it so.
        case critical
        /// Android: the library that shows the message, and how it turns a name into a resource.
        case library
        /// Android: the channel the notification is posted on, which decides its sound.
        case channel
        /// iOS: the folders searched for the name, in order; Android: the raw resource.
        case lookup
        /// The file found: its format and length, and whether the platform plays it.
        case file
        /// Android: whether release shrinking keeps the resource.
        case shrinking
        /// What plays.
        case result

        /// The step a rule's findings belong to (``RuleDescription/Step``, which each rule
        /// declares): every decision but the result is one of them, and the switches below make
        /// the two lists one fact, a step added to either and not the other fails to build.
        public init(_ step: RuleDescription.Step) {
            switch step {
            case .payloadKey: self = .payloadKey
            case .critical: self = .critical
            case .library: self = .library
            case .channel: self = .channel
            case .lookup: self = .lookup
            case .file: self = .file
            case .shrinking: self = .shrinking
            }
        }

        /// The rules' step this decision is; `nil` for the result, which no finding is about.
        public var step: RuleDescription.Step? {
            switch self {
            case .payloadKey: return .payloadKey
            case .critical: return .critical
            case .library: return .library
            case .channel: return .channel
            case .lookup: return .lookup
            case .file: return .file
            case .shrinking: return .shrinking
            case .result: return nil
            }
        }
    }

    /// How a step went.
    public enum Verdict: String, Sendable, Codable {
        /// The device goes on to the next step.
        case passes
        /// The device plays the default sound here.
        case defaultSound = "default-sound"
        /// The device plays another sound than the one named (a channel's), or none.
        case otherSound = "other-sound"
        /// It plays, but not as asked (a critical alert delivered as an ordinary one).
        case degraded
        /// It plays on the evidence at hand, with a risk the step names (shrinking, a format
        /// Apple does not document).
        case risk
        /// What the device does here cannot be told from the files given.
        case unknown
    }
}

/// A fact and where it was read.
public struct Evidence: Sendable, Codable, Equatable {
    /// The fact.
    public var fact: String
    /// The file it was read from, as given or found (`ios/Runner.xcodeproj/project.pbxproj`).
    public var file: String?
    /// The line, counted from 1, when known.
    public var line: Int?

    /// A fact read from `file` at `line`.
    public init(_ fact: String, file: String? = nil, line: Int? = nil) {
        self.fact = fact
        self.file = file
        self.line = line
    }
}

/// What a device plays for a push.
public struct PlayOutcome: Sendable, Codable, Equatable {
    /// The kind of outcome.
    public var plays: Plays
    /// The sound file or resource that plays (``Plays/namedSound``, ``Plays/otherSound``).
    public var sound: String?
    /// Why, when it is not the sound named.
    public var because: String?
    /// The finding behind `because`.
    public var code: DiagnosticCode?

    /// An outcome.
    public init(_ plays: Plays, sound: String? = nil, because: String? = nil, code: DiagnosticCode? = nil) {
        self.plays = plays
        self.sound = sound
        self.because = because
        self.code = code
    }

    /// Whether this is what the push asked for: its sound, or the default it named.
    public var asNamed: Bool { plays == .namedSound || plays == .requestedDefault || plays == .silent }

    /// The kinds of outcome.
    public enum Plays: String, Sendable, Codable {
        /// The sound the push names.
        case namedSound = "named-sound"
        /// The default sound, which the push asks for (`"default"`).
        case requestedDefault = "requested-default"
        /// The default sound, instead of the one named.
        case defaultSound = "default-sound"
        /// Another sound than the one named (the channel's).
        case otherSound = "other-sound"
        /// No sound, as the push asks: it names none (iOS), a critical alert at volume 0, a channel made silent.
        case silent
        /// No sound, though the push names one (a silent channel).
        case noSound = "no-sound"
        /// Cannot be told from what was given.
        case unknown
    }
}
