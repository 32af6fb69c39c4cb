import AlertSoundCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Validates an app's sounds where they will be on a device, and the names that will ask for them:
/// iOS apps by iOS's rules, Android projects and `.apk` files by Android's.
///
/// ```swift
/// let references = SoundReference.payload(at: "push.apns") + [.named("alert.caf")]
/// let report = try BundleValidator(strict: true).validate(path: "Build/MyApp.ipa", references: references)
/// if !report.valid {
///     for file in report.files where !file.report.valid { print(file.report.path, file.report.diagnostics) }
///     for ref in report.references where !ref.valid { print(ref.source, ref.name ?? "?", ref.diagnostics) }
/// }
/// ```
public struct BundleValidator: Sendable {
    /// Whether warnings fail a sound or reference too.
    public var strict: Bool
    /// The iOS app's entitlements when they are known better than the app says (`--entitlements`);
    /// otherwise they are read from the app when a reference asks for a critical alert.
    public var entitlements: Entitlements?
    /// Folders are a Swift package target's resources (kind `package-resources`): every sound will
    /// sit in the package's resource bundle, not where iOS finds sounds by name.
    public var packageResources: Bool
    /// The lock `alertsound export` wrote (`--lock`): each shipped sound it names must be the file
    /// exported for its channel (`channel-stale`), each must be shipped (`lock-missing-sound`), and
    /// ``channelUses`` must name its channels (`unknown-channel`, Android only).
    public var lock: SoundLock?
    /// Where ``lock`` was read from, for the findings.
    public var lockPath = "alertsound.lock.json"
    /// The channel IDs push payloads ask for (``SoundLock/channelUses(inPayloadAt:)``).
    public var channelUses: [SoundLock.ChannelUse] = []
    /// The platforms judged (`--platform`): apps of the others found under a path, and names meant
    /// for them, are left out on purpose and said so in ``ValidationRun/notes``. All by default.
    public var platforms: Set<Platform> = Set(Platform.allCases)
    /// The Apple systems judged (`--platform ios`, `macos`, `watchos`, `tvos`): an Xcode project's
    /// apps for the others are left out on purpose and said so. All by default.
    public var systems: Set<AppleOS> = Set(AppleOS.allCases)
    /// The repository's choices (`.alertsound.yml`): sounds never judged, and whether every sound
    /// fails on its findings or only those something names.
    public var configuration = Configuration()
    /// The lowest iOS version the apps run on, when given (`--ios-minimum`, the configuration's
    /// `ios-minimum`): it overrides what each app says of itself (``UndocumentedFormat``).
    public var minimumIOS: MinimumIOS?
    /// Which bundle rules are evaluated: all, but for the rule tests, which run each one alone.
    var ruleSelection = RuleSelection.all
    /// Set by the `async` entry point: cancellation in, progress out.
    var control: OperationControl?

    /// A validator; see the properties.
    public init(strict: Bool = false, entitlements: Entitlements? = nil, packageResources: Bool = false) {
        self.strict = strict
        self.entitlements = entitlements
        self.packageResources = packageResources
    }

    /// Validates several bundles in one run (an iOS app and an Android project, say); each
    /// reference is resolved on every bundle of the platform it is meant for.
    public func validate(paths: [String], references: [SoundReference] = []) throws -> ValidationReport {
        try prepare(paths: paths, references: references).report()
    }

    /// Validates bundles on a thread of its own. Cancelling the task stops the work between files
    /// and throws an error of kind `cancelled`; `progress` counts sounds judged.
    public func validate(
        urls: [URL], references: [SoundReference] = [],
        progress: (@Sendable (ProgressUpdate) -> Void)? = nil
    ) async throws -> ValidationReport {
        var validator = self
        let control = OperationControl(unit: .files, progress: progress)
        validator.control = control
        return try await OperationControl.run(control) { [validator] in
            try validator.validate(paths: urls.map(\.path), references: references)
        }
    }

    /// Validates an `.app`, `.ipa`, `.xcarchive`, app data container or resources folder (iOS), or
    /// an Android project folder, `.apk` or `.aab`. References meant for the other platform are
    /// left out. Throws `AlertSoundError` only when the bundle itself cannot be examined.
    public func validate(path: String, references: [SoundReference] = []) throws -> BundleReport {
        try validate(paths: [path], references: references).bundles[0]
    }

    /// Examines every path and finds its sounds, judging none yet: what cannot be examined is
    /// thrown here, before anything is reported. ``ValidationRun/validate(each:)`` then hands on
    /// the reports part by part, so a bundle of any size is validated in bounded memory:
    ///
    /// ```swift
    /// let run = try BundleValidator().prepare(paths: ["Build/MyApp.ipa"], references: references)
    /// let valid = try run.validate { part in
    ///     if case .files(let files) = part { for file in files where !file.report.valid { print(file.report.path) } }
    /// }
    /// ```
    public func prepare(paths: [String], references: [SoundReference] = []) throws -> ValidationRun {
        var scans: [BundleScan] = []
        var notes: [String] = []
        for path in paths {
            try control?.check()
            let found = try self.scans(path)
            for var scan in found.scans {
                if !configuration.ignore.isEmpty {
                    let before = scan.sounds.count
                    scan.sounds.removeAll { configuration.ignores($0.displayPath) }
                    if scan.sounds.count < before {
                        notes.append(
                            "\(scan.root): \(before - scan.sounds.count) of its sounds ignored (the configuration's ignore list)"
                        )
                    }
                }
                guard platforms.contains(scan.kind.platform) else {
                    notes.append("\(scan.root) left out: it is \(scan.kind.platform.displayName)'s (--platform)")
                    continue
                }
                guard scan.kind.platform != .ios || systems.contains(scan.os) else {
                    notes.append("\(scan.root) left out: it is \(scan.os.displayName)'s (--platform)")
                    continue
                }
                control?.expect(Int64(scan.sounds.count))
                scans.append(scan)
            }
            notes += found.notes
        }
        // Nothing names a notification sound: each sound is judged as one, and that is said.
        if !Self.namesSomething(references, lock: lock), !configuration.judgeEverySound {
            for scan in scans where scan.codeReferences.isEmpty && !scan.listed && scan.os.playsCustomSounds {
                notes.append(
                    "\(scan.root): nothing names a notification sound (no payload, --sound, list, lock or name in the app's code), so every sound is judged as one; name them (--sound default when the pushes use only the default sound) to judge only those"
                )
            }
        }
        if scans.isEmpty {
            // Every app found is of a platform left out: nothing would be judged, and that is no pass.
            throw AlertSoundError(
                .invalidRequest,
                "no \(platforms.map(\.displayName).sorted().joined(separator: " or ")) app in \(paths.joined(separator: ", ")) (--platform)"
            )
        }
        var references = references
        for platform in Platform.allCases where !platforms.contains(platform) {
            let left = references.filter { $0.platform == platform }.count
            guard left > 0 else { continue }
            references.removeAll { $0.platform == platform }
            notes.append(
                "\(left) \(left == 1 ? "name" : "names") meant for \(platform.displayName) not judged (--platform)")
        }
        return ValidationRun(validator: self, scans: scans, references: references, paths: paths, notes: notes)
    }

    /// How many verdicts are made (in parallel) and handed on at a time.
    static let batch = Limits.reportBatch

    /// One bundle's parts, in order; whether it is valid.
    func validate(_ scan: BundleScan, references: [SoundReference], each: (BundleReport.Part) -> Void) throws -> Bool {
        let platform = scan.kind.platform
        let sounds = scan.sounds
        // Each name's index among those given goes on its report (``ReferenceDecisions/given``):
        // explain lays out these verdicts and never pairs them with names again.
        // A watchOS or tvOS app plays what its system decides, whatever is named (its note says
        // which): no name is judged there, and explain says what plays (issue 57).
        let given =
            scan.os.playsCustomSounds
            ? references.indices.filter { references[$0].platform == nil || references[$0].platform == platform } : []
        var mine = given.map { references[$0] } + (scan.os.playsCustomSounds ? scan.codeReferences : [])
        let asGiven = mine
        // Where each name leads is known from names alone; whether the sound there plays is added
        // once it has been judged, so only the verdicts references need are kept.
        let located: [LocatedReference]
        let channels = platform == .android ? ChannelBook(scan: scan, lock: lock) : nil
        switch platform {
        case .ios:
            var resolver = ReferenceResolver(sounds: sounds, references: mine, uncopied: scan.uncopied)
            resolver.installer = scan.installer
            resolver.rules = ruleSelection.select(ReferenceResolver.rules)
            located = mine.map(resolver.locate)
        case .android:
            // A message that names only its channel plays the channel's sound: that is judged.
            if let channels { mine = mine.map { channels.spelledAsBuilt(channels.namedByChannel($0)) } }
            var resolver = AndroidResolver(
                sounds: sounds, kind: scan.kind, references: mine, libraries: scan.libraries)
            resolver.rules = ruleSelection.select(AndroidResolver.rules)
            located = mine.map(resolver.locate)
        }
        // Whether an AAC or MP3 sound is a warning or an error follows the app's minimum iOS.
        let minimumIOS =
            platform == .ios
            ? self.minimumIOS ?? configuration.minimumIOS ?? scan.minimumIOS ?? scan.app?.minimumIOS : nil
        var lookup: EntitlementsLookup?
        if platform == .ios, mine.contains(where: \.critical) {
            lookup =
                self.entitlements.map(EntitlementsLookup.found) ?? scan.app.map(EntitlementsLookup.of)
                ?? scan.entitlementsFile.map {
                    Self.signedWith($0, through: scan.door ?? .userNamed, addedBy: scan.entitlementsScript)
                }
                ?? .unknown(
                    reason:
                        "a \(scan.kind == .dataContainer ? "data container" : "resources folder") has no executable or provisioning profile to read them from"
                )
        }
        each(.opened(bundle: scan.root, kind: scan.kind, entitlements: lookup?.entitlements))

        let names = NameFindings(sounds: sounds, platform: platform)
        let lockCheck = lock.map { LockCheck(lock: $0, path: lockPath) }
        let (stale, lockMissing, locked) = lockCheck?.judge(sounds, platform: platform) ?? ([:], [], [])
        let targets = Set(located.compactMap(\.target))
        // The notification sounds: what a name, the lock or the project's configuration names.
        // Other audio (an in-call loop, a game's effects) is said, not failed; with nothing named
        // at all, every sound is judged as one (and a note says so).
        let notificationSounds: Set<Int>? =
            scan.listed || configuration.judgeEverySound || !Self.namesSomething(mine, lock: lock)
            ? nil : targets.union(locked)
        let facts = BundleFacts(
            names: names, keep: scan.keep, stale: stale, lockPath: lockPath, referencesGiven: !mine.isEmpty,
            referenced: targets.union(locked))
        var invalidTargets: [Int: FileReport] = [:]
        // The verdicts of the sounds names lead to, for their reports' decisions: as many as the
        // names, not the bundle's sounds.
        var targetFiles: [Int: BundleFileReport] = [:]
        var valid = true
        let soundRules = ruleSelection.select(platform == .ios ? SoundRules.ios : SoundRules.android)
        for start in stride(from: 0, to: sounds.count, by: Self.batch) {
            try control?.check()
            let indices = Array(start..<min(start + Self.batch, sounds.count))
            let files = parallelMap(indices) { i in
                var sound = SoundInBundle(
                    index: i, file: judge(sounds[i], platform: platform, minimumIOS: minimumIOS), sounds: sounds,
                    facts: facts)
                // Each rule sees the verdict with the findings of the rules before it.
                for rule in soundRules {
                    if let finding = rule.check(sound) { sound.file.report.append(finding) }
                }
                if let notificationSounds, !notificationSounds.contains(i) { Self.otherAudio(&sound.file) }
                return sound.file
            }
            for (i, file) in zip(indices, files) where targets.contains(i) || !file.report.valid {
                if targets.contains(i) { targetFiles[i] = file }
                guard !file.report.valid else { continue }
                valid = false
                if targets.contains(i) { invalidTargets[i] = file.report }
            }
            each(.files(files))
        }
        try control?.check()
        // The lock's channels, for a message that names a channel and a sound (Android).
        let lockedChannels = Dictionary(
            (platform == .android ? lock?.sounds ?? [] : []).map { ($0.channelId, $0) }, uniquingKeysWith: { a, _ in a }
        )
        let playRules = ruleSelection.select(PlayRules.all)
        for start in stride(from: 0, to: located.count, by: Self.batch) {
            let resolved = (start..<min(start + Self.batch, located.count)).map { k in
                let reference = located[k]
                var played = PlayedReference(
                    reference: reference.reference, platform: platform,
                    verdict: reference.target.flatMap { invalidTargets[$0] }, entitlements: lookup)
                played.channelEntry = reference.reference.channel.flatMap { lockedChannels[$0] }
                played.resourceName = reference.target.flatMap { AndroidRules.resourceName(of: sounds[$0]) }
                played.buildLowercases = scan.facts?.lowercasesResourceNames == true
                // An app targeting Android 7 or older uses no channels: a message's own sound plays.
                let message =
                    channels != nil && Self.isMessage(reference.reference) && !(scan.facts?.usesNoChannels ?? false)
                played.message = message
                if let channels, message {
                    played.channel = channels.outcome(of: reference.reference)
                    played.minSdk = scan.facts?.minSdk
                    played.lockGiven = lock != nil
                }
                var report = reference.report(adding: playRules.compactMap { $0.check(played) }, strict: strict)
                report.decisions = ReferenceDecisions(
                    reference: asGiven[k], given: k < given.count ? given[k] : nil,
                    file: reference.target.flatMap { targetFiles[$0] }, resourceName: played.resourceName,
                    message: message, channel: played.channel)
                return report
            }
            valid = valid && resolved.allSatisfy(\.valid)
            each(.references(resolved))
        }
        let wide = BundleWide(
            platform: platform, root: scan.root, kind: scan.kind, sounds: sounds, lockPath: lockPath,
            missing: lockMissing,
            unknownChannels: platform == .android ? lockCheck?.unknownChannels(channelUses) ?? [] : [],
            idURIs: scan.idURIs, strict: strict, uncopied: scan.uncopied)
        for rule in ruleSelection.select(BundleWideRules.all) {
            guard let reports = rule.evaluate(wide), !reports.isEmpty else { continue }
            valid = valid && reports.allSatisfy(\.valid)
            each(.references(reports))
        }
        each(.closed(valid: valid))
        return valid
    }

    /// The sounds channels are created with, each a reference where it is created (Dart's are
    /// references already, as `RawResourceAndroidNotificationSound`).
    static func channelSounds(_ channels: [ChannelDeclaration], facts: AndroidAppFacts? = nil) -> [SoundReference] {
        channels.compactMap { channel in
            guard case .resource(let name) = channel.sound, channel.library != .flutterLocalNotifications else {
                return nil
            }
            var reference = SoundReference(
                name: name, source: "\(channel.position.file):\(channel.position.line)", platform: .android,
                field: "channel \(channel.id ?? "(computed)") sound")
            reference.position = channel.position
            reference.library = channel.library ?? .fcm
            if let problem = AndroidResolver.foreignPackage(channel, facts: facts) {
                reference.problems.append(ReferenceResolver.noSuchSound.description.diagnostic(problem))
            }
            return reference
        }
    }

    /// Whether the names say which sounds are notification sounds: some name, or the lock.
    static func namesSomething(_ references: [SoundReference], lock: SoundLock?) -> Bool {
        lock != nil || !references.isEmpty
    }

    /// The codes a sound that is no notification sound keeps as they are: its file breaks the
    /// build or the bundle whatever it is for.
    static let alwaysJudged: Set<DiagnosticCode> = [
        .androidBadName, .linkOutsideBundle, .channelStale, .ambiguousName, .resourceBundle, .unreferenced
    ]

    /// A sound nothing names as a notification sound, while names are known: its findings as
    /// notes, each saying so (a 60 s in-call loop no longer fails the build, issue 45, item 7).
    static func otherAudio(_ file: inout BundleFileReport) {
        for i in file.report.diagnostics.indices
        where file.report.diagnostics[i].severity != .note && !alwaysJudged.contains(file.report.diagnostics[i].code) {
            file.report.diagnostics[i].severity = .note
            file.report.diagnostics[i].message =
                "not a notification sound (no payload, name, list, lock or code names it), so this does not fail: "
                + file.report.diagnostics[i].message
        }
    }

    /// The entitlements an Xcode project's app target is signed with, from its
    /// `CODE_SIGN_ENTITLEMENTS` file (the provisioning profile must grant them too).
    /// `script`: what adds the critical-alerts entitlement at build time (``BundleScan/entitlementsScript``);
    /// a file without it then cannot tell what the app is signed with.
    static func signedWith(_ file: String, through door: Door, addedBy script: String? = nil) -> EntitlementsLookup {
        guard !file.isEmpty else {
            return .unknown(reason: "the target's CODE_SIGN_ENTITLEMENTS file lies outside the folder given; not read")
        }
        do {
            let entitlements = try Entitlements.read(path: file, through: door)
            if let script, !entitlements.criticalAlerts {
                return .unknown(
                    reason:
                        "\(file) lacks it, but \(script) adds \(Entitlements.criticalAlertsKey) at build time, when its conditions hold"
                )
            }
            return .found(entitlements)
        } catch {
            return .unknown(reason: "the target's CODE_SIGN_ENTITLEMENTS file \(file) cannot be read: \(error)")
        }
    }

    /// Whether an Android reference is a message's (a payload's, or a notification the code posts
    /// on a channel), whose sound its channel decides; not a bare name (`--sound`, a list) or a
    /// sound the code gives a channel.
    static func isMessage(_ reference: SoundReference) -> Bool {
        reference.field != nil && (reference.position == nil || reference.channel != nil)
    }

    /// The verdict on one sound by its platform's rules, before what other names say about it.
    private func judge(_ sound: FoundSound, platform: Platform, minimumIOS: MinimumIOS?) -> BundleFileReport {
        // Once cancelled, the rest are skipped, and the caller throws.
        if control?.isCancelled == true {
            return BundleFileReport(
                report: FileReport(path: sound.displayPath, info: nil, diagnostics: [], strict: false),
                location: sound.location, relativePath: sound.relativePath)
        }
        defer { try? control?.advance(1) }
        switch platform {
        case .ios:
            var checker = Checker(strict: strict)
            checker.minimumIOS = minimumIOS
            return BundleFileReport(
                report: sound.judged(by: checker), location: sound.location,
                relativePath: sound.relativePath)
        case .android:
            // An optimised APK's table names the resource; otherwise its file name does.
            let resourceName = AndroidRules.resourceName(of: sound)
            return BundleFileReport(
                report: AndroidRules.judge(sound, resourceName: resourceName, strict: strict),
                location: sound.location, relativePath: sound.relativePath, resourceName: resourceName)
        }
    }
}
