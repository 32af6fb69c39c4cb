import AlertSoundCore

/// What Android does with a push's sound, in its order: the payload's key; the library that shows
/// the message and how it turns the name into a raw resource; the channel the notification is
/// posted on, whose sound plays on Android 8 and later, fixed when the channel was first created;
/// the resource, its file, and whether release shrinking keeps it (notes §5).
struct AndroidChain {
    let app: AppFacts
    let report: ReferenceReport
    /// What the validator decided on the way to `report`: the library, the channel, the file.
    let decisions: ReferenceDecisions

    private var reference: SoundReference { decisions.reference }

    func explain() -> PushExplanation {
        var chain = Chain()
        let payload = PayloadStep.step(
            report, problems: reference.problems, payload: app.payload,
            named: reference.name ?? (reference.channel == nil ? report.name : nil),
            channel: reference.channel)
        if payload.verdict != .passes {
            chain.add(payload, decides: PlayOutcome(.unknown, because: payload.text, code: payload.codes.first))
            return finish(&chain, existing: nil)
        }
        chain.add(payload)
        library(&chain)
        let existing = channel(&chain)
        if let name = report.name, name != "default" {
            // Once the channel decided, the message's own name matters only where channels do not
            // exist (Android 7 and older); an app that installs on 8 and later only never looks it up.
            let channelDecided = chain.outcome != nil
            if !channelDecided || (app.scan.facts?.minSdk ?? 0) < 26 {
                lookup(
                    &chain, name: name, olderOnly: channelDecided,
                    degrades: channelDecided && chain.outcome?.plays == .namedSound)
                file(&chain, olderOnly: channelDecided)
            }
        } else if report.name == "default" {
            chain.add(
                ExplanationStep(
                    step: .lookup, verdict: .passes,
                    text: "'default' is the device's default sound: no resource is looked up"),
                decides: PlayOutcome(.requestedDefault))
        }
        return finish(&chain, existing: existing)
    }

    private func finish(_ chain: inout Chain, existing: PlayOutcome?) -> PushExplanation {
        // A message that names no sound and plays its channel's asks for what it gets.
        let named =
            report.name == nil
            ? PlayOutcome(.requestedDefault) : PlayOutcome(.namedSound, sound: decisions.described)
        return chain.push(
            platform: .android, app: app.root, kind: app.scan.kind, report: report, channel: reference.channel,
            named: named, existing: existing)
    }

    private func library(_ chain: inout Chain) {
        let libraries = app.scan.libraries
        let library = report.library ?? libraries.pushHandler
        var evidence: [Evidence] = []
        if let file = libraries.evidence[library] {
            evidence.append(Evidence("\(library.rawValue) is a dependency", file: file))
        } else {
            evidence.append(
                Evidence("no notification library that replaces FCM's is declared: FCM's SDK shows the message"))
        }
        let others = libraries.declared.filter { $0 != library }
        if !others.isEmpty {
            evidence.append(
                Evidence(
                    "also declared: \(others.map(\.rawValue).joined(separator: ", ")) (they resolve only the names the app's code gives them)"
                ))
        }
        let tries =
            report.name.map { name -> String in
                let names = library.lookups(name)
                return names.isEmpty ? "" : ": '\(name)' becomes res/raw/\(names.joined(separator: ", then res/raw/"))"
            } ?? ""
        chain.add(
            ExplanationStep(
                step: .library, verdict: .passes,
                text: "\(library.rawValue) shows this message; \(library.rule)\(tries)",
                evidence: evidence))
    }

    /// The channel step, as the validator decided it; returns what an existing install plays when
    /// it may differ.
    private func channel(_ chain: inout Chain) -> PlayOutcome? {
        let named = report.name
        let findings = report.diagnostics
        let codes = findings.filter { $0.code.step == .channel }
        let older: String
        switch app.scan.facts?.minSdk {
        case let minSdk? where minSdk >= 26: older = " (the app installs on Android 8 and later only: minSdk \(minSdk))"
        case let minSdk?: older = "; on Android 7 and older (minSdk \(minSdk)) the message's own sound plays"
        case nil: older = "; on Android 7 and older the message's own sound plays"
        }
        let keeps =
            "a channel keeps the sound it was first created with: where an earlier version of the app created it with another sound, that sound still plays until the app is reinstalled or the channel's ID changes"
        var existing: PlayOutcome?
        if let stale = findings.first(where: { $0.code == .channelStale }) {
            existing = PlayOutcome(
                .otherSound, sound: "the sound the channel was first created with", because: stale.message,
                code: .channelStale)
        }
        if let target = app.scan.facts?.targetSdk, app.scan.facts?.usesNoChannels == true {
            chain.add(
                ExplanationStep(
                    step: .channel, verdict: .passes,
                    text:
                        "the app targets Android 7 or older (targetSdk \(target)), so its notifications use no channels: the message's own sound plays on every version"
                ))
            return nil
        }
        guard decisions.message else {
            // A name that is no message (validate-bundle's --sound, a list's): it is posted on no
            // channel in particular, so the channel's is not judged.
            chain.add(
                ExplanationStep(
                    step: .channel, verdict: .risk,
                    text:
                        "no channel given (--channel): on Android 8 and later a notification plays its channel's sound, so this is what a channel created with it plays\(older); give the channel (or the payload) to judge the message's"
                ))
            return existing
        }
        guard let outcome = decisions.channel else {
            // A push asking for the default sound: the channel's plays, whichever it is (a risk, as
            // validate-bundle's channel-not-read leaves `default` out).
            if report.name == "default" {
                chain.add(
                    ExplanationStep(
                        step: .channel, verdict: .risk,
                        text:
                            "on Android 8 and later the sound is the channel's, which alertsound cannot read here\(older)"
                    ))
                return existing
            }
            let why =
                app.scan.codeRead
                ? "the app's code creates no channel alertsound can read"
                : "the channels are created in code, which is not read from \(app.scan.kind == .apk ? "an .apk" : "this folder")"
            // The channel decides and cannot be read: not told, as validate-bundle's channel-not-read
            // note says (issue 57: the named sound "played" where the app's channel plays another).
            let text =
                (reference.channel.map { "posted on channel \($0)" }
                    ?? "posted on the manifest's default channel, else FCM's fallback channel")
                + ": on Android 8 and later its sound is the channel's; \(why), so what it plays cannot be told\(older)"
            // Where the channels that cannot be read are made, so the reader can look (issue 57).
            let computed = app.scan.channels.filter { $0.id == nil }.prefix(3).map {
                Evidence(
                    "a channel created with an ID computed at run time (\($0.plays))", file: $0.position.file,
                    line: $0.position.line)
            }
            chain.add(
                ExplanationStep(
                    step: .channel, verdict: .unknown, text: text, evidence: Array(computed), codes: [.channelNotRead]),
                decides: PlayOutcome(.unknown, because: why, code: .channelNotRead))
            return existing
        }
        // What the channel makes of the message's sound is the validator's finding on it
        // (channel-sound-mismatch, no-channel): without one, the channel plays what is named.
        let finding = codes.first { $0.fails(strict: report.strict) }
        func plays(_ declaration: ChannelDeclaration) -> PlayOutcome? {
            let made = "channel \(declaration.id ?? "") was created at \(declaration.made) with \(declaration.plays)"
            if case .resource = declaration.sound,
                let problem = AndroidResolver.foreignPackage(declaration, facts: app.scan.facts)
            {
                return PlayOutcome(.unknown, because: problem, code: .noSuchSound)
            }
            // What it plays, its importance counted: below DEFAULT nothing, computed not known (issue 57).
            // A channel of the notification's own sound comes here as the message makes it (``ChannelDeclaration/created(by:)``).
            switch declaration.heard {
            case .computed, .notificationsOwn:
                let why =
                    declaration.importanceDecides.map {
                        "channel \(declaration.id ?? "") was created at \(declaration.made) with \($0)"
                    }
                    ?? "channel \(declaration.id ?? "")'s sound is computed at \(declaration.made)\(declaration.origin.map { " (\($0))" } ?? "")"
                return PlayOutcome(.unknown, because: why, code: .channelNotRead)
            case .resource where finding == nil && reference.name == nil && reference.channel == nil:
                // A message that names neither a sound nor a channel plays the default channel's, as it asks.
                return PlayOutcome(.namedSound, sound: "res/raw/\(declaration.resource ?? "")", because: made)
            case .silent where finding == nil && reference.name == nil:
                return PlayOutcome(.silent, because: made)
            case .resource where finding == nil && decisions.file == nil && reference.name != nil:
                // The sound the message names, as the channel's own library turns it into a
                // resource (Capacitor's channel `sound.wav` is res/raw/sound), where the message's
                // handler finds no resource for the name (FCM looks `sound.wav` up exactly): on
                // Android 8 and later the channel's sound plays all the same (issue 57); the
                // lookup's failure, on the older versions the app installs on, degrades it. (With
                // minSdk 26 or more, validate-bundle still fails the name's lookup: left to it.)
                guard (app.scan.facts?.minSdk ?? 0) < 26, let resource = declaration.resource,
                    app.scan.sounds.contains(where: { AndroidRules.resourceName(of: $0) == resource })
                else { return nil }
                return PlayOutcome(.namedSound, sound: "res/raw/\(resource)", because: made)
            case _ where finding == nil:
                return nil
            case .resource:
                return PlayOutcome(
                    .otherSound, sound: "res/raw/\(declaration.resource ?? "")", because: made, code: finding?.code)
            case .defaultSound:
                return PlayOutcome(.defaultSound, because: made, code: finding?.code)
            case .silent:
                return PlayOutcome(.noSound, because: made, code: finding?.code)
            }
        }
        func evidence(_ declaration: ChannelDeclaration) -> [Evidence] {
            [
                Evidence(
                    "channel \(declaration.id ?? "(computed)") created with \(declaration.plays)\(declaration.library.map { " through \($0.rawValue)" } ?? "")\(declaration.origin.map { ": \($0)" } ?? "")",
                    file: declaration.position.file, line: declaration.position.line)
            ]
        }
        switch outcome {
        case .created(let declaration), .defaultChannel(let declaration):
            let how: String
            if case .created = outcome {
                how = "posted on channel \(declaration.id ?? ""), which the app creates with \(declaration.plays)"
            } else {
                how =
                    "the message names no channel: FCM posts it on the manifest's default channel \(declaration.id ?? ""), which the app creates with \(declaration.plays)"
            }
            var facts = evidence(declaration)
            if case .defaultChannel = outcome {
                facts.append(Evidence("\(AndroidAppFacts.defaultChannelKey) = \(declaration.id ?? "")"))
            }
            let decided = plays(declaration)
            let verdict = decided.map(Chain.verdict) ?? .passes
            chain.add(
                ExplanationStep(
                    step: .channel, verdict: verdict,
                    text: how + ": on Android 8 and later the channel's sound plays\(older); \(keeps)",
                    evidence: facts, codes: codes.map(\.code)),
                decides: decided)
            // A URI built from the resource's ID: IDs are renumbered when a build adds or removes
            // resources, and the channel keeps the old number.
            if existing == nil, let resource = declaration.resource,
                let use = app.scan.idURIs.first(where: { $0.resource == resource })
            {
                existing = PlayOutcome(
                    .unknown,
                    because:
                        "the channel's sound URI is built from R.raw.\(resource)'s ID at \(use.file):\(use.line); an update that renumbers resources leaves existing installs' channel pointing at another sound, or none",
                    code: .resourceIdUri)
            }
            // The lock says which sound export made this channel for: code that now creates it with
            // another means installs made before the change keep the lock's.
            if existing == nil, let id = declaration.id,
                let entry = app.lock?.sounds.first(where: { $0.channelId == id }),
                let resource = declaration.resource, let locked = entry.android, locked != resource
            {
                existing = PlayOutcome(
                    .otherSound, sound: "res/raw/\(locked)",
                    because: "the lock made channel \(id) for '\(locked)', and a channel keeps its first sound")
            }
        case .locked(let id, let entry):
            let sound = entry.android ?? "default"
            let decided: PlayOutcome? =
                finding == nil
                ? nil
                : sound == "default"
                    ? PlayOutcome(
                        .defaultSound, because: "the lock made channel \(id) for the default sound",
                        code: finding?.code)
                    : PlayOutcome(
                        .otherSound, sound: "res/raw/\(sound)", because: "the lock made channel \(id) for '\(sound)'",
                        code: finding?.code)
            chain.add(
                ExplanationStep(
                    step: .channel,
                    verdict: decided.map(Chain.verdict) ?? .passes,
                    text:
                        "posted on channel \(id), which alertsound export's lock made for '\(sound)': on Android 8 and later the channel's sound plays\(older); \(keeps)",
                    evidence: [Evidence("the lock's channel \(id) for \(entry.name)", file: app.lockPath)],
                    codes: codes.map(\.code)),
                decides: decided)
        case .missing(let id, let created, let dropped):
            // The channels the app does create, where: the one meant is usually among them.
            let made = created.flatMap(evidence)
            if let dropped {
                // A library that creates no channel itself: Android drops the notification (issue 57).
                let because =
                    "channel \(id) is created nowhere in the app's code and \(dropped.rawValue) creates none itself, so Android drops the notification"
                chain.add(
                    ExplanationStep(
                        step: .channel, verdict: .otherSound,
                        text: because + ": it is not shown and no sound plays\(older)", evidence: made,
                        codes: codes.map(\.code)),
                    decides: PlayOutcome(.noSound, because: because, code: finding?.code ?? .channelNotCreated))
                return existing
            }
            let because = "channel \(id) is created nowhere in the app's code, so FCM posts it on its fallback channel"
            chain.add(
                ExplanationStep(
                    step: .channel, verdict: .defaultSound,
                    text: because + ", which plays the default sound\(older)", evidence: made, codes: codes.map(\.code)),
                decides: PlayOutcome(.defaultSound, because: because, code: finding?.code ?? .channelNotCreated))
        case .fallback(let defaultID):
            let because =
                defaultID.map {
                    "the message names no channel and the manifest's default channel \($0) is created nowhere, so FCM posts it on its fallback channel"
                }
                ?? "the message names no channel and the manifest names no default channel, so FCM posts it on its fallback channel"
            let requested = named == nil || named == "default"
            chain.add(
                ExplanationStep(
                    step: .channel, verdict: requested ? .passes : .defaultSound,
                    text: because + ", which plays the default sound\(older)", codes: codes.map(\.code)),
                decides: requested
                    ? nil : PlayOutcome(.defaultSound, because: because, code: finding?.code ?? .noChannel))
        }
        return existing
    }

    /// `degrades`: the channel plays the named sound on Android 8 and later, so a lookup that
    /// fails on older versions degrades it rather than deciding.
    private func lookup(_ chain: inout Chain, name: String, olderOnly: Bool, degrades: Bool = false) {
        let findings = report.diagnostics.filter {
            ![.payloadKey, .channel].contains($0.code.step) && $0.code != .invalidSound
        }
        let failing = findings.filter { $0.fails(strict: report.strict) }
        var evidence: [Evidence] = []
        if let path = report.resolvedPath, let found = decisions.file {
            evidence.append(
                Evidence("found: \(found.relativePath) (resource \(found.resourceName ?? "?"))", file: path))
        } else if let candidate = report.candidate {
            evidence.append(Evidence("nearly: \(candidate.relativePath)", file: candidate.path))
        }
        let text =
            (olderOnly ? "on Android 7 and older, where the message's own sound plays: " : "")
            + "the library looks up a raw resource for '\(name)'"
        if degrades, let failing = failing.first {
            chain.add(
                ExplanationStep(
                    step: .lookup, verdict: .degraded, text: text + ": " + failing.message, evidence: evidence,
                    codes: findings.map(\.code)))
            return
        }
        chain.lookup(text, findings: findings, failing: failing.first, evidence: evidence)
    }

    private func file(_ chain: inout Chain, olderOnly: Bool) {
        guard let path = report.resolvedPath, let found = decisions.file else { return }
        let shown = olderOnly ? "on Android 7 and older, \(path)" : path
        let file = found.report
        let (summary, findings, first, evidence) = FileFacts.of(
            file, at: path, leaving: [.unreferenced, .androidMayBeShrunk])
        if let first {
            // A file alertsound could not read tells nothing of what a device plays (as on iOS).
            let plays: PlayOutcome.Plays = first.code == .unreadable ? .unknown : .defaultSound
            chain.add(
                ExplanationStep(
                    step: .file, verdict: plays == .unknown ? .unknown : .defaultSound,
                    text: "\(shown) is \(summary): " + first.message,
                    evidence: evidence, codes: findings.map(\.code)),
                decides: PlayOutcome(plays, because: "\(path): " + first.message, code: first.code))
        } else {
            chain.add(
                ExplanationStep(
                    step: .file, verdict: .passes, text: "\(shown) is \(summary), which Android plays",
                    evidence: evidence,
                    codes: findings.map(\.code)))
        }
        // Shrinking happens at build time: an .apk or .aab already shows what survived.
        if let shrunk = file.diagnostics.first(where: { $0.code == .androidMayBeShrunk }) {
            chain.add(
                ExplanationStep(
                    step: .shrinking, verdict: shrunk.fails(strict: file.strict) ? .defaultSound : .risk,
                    text: "a release build may remove it: " + shrunk.message, evidence: [Evidence(path)],
                    codes: [shrunk.code]),
                decides: shrunk.fails(strict: file.strict)
                    ? PlayOutcome(.defaultSound, because: shrunk.message, code: shrunk.code) : nil)
        } else {
            let kept =
                app.scan.kind == .apk
                ? "it is in the built package, so shrinking kept it"
                : "kept by a release build: a keep rule or the code names it, or the build does not shrink resources"
            chain.add(ExplanationStep(step: .shrinking, verdict: .passes, text: kept, evidence: [Evidence(path)]))
        }
    }

    /// What a payload that names no Android sound is on Android: a message on the channel it
    /// names (or none), whose sound plays, judged by the validator as any message is.
    static func unnamed(source: String, channel: String?) -> SoundReference {
        var reference = SoundReference(
            name: nil, source: source, platform: .android,
            field: channel == nil ? "android.notification" : "android.notification.channel_id")
        reference.channel = channel
        return reference
    }
}
