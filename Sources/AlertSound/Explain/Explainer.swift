import AlertSoundCore

/// Explains one push: for each app found under the paths and each platform the push reaches, the
/// decisions the device makes, in order, each with its evidence (``Explanation``). It validates as
/// `validate-bundle` does, with the same rules and findings, and lays the verdict on each name out
/// as the device's chain of decisions; so `explain` and `validate-bundle` never disagree.
///
/// ```swift
/// let explanation = try Explainer().explain(paths: ["."], push: .payload(at: "push.json"))
/// for push in explanation.pushes { print(push.summary) }
/// ```
public struct Explainer: Sendable {
    /// How the apps are validated (strictness, `--lock`, `--entitlements`, the minimum iOS,
    /// the configuration, the platforms judged).
    public var validator: BundleValidator

    /// An explainer validating with `validator`.
    public init(validator: BundleValidator = BundleValidator()) { self.validator = validator }

    /// `push` explained on every app under `paths` that is of a platform it reaches. Throws what
    /// validation throws: a path that cannot be examined.
    public func explain(paths: [String], push: Push) throws -> Explanation {
        let run = try validator.prepare(paths: paths, references: push.references)
        var pushes: [PushExplanation] = []
        for scan in run.scans where push.platforms.contains(scan.kind.platform) {
            let platform = scan.kind.platform
            var app = AppFacts(
                scan: scan, lock: validator.lock, lockPath: validator.lockPath, payload: push.payloadLines)
            var references = run.references
            // A payload that reaches this platform and names no sound for it is a push too. On
            // Android its channel decides what plays: the validator judges that message as any
            // other (so the channel is worked out once, by validation).
            let unnamed = push.isPayload && !references.contains { $0.platform == nil || $0.platform == platform }
            if unnamed, platform == .android {
                references.append(AndroidChain.unnamed(source: push.source, channel: push.channel))
            }
            // Each report carries the name it judged (its index among those given) and what was
            // decided on the way: the push's own verdicts are laid out in order, none paired again.
            var reports: [ReferenceReport] = []
            _ = try validator.validate(scan, references: references) { part in
                switch part {
                case .opened(_, _, let entitlements): app.entitlements = entitlements
                case .references(let found): reports += found.filter { $0.decisions?.given != nil }
                case .files, .closed, .unjudged: break
                }
            }
            if let outcome = scan.os.fixedOutcome {
                // watchOS and tvOS: what plays is the system's, whatever is named (issue 57).
                pushes += references.filter { $0.platform == nil || $0.platform == platform }.map {
                    IOSChain.fixed(app: app, reference: $0, because: outcome, payload: push.payloadLines)
                }
                if unnamed { pushes.append(IOSChain.silent(app: app, source: push.source)) }
                continue
            }
            for report in reports {
                guard let decisions = report.decisions else { continue }
                pushes.append(
                    platform == .ios
                        ? IOSChain(app: app, report: report, decisions: decisions).explain()
                        : AndroidChain(app: app, report: report, decisions: decisions).explain())
            }
            if unnamed, platform == .ios { pushes.append(IOSChain.silent(app: app, source: push.source)) }
        }
        for platform in run.unjudged {
            for report in platform.references {
                pushes.append(Self.unjudged(report, reason: platform.reason, payload: push.payloadLines))
            }
        }
        return Explanation(pushes: pushes, notes: run.notes)
    }

    /// A push for a platform no app was given for.
    static func unjudged(_ report: ReferenceReport, reason: String, payload: PayloadLines?) -> PushExplanation {
        let because = "no \(report.platform.displayName) app was given: " + reason
        var chain = Chain()
        chain.add(
            PayloadStep.step(
                report, problems: report.diagnostics.filter { $0.code != .noAppForPlatform }, payload: payload))
        chain.add(
            ExplanationStep(step: .result, verdict: .unknown, text: because, codes: [.noAppForPlatform]),
            decides: PlayOutcome(.unknown, because: because, code: .noAppForPlatform))
        return chain.push(platform: report.platform, app: nil, kind: nil, report: report, channel: nil)
    }
}

/// What an app's scan and verdicts say, for its chains.
struct AppFacts {
    let scan: BundleScan
    let lock: SoundLock?
    /// Where ``lock`` was read, for its evidence.
    let lockPath: String
    /// The lines of the push's keys in its payload; nil for a push given by name.
    let payload: PayloadLines?
    var entitlements: Entitlements?

    init(scan: BundleScan, lock: SoundLock?, lockPath: String, payload: PayloadLines?) {
        self.scan = scan
        self.lock = lock
        self.lockPath = lockPath
        self.payload = payload
    }

    var root: String { scan.root }
}

extension ReferenceDecisions {
    /// The sound file as the result names it: its path and format (`a.caf (CAF, ima4, …)`).
    var described: String? {
        file.map { "\($0.report.path) (\(FileFacts.format($0.report)))" }
    }
}

/// The steps as they are made, and the first that decides what plays.
struct Chain {
    var steps: [ExplanationStep] = []
    var outcome: PlayOutcome?
    var degraded: String?

    /// Adds `step`; `decides`: what plays when this is the first step that decides it.
    mutating func add(_ step: ExplanationStep, decides: PlayOutcome? = nil) {
        steps.append(step)
        if outcome == nil, let decides { outcome = decides }
        if step.verdict == .degraded, degraded == nil { degraded = step.text }
    }

    /// The lookup step: the default sound at the first finding that fails it (`failing`), else it
    /// passes with its findings as evidence.
    mutating func lookup(_ text: String, findings: [Diagnostic], failing: Diagnostic?, evidence: [Evidence]) {
        if let failing {
            add(
                ExplanationStep(
                    step: .lookup, verdict: .defaultSound, text: text + ": " + failing.message, evidence: evidence,
                    codes: findings.map(\.code)),
                decides: PlayOutcome(.defaultSound, because: failing.message, code: failing.code))
        } else {
            add(
                ExplanationStep(
                    step: .lookup, verdict: .passes, text: text,
                    evidence: evidence + findings.map { Evidence($0.message) },
                    codes: findings.map(\.code)))
        }
    }

    /// The push, its result step and its sentence; `named`: what plays when no step decided.
    mutating func push(
        platform: Platform, app: String?, kind: BundleKind?, report: ReferenceReport, channel: String?,
        named: PlayOutcome? = nil, existing: PlayOutcome? = nil, os: AppleOS? = nil
    ) -> PushExplanation {
        let fresh = outcome ?? named ?? PlayOutcome(.unknown, because: "nothing decided what plays")
        if steps.last?.step != .result {
            steps.append(
                ExplanationStep(
                    step: .result, verdict: Self.verdict(fresh), text: Self.phrase(fresh),
                    codes: fresh.code.map { [$0] } ?? []))
        }
        var summary = "On \(os?.displayName ?? platform.displayName)"
        if let app { summary += " (\(app))" }
        summary += ", " + Self.phrase(fresh, name: report.name)
        if let degraded, fresh.plays == .namedSound { summary += ", but " + degraded }
        if let existing, existing != fresh {
            summary += "; where the app was installed before, " + Self.phrase(existing)
        }
        return PushExplanation(
            platform: platform, app: app, kind: kind, name: report.name, source: report.source, field: report.field,
            channel: channel, steps: steps, fresh: fresh, existing: existing, summary: summary + ".",
            os: os == .ios ? nil : os)
    }

    static func verdict(_ outcome: PlayOutcome) -> ExplanationStep.Verdict {
        switch outcome.plays {
        case .namedSound, .requestedDefault: return .passes
        case .defaultSound: return .defaultSound
        case .silent: return .passes
        case .otherSound, .noSound: return .otherSound
        case .unknown: return .unknown
        }
    }

    /// "plays chime.caf", "plays the default sound because …".
    static func phrase(_ outcome: PlayOutcome, name: String? = nil) -> String {
        let because = outcome.because.map { " because " + $0 } ?? ""
        switch outcome.plays {
        case .namedSound: return "this push plays \(outcome.sound ?? name ?? "its sound")"
        case .requestedDefault: return "this push plays the default sound, which it asks for"
        case .defaultSound: return "this push plays the default sound" + because
        case .otherSound: return "this push plays \(outcome.sound ?? "another sound")" + because
        case .silent:
            return "this push plays no sound" + (outcome.because.map { " because " + $0 } ?? ": it names none")
        case .noSound: return "this push plays no sound" + because
        case .unknown: return "what this push plays cannot be told" + because
        }
    }
}

/// The payload-key step both platforms start with.
enum PayloadStep {
    /// `problems`: what reading the reference found (a payload missing or malformed, a name the
    /// code computes): then what plays cannot be told. `payload`: the payload's text; `named`: the
    /// name the push itself gives (an Expo message gives only a channel, whose sound the report
    /// names); `channel`: the channel it names.
    static func step(
        _ report: ReferenceReport, problems: [Diagnostic], payload: PayloadLines?, named: String? = nil,
        channel: String? = nil
    ) -> ExplanationStep {
        let evidence = [Evidence.payload(report.source, field: report.field, text: payload)]
        if let problem = problems.first {
            return ExplanationStep(
                step: .payloadKey, verdict: .unknown, text: problem.message, evidence: evidence,
                codes: problems.map(\.code))
        }
        let key = report.field ?? "the name"
        let from = report.source.hasPrefix("--") ? "given with \(report.source)" : "of \(report.source)"
        let text: String
        switch (report.name, channel) {
        case (let name?, let channel?) where named == nil:
            // An Expo push message: its Android sound is its channel's, which the validator judged.
            text = "\(key) \(from) names channel \(channel), whose sound is '\(name)'"
        case (let name?, _): text = "\(key) \(from) names '\(name)'\(report.critical ? ", as a critical alert" : "")"
        case (nil, _): text = "\(key) \(from) names no sound"
        }
        return ExplanationStep(step: .payloadKey, verdict: .passes, text: text, evidence: evidence)
    }
}

extension Evidence {
    /// Where a payload's key is, as far as its text tells: the line of the field's last key,
    /// in its place under its parents (`message`, `android`, `notification`, `sound`; `[3]`, an
    /// Expo array's fourth message).
    static func payload(_ source: String, field: String?, text: PayloadLines?) -> Evidence {
        guard let text else { return Evidence("given on the command line (\(source))") }
        let fact = field.map { "the payload's \($0)" } ?? "the payload"
        let file = source == "-" ? "standard input" : source
        guard let field, let line = text.line(of: field) else { return Evidence(fact, file: file) }
        return Evidence(fact, file: file, line: line)
    }
}

/// The file step's facts, as both platforms state them.
enum FileFacts {
    /// The file's format in a phrase; its findings less `leaving` (said by another step, or not
    /// about playing); the first that fails it; the evidence: the format, then every finding but
    /// that first one, which the step's text quotes.
    static func of(
        _ file: FileReport, at path: String, leaving: Set<DiagnosticCode>
    ) -> (
        summary: String, findings: [Diagnostic], first: Diagnostic?, evidence: [Evidence]
    ) {
        let findings = file.diagnostics.filter { !leaving.contains($0.code) }
        // A failure that decides whatever the format (too long, unreadable) comes before an
        // undocumented format's, whose outcome is not known (issue 57: a 2-minute MP3 was "cannot
        // be told" where it plays the default sound on every iOS).
        let failing = findings.filter { $0.fails(strict: file.strict) }
        let first = failing.first { $0.code != .undocumentedFormat } ?? failing.first
        let evidence =
            [Evidence(format(file), file: path)]
            + findings.filter { $0 != first }.map { Evidence("[\($0.code.rawValue)] \($0.message)") }
        return (format(file), findings, first, evidence)
    }

    /// The file's format in a phrase ("CAF, ima4, 44100 Hz, 2 ch, 1.500 s"), or that it is unknown.
    static func format(_ file: FileReport) -> String { file.info?.summary ?? "format unknown" }
}
