import AlertSoundCore

/// What iOS does with a push's sound name, in its order: the payload's key, critical or not, the
/// folders searched (the app's `Library/Sounds`, its app groups', the main bundle; the first
/// match plays), the file found and whether iOS plays its format and length (notes §1).
struct IOSChain {
    let app: AppFacts
    let report: ReferenceReport
    /// What the validator decided on the way to `report`.
    let decisions: ReferenceDecisions

    private var reference: SoundReference { decisions.reference }

    func explain() -> PushExplanation {
        var chain = Chain()
        let payload = PayloadStep.step(report, problems: reference.problems, payload: app.payload)
        if payload.verdict != .passes {
            chain.add(payload, decides: PlayOutcome(.unknown, because: payload.text, code: payload.codes.first))
            return finish(&chain)
        }
        chain.add(payload)
        critical(&chain)
        guard let name = report.name else { return finish(&chain) }
        if name == "default" {
            chain.add(
                ExplanationStep(
                    step: .lookup, verdict: .passes,
                    text: "'default' is the system's default sound: iOS looks up no file"),
                decides: PlayOutcome(.requestedDefault))
            return finish(&chain)
        }
        lookup(&chain, name: name)
        file(&chain)
        return finish(&chain)
    }

    private func finish(_ chain: inout Chain) -> PushExplanation {
        return chain.push(
            platform: .ios, app: app.root, kind: app.scan.kind, report: report, channel: nil,
            named: PlayOutcome(.namedSound, sound: decisions.described), os: app.scan.os)
    }

    /// The system's name, and where its main bundle keeps what the Resources phase copies.
    private var system: (name: String, bundle: String) {
        app.scan.os == .macos
            ? ("macOS", "the main bundle's Contents/Resources") : ("iOS", "the main bundle's top level")
    }

    private func critical(_ chain: inout Chain) {
        let findings = report.diagnostics.filter { $0.code.step == .critical }
        let evidence =
            app.entitlements.map {
                [
                    Evidence(
                        "entitlements read from the \($0.source.rawValue.split(separator: "-").joined(separator: " "))",
                        file: $0.path)
                ]
            } ?? []
        guard report.critical else {
            chain.add(
                ExplanationStep(
                    step: .critical, verdict: .passes,
                    text:
                        "not a critical alert: it plays at the ringer's volume, silenced by the ring/silent switch and Focus"
                ))
            return
        }
        if let finding = findings.first(where: { $0.code == .criticalNotEntitled }) {
            chain.add(
                ExplanationStep(
                    step: .critical, verdict: .degraded,
                    text: "delivered as an ordinary alert: the app lacks \(Entitlements.criticalAlertsKey)",
                    evidence: evidence + [Evidence(finding.message)], codes: [finding.code]))
        } else if let finding = findings.first(where: { $0.code == .entitlementsUnknown }) {
            chain.add(
                ExplanationStep(
                    step: .critical, verdict: .unknown,
                    text: "critical only if the app holds \(Entitlements.criticalAlertsKey), which cannot be read here",
                    evidence: [Evidence(finding.message)], codes: [finding.code]))
        } else if reference.volume == 0 {
            // Apple's scale: 0.0 is silent, 1.0 full volume; a critical alert at 0 makes no sound.
            // That is what the payload asks for (validate-bundle passes it): a risk, not a failure.
            let because = "the payload asks for the critical alert at volume 0, which is silent"
            chain.add(
                ExplanationStep(
                    step: .critical, verdict: .risk, text: because,
                    evidence: evidence + [Evidence.payload(report.source, field: report.field, text: app.payload)]),
                decides: PlayOutcome(.silent, because: because))
        } else {
            let volume = reference.volume.map { " at volume \(Formatting.number($0)) (of 1)" } ?? " at full volume"
            chain.add(
                ExplanationStep(
                    step: .critical, verdict: .passes,
                    text:
                        "a critical alert: the app holds \(Entitlements.criticalAlertsKey), so it plays\(volume) even when the device is silenced; "
                        + "iOS looks for its sound in the app's Library/Sounds and the main bundle only, not in app groups",
                    evidence: evidence))
        }
    }

    private func lookup(_ chain: inout Chain, name: String) {
        let findings = report.diagnostics.filter {
            ![.payloadKey, .critical].contains($0.code.step) && $0.code != .invalidSound
        }
        let failing = findings.filter { $0.fails(strict: report.strict) }
        let groups = report.critical ? "" : ", then Library/Sounds of each app group the app belongs to"
        var evidence: [Evidence] = []
        if app.scan.kind == .dataContainer {
            evidence.append(Evidence("the app's data container \(app.root) is its Library/Sounds"))
        } else {
            evidence.append(
                Evidence(
                    "Library/Sounds\(report.critical ? "" : " and the app groups'") are filled by the app at run time and are not in \(app.root): a file named '\(name)' put there would play first"
                ))
        }
        if let installer = app.scan.installer {
            evidence.append(
                Evidence(
                    "the app's code writes sounds into Library/Sounds at run time here", file: installer.file,
                    line: installer.line))
        }
        // Names the app's code computes at run time: where it may install sounds of its own.
        for computed in app.scan.codeReferences.lazy.filter({ $0.problems.contains { $0.code == .computedName } })
            .prefix(3)
        {
            evidence.append(
                Evidence(
                    "the app's code names a sound computed at run time here: it may install sounds into Library/Sounds",
                    file: computed.position?.file, line: computed.position?.line))
        }
        if let path = report.resolvedPath, let found = decisions.file {
            evidence.append(Evidence("found: \(found.relativePath) (\(found.location.rawValue))", file: path))
            if app.scan.kind == .xcodeProject {
                evidence.append(
                    Evidence(
                        "an app target's Resources phase copies it to "
                            + (app.scan.os == .macos ? "the bundle's Contents/Resources" : "the bundle's top level")))
            }
        } else if let candidate = report.candidate {
            evidence.append(
                Evidence("nearly: \(candidate.relativePath) (\(candidate.location.rawValue))", file: candidate.path))
        }
        let text =
            "\(system.name) looks for '\(name)' in the app's Library/Sounds\(groups), then \(system.bundle); the first file of exactly this name plays"
        // Only the device can tell: a name not in the bundle of an app that fills Library/Sounds
        // itself, or a path to a file that is there (Apple documents no lookup by path).
        let undecided =
            failing.isEmpty
            ? findings.first {
                ($0.code == .noSuchSound && app.scan.installer != nil)
                    || ($0.code == .notReachable && name.contains("/"))
            } : nil
        if let maybe = undecided {
            chain.add(
                ExplanationStep(
                    step: .lookup, verdict: .unknown, text: text + ": " + maybe.message, evidence: evidence,
                    codes: findings.map(\.code)),
                decides: PlayOutcome(.unknown, because: maybe.message, code: maybe.code))
            return
        }
        chain.lookup(text, findings: findings, failing: failing.first, evidence: evidence)
    }

    private func file(_ chain: inout Chain) {
        guard let path = report.resolvedPath else { return }
        guard let found = decisions.file else {
            // The sound was judged, but its report is not at hand (it should be): say what the reference says.
            if let invalid = report.diagnostics.first(where: { $0.code == .invalidSound }) {
                chain.add(
                    ExplanationStep(
                        step: .file, verdict: .defaultSound, text: invalid.message, evidence: [Evidence(path)],
                        codes: [.invalidSound]),
                    decides: PlayOutcome(.defaultSound, because: invalid.message, code: .invalidSound))
            }
            return
        }
        let file = found.report
        let (summary, findings, first, evidence) = FileFacts.of(file, at: path, leaving: [.unreferenced])
        if let first {
            // A format Apple does not document, below the versions it is seen to play on: the
            // documents say nothing either way, so the device's answer is not known (the finding
            // fails the build all the same). A file that could not be read, or that stops the
            // app's build (a .NET bundle resource under a reserved name, dotnet/macios error
            // E0102), tells nothing of what a device plays: no app is built, or its bytes are
            // unknown (issue 57: the default sound was said of an app that does not build).
            let known = first.code != .undocumentedFormat && first.code != .unreadable
            chain.add(
                ExplanationStep(
                    step: .file, verdict: known ? .defaultSound : .unknown,
                    text: "\(path) is \(summary): " + first.message,
                    evidence: evidence, codes: findings.map(\.code)),
                decides: PlayOutcome(
                    known ? .defaultSound : .unknown, because: "\(path): " + first.message, code: first.code))
        } else if let undocumented = findings.first(where: { $0.code == .undocumentedFormat }) {
            chain.add(
                ExplanationStep(
                    step: .file, verdict: .risk,
                    text: "\(path) is \(summary), not one of Apple's four documented formats; " + undocumented.message,
                    evidence: evidence, codes: findings.map(\.code)))
        } else {
            chain.add(
                ExplanationStep(
                    step: .file, verdict: .passes,
                    text:
                        "\(path) is \(summary): a format Apple documents for notification sounds, shorter than 30 seconds",
                    evidence: evidence, codes: findings.map(\.code)))
        }
    }

    /// A payload that names no sound for iOS: the notification is shown without one.
    static func silent(app: AppFacts, source: String) -> PushExplanation {
        let report = ReferenceReport(
            name: nil, source: source, field: "aps.sound", platform: .ios, critical: false, resolvedPath: nil,
            diagnostics: [], strict: false)
        var chain = Chain()
        chain.add(
            ExplanationStep(
                step: .payloadKey, verdict: .passes,
                text:
                    "the payload has no aps.sound (nor FCM's apns or a legacy notification.sound): iOS shows it without a sound",
                evidence: [Evidence("the payload", file: source)]),
            decides: PlayOutcome(.silent))
        return chain.push(
            platform: .ios, app: app.root, kind: app.scan.kind, report: report, channel: nil, os: app.scan.os)
    }

    /// A name sent to a watchOS or tvOS app: the system decides what plays, whatever the name
    /// (`because`, ``AppleOS/fixedOutcome``): the default sound on watchOS (or the default asked
    /// for), nothing on tvOS; never the named file. Not a finding of validate-bundle, which says it
    /// in a note: the app can do nothing about it.
    static func fixed(
        app: AppFacts, reference: SoundReference, because: String, payload: PayloadLines?
    ) -> PushExplanation {
        let report = ReferenceReport(
            name: reference.name, source: reference.source, field: reference.field, platform: .ios,
            critical: reference.critical, resolvedPath: nil, diagnostics: reference.problems, strict: false,
            position: reference.position)
        var chain = Chain()
        let tv = app.scan.os == .tvos
        chain.add(PayloadStep.step(report, problems: [], payload: payload))
        let outcome: PlayOutcome
        switch reference.name {
        case nil: outcome = PlayOutcome(.silent)
        case "default"? where !tv: outcome = PlayOutcome(.requestedDefault)
        case _ where tv: outcome = PlayOutcome(.noSound, because: because)
        default: outcome = PlayOutcome(.defaultSound, because: because)
        }
        chain.add(
            ExplanationStep(
                step: .lookup, verdict: Chain.verdict(outcome),
                text: because + (tv || reference.name == nil ? "" : ": no file is looked up"),
                evidence: [
                    Evidence("\(app.root) is built for \(app.scan.os.displayName) (its SDKROOT or SUPPORTED_PLATFORMS)")
                ]),
            decides: outcome)
        return chain.push(
            platform: .ios, app: app.root, kind: app.scan.kind, report: report, channel: nil, os: app.scan.os)
    }
}
