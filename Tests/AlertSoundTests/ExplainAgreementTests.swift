import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// `explain` and `validate-bundle` never disagree (issue 56): both are run on every fixture project
/// and payload the suite builds (the bundle rules' examples, `ExplainTests`' apps and pushes, the
/// issue's own apps), each name's verdict is compared, and every difference is listed.
///
/// The verdicts compared, per name and app:
/// - validate-bundle **passes** a name when its report is valid; it **fails** it with codes: the
///   report's failing findings, and for `invalid-sound` the failing findings of the file it names.
/// - explain **plays as named** when the fresh install plays the named sound, the default it asks
///   for, or no sound when it names none, and no step is degraded (a critical alert delivered as an
///   ordinary one); otherwise it **does not**, for codes: the fresh outcome's and the degraded steps'.
///   What an install from before plays (``PushExplanation/existing``) is explain's own question,
///   not compared.
///
/// They agree when: both pass; or validate-bundle passes and explain says what plays cannot be
/// told for a code validate-bundle reports too (a warning or note that says so); or validate-bundle
/// fails and explain does not play as named, for one of validate-bundle's codes (and not "cannot
/// be told" where validate-bundle's finding says the sound "will not play"). Anything else is a
/// disagreement: a pass explain says plays the default, another sound or none (or cannot be told
/// without validate-bundle saying so), or a failure explain says plays, or fails for another reason.
@Suite struct ExplainAgreementTests {
    /// One fixture: paths, how both commands validate, and the pushes.
    struct Case {
        var what: String
        var paths: [String]
        var validator = BundleValidator()
        var pushes: [Push]
    }

    /// The disagreements of `fixture`, one line each (empty when the commands agree).
    static func disagreements(_ fixture: Case) throws -> [String] { try compared(fixture).disagreements }

    /// The disagreements of `fixture`, and how many names were compared.
    static func compared(_ fixture: Case) throws -> (disagreements: [String], names: Int) {
        var found: [String] = []
        var names = 0
        for push in fixture.pushes {
            let report = try fixture.validator.validate(paths: fixture.paths, references: push.references)
            let explanation = try Explainer(validator: fixture.validator).explain(paths: fixture.paths, push: push)
            // Each app's names in the order they were given: its report's first references, and explain's
            // pushes of that app and platform (a platform the push names nothing for has a push of
            // its own, silent or the channel's, which validate-bundle has no name for).
            var pairs: [(ReferenceReport, PushExplanation?)] = []
            for bundle in report.bundles where push.platforms.contains(bundle.platform) {
                let mine = push.references.filter { $0.platform == nil || $0.platform == bundle.platform }
                guard !mine.isEmpty else { continue }
                let explained = explanation.pushes.filter { $0.app == bundle.bundle && $0.platform == bundle.platform }
                for (i, reference) in bundle.references.prefix(mine.count).enumerated() {
                    pairs.append((reference, i < explained.count ? explained[i] : nil))
                }
            }
            let unjudged = report.unjudged.flatMap(\.references)
            let explainedUnjudged = explanation.pushes.filter { $0.app == nil }
            for (i, reference) in unjudged.enumerated() {
                pairs.append((reference, i < explainedUnjudged.count ? explainedUnjudged[i] : nil))
            }
            names += pairs.count
            for (reference, explained) in pairs {
                let name =
                    "\(fixture.what), \(push.source) '\(reference.name ?? "")' on \(reference.platform.displayName)"
                guard let explained else {
                    found.append("\(name): validate-bundle judged it, explain did not")
                    continue
                }
                if let difference = disagreement(reference, explained) { found.append("\(name): \(difference)") }
            }
        }
        return (found, names)
    }

    /// Why `report` and `push` disagree, by the mapping above; `nil` when they agree.
    static func disagreement(_ report: ReferenceReport, _ push: PushExplanation) -> String? {
        let degraded = push.steps.filter { $0.verdict == .degraded }
        let plays = push.fresh.asNamed && degraded.isEmpty
        let explainCodes = Set([push.fresh.code].compactMap { $0 } + degraded.flatMap(\.codes))
        let said =
            "explain: \(push.fresh.plays.rawValue)\(push.fresh.code.map { " [\($0.rawValue)]" } ?? "")"
            + (degraded.isEmpty ? "" : ", degraded")
        if report.valid {
            if plays { return nil }
            if push.fresh.plays == .unknown, let code = push.fresh.code, degraded.isEmpty,
                report.diagnostics.contains(where: { $0.code == code })
            {
                return nil
            }
            return "validate-bundle passes it (\(report.diagnostics.map(\.code.rawValue))), \(said): \(push.summary)"
        }
        var failing = Set(report.diagnostics.filter { $0.fails(strict: report.strict) }.map(\.code))
        if failing.contains(.invalidSound), let file = report.decisions?.file {
            failing.formUnion(file.report.diagnostics.filter { $0.fails(strict: file.report.strict) }.map(\.code))
        }
        if plays { return "validate-bundle fails it \(failing.map(\.rawValue).sorted()), \(said): \(push.summary)" }
        if explainCodes.isDisjoint(with: failing) {
            return "validate-bundle fails it for \(failing.map(\.rawValue).sorted()), \(said): \(push.summary)"
        }
        // A failure that says the sound will not play is a definite answer: explain's is too.
        let definite = report.diagnostics.filter {
            $0.fails(strict: report.strict) && $0.message.contains("will not play")
        }
        if push.fresh.plays == .unknown, let finding = definite.first {
            return "validate-bundle says '\(finding.message)', \(said): \(push.summary)"
        }
        return nil
    }

    // MARK: The fixtures

    /// The bundle rules' examples (every triggering and passing bundle `BundleRuleTests` writes),
    /// each written out, with its payloads and names as pushes.
    static func ruleExamples(_ scratch: Scratch) throws -> [Case] {
        var cases: [Case] = []
        for (r, rule) in RuleCatalog.bundleRules.enumerated() {
            for (e, example) in (rule.triggering + rule.passing).enumerated() {
                let folder = scratch.path("rule\(r)-\(e)")
                let path = try write(example, in: folder)
                var validator = BundleValidator(
                    entitlements: example.entitlements, packageResources: example.shape == .packageResources)
                validator.lock = example.lock
                validator.channelUses = example.channelUses
                let pushes =
                    example.payloads.enumerated().map {
                        Push.payload(Data($0.element.utf8), source: "payload\($0.offset).json")
                    }
                    + example.names.map { Push.named(sound: $0, channel: nil) }
                cases.append(
                    Case(
                        what: "\(rule.description.code.rawValue)'s example \(e)", paths: [path], validator: validator,
                        pushes: pushes))
            }
        }
        return cases
    }

    /// `example` written as `BundleRuleTests` writes it, in `folder`; the path to validate.
    static func write(_ example: BundleExample, in folder: String) throws -> String {
        let fm = FileManager.default
        let bundle: String
        switch example.shape {
        case .app, .ipa: bundle = folder + "/My.app"
        case .androidProject: bundle = folder + "/android"
        case .packageResources, .folder: bundle = folder + "/Resources"
        case .xcodeProject: bundle = folder + "/ios"
        }
        try fm.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        var files: [String: [UInt8]] = [:]
        for file in example.files { files[file.path] = file.bytes }
        try AppSearchTests.tree(bundle, files)
        try Data(BundleExample.sound).write(to: URL(fileURLWithPath: folder + "/outside.caf"))
        for link in example.links {
            try fm.createSymbolicLink(atPath: bundle + "/" + link.path, withDestinationPath: link.target)
        }
        if example.shape == .xcodeProject {
            try AppSearchTests.tree(
                bundle, ["App.xcodeproj/project.pbxproj": Array(BundleExample.pbxproj(copying: example.copied).utf8)])
        }
        guard example.shape == .ipa else { return bundle }
        var zip = ZipWriter()
        zip.add("Payload/", method: .stored)
        zip.add("Payload/My.app/", method: .stored)
        for file in example.files { zip.add("Payload/My.app/" + file.path, file.bytes) }
        try Data(zip.archive()).write(to: URL(fileURLWithPath: folder + "/My.ipa"))
        return folder + "/My.ipa"
    }

    /// A payload's push, as `explain --payload` reads it.
    static func payload(_ json: String) -> Push { .payload(Data(json.utf8), source: "push.json") }

    /// `ExplainTests`' apps, each with the pushes its tests send and more.
    static func explainApps(_ scratch: Scratch) throws -> [Case] {
        var cases: [Case] = []
        var n = 0
        func app(
            ios: [String: [UInt8]] = ["ping.caf": AndroidTests.caf],
            raw: [String: [UInt8]] = ["ping.wav": AndroidTests.pcm16], kotlin: String? = nil, gradle: String = "",
            defaultChannel: String? = nil, minimumIOS: String = "16.0", extra: [String: [UInt8]] = [:]
        ) throws -> String {
            n += 1
            let folder = try Scratch()
            let root = try ExplainTests.app(
                folder, ios: ios, raw: raw, kotlin: kotlin, gradle: gradle, defaultChannel: defaultChannel,
                minimumIOS: minimumIOS)
            try AppSearchTests.tree(root, extra)
            // Kept alive by the scratch folder the fixture lives under.
            let kept = scratch.path("explain\(n)")
            try FileManager.default.moveItem(atPath: root, toPath: kept)
            return kept
        }
        let named = { (sound: String?, channel: String?) in Push.named(sound: sound, channel: channel) }
        let fcm = { (android: String) in payload(ExplainTests.fcm(android)) }
        let basic = try app()
        cases.append(
            Case(
                what: "ExplainTests' app", paths: [basic],
                pushes: [
                    payload(#"{"aps": {"sound": "ping.caf"}}"#), named("default", nil), named("Ping.caf", nil),
                    named("nope.caf", nil), named("ping.caf", nil), named("ping", nil), named("ios:ping.caf", nil),
                    named("android:ping", nil), payload(BundleExample.critical("ping.caf")),
                    payload(#"{"aps": {"alert": "hi"}}"#), payload(#"{"aps": {"sound": 7}}"#),
                    payload(
                        "["
                            + (0..<6).map {
                                #"{"to": "ExponentPushToken[x]", "sound": "\#($0 % 2 == 0 ? "ping.caf" : "gone.caf")"}"#
                            }
                            .joined(separator: ",") + "]"),
                    fcm(#""sound": "ping""#), fcm(#""sound": "default""#)
                ]))
        for granted in [false, true] {
            var validator = BundleValidator()
            validator.entitlements = Entitlements(source: .file, path: "App.entitlements", criticalAlerts: granted)
            cases.append(
                Case(
                    what: "ExplainTests' app, critical alerts \(granted ? "granted" : "not granted")", paths: [basic],
                    validator: validator,
                    pushes: [
                        payload(BundleExample.critical("ping.caf")),
                        payload(#"{"aps": {"sound": {"critical": 1, "name": "ping.caf", "volume": 0}}}"#),
                        payload(#"{"aps": {"sound": {"critical": 1, "name": "ping.caf", "volume": 0.5}}}"#)
                    ]))
        }
        cases.append(
            Case(
                what: "an iOS app of a 31 s sound", paths: [try app(ios: ["long.wav": BundleExample.tooLong])],
                pushes: [named("long.wav", nil), payload(#"{"aps": {"sound": "long.wav"}}"#)]))
        for minimum in ["18.0", "15.0"] {
            cases.append(
                Case(
                    what: "an AAC CAF on iOS \(minimum)",
                    paths: [try app(ios: ["aac.caf": Fixture.aacCAF()], minimumIOS: minimum)],
                    pushes: [named("aac.caf", nil), payload(#"{"aps": {"sound": "aac.caf"}}"#)]))
        }
        cases.append(
            Case(
                what: "an app of no iOS", paths: [try app(ios: [:])],
                pushes: [named("ping.caf", nil), named("ping", nil), payload(#"{"aps": {"sound": "ping.caf"}}"#)]))
        let channel = try app(kotlin: ExplainTests.channel("alerts", sound: "ping"))
        cases.append(
            Case(
                what: "an app creating channel alerts with ping", paths: [channel],
                pushes: [
                    fcm(#""sound": "ping", "channel_id": "alerts""#), fcm(#""sound": "ping""#),
                    fcm(#""channel_id": "alerts""#), fcm(#""channel_id": "news""#), fcm(#""title": "t""#),
                    named("ping", "alerts"), named("ping", "news"), named(nil, "alerts"), named(nil, "news"),
                    named("ping", nil), named("ping.wav", "alerts"),
                    payload(#"{"to": "ExponentPushToken[x]", "channelId": "alerts"}"#),
                    payload(#"{"to": "ExponentPushToken[x]", "channelId": "news", "sound": "ping.caf"}"#),
                    payload(#"{"app_id": "x", "android_sound": "ping", "existing_android_channel_id": "alerts"}"#),
                    payload(#"{"notification": {"sound": "ping", "android_channel_id": "alerts"}}"#)
                ]))
        for (what, sound) in [("another sound", "bell" as String?), ("no sound", nil)] {
            cases.append(
                Case(
                    what: "an app creating channel alerts with \(what)",
                    paths: [
                        try app(
                            raw: ["ping.wav": AndroidTests.pcm16, "bell.wav": AndroidTests.pcm16],
                            kotlin: ExplainTests.channel("alerts", sound: sound))
                    ],
                    pushes: [
                        named("ping", "alerts"), named("bell", "alerts"), named(nil, "alerts"),
                        fcm(#""sound": "ping", "channel_id": "alerts""#), fcm(#""channel_id": "alerts""#)
                    ]))
        }
        cases.append(
            Case(
                what: "an app creating a silent channel",
                paths: [
                    try app(kotlin: #"val c = NotificationChannel("quiet", "Quiet", 2).apply { setSound(null, null) }"#)
                ],
                pushes: [named("ping", "quiet"), named(nil, "quiet"), fcm(#""sound": "ping", "channel_id": "quiet""#)]))
        cases.append(
            Case(
                what: "an app whose default channel plays bell",
                paths: [
                    try app(
                        raw: ["ping.wav": AndroidTests.pcm16, "bell.wav": AndroidTests.pcm16],
                        kotlin: ExplainTests.channel("general", sound: "bell"), defaultChannel: "general")
                ],
                pushes: [fcm(#""sound": "ping""#), fcm(#""sound": "bell""#), fcm(#""title": "t""#), named("ping", nil)])
        )
        cases.append(
            Case(
                what: "an app creating a channel with a sound it lacks",
                paths: [try app(kotlin: ExplainTests.channel("alerts", sound: "bell"))],
                pushes: [named("bell", "alerts"), named(nil, "alerts"), fcm(#""channel_id": "alerts""#)]))
        cases.append(
            Case(
                what: "an app whose raw resource is a CAF",
                paths: [
                    try app(raw: ["ping.caf": AndroidTests.caf], kotlin: ExplainTests.channel("alerts", sound: "ping"))
                ],
                pushes: [named("ping", "alerts"), named("ping", nil), fcm(#""channel_id": "alerts""#)]))
        let shrunk = try app(
            kotlin:
                #"val c = NotificationChannel("alerts", "A", 4).apply { setSound(Uri.parse("android.resource://com.app/raw/ping"), null) }"#,
            gradle: "buildTypes { release { shrinkResources true } }")
        for strict in [false, true] {
            cases.append(
                Case(
                    what: "an app that shrinks resources\(strict ? ", strict" : "")", paths: [shrunk],
                    validator: BundleValidator(strict: strict), pushes: [named("ping", "alerts"), named("ping", nil)]))
        }
        var entry = SoundLock.Entry(
            name: "chime", source: "design/chime.wav", ios: "chime.caf", android: "chime", androidFile: "chime.wav",
            contentHash: String(repeating: "ab", count: 32), iosSHA256: nil, androidSHA256: nil)
        entry.channelId = "alerts"
        var locked = BundleValidator()
        locked.lock = SoundLock(sounds: [entry])
        cases.append(
            Case(
                what: "an app with a lock",
                paths: [
                    try app(
                        raw: ["ping.wav": AndroidTests.pcm16, "chime.wav": AndroidTests.pcm16],
                        kotlin: ExplainTests.channel("alerts", sound: "ping"))
                ], validator: locked, pushes: [named("ping", "alerts"), named("chime", "alerts"), named(nil, "alerts")])
        )
        cases.append(
            Case(
                what: "an Expo-dependent app",
                paths: [
                    try app(
                        kotlin: ExplainTests.channel("alerts", sound: "ping"),
                        extra: ["package.json": Array(#"{"dependencies": {"expo-notifications": "0.28.0"}}"#.utf8)])
                ], pushes: [named("ping.wav", "alerts"), named("ping.wav", nil)]))
        cases.append(
            Case(
                what: "an app whose channel's URI is built from R.raw",
                paths: [
                    try app(
                        kotlin:
                            #"val c = NotificationChannel("alerts", "A", 4).apply { setSound(Uri.parse("android.resource://${context.packageName}/${R.raw.ping}"), null) }"#
                    )
                ], pushes: [named("ping", "alerts")]))
        cases.append(
            Case(
                what: "an app whose code installs sounds into Library/Sounds",
                paths: [
                    try app(extra: [
                        "ios/Runner/Tones.swift": Array(
                            "let folder = FileManager.default.urls(for: .libraryDirectory, in: .userDomainMask)[0].appendingPathComponent(\"Sounds\")\n"
                                .utf8)
                    ])
                ], pushes: [named("tone.caf", nil), named("ping.caf", nil), payload(#"{"aps": {"sound": "tone.caf"}}"#)]
            ))
        cases.append(
            Case(
                what: "an app whose code computes a sound name",
                paths: [
                    try app(extra: [
                        "ios/Runner/Notify.swift": Array(
                            "let s = UNNotificationSound(named: UNNotificationSoundName(rawValue: tone))\n".utf8)
                    ])
                ], pushes: [named("ping.caf", nil)]))
        return cases
    }

    /// An M4A (AAC), as FFmpeg writes one (`MP4ReaderTests.m4a`'s layout): three seconds of stereo.
    static func m4a() -> [UInt8] {
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + payload.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
                + Array(type.utf8) + payload
        }
        func u32(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        func full(_ type: String, _ payload: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + payload) }
        let (rate, units, priming): (UInt32, UInt32, UInt32) = (44_100, 133_324, 1024)
        let mdhd = full("mdhd", u32(0) + u32(0) + u32(rate) + u32(units) + [0x55, 0xC4, 0, 0])
        let hdlr = full("hdlr", u32(0) + Array("soun".utf8) + [UInt8](repeating: 0, count: 13))
        let entry = box(
            "mp4a",
            [0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8) + [0, 2, 0, 16, 0, 0, 0, 0] + u32(rate << 16))
        let stbl = box("stbl", full("stsd", u32(1) + entry))
        let edts = box("edts", full("elst", u32(1) + u32(units - priming) + u32(priming) + u32(0x10000)))
        let trak = box(
            "trak", box("tkhd", [UInt8](repeating: 0, count: 84)) + edts + box("mdia", mdhd + hdlr + box("minf", stbl)))
        let moov = box("moov", full("mvhd", [UInt8](repeating: 0, count: 96)) + trak)
        return box("ftyp", Array("M4A ".utf8) + u32(0) + Array("M4A isom".utf8)) + moov
            + box("mdat", [UInt8](repeating: 0, count: 64))
    }

    /// The issue's two apps, made as a new user's would be (issue 56): an Expo app shipping
    /// birds2.wav through expo-notifications' plugin, whose code makes a channel with it; and a
    /// native iOS app (iOS 15) whose critical alert names an M4A.
    static func issueApps(_ scratch: Scratch) throws -> (expo: String, native: String) {
        let expo = scratch.path("expo")
        try AppSearchTests.tree(
            expo,
            [
                "package.json": Array(#"{"dependencies": {"expo": "~51.0.0", "expo-notifications": "~0.28.0"}}"#.utf8),
                "app.json": Array(
                    #"{"expo": {"name": "Birds", "plugins": [["expo-notifications", {"sounds": ["./assets/birds2.wav"]}]]}}"#
                        .utf8),
                "assets/birds2.wav": AndroidTests.pcm16,
                "src/notifications.ts": Array(
                    "await Notifications.setNotificationChannelAsync('birds', { name: 'Birds', sound: 'birds2.wav' });\n"
                        .utf8)
            ])
        let native = scratch.path("native")
        try AppSearchTests.tree(
            native,
            [
                "Alarm.xcodeproj/project.pbxproj": Array(
                    BundleExample.pbxproj(
                        copying: ["Alarm/siren.m4a"],
                        settings:
                            "IPHONEOS_DEPLOYMENT_TARGET = 15.0; CODE_SIGN_ENTITLEMENTS = Alarm/Alarm.entitlements; "
                    ).utf8),
                "Alarm/Alarm.entitlements": Array(
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict>
                    <key>com.apple.developer.usernotifications.critical-alerts</key><true/>
                    </dict></plist>

                    """.utf8),
                "Alarm/siren.m4a": m4a()
            ])
        return (expo, native)
    }

    /// What validate-bundle says of `--sound NAME` against what explain says of `--sound NAME`:
    /// each command reads the option its own way (``SoundReference/named(_:source:)``, ``Push/named(sound:channel:)``).
    static func soundOption(_ name: String, in path: String) throws -> [String] {
        let report = try BundleValidator().validate(paths: [path], references: [.named(name, source: "--sound")])
        let explanation = try Explainer().explain(paths: [path], push: .named(sound: name, channel: nil))
        var found: [String] = []
        for bundle in report.bundles {
            let explained = explanation.pushes.filter { $0.app == bundle.bundle && $0.platform == bundle.platform }
            guard let reference = bundle.references.first, let push = explained.first else {
                found.append(
                    "\(bundle.platform.displayName): \(explained.count) explained, \(bundle.references.count) judged")
                continue
            }
            if let difference = disagreement(reference, push) {
                found.append("\(bundle.platform.displayName): \(difference)")
            }
        }
        // A platform no app was given for: explain must not fail what validate-bundle does not judge.
        if !explanation.playsAsNamed, report.valid {
            found.append("explain fails (\(explanation.pushes.map(\.summary))), validate-bundle passes")
        }
        return found
    }

    /// The issue's first example: for an Expo app's `--sound birds2.wav`, validate-bundle said
    /// Android plays it and explain the default sound (`no-channel`): explain's `--sound` was a
    /// message on no channel, validate-bundle's a name. Now both judge the name.
    @Test(.bug(id: "56")) func anExpoAppsSoundOptionAgrees() throws {
        let scratch = try Scratch()
        let (expo, _) = try Self.issueApps(scratch)
        let found = try Self.soundOption("birds2.wav", in: expo)
        #expect(found.isEmpty, "\(found)")
    }

    /// Issue 57's small item: a plain `--sound` on an iOS-only repository exited 1 from explain
    /// (Android: no app) and 0 from validate-bundle. A plain name is judged on the apps given.
    @Test(.bug(id: "57")) func aPlainSoundOnARepositoryOfOnePlatformAgrees() throws {
        let scratch = try Scratch()
        let (_, native) = try Self.issueApps(scratch)
        let ios = try ExplainTests.app(scratch, ios: ["ping.caf": AndroidTests.caf])
        try FileManager.default.removeItem(atPath: ios + "/android")
        for (path, name) in [(ios, "ping.caf"), (native, "siren.m4a")] {
            let found = try Self.soundOption(name, in: path)
            #expect(found.isEmpty, "\(found)")
        }
        let explanation = try Explainer().explain(paths: [ios], push: .named(sound: "ping.caf", channel: nil))
        #expect(explanation.pushes.map(\.platform) == [.ios] && explanation.playsAsNamed, "\(explanation.pushes)")
    }

    /// The issue's second example: a native app's M4A critical sound, below the iOS versions AAC
    /// is seen to play on.
    @Test(.bug(id: "56")) func aNativeAppsM4ACriticalSoundAgrees() throws {
        let scratch = try Scratch()
        let (_, native) = try Self.issueApps(scratch)
        let found = try Self.disagreements(
            Case(
                what: "a native app's M4A critical sound", paths: [native],
                pushes: [
                    Self.payload(BundleExample.critical("siren.m4a")), Self.payload(#"{"aps": {"sound": "siren.m4a"}}"#)
                ]))
        #expect(found.isEmpty, "\(found)")
    }

    /// The projects `AppSearchTests`, `ChannelBookTests` and `ExpoSoundsTests` build, with the
    /// messages their tests send.
    static func projectApps(_ scratch: Scratch) throws -> [Case] {
        var cases: [Case] = []
        let fcm = { (members: String) in payload(#"{"message": {"android": {"notification": {\#(members)}}}}"#) }
        let flutter = scratch.path("repo")
        var files = AppSearchTests.app("flutter/")
        files["flutter/pubspec.yaml"] = AppSearchTests.text("name: app")
        try AppSearchTests.tree(flutter, files)
        cases.append(
            Case(
                what: "a Flutter app in a subfolder", paths: [flutter],
                pushes: [
                    .named(sound: "ios:ping.caf", channel: nil), .named(sound: "android:ping", channel: nil),
                    .named(sound: "ping.caf", channel: nil), fcm(#""sound": "ping""#),
                    payload(
                        #"{"message": {"apns": {"payload": {"aps": {"sound": "ping.caf"}}}, "android": {"notification": {"sound": "ping"}}}}"#
                    )
                ]))
        let channels = ChannelBookTests()
        for (n, (kotlin, defaultChannel)) in [
            (#"val c = NotificationChannel("orders", "Orders", 4)"#, nil as String?),
            (
                #"val c = NotificationChannel("orders", "Orders", 4).apply { setSound(Uri.parse("android.resource://x/raw/order_ready"), null) }"#,
                "orders"
            ),
            (
                #"val c = NotificationChannel("orders", "Orders", 4).apply { setSound(Uri.parse("android.resource://x/raw/bell"), null) }"#,
                "orders"
            )
        ].enumerated() {
            let folder = try Scratch()
            let root = try channels.app(folder, kotlin: kotlin, defaultChannel: defaultChannel)
            let kept = scratch.path("shop\(n)")
            try FileManager.default.moveItem(atPath: root, toPath: kept)
            cases.append(
                Case(
                    what: "ChannelBookTests' shop \(n)", paths: [kept],
                    pushes: [
                        fcm(#""channel_id": "orders", "sound": "order_ready""#), fcm(#""sound": "order_ready""#),
                        fcm(#""channel_id": "news", "sound": "default""#), fcm(#""channel_id": "orders""#),
                        fcm(#""sound": "default""#), fcm(#""title": "t""#), .named(sound: "order_ready", channel: nil)
                    ]))
        }
        let expo = scratch.path("expo-orders")
        var expoFiles = AppSearchTests.app("", iosSound: nil, raw: ["order_ready.wav": AndroidTests.pcm16])
        expoFiles["package.json"] = Array(#"{"dependencies": {"expo-notifications": "1"}}"#.utf8)
        expoFiles["App.tsx"] = Array(
            "Notifications.setNotificationChannelAsync('orders', { name: 'Orders', sound: 'order_ready.wav' });".utf8)
        try AppSearchTests.tree(expo, expoFiles)
        cases.append(
            Case(
                what: "ChannelBookTests' Expo app", paths: [expo],
                pushes: [
                    payload(
                        #"[{"to": "ExponentPushToken[x]", "sound": "order_ready.wav", "channelId": "orders"}, {"to": "ExponentPushToken[y]", "channelId": "nope"}]"#
                    ), .named(sound: "order_ready.wav", channel: nil), .named(sound: nil, channel: "orders")
                ]))
        let expoScratch = try Scratch()
        let expoSounds = try ExpoSoundsTests.app(
            expoScratch,
            sounds: ["./assets/ok.wav", "./assets/chime.caf", "./assets/Bad-Name.wav", "./assets/missing.wav"])
        let keptExpo = scratch.path("expo-sounds")
        try FileManager.default.moveItem(atPath: expoSounds, toPath: keptExpo)
        cases.append(
            Case(
                what: "ExpoSoundsTests' app", paths: [keptExpo],
                pushes: [
                    .named(sound: "ios:ok.wav", channel: nil), .named(sound: "android:ok", channel: nil),
                    .named(sound: "chime.caf", channel: nil), .named(sound: "Bad-Name.wav", channel: nil),
                    payload(#"{"to": "ExponentPushToken[x]", "sound": "ok.wav"}"#)
                ]))
        return cases
    }

    @Test(.bug(id: "56")) func theProjectReadersAppsAgree() throws {
        let scratch = try Scratch()
        let results = try Self.projectApps(scratch).map(Self.compared)
        #expect(results.map(\.names).reduce(0, +) > 30, "names compared: \(results.map(\.names).reduce(0, +))")
        let found = results.flatMap(\.disagreements)
        #expect(found.isEmpty, "\(found.count) disagreements:\n\(found.joined(separator: "\n"))")
    }

    @Test(.bug(id: "56")) func theBundleRulesExamplesAgree() throws {
        let scratch = try Scratch()
        let cases = try Self.ruleExamples(scratch)
        // Every example of every bundle rule, each rule listed once (a rule in two lists was run twice).
        let examples = RuleCatalog.bundleRules.map { $0.triggering.count + $0.passing.count }.reduce(0, +)
        #expect(cases.count == examples && examples > 70, "every rule's examples: \(cases.count) of \(examples)")
        let results = try cases.map(Self.compared)
        #expect(results.map(\.names).reduce(0, +) > 50, "names compared: \(results.map(\.names).reduce(0, +))")
        let found = results.flatMap(\.disagreements)
        #expect(found.isEmpty, "\(found.count) disagreements:\n\(found.joined(separator: "\n"))")
    }

    @Test(.bug(id: "56")) func explainTestsAppsAgree() throws {
        let scratch = try Scratch()
        let results = try Self.explainApps(scratch).map(Self.compared)
        #expect(results.map(\.names).reduce(0, +) > 100, "names compared: \(results.map(\.names).reduce(0, +))")
        let found = results.flatMap(\.disagreements)
        #expect(found.isEmpty, "\(found.count) disagreements:\n\(found.joined(separator: "\n"))")
    }
}

extension ExplainAgreementTests {
    /// Explain's steps are the rules' steps (each rule declares the one its findings belong to)
    /// and the result: one list, the same names in the JSON.
    @Test(.bug(id: "56")) func explainsStepsAreTheRulesSteps() {
        for step in RuleDescription.Step.allCases {
            #expect(ExplanationStep.Kind(step).rawValue == step.rawValue && ExplanationStep.Kind(step).step == step)
        }
        #expect(ExplanationStep.Kind.allCases.filter { $0.step == nil } == [.result])
    }
}
