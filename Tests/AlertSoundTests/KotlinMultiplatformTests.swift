import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Kotlin and Compose Multiplatform apps (issue 57): the iOS app (`iosApp/iosApp.xcodeproj`) is
/// built from the Kotlin of a module beside it, whose `iosMain` names the sound; the Android app's
/// raw resources are in the modules' `androidMain` source sets; KMPNotifier and Alarmee create
/// the channel the app describes to them.
@Suite struct KotlinMultiplatformTests {
    /// A KMP project: `shared` applies `kotlin("multiplatform")`, `androidApp` is the Android app,
    /// `iosApp` copies `ios` (files in `iosApp/iosApp/`), `kotlin` is the shared module's code by
    /// path below `shared/src/`, `raw` are `shared/src/androidMain/res/raw/` files, `other` more files.
    static func project(
        _ scratch: Scratch, ios: [String] = ["alert.caf"], kotlin: [String: String] = [:],
        raw: [String: [UInt8]] = [:], other: [String: [UInt8]] = [:]
    ) throws -> String {
        let root = scratch.path("kmp")
        var files: [String: [UInt8]] = [
            "settings.gradle.kts": Array(#"include(":shared", ":androidApp")"#.utf8),
            "shared/build.gradle.kts": Array(
                "plugins {\n    kotlin(\"multiplatform\")\n    id(\"com.android.library\")\n}\nkotlin { iosArm64() }"
                    .utf8),
            "androidApp/build.gradle.kts": Array(
                "plugins { id(\"com.android.application\") }\nandroid { defaultConfig { minSdk = 26 } }".utf8),
            "iosApp/iosApp.xcodeproj/project.pbxproj": Array(
                BundleExample.pbxproj(copying: ios.map { "iosApp/" + $0 }, target: "iosApp").utf8)
        ]
        for name in ios { files["iosApp/iosApp/" + name] = AndroidTests.caf }
        for (path, code) in kotlin { files["shared/src/" + path] = Array(code.utf8) }
        for (name, bytes) in raw { files["shared/src/androidMain/res/raw/" + name] = bytes }
        files.merge(other) { $1 }
        try AppSearchTests.tree(root, files)
        return root
    }

    static let iosCode = """
        import platform.UserNotifications.UNNotificationSound
        fun content() = UNMutableNotificationContent().apply {
            setSound(UNNotificationSound.soundNamed("alert.caf"))
        }
        """

    /// The iOS references the app's code gives, with their verdicts.
    static func iosNames(_ root: String) throws -> [String: Bool] {
        let report = try BundleValidator().validate(paths: [root])
        let ios = try #require(report.bundles.first { $0.kind == .xcodeProject })
        return Dictionary(ios.references.map { ($0.name ?? "", $0.valid) }) { a, _ in a }
    }

    @Test(.bug(id: "57", "KMP iosMain")) func iosMainKotlinNamesTheIOSSound() throws {
        let scratch = try Scratch()
        // M1: the name is read from iosMain, and the iosApp target copies the file: it plays.
        let root = try Self.project(scratch, kotlin: ["iosMain/kotlin/Notify.kt": Self.iosCode])
        #expect(try Self.iosNames(root) == ["alert.caf": true])
        let ios = try #require(
            try Explainer().explain(paths: [root], push: .named(sound: "alert.caf", channel: nil)).pushes.first {
                $0.platform == .ios
            })
        #expect(ios.fresh.plays == .namedSound, "\(ios.fresh)")
    }

    @Test(.bug(id: "57", "KMP compose resources")) func composeResourcesAreNotWhereIOSLooks() throws {
        let scratch = try Scratch()
        // M2: the sound is only a Compose resource (the app's compose-resources/ folder): the
        // name iosMain gives finds no file at the bundle's top, so the default plays.
        let root = try Self.project(
            scratch, ios: [], kotlin: ["iosMain/kotlin/Notify.kt": Self.iosCode],
            other: ["shared/src/commonMain/composeResources/files/alert.caf": AndroidTests.caf])
        #expect(try Self.iosNames(root) == ["alert.caf": false])
        let ios = try #require(
            try Explainer().explain(paths: [root], push: .named(sound: "alert.caf", channel: nil)).pushes.first {
                $0.platform == .ios
            })
        #expect(ios.fresh.plays == .defaultSound, "\(ios.fresh)")
    }

    @Test(.bug(id: "57", "KMPNotifier iOS")) func kmpNotifierNamesTheIOSSound() throws {
        let scratch = try Scratch()
        // M3: KMPNotifier's notificationSoundName goes to soundNamed as given.
        let named = try Self.project(
            scratch,
            kotlin: [
                "commonMain/kotlin/App.kt":
                    #"KMPNotifier.initialize(NotificationPlatformConfiguration.Ios(showPushNotification = true, notificationSoundName = "alert.caf"))"#
            ])
        #expect(try Self.iosNames(named) == ["alert.caf": true])
        // M4: null is the default sound: nothing is named.
        let scratch2 = try Scratch()
        let none = try Self.project(
            scratch2,
            kotlin: [
                "commonMain/kotlin/App.kt":
                    #"KMPNotifier.initialize(NotificationPlatformConfiguration.Ios(notificationSoundName = null))"#
            ])
        #expect(try Self.iosNames(none) == [:])
    }

    /// Explains `sound` on `channel` on Android.
    static func android(_ root: String, sound: String, channel: String) throws -> PlayOutcome {
        let push = try #require(
            try Explainer().explain(paths: [root], push: .named(sound: sound, channel: channel)).pushes.first {
                $0.platform == .android
            })
        return push.fresh
    }

    @Test(.bug(id: "57", "KMPNotifier channel")) func kmpNotifierCreatesItsChannelWithTheAppsURI() throws {
        // M5: a URI to raw/alert on KMPNotifier's channel (its ID left out: the library's default).
        let scratch = try Scratch()
        let literal = try Self.project(
            scratch,
            kotlin: [
                "androidMain/kotlin/Platform.android.kt":
                    #"val data = NotificationPlatformConfiguration.Android.NotificationChannelData(soundUri = "android.resource://com.example.kmp/raw/alert")"#
            ], raw: ["alert.ogg": AndroidTests.pcm16, "ping.wav": AndroidTests.pcm16])
        #expect(
            try Self.android(literal, sound: "alert", channel: "DEFAULT_NOTIFICATION_CHANNEL_ID").plays == .namedSound)
        // The channel decides: another name plays the channel's sound.
        #expect(
            try Self.android(literal, sound: "ping", channel: "DEFAULT_NOTIFICATION_CHANNEL_ID").plays == .otherSound)
        // M6: the URI built from R.raw's ID in a variable, passed through toString().
        let scratch2 = try Scratch()
        let built = try Self.project(
            scratch2,
            kotlin: [
                "androidMain/kotlin/Platform.android.kt": """
                val sound = Uri.parse(ContentResolver.SCHEME_ANDROID_RESOURCE + "://" + "com.example.kmp" + "/" + R.raw.alert)
                val data = NotificationChannelData(id = "alerts", soundUri = sound.toString())
                """
            ], raw: ["alert.ogg": AndroidTests.pcm16])
        #expect(try Self.android(built, sound: "alert", channel: "alerts").plays == .namedSound)
        // M8: no URI: the library sets no sound, so the channel plays the default.
        let scratch3 = try Scratch()
        let none = try Self.project(
            scratch3,
            kotlin: ["androidMain/kotlin/Platform.android.kt": "val data = NotificationChannelData(soundUri = null)"],
            raw: ["alert.ogg": AndroidTests.pcm16])
        let outcome = try Self.android(none, sound: "alert", channel: "DEFAULT_NOTIFICATION_CHANNEL_ID")
        #expect(outcome.plays == .defaultSound, "\(outcome)")
    }

    @Test(.bug(id: "57", "Alarmee channel")) func alarmeeChannelsPlayTheirSoundFilename() throws {
        let scratch = try Scratch()
        let root = try Self.project(
            scratch,
            kotlin: [
                "androidMain/kotlin/Platform.android.kt": """
                val channels = listOf(
                    AlarmeeNotificationChannel(id = "plain", name = "Plain"),
                    AlarmeeNotificationChannel(id = "sound", name = "Sound", importance = 4, soundFilename = "hello"),
                )
                """,
                "commonMain/kotlin/App.kt": #"val c = IosNotificationConfiguration(soundFilename = "alert.caf")"#
            ], raw: ["hello.ogg": AndroidTests.pcm16])
        #expect(try Self.android(root, sound: "hello", channel: "sound").plays == .namedSound)
        // A channel without soundFilename is created without a sound: the default plays.
        let plain = try Self.android(root, sound: "hello", channel: "plain")
        #expect(plain.plays == .defaultSound, "\(plain)")
        // Its iOS configuration names the iOS sound.
        #expect(try Self.iosNames(root) == ["alert.caf": true])
    }

    /// A module's test source sets (`src/commonTest`, `src/androidHostTest`) are tests: a channel a
    /// test creates is not the app's (KMPNotifier's own test made its channel "default").
    @Test(.bug(id: "57", "KMP test source sets")) func testSourceSetsAreNotTheAppsCode() throws {
        let scratch = try Scratch()
        let root = try Self.project(
            scratch,
            kotlin: [
                "androidHostTest/kotlin/FactoryTest.kt": #"val c = NotificationChannel("alerts", "n", 4)"#,
                "commonTest/kotlin/T.kt": #"val s = UNNotificationSound.soundNamed("test.caf")"#,
                "androidMain/kotlin/Channels.kt":
                    #"val c = NotificationChannel("alerts", "n", 4).apply { setSound(Uri.parse("android.resource://p/raw/alert"), null) }"#
            ])
        let code = SourceWalk.read(root: root, within: Confinement(door: try #require(Door(given: root)))).sounds
        #expect(code.channels.map(\.sound) == [.resource("alert")], "\(code.channels)")
        #expect(code.references.isEmpty, "\(code.references)")
    }

    /// A library's own sources in the repository (KMPNotifier's sample lives beside it) declare
    /// the class: the declaration is no channel.
    @Test(.bug(id: "57", "KMP declarations")) func aDeclarationIsNoChannel() {
        let code = """
            public class NotificationChannelData(
                public val id: String = "DEFAULT_NOTIFICATION_CHANNEL_ID",
                public val soundUri: String? = null,
            )
            data class AlarmeeNotificationChannel(val id: String, val soundFilename: String? = null)
            """
        #expect(CodeSounds.read(code, file: "Lib.kt", fileExtension: "kt").channels.isEmpty)
    }
}
