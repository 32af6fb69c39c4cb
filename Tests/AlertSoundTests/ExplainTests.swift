import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// `explain` (issue 49): for one push, each platform's decisions in order. Every step that can end
/// in the default sound (or another sound, or an unknown) has a case here that ends there, built
/// from a project made in the test.
@Suite struct ExplainTests {
    /// An app of both platforms under `root/app`: an Xcode project whose app target copies each of
    /// `ios` (files in `ios/Runner/`), and a Gradle project with `raw` in `res/raw`, `kotlin` as
    /// its code, `gradle` in its app module's build file, and a manifest naming `defaultChannel`.
    static func app(
        _ scratch: Scratch, ios: [String: [UInt8]] = ["ping.caf": AndroidTests.caf],
        raw: [String: [UInt8]] = ["ping.wav": AndroidTests.pcm16], kotlin: String? = nil, gradle: String = "",
        defaultChannel: String? = nil, minimumIOS: String = "16.0"
    ) throws -> String {
        let root = scratch.path("app")
        var files: [String: [UInt8]] = [
            "android/settings.gradle": Array("include ':app'".utf8),
            "android/app/build.gradle": Array(
                "plugins { id 'com.android.application' }\nandroid { defaultConfig { minSdk 26 }\n\(gradle) }".utf8)
        ]
        if !ios.isEmpty {
            let copied = ios.keys.sorted().map { "Runner/" + $0 }
            files["ios/Runner.xcodeproj/project.pbxproj"] = Array(
                BundleExample.pbxproj(copying: copied, settings: "IPHONEOS_DEPLOYMENT_TARGET = \(minimumIOS);").utf8)
            for (name, bytes) in ios { files["ios/Runner/" + name] = bytes }
        }
        for (name, bytes) in raw { files["android/app/src/main/res/raw/" + name] = bytes }
        if let kotlin { files["android/app/src/main/java/com/app/Channels.kt"] = Array(kotlin.utf8) }
        if let defaultChannel {
            files["android/app/src/main/AndroidManifest.xml"] = Array(
                """
                <manifest><application>
                <meta-data android:name="com.google.firebase.messaging.default_notification_channel_id" android:value="\(defaultChannel)"/>
                </application></manifest>
                """.utf8)
        }
        try AppSearchTests.tree(root, files)
        return root
    }

    /// A channel `id` created with `sound` (a raw resource name; nil: no sound set, the default).
    static func channel(_ id: String, sound: String?) -> String {
        let set = sound.map { #".apply { setSound(Uri.parse("android.resource://com.app/raw/\#($0)"), null) }"# } ?? ""
        return #"val c = NotificationChannel("\#(id)", "Alerts", 4)\#(set)"#
    }

    static func payload(_ json: String, at scratch: Scratch) throws -> Push {
        let path = scratch.path("push.json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return .payload(at: path)
    }

    static func fcm(_ android: String) -> String { #"{"message": {"android": {"notification": {\#(android)}}}}"# }

    func explain(_ root: String, _ push: Push, validator: BundleValidator = BundleValidator()) throws -> Explanation {
        try Explainer(validator: validator).explain(paths: [root], push: push)
    }

    func only(_ explanation: Explanation, _ platform: Platform) throws -> PushExplanation {
        let pushes = explanation.pushes.filter { $0.platform == platform }
        try #require(pushes.count == 1, "\(explanation.pushes.map(\.summary))")
        return pushes[0]
    }

    /// The step that decided, and its verdict.
    func decided(_ push: PushExplanation) -> (ExplanationStep.Kind, ExplanationStep.Verdict)? {
        push.steps.first { $0.verdict != .passes && $0.verdict != .risk && $0.verdict != .degraded }
            .map { ($0.step, $0.verdict) }
    }

    // MARK: iOS

    @Test func iOSPlaysTheNamedSoundAfterEveryStep() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch)
        let push = try Self.payload("{\n  \"aps\": {\n    \"sound\": \"ping.caf\"\n  }\n}", at: scratch)
        #expect(push.platforms == [.ios], "an APNs payload reaches iOS only")
        let explanation = try explain(root, push)
        let ios = try only(explanation, .ios)
        #expect(ios.steps.map(\.step) == [.payloadKey, .critical, .lookup, .file, .result])
        #expect(ios.steps.allSatisfy { $0.verdict == .passes }, "\(ios.steps)")
        #expect(ios.fresh.plays == .namedSound && ios.existing == nil)
        // The payload's key is found on its line; the file and its format are the evidence of the lookup and file steps.
        #expect(ios.steps[0].evidence.first?.line == 3, "\(ios.steps[0].evidence)")
        #expect(ios.steps[2].evidence.contains { $0.file?.hasSuffix("ios/Runner/ping.caf") == true })
        #expect(ios.steps[3].text.contains("CAF"))
        #expect(ios.summary.hasPrefix("On iOS") && ios.summary.contains("plays") && ios.summary.contains("ping.caf"))
        #expect(explanation.playsAsNamed)
        #expect(!explanation.pushes.contains { $0.platform == .android }, "an APNs payload is not explained on Android")
    }

    /// An Expo push array (issue 55): each message's key was searched for from the payload's start
    /// (pushes × payload size), and an element's index never found, so no line was given. Now
    /// one pass finds each message's own line, and each push its own verdict.
    @Test(.bug(id: 55, "item 2")) func eachMessageOfAnExpoArrayIsFoundOnItsLine() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch)
        let count = 500
        let messages = (0..<count).map {
            #"  {"to": "ExponentPushToken[x]", "title": "sound", "sound": "\#($0 % 2 == 0 ? "ping.caf" : "gone.caf")"}"#
        }
        let push = try Self.payload("[\n" + messages.joined(separator: ",\n") + "\n]\n", at: scratch)
        let ios = try explain(root, push).pushes.filter { $0.platform == .ios }
        #expect(ios.count == count)
        #expect(ios.map { $0.steps.first?.evidence.first?.line } == (0..<count).map { $0 + 2 })
        #expect(ios.map { $0.fresh.plays == .namedSound } == (0..<count).map { $0 % 2 == 0 })
    }

    @Test func iOSDefaultIsWhatItAsksFor() throws {
        let scratch = try Scratch()
        let ios = try only(try explain(try Self.app(scratch), .named(sound: "default", channel: nil)), .ios)
        #expect(ios.fresh.plays == .requestedDefault)
        #expect(ios.steps.map(\.step) == [.payloadKey, .critical, .lookup, .result])
    }

    @Test func iOSLookupEndsInTheDefaultOnACaseMismatchOrAMissingFile() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch)
        for (name, code) in [("Ping.caf", DiagnosticCode.caseMismatch), ("nope.caf", .noSuchSound)] {
            let ios = try only(try explain(root, .named(sound: name, channel: nil)), .ios)
            #expect(decided(ios)! == (.lookup, .defaultSound), "\(name): \(ios.steps)")
            #expect(ios.fresh.plays == .defaultSound && ios.fresh.code == code, "\(name): \(ios.fresh)")
            #expect(ios.summary.contains("plays the default sound because"))
            #expect(!ios.steps.contains { $0.step == .file }, "no file was found, so none is judged")
        }
    }

    @Test func iOSFileEndsInTheDefaultWhenTooLong() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, ios: ["long.wav": BundleExample.tooLong])
        let ios = try only(try explain(root, .named(sound: "long.wav", channel: nil)), .ios)
        #expect(decided(ios)! == (.file, .defaultSound))
        #expect(ios.fresh.code == .tooLong, "\(ios.fresh)")
    }

    /// AAC in CAF: a risk at or above the evidence's lowest iOS, unknown below it (the documents
    /// say nothing either way), never "plays" without saying which.
    @Test func anUndocumentedFormatIsARiskOrUnknownByTheMinimumIOS() throws {
        for (minimum, verdict, plays) in [
            ("18.0", ExplanationStep.Verdict.risk, PlayOutcome.Plays.namedSound), ("15.0", .unknown, .unknown)
        ] {
            let scratch = try Scratch()
            let root = try Self.app(scratch, ios: ["aac.caf": Fixture.aacCAF()], minimumIOS: minimum)
            let ios = try only(try explain(root, .named(sound: "aac.caf", channel: nil)), .ios)
            let file = try #require(ios.steps.first { $0.step == .file })
            #expect(file.verdict == verdict && file.codes.contains(.undocumentedFormat), "\(minimum): \(file)")
            #expect(ios.fresh.plays == plays, "\(minimum): \(ios.fresh)")
        }
    }

    /// A file over 30 s plays the default sound whatever iOS makes of its format: the length
    /// decides, not the undocumented format, which said "cannot be told" (issue 57: a 2-minute MP3
    /// in a real app).
    @Test(.bug(id: "57")) func aTooLongFileOfAnUndocumentedFormatPlaysTheDefault() throws {
        let packets = 1340
        let long = Fixture.caf([
            .init("desc", Fixture.desc(format: "aac ", bytesPerPacket: 0, framesPerPacket: 1024, bits: 0)),
            .init(
                "pakt",
                Fixture.pakt(packets: Int64(packets), valid: 44100 * 31, priming: 2112, remainder: 2948)
                    + [UInt8](repeating: 32, count: packets)),
            .init("data", Fixture.cafData(packets * 32))
        ])
        let scratch = try Scratch()
        let root = try Self.app(scratch, ios: ["long.caf": long], minimumIOS: "15.0")
        let ios = try only(try explain(root, .named(sound: "long.caf", channel: nil)), .ios)
        #expect(decided(ios)! == (.file, .defaultSound), "\(ios.steps)")
        #expect(ios.fresh.plays == .defaultSound && ios.fresh.code == .tooLong, "\(ios.fresh)")
    }

    @Test func aCriticalAlertWithoutTheEntitlementPlaysAsAnOrdinaryOne() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch)
        let push = try Self.payload(BundleExample.critical("ping.caf"), at: scratch)
        for granted in [false, true] {
            var validator = BundleValidator()
            validator.entitlements = Entitlements(source: .file, path: "App.entitlements", criticalAlerts: granted)
            let ios = try only(try explain(root, push, validator: validator), .ios)
            let critical = try #require(ios.steps.first { $0.step == .critical })
            #expect(critical.verdict == (granted ? .passes : .degraded), "\(critical)")
            #expect(critical.evidence.contains { $0.file == "App.entitlements" })
            #expect(ios.fresh.plays == .namedSound)
            #expect(ios.summary.contains("but") == !granted, "\(ios.summary)")
        }
        // Nothing to read the entitlements from: whether it is critical is unknown, and said.
        let unknown = try only(try explain(root, push), .ios)
        #expect(unknown.steps.first { $0.step == .critical }?.verdict == .unknown)
    }

    @Test func aPayloadWithoutASoundIsSilentOnIOS() throws {
        let scratch = try Scratch()
        let ios = try only(
            try explain(try Self.app(scratch), try Self.payload(#"{"aps": {"alert": "hi"}}"#, at: scratch)), .ios)
        #expect(ios.fresh.plays == .silent && ios.fresh.asNamed)
    }

    @Test func aMalformedPayloadCannotBeTold() throws {
        let scratch = try Scratch()
        let explanation = try explain(try Self.app(scratch), try Self.payload(#"{"aps": {"sound": 7}}"#, at: scratch))
        let ios = try only(explanation, .ios)
        #expect(decided(ios)! == (.payloadKey, .unknown))
        #expect(ios.fresh.code == .badPayload && !explanation.playsAsNamed)
    }

    /// Through the library, a payload that is not there is explained as unknown, never passed.
    @Test func aMissingPayloadCannotBeTold() throws {
        let scratch = try Scratch()
        let explanation = try explain(try Self.app(scratch), .payload(at: scratch.path("none.json")))
        let ios = try only(explanation, .ios)
        #expect(decided(ios)! == (.payloadKey, .unknown), "\(ios.steps)")
        #expect(ios.fresh.code == .notFound && !explanation.playsAsNamed)
        #expect(throws: AlertSoundError.self) { try Push.read(at: scratch.path("none.json")) }
    }

    /// A platform the push reaches with no app of it given is never passed; a plain `--sound` is
    /// judged on the apps given, as validate-bundle's is (issue 57), so it names iOS with `ios:`.
    @Test func aPlatformWithoutAnAppIsUnknown() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, ios: [:])
        #expect(try explain(root, .named(sound: "ping.caf", channel: nil)).pushes.map(\.platform) == [.android])
        let explanation = try explain(root, .named(sound: "ios:ping.caf", channel: nil))
        let ios = try only(explanation, .ios)
        #expect(ios.app == nil && ios.fresh.plays == .unknown && ios.fresh.code == .noAppForPlatform)
        #expect(!explanation.playsAsNamed)
    }

    // MARK: Android

    @Test func androidPlaysTheSoundOfTheChannelCreatedWithIt() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, kotlin: Self.channel("alerts", sound: "ping"))
        let push = try Self.payload(Self.fcm(#""sound": "ping", "channel_id": "alerts""#), at: scratch)
        let explanation = try explain(root, push)
        let android = try only(explanation, .android)
        #expect(android.steps.map(\.step) == [.payloadKey, .library, .channel, .lookup, .file, .shrinking, .result])
        #expect(android.fresh.plays == .namedSound, "\(android.steps)")
        let channel = try #require(android.steps.first { $0.step == .channel })
        #expect(channel.evidence.contains { $0.file?.hasSuffix("Channels.kt") == true && $0.line == 1 })
        #expect(channel.text.contains("first created"), "the step says a channel keeps its first sound")
        #expect(android.steps[1].text.contains("firebase-messaging"))
        // An FCM message reaches iOS too, which shows it without a sound.
        #expect(try only(explanation, .ios).fresh.plays == .silent)
    }

    @Test func androidChannelDecidesOtherDefaultOrNoSound() throws {
        let cases: [(String, String?, PlayOutcome.Plays, DiagnosticCode?)] = [
            ("a channel made with another sound", "bell", .otherSound, .channelSoundMismatch),
            ("a channel made without a sound", nil, .defaultSound, .channelSoundMismatch)
        ]
        for (what, sound, plays, code) in cases {
            let scratch = try Scratch()
            let root = try Self.app(
                scratch, raw: ["ping.wav": AndroidTests.pcm16, "bell.wav": AndroidTests.pcm16],
                kotlin: Self.channel("alerts", sound: sound))
            let android = try only(
                try explain(root, .named(sound: "ping", channel: "alerts")), .android)
            #expect(decided(android)?.0 == .channel, "\(what): \(android.steps)")
            #expect(android.fresh.plays == plays && android.fresh.code == code, "\(what): \(android.fresh)")
        }
        // A silent channel plays nothing.
        let scratch = try Scratch()
        let silent = try Self.app(
            scratch,
            kotlin: #"val c = NotificationChannel("quiet", "Quiet", 2).apply { setSound(null, null) }"#)
        #expect(
            try only(try explain(silent, .named(sound: "ping", channel: "quiet")), .android).fresh.plays == .noSound)
    }

    @Test func androidChannelNobodyCreatesEndsInTheFallbackChannel() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, kotlin: Self.channel("alerts", sound: "ping"))
        let android = try only(try explain(root, .named(sound: "ping", channel: "news")), .android)
        #expect(decided(android)! == (.channel, .defaultSound))
        #expect(android.fresh.code == .channelNotCreated)
    }

    @Test func androidMessageWithoutAChannelGoesToTheDefaultOrFallbackChannel() throws {
        // No default channel in the manifest: FCM's fallback channel, the default sound.
        let scratch = try Scratch()
        let fallback = try Self.app(scratch, kotlin: Self.channel("alerts", sound: "ping"))
        let a = try only(try explain(fallback, try Self.payload(Self.fcm(#""sound": "ping""#), at: scratch)), .android)
        #expect(a.fresh.plays == .defaultSound && a.fresh.code == .noChannel, "\(a.steps)")
        // The manifest's default channel, made with another sound: that sound.
        let other = try Scratch()
        let root = try Self.app(
            other, raw: ["ping.wav": AndroidTests.pcm16, "bell.wav": AndroidTests.pcm16],
            kotlin: Self.channel("general", sound: "bell"), defaultChannel: "general")
        let b = try only(try explain(root, try Self.payload(Self.fcm(#""sound": "ping""#), at: other)), .android)
        #expect(b.fresh.plays == .otherSound && b.fresh.sound == "res/raw/bell", "\(b.fresh)")
        #expect(b.steps.first { $0.step == .channel }?.text.contains("default channel general") == true)
    }

    @Test func androidLookupEndsInTheDefaultWhenTheResourceIsMissing() throws {
        let scratch = try Scratch()
        // The channel is made with 'bell', which res/raw does not hold.
        let root = try Self.app(scratch, kotlin: Self.channel("alerts", sound: "bell"))
        let android = try only(try explain(root, .named(sound: "bell", channel: "alerts")), .android)
        #expect(decided(android)! == (.lookup, .defaultSound), "\(android.steps)")
        #expect(android.fresh.code == .noSuchSound)
    }

    @Test func androidFileEndsInTheDefaultForAFormatAndroidCannotPlay() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch, raw: ["ping.caf": AndroidTests.caf], kotlin: Self.channel("alerts", sound: "ping"))
        let android = try only(try explain(root, .named(sound: "ping", channel: "alerts")), .android)
        #expect(decided(android)! == (.file, .defaultSound), "\(android.steps)")
        #expect(android.fresh.code == .androidUnsupportedFormat)
    }

    /// Release shrinking may drop a sound nothing keeps: a risk, which strict mode fails.
    @Test func androidShrinkingIsARiskOrTheDefaultWhenStrict() throws {
        let kept = try Scratch()
        let keptRoot = try Self.app(
            kept,
            kotlin:
                #"val c = NotificationChannel("alerts", "A", 4).apply { setSound(Uri.parse("android.resource://com.app/raw/ping"), null) }"#,
            gradle: "buildTypes { release { shrinkResources true } }")
        let risky = try only(try explain(keptRoot, .named(sound: "ping", channel: "alerts")), .android)
        let shrinking = try #require(risky.steps.first { $0.step == .shrinking })
        #expect(shrinking.verdict == .risk && shrinking.codes == [.androidMayBeShrunk], "\(risky.steps)")
        #expect(risky.fresh.plays == .namedSound)
        let failing = try only(
            try explain(keptRoot, .named(sound: "ping", channel: "alerts"), validator: BundleValidator(strict: true)),
            .android)
        #expect(failing.steps.first { $0.step == .shrinking }?.verdict == .defaultSound)
        #expect(failing.fresh.plays == .defaultSound && failing.fresh.code == .androidMayBeShrunk)
    }

    /// A channel the lock made for one sound and the code now makes with another: installs from
    /// before the change keep the first sound.
    @Test func anExistingInstallKeepsTheSoundTheChannelWasFirstMadeWith() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch, raw: ["ping.wav": AndroidTests.pcm16, "chime.wav": AndroidTests.pcm16],
            kotlin: Self.channel("alerts", sound: "ping"))
        var entry = SoundLock.Entry(
            name: "chime", source: "design/chime.wav", ios: "chime.caf", android: "chime", androidFile: "chime.wav",
            contentHash: String(repeating: "ab", count: 32), iosSHA256: nil, androidSHA256: nil)
        entry.channelId = "alerts"
        var validator = BundleValidator()
        validator.lock = SoundLock(sounds: [entry])
        let explanation = try explain(root, .named(sound: "ping", channel: "alerts"), validator: validator)
        let android = try only(explanation, .android)
        #expect(android.fresh.plays == .namedSound, "\(android.steps)")
        #expect(
            android.existing?.plays == .otherSound && android.existing?.sound == "res/raw/chime",
            "\(String(describing: android.existing))")
        #expect(android.summary.contains("installed before"))
        #expect(!explanation.playsAsNamed)
    }

    /// A library's rule: expo-notifications cuts the name at its last '.'.
    @Test func theLibraryRuleTurnsTheNameIntoTheResource() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, kotlin: Self.channel("alerts", sound: "ping"))
        try Data(#"{"dependencies": {"expo-notifications": "0.28.0"}}"#.utf8).write(
            to: URL(fileURLWithPath: root + "/package.json"))
        let android = try only(try explain(root, .named(sound: "ping.wav", channel: "alerts")), .android)
        let library = try #require(android.steps.first { $0.step == .library })
        #expect(library.text.contains("expo-notifications") && library.text.contains("res/raw/ping"), "\(library.text)")
        #expect(library.evidence.contains { $0.file?.hasSuffix("package.json") == true })
        #expect(android.fresh.plays == .namedSound, "\(android.steps)")
    }

    /// `--channel` alone: the channel's sound is what plays, and iOS is not asked.
    @Test func aChannelAloneIsAnAndroidMessage() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, kotlin: Self.channel("alerts", sound: "ping"))
        let explanation = try explain(root, .named(sound: nil, channel: "alerts"))
        #expect(explanation.pushes.map(\.platform) == [.android])
        #expect(explanation.pushes[0].fresh.asNamed, "\(explanation.pushes[0].steps)")
    }

    /// The JSON round-trips, with the shared schema version.
    @Test func theExplanationReadsBack() throws {
        let scratch = try Scratch()
        let explanation = try explain(try Self.app(scratch), .named(sound: "Ping.caf", channel: nil))
        let data = try ReportEncoder().encode(explanation)
        #expect(try JSONDecoder().decode(Explanation.self, from: Data(data)) == explanation)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"schemaVersion\" : \(ReportSchema.version)"), "\(text.prefix(200))")
    }
}

extension ExplainTests {
    /// An app whose code names sounds computed at run time may install its own into
    /// Library/Sounds, which iOS searches first: the lookup says where.
    @Test func aComputedNameInTheCodeIsEvidenceOfARuntimeInstall() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch)
        try Data("let s = UNNotificationSound(named: UNNotificationSoundName(rawValue: tone))\n".utf8).write(
            to: URL(fileURLWithPath: root + "/ios/Runner/Notify.swift"))
        let ios = try only(try explain(root, .named(sound: "ping.caf", channel: nil)), .ios)
        let lookup = try #require(ios.steps.first { $0.step == .lookup })
        #expect(
            lookup.evidence.contains { $0.file?.hasSuffix("Notify.swift") == true && $0.line == 1 },
            "\(lookup.evidence)")
        #expect(ios.fresh.plays == .namedSound)
    }
}

extension ExplainTests {
    /// A channel whose sound URI is built from the resource's ID: a fresh install plays it, an
    /// existing one may not after an update renumbers the resources.
    @Test func aChannelSoundFromAResourceIDMayChangeForExistingInstalls() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch,
            kotlin:
                #"val c = NotificationChannel("alerts", "A", 4).apply { setSound(Uri.parse("android.resource://${context.packageName}/${R.raw.ping}"), null) }"#
        )
        let explanation = try explain(root, .named(sound: "ping", channel: "alerts"))
        let android = try only(explanation, .android)
        #expect(android.fresh.plays == .namedSound, "\(android.steps)")
        #expect(android.existing?.plays == .unknown && android.existing?.code == .resourceIdUri, "\(android)")
        #expect(!explanation.playsAsNamed)
    }
}

extension ExplainTests {
    /// A critical alert at volume 0 is silent, though entitled: as the payload asks, so a risk the
    /// step names, not a failure (validate-bundle passes it: issue 56's agreement).
    @Test func aCriticalAlertAtVolumeZeroIsSilent() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch)
        var validator = BundleValidator()
        validator.entitlements = Entitlements(source: .file, path: "App.entitlements", criticalAlerts: true)
        let push = try Self.payload(
            #"{"aps": {"sound": {"critical": 1, "name": "ping.caf", "volume": 0}}}"#, at: scratch)
        let ios = try only(try explain(root, push, validator: validator), .ios)
        #expect(ios.steps.first { $0.step == .critical }?.verdict == .risk, "\(ios.steps)")
        #expect(ios.fresh.plays == .silent && ios.summary.contains("volume 0"), "\(ios.summary)")
        let half = try Self.payload(
            #"{"aps": {"sound": {"critical": 1, "name": "ping.caf", "volume": 0.5}}}"#, at: scratch)
        let played = try only(try explain(root, half, validator: validator), .ios)
        #expect(played.fresh.plays == .namedSound)
        #expect(played.steps.first { $0.step == .critical }?.text.contains("at volume 0.5") == true)
    }
}

extension ExplainTests {
    /// A name not in the bundle of an app that writes sounds into Library/Sounds at run time: iOS
    /// searches there first, so validate-bundle warns (not fails) and explain says it cannot tell.
    @Test func aNameTheAppMayInstallAtRunTimeIsUnknown() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch)
        try Data(
            "let folder = FileManager.default.urls(for: .libraryDirectory, in: .userDomainMask)[0].appendingPathComponent(\"Sounds\")\n"
                .utf8
        ).write(to: URL(fileURLWithPath: root + "/ios/Runner/Tones.swift"))
        let report = try BundleValidator().validate(paths: [root], references: [.named("ios:tone.caf")])
        let reference = try #require(
            report.bundles.first { $0.platform == .ios }?.references.first { $0.position == nil })
        #expect(reference.diagnostics.map(\.code) == [.noSuchSound] && reference.diagnostics[0].severity == .warning)
        #expect(reference.diagnostics[0].message.contains("Tones.swift:1"), "\(reference.diagnostics)")
        #expect(reference.valid)
        let ios = try only(try explain(root, .named(sound: "tone.caf", channel: nil)), .ios)
        #expect(decided(ios)! == (.lookup, .unknown), "\(ios.steps)")
        #expect(ios.fresh.plays == .unknown)
        // Without the installer the same name is missing, and the default sound plays.
        try FileManager.default.removeItem(atPath: root + "/ios/Runner/Tones.swift")
        let missing = try only(try explain(root, .named(sound: "tone.caf", channel: nil)), .ios)
        #expect(missing.fresh.plays == .defaultSound)
    }
}
