import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Cordova apps (issue 57): what ships is what `config.xml`'s `<resource-file>`s say, as
/// cordova-ios and cordova-android copy them at prepare; before, a Cordova app whose `platforms/`
/// is not committed (most) was judged as a plain folder: its iOS sound "in a sub-folder", no
/// Android app at all.
@Suite struct CordovaReaderTests {
    static func config(ios: String = "", android: String = "", plugins: String = "") -> String {
        """
        <?xml version='1.0' encoding='utf-8'?>
        <widget id="com.example.cdv" version="1.0.0" xmlns="http://www.w3.org/ns/widgets">
            <name>Example</name>
            <!-- <resource-file src="commented/out.caf" /> -->
            \(plugins)
            <platform name="android">
                <preference name="android-minSdkVersion" value="24" />
                \(android)
            </platform>
            <platform name="ios">
                <preference name="deployment-target" value="15.0" />
                \(ios)
            </platform>
        </widget>
        """
    }

    /// A Cordova app under `root/app` with `config`, `files` and `www/js/index.js` holding `code`;
    /// `library`: the notification plugin its package.json depends on.
    static func app(
        _ scratch: Scratch, config: String, files: [String: [UInt8]] = [:], code: String = "",
        library: String = "cordova-plugin-firebasex"
    ) throws -> String {
        let root = scratch.path("app")
        var tree = files
        tree["config.xml"] = Array(config.utf8)
        tree["package.json"] = Array(
            #"{"cordova":{"platforms":["ios","android"]},"dependencies":{"\#(library)":"*"},"devDependencies":{"cordova-android":"^14.0.0"}}"#
                .utf8)
        tree["www/js/index.js"] = Array(code.utf8)
        try AppSearchTests.tree(root, tree)
        return root
    }

    static let androidAlert =
        #"<resource-file src="res/android/alert.wav" target="app/src/main/res/raw/alert.wav" />"#
    static let alertChannel = "FirebasePlugin.createChannel({id: 'alerts', sound: 'alert', importance: 4});"

    func explain(_ root: String, sound: String?, channel: String? = nil) throws -> Explanation {
        try Explainer().explain(paths: [root], push: .named(sound: sound, channel: channel))
    }

    func plays(_ explanation: Explanation, _ platform: Platform) throws -> PlayOutcome.Plays {
        let pushes = explanation.pushes.filter { $0.platform == platform }
        try #require(pushes.count == 1, "\(explanation.pushes.map(\.summary))")
        return pushes[0].fresh.plays
    }

    // MARK: iOS

    /// K1: a `<resource-file>` of the iOS platform lands at the app's top level under its own name,
    /// whatever folder it comes from.
    @Test(.bug(id: "57", "Cordova K1")) func iOSResourceFilePlays() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch, config: Self.config(ios: #"<resource-file src="res/ios/sound/alert.caf" />"#),
            files: ["res/ios/sound/alert.caf": AndroidTests.caf])
        let explanation = try explain(root, sound: "alert.caf")
        #expect(try plays(explanation, .ios) == .namedSound, "\(explanation.pushes.map(\.summary))")
        let scans = try BundleValidator().prepare(paths: [root]).scans
        #expect(scans.map(\.kind) == [.resources, .androidProject])
        #expect(scans.first?.sounds.first { $0.location == .bundle }?.relativePath == "alert.caf")
        #expect(scans.first?.minimumIOS?.version == IOSVersion(15))
    }

    /// A sound only in `www/` reaches the iOS app as `www/x.caf`, a sub-folder iOS does not look
    /// in for a bare name: the default sound.
    @Test(.bug(id: "57", "Cordova www")) func iOSSoundOnlyInWwwPlaysTheDefault() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, config: Self.config(), files: ["www/audio/yay.caf": AndroidTests.caf])
        #expect(try plays(try explain(root, sound: "yay.caf"), .ios) == .defaultSound)
        // A name nothing ships at all: the default sound too.
        #expect(try plays(try explain(root, sound: "gone.caf"), .ios) == .defaultSound)
    }

    // MARK: Android

    /// K9: firebasex's channel names the resource exactly; the resource-file's target puts it in
    /// the app module's `res/raw/`.
    @Test(.bug(id: "57", "Cordova K9")) func androidChannelPlaysItsResourceFile() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch, config: Self.config(android: Self.androidAlert),
            files: ["res/android/alert.wav": AndroidTests.pcm16], code: Self.alertChannel)
        let explanation = try explain(root, sound: "alert", channel: "alerts")
        #expect(try plays(explanation, .android) == .namedSound, "\(explanation.pushes.map(\.summary))")
        let android = try BundleValidator().prepare(paths: [root]).scans.first { $0.kind == .androidProject }
        #expect(android?.sounds.map(\.relativePath) == ["res/raw/alert.wav"])
        #expect(android?.sounds.first?.location == .rawResource)
        #expect(android?.facts?.minSdk == 24)
        #expect(android?.libraries.declared == [.cordovaFirebasex])
    }

    /// K10: firebasex takes a channel's sound exactly: `alert.wav` names no resource.
    @Test(.bug(id: "57", "Cordova K10")) func firebasexChannelSoundWithExtensionNamesNothing() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch, config: Self.config(android: Self.androidAlert),
            files: ["res/android/alert.wav": AndroidTests.pcm16],
            code: "FirebasePlugin.createChannel({id: 'alerts', sound: 'alert.wav'});")
        let explanation = try explain(root, sound: "alert.wav", channel: "alerts")
        #expect(try plays(explanation, .android) != .namedSound, "\(explanation.pushes.map(\.summary))")
        let report = try BundleValidator().validate(paths: [root], references: [])
        #expect(!report.valid, "a channel whose sound names no resource fails")
    }

    /// K11: firebasex's own `fcm_default_channel` (FCM's default, made at start with the default
    /// sound): a message to it, or to no channel, plays the default sound.
    @Test(.bug(id: "57", "Cordova K11")) func firebasexDefaultChannelPlaysTheDefault() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch, config: Self.config(android: Self.androidAlert),
            files: ["res/android/alert.wav": AndroidTests.pcm16], code: Self.alertChannel)
        let named = try explain(root, sound: "alert", channel: "fcm_default_channel")
        #expect(try plays(named, .android) == .defaultSound)
        // Because firebasex creates that channel, not because nothing does (FCM's fallback).
        let step = named.pushes.first { $0.platform == .android }?.steps.first { $0.step == .channel }
        #expect(
            step?.text.contains("which the app creates with the default sound") == true, "\(String(describing: step))")
        // An FCM message that names no channel goes to the default channel firebasex's plugin.xml names.
        let push = try ExplainTests.payload(ExplainTests.fcm(#""sound": "alert""#), at: scratch)
        let explanation = try Explainer().explain(paths: [root], push: push)
        #expect(try plays(explanation, .android) == .defaultSound, "\(explanation.pushes.map(\.summary))")
    }

    /// K6: a target of `res/raw/` (cordova-android before 7, or copied from a plugin.xml) lies
    /// outside the app module: not packaged, and said; the channel's resource is missing.
    @Test(.bug(id: "57", "Cordova K6")) func androidTargetOutsideTheModuleIsNotPackaged() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch,
            config: Self.config(android: #"<resource-file src="res/android/alert.wav" target="res/raw/alert.wav" />"#),
            files: ["res/android/alert.wav": AndroidTests.pcm16], code: Self.alertChannel)
        let explanation = try explain(root, sound: "alert", channel: "alerts")
        #expect(try plays(explanation, .android) != .namedSound, "\(explanation.pushes.map(\.summary))")
        #expect(
            explanation.notes.contains { $0.contains("goes to platforms/android/res/raw/alert.wav") },
            "\(explanation.notes)")
        let android = try BundleValidator().prepare(paths: [root]).scans.first { $0.kind == .androidProject }
        #expect(android?.sounds.isEmpty == true)
    }

    /// cordova-plugin-local-notification: `res://alert.wav` is its last component cut at its last `.`.
    @Test(.bug(id: "57", "Cordova local-notification")) func localNotificationResNameIsCut() throws {
        #expect(AndroidLibrary.cordovaLocalNotification.lookups("res://alert.wav") == ["alert"])
        #expect(AndroidLibrary.cordovaLocalNotification.lookups("default") == [])
        let scratch = try Scratch()
        let root = try Self.app(
            scratch, config: Self.config(android: Self.androidAlert),
            files: ["res/android/alert.wav": AndroidTests.pcm16], library: "cordova-plugin-local-notification")
        let android = try BundleValidator().prepare(paths: [root]).scans.first { $0.kind == .androidProject }
        #expect(android?.libraries.declared == [.cordovaLocalNotification])
        #expect(android?.channels.isEmpty == true, "no channel of firebasex's without firebasex")
    }

    /// K5, K4, K7, K3: cordova-plugin-local-notification's `schedule` creates its channel
    /// (`androidChannelId`, else `default_channel`) with the notification's sound: `res://` a raw
    /// resource, `null` or a bare name no sound at all, none the default sound; iOS is asked for
    /// a `res://` name's last component.
    @Test(.bug(id: "57", "Cordova K3 K4 K5 K7")) func localNotificationScheduleMakesItsChannel() throws {
        let scratch = try Scratch()
        let code = """
            cordova.plugins.notification.local.schedule({ id: 1, sound: 'res://alert.wav', androidChannelId: 'alerts' });
            cordova.plugins.notification.local.schedule([{ id: 2, sound: null, androidChannelId: 'quiet' },
                { id: 3, sound: 'alert.wav', androidChannelId: 'bare' }]);
            cordova.plugins.notification.local.schedule({ id: 4, title: 'no sound given', androidChannelId: 'plain' });
            """
        let root = try Self.app(
            scratch,
            config: Self.config(
                ios: #"<resource-file src="res/ios/alert.wav" />"#, android: Self.androidAlert),
            files: ["res/android/alert.wav": AndroidTests.pcm16, "res/ios/alert.wav": AndroidTests.pcm16],
            code: code, library: "cordova-plugin-local-notification")
        #expect(try plays(try explain(root, sound: "alert", channel: "alerts"), .android) == .namedSound)
        #expect(try plays(try explain(root, sound: "x", channel: "quiet"), .android) == .noSound)
        #expect(try plays(try explain(root, sound: "alert.wav", channel: "bare"), .android) == .noSound)
        #expect(try plays(try explain(root, sound: "alert", channel: "plain"), .android) == .defaultSound)
        let scans = try BundleValidator().prepare(paths: [root]).scans
        let ios = try #require(scans.first { $0.kind == .resources })
        #expect(ios.codeReferences.compactMap(\.name) == ["alert.wav", "alert.wav"], "\(ios.codeReferences)")
        let android = try #require(scans.first { $0.kind == .androidProject })
        #expect(
            android.channels.map { "\($0.id ?? "?")=\($0.sound)" }
                == ["alerts=resource(\"res://alert.wav\")", "quiet=silent", "bare=silent", "plain=defaultSound"],
            "\(android.channels)")
        #expect(android.channels.allSatisfy { $0.library == .cordovaLocalNotification })
    }

    // MARK: What is read, and what is not

    /// A committed generated project is judged by the Xcode or Gradle reader: the platform is not
    /// judged twice, and that is said; the copies of config.xml under `platforms/` are no app.
    @Test(.bug(id: "57", "Cordova platforms")) func committedPlatformIsNotJudgedTwice() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch, config: Self.config(ios: #"<resource-file src="res/ios/alert.caf" />"#),
            files: [
                "res/ios/alert.caf": AndroidTests.caf,
                "platforms/ios/App.xcodeproj/project.pbxproj": Array(
                    BundleExample.pbxproj(copying: ["App/Resources/alert.caf"]).utf8),
                "platforms/ios/App/Resources/alert.caf": AndroidTests.caf,
                "platforms/ios/App/config.xml": Array(Self.config().utf8),
                "plugins/some-plugin/www/plugin.js": Array(
                    "FirebasePlugin.createChannel({id: 'alerts', sound: 'other'});".utf8)
            ])
        let run = try BundleValidator().prepare(paths: [root])
        let ios = run.scans.filter { $0.kind.platform == .ios }
        #expect(ios.count == 1 && ios.first?.kind == .xcodeProject, "\(run.scans.map(\.root))")
        #expect(
            run.notes.contains { $0.contains("is judged by the generated project committed at") }, "\(run.notes)")
        // The installed plugins' code is not the app's: its channel is not read.
        let android = run.scans.first { $0.kind == .androidProject }
        #expect(android?.channels.map(\.id) == ["fcm_default_channel"], "\(android?.channels ?? [])")
    }

    /// A Capacitor app keeps a config.xml for its Cordova plugins' preferences: it is no Cordova
    /// app, and its native projects alone are judged.
    @Test(.bug(id: "57", "Capacitor config.xml")) func capacitorsConfigIsNoCordovaApp() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch, config: Self.config(ios: #"<resource-file src="res/ios/gone.caf" />"#),
            files: ["capacitor.config.json": Array(#"{"appId":"com.example","webDir":"www"}"#.utf8)])
        let run = try BundleValidator().prepare(paths: [root])
        #expect(run.scans.isEmpty || !run.scans.contains { $0.root.contains("(Cordova") }, "\(run.scans.map(\.root))")
        #expect(run.notes.contains { $0.contains("a Capacitor app's config.xml") }, "\(run.notes)")
    }

    /// Hostile or foreign config.xml: another tool's is no app; broken XML is refused with its
    /// offset; a long one is read in one pass.
    @Test(.bug(id: "57", "hostile config.xml")) func hostileConfigsAreReadOrRefused() throws {
        #expect(try CordovaConfig.parse(Array("<resources><string/></resources>".utf8), path: "c") == nil)
        let deep = "<widget>" + String(repeating: "<a>", count: CordovaConfig.maximumDepth + 1)
        #expect(throws: AlertSoundError.self) { try CordovaConfig.parse(Array(deep.utf8), path: "deep") }
        #expect(throws: AlertSoundError.self) { try CordovaConfig.parse(Array("<widget><!-- open".utf8), path: "c") }
        #expect(throws: AlertSoundError.self) { try CordovaConfig.parse(Array("<widget a=\"x>".utf8), path: "q") }
        #expect(throws: AlertSoundError.self) { try CordovaConfig.parse(Array("<widget></platform>".utf8), path: "x") }
        var long = "<widget id=\"a\"><platform name=\"ios\">\n"
        for i in 0..<5_000 { long += "<resource-file src=\"s\(i).caf\" target=\"a > b\" />\n" }
        long += "</platform></widget>"
        let config = try #require(try CordovaConfig.parse(Array(long.utf8), path: "long"))
        #expect(config.resourceFiles["ios"]?.count == 5_000)
        #expect(config.resourceFiles["ios"]?.last?.line == 5_001)
        #expect(config.resourceFiles["ios"]?.first?.target == "a > b")
        // An unreadable config is a note, and the rest of the tree is judged.
        let scratch = try Scratch()
        let root = scratch.path("r")
        try AppSearchTests.tree(
            root, ["bad/config.xml": Array("<widget><platform".utf8), "good/config.xml": Array(Self.config().utf8)])
        let run = try BundleValidator().prepare(paths: [root])
        #expect(run.notes.contains { $0.contains("bad/config.xml: not read as a Cordova config") }, "\(run.notes)")
        #expect(run.scans.map(\.kind) == [.resources, .androidProject])
    }
}
