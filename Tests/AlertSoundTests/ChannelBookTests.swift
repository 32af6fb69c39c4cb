import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// On Android 8 and later a notification plays its channel's sound (issue 45, item 5: an app with
/// minSdk 26 whose channel was created without a sound was reported as playing the payload's).
@Suite struct ChannelBookTests {
    /// A Kotlin app (minSdk as given) with order_ready.wav and bell.wav, whose code is `kotlin`
    /// and whose manifest names `defaultChannel`.
    func app(_ scratch: Scratch, kotlin: String, minSdk: Int = 26, defaultChannel: String? = nil) throws -> String {
        let root = scratch.path("shop")
        var files = AppSearchTests.app(
            "", iosSound: nil, raw: ["order_ready.wav": AndroidTests.pcm16, "bell.wav": AndroidTests.pcm16])
        files["android/app/build.gradle"] = Array(
            "plugins { id 'com.android.application' }\nandroid { defaultConfig { minSdk \(minSdk) } }".utf8)
        files["android/app/src/main/java/com/shop/Channels.kt"] = Array(kotlin.utf8)
        if let defaultChannel {
            files["android/app/src/main/AndroidManifest.xml"] = Array(
                """
                <manifest><application>
                <meta-data android:name="com.google.firebase.messaging.default_notification_channel_id" android:value="@string/channel"/>
                </application></manifest>
                """.utf8)
            files["android/app/src/main/res/values/strings.xml"] = Array(
                "<resources><string name=\"channel\">\(defaultChannel)</string></resources>".utf8)
        }
        try AppSearchTests.tree(root, files)
        return root
    }

    func message(_ members: String) -> [SoundReference] {
        SoundReference.payload(
            Data(#"{"message": {"android": {"notification": {\#(members)}}}}"#.utf8), source: "push.json")
    }

    func codes(_ root: String, _ references: [SoundReference]) throws -> [[DiagnosticCode]] {
        // The messages' verdicts (the code's own names are references too, with their positions).
        try BundleValidator().validate(paths: [root], references: references).bundles.flatMap(\.references)
            .filter { $0.position == nil }.map { $0.diagnostics.map(\.code) }
    }

    @Test(.bug(id: 45, "item 5")) func aChannelMadeWithoutASoundPlaysTheDefault() throws {
        let scratch = try Scratch()
        let root = try app(scratch, kotlin: #"val c = NotificationChannel("default", "Default", IMPORTANCE_HIGH)"#)
        let report = try BundleValidator().validate(
            paths: [root], references: message(#""channel_id": "default", "sound": "order_ready""#))
        let reference = try #require(report.bundles.first?.references.first)
        #expect(reference.diagnostics.map(\.code) == [.channelSoundMismatch], "\(reference.diagnostics)")
        #expect(reference.diagnostics[0].message.contains("with the default sound"))
        #expect(reference.diagnostics[0].message.contains("minSdk 26"))
        #expect(!report.valid)
        // The same channel made with the sound: it plays.
        let other = try Scratch()
        let made = try app(
            other,
            kotlin:
                #"val c = NotificationChannel("default", "D", 4).apply { setSound(Uri.parse("android.resource://p/raw/order_ready"), a) }"#
        )
        #expect(try codes(made, message(#""channel_id": "default", "sound": "order_ready""#)) == [[]])
    }

    @Test(.bug(id: 45, "item 5")) func aMessageWithoutAChannelLandsOnTheDefaultOne() throws {
        let kotlin =
            #"val c = NotificationChannel("orders", "O", 4); c.setSound(Uri.parse("android.resource://p/raw/order_ready"), a)"#
        let scratch = try Scratch(), other = try Scratch()
        let withDefault = try app(scratch, kotlin: kotlin, defaultChannel: "orders")
        #expect(try codes(withDefault, message(#""sound": "order_ready""#)) == [[]])
        #expect(try codes(withDefault, message(#""sound": "bell""#)) == [[.noChannel]])
        let none = try app(other, kotlin: kotlin, minSdk: 21)
        let report = try BundleValidator().validate(paths: [none], references: message(#""sound": "order_ready""#))
        let finding = try #require(report.bundles.first?.references.first?.diagnostics.first)
        #expect(finding.code == .noChannel && finding.message.contains("FCM's fallback channel"))
        #expect(finding.message.contains("devices on Android 7 and older (minSdk 21) still play it"))
        // "default", or a plain --sound name (no message): nothing to say of channels.
        #expect(try codes(none, message(#""sound": "default""#) + [.named("android:bell")]) == [[], []])
    }

    /// An app that targets Android 7 or older uses no channels: every version plays a message's
    /// own sound (a 2014 Cordova app's `platforms/android`, `apply plugin: 'android'` and
    /// `<uses-sdk android:targetSdkVersion="19"/>` in its top-level manifest, was judged by FCM's
    /// fallback channel, and its Gradle project as building no app).
    @Test(.bug(id: "57")) func anAppTargetingAndroid7OrOlderPlaysTheMessagesSound() throws {
        let scratch = try Scratch()
        let root = scratch.path("old")
        try AppSearchTests.tree(
            root,
            [
                "settings.gradle": Array("include ':'\n".utf8),
                "build.gradle": Array("apply plugin: 'android'\nandroid { compileSdkVersion 19 }\n".utf8),
                "AndroidManifest.xml": Array(
                    #"<manifest><uses-sdk android:minSdkVersion="10" android:targetSdkVersion="19" /></manifest>"#.utf8),
                "res/raw/beep.wav": AndroidTests.pcm16,
                "src/com/old/Push.java": Array("class Push { int id = R.raw.beep; }\n".utf8)
            ])
        let report = try BundleValidator().validate(paths: [root], references: message(#""sound": "beep""#))
        try #require(report.bundles.count == 1)
        #expect(report.bundles[0].kind == .androidProject, "apply plugin: 'android' builds an app")
        #expect(report.bundles[0].references.filter { $0.position == nil }.map { $0.diagnostics.map(\.code) } == [[]])
        let explanation = try Explainer().explain(
            paths: [root],
            push: .payload(
                Data(#"{"message": {"android": {"notification": {"sound": "beep"}}}}"#.utf8), source: "push.json"))
        let android = try #require(explanation.pushes.first { $0.platform == .android })
        #expect(android.fresh.plays == .namedSound, "\(android.summary)")
        #expect(android.steps.contains { $0.step == .channel && $0.text.contains("targetSdk 19") })
        // Targeting Android 8 (a build file's setting, over the manifest's): FCM's fallback channel.
        try Data("apply plugin: 'android'\nandroid { defaultConfig { targetSdkVersion 26 } }\n".utf8).write(
            to: URL(fileURLWithPath: root + "/build.gradle"))
        #expect(try codes(root, message(#""sound": "beep""#)) == [[.noChannel]])
    }

    @Test(.bug(id: "57")) func theTargetVersionIsReadFromBuildFilesAndManifests() {
        #expect(AndroidAppFacts.sdk(["targetSdkVersion", "targetSdk"], in: "targetSdk = 34") == 34)
        #expect(AndroidAppFacts.sdk(["targetSdkVersion", "targetSdk"], in: "targetSdkVersion(23)") == 23)
        #expect(
            AndroidAppFacts.sdk(["targetSdkVersion", "targetSdk"], in: "targetSdk = flutter.targetSdkVersion") == nil)
        #expect(AndroidAppFacts.sdk(["targetSdkVersion", "targetSdk"], in: "// targetSdkVersion 19\n") == nil)
        let sdks = AndroidAppFacts.usesSdk(in: #"<manifest><uses-sdk android:targetSdkVersion="22"/></manifest>"#)
        #expect(sdks.min == nil && sdks.target == 22)
        #expect(AndroidAppFacts.appliesApplicationPlugin("apply plugin: \"android\""))
        #expect(!AndroidAppFacts.appliesApplicationPlugin("apply plugin: 'android-library'"))
    }

    @Test(.bug(id: 45, "item 5")) func aChannelNothingCreates() throws {
        let scratch = try Scratch(), other = try Scratch()
        let root = try app(scratch, kotlin: #"val c = NotificationChannel("orders", "O", 4)"#)
        #expect(try codes(root, message(#""channel_id": "news""#)) == [])
        #expect(try codes(root, message(#""channel_id": "news", "sound": "default""#)) == [[.channelNotCreated]])
        // A channel whose ID the code computes may be that one: not judged.
        let computed = try app(
            other, kotlin: #"val c = NotificationChannel(prefs.getString("id"), "O", 4)"#)
        #expect(try codes(computed, message(#""channel_id": "news", "sound": "default""#)) == [[]])
    }

    /// An Expo push message names only its channel on Android: the channel's sound is judged, by
    /// expo-notifications' rule.
    @Test(.bug(id: 45, "item 5")) func anExpoPushMessagePlaysItsChannel() throws {
        let scratch = try Scratch()
        let root = scratch.path("expo")
        var files = AppSearchTests.app("", iosSound: nil, raw: ["order_ready.wav": AndroidTests.pcm16])
        files["package.json"] = Array(#"{"dependencies": {"expo-notifications": "1"}}"#.utf8)
        files["App.tsx"] = Array(
            "Notifications.setNotificationChannelAsync('orders', { name: 'Orders', sound: 'order_ready.wav' });".utf8)
        try AppSearchTests.tree(root, files)
        let push = SoundReference.payload(
            Data(
                #"[{"to": "ExponentPushToken[x]", "sound": "order_ready.wav", "channelId": "orders"}, {"to": "ExponentPushToken[y]", "channelId": "nope"}]"#
                    .utf8),
            source: "expo.json")
        #expect(push.map(\.platform) == [.ios, .android, .android])
        let report = try BundleValidator().validate(paths: [root], references: push, platforms: [.android])
        let references = try #require(report.bundles.first?.references)
        #expect(references.map(\.field) == ["[0].channelId", "[1].channelId", "channel orders sound"])
        #expect(references[0].valid && references[0].resolvedPath?.hasSuffix("res/raw/order_ready.wav") == true)
        #expect(references[1].diagnostics.map(\.code) == [.channelNotCreated])
    }

    /// flutter_local_notifications makes a channel from a notification's details only when it is
    /// missing: an explicit channel of the same ID decides.
    @Test(.bug(id: 45, "item 5")) func anExplicitChannelBeatsDetails() throws {
        let scratch = try Scratch()
        let root = scratch.path("flutter")
        var files = AppSearchTests.app(
            "", iosSound: nil, raw: ["order_ready.wav": AndroidTests.pcm16, "bell.wav": AndroidTests.pcm16])
        files["pubspec.yaml"] = Array("name: f\ndependencies:\n  flutter_local_notifications: any\n".utf8)
        files["lib/main.dart"] = Array(
            """
            final d = AndroidNotificationDetails('orders', 'Orders', sound: RawResourceAndroidNotificationSound('bell'));
            final c = AndroidNotificationChannel('orders', 'Orders', sound: RawResourceAndroidNotificationSound('order_ready'));
            """.utf8)
        try AppSearchTests.tree(root, files)
        #expect(try codes(root, message(#""channel_id": "orders", "sound": "order_ready""#)).first == [])
        #expect(try codes(root, message(#""channel_id": "orders", "sound": "bell""#)).first == [.channelSoundMismatch])
    }
}

extension BundleValidator {
    /// Validates with only `platforms` judged.
    fileprivate func validate(
        paths: [String], references: [SoundReference], platforms: Set<Platform>
    ) throws
        -> ValidationReport
    {
        var validator = self
        validator.platforms = platforms
        return try validator.validate(paths: paths, references: references)
    }
}
