import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Each library's rule for turning a name into a raw resource, read from its source (issue 45,
/// item 4: one rule for all gave false alarms in the apps whose library strips the extension).
@Suite struct AndroidLibraryTests {
    @Test(.bug(id: 45, "item 4")) func eachLibrarysLookups() {
        #expect(AndroidLibrary.fcm.lookups("notification.wav") == ["notification.wav"])
        #expect(AndroidLibrary.fcm.lookups("default").isEmpty)
        #expect(AndroidLibrary.expoNotifications.lookups("notification.wav") == ["notification"])
        #expect(AndroidLibrary.expoNotifications.lookups("a.b.wav") == ["a.b"])
        #expect(
            AndroidLibrary.reactNativeFirebaseV5.lookups("notification.wav") == ["notification.wav", "notification"])
        #expect(AndroidLibrary.notifee.lookups("Order-Ready.mp3") == ["order_ready.mp3", "order_ready"])
        #expect(AndroidLibrary.flutterLocalNotifications.lookups("Chime") == ["Chime"])
        #expect(AndroidLibrary.oneSignal.lookups("chime") == ["chime"])
    }

    @Test(.bug(id: 45, "item 4")) func dependenciesAreRead() {
        var libraries = AndroidLibraries()
        libraries.read(
            packageJSON: Array(
                #"{"dependencies": {"expo-notifications": "~0.28", "@notifee/react-native": "9"}}"#.utf8),
            file: "package.json")
        #expect(libraries.declared == [.expoNotifications, .notifee] && libraries.pushHandler == .expoNotifications)
        var flutter = AndroidLibraries()
        flutter.read(
            pubspec:
                "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n  firebase_messaging: ^15.0.0\n  flutter_local_notifications: ^17.0.0\n# onesignal_flutter: 5\ndev_dependencies:\n  test: any\n",
            file: "pubspec.yaml")
        #expect(flutter.declared == [.fcm, .flutterLocalNotifications] && flutter.pushHandler == .fcm)
        var native = AndroidLibraries()
        native.read(gradle: "implementation 'com.onesignal:OneSignal:[5.0.0, 5.99.99]'", file: "app/build.gradle")
        #expect(native.declared == [.oneSignal] && native.pushHandler == .fcm)
    }

    /// The name with an extension, in four apps: FCM's SDK and flutter_local_notifications find
    /// nothing; expo-notifications and react-native-firebase v5 find the resource.
    @Test(
        .bug(id: 45, "item 4"),
        arguments: [
            ("{\"dependencies\": {\"expo-notifications\": \"1\"}}", "expo-notifications", true),
            ("{\"dependencies\": {\"react-native-firebase\": \"5\"}}", "react-native-firebase", true),
            ("{\"dependencies\": {\"@react-native-firebase/messaging\": \"20\"}}", "firebase-messaging", false),
            ("{}", "firebase-messaging", false)
        ])
    func aNameWithAnExtensionByTheAppsLibrary(packageJSON: String, library: String, plays: Bool) throws {
        let scratch = try Scratch()
        let root = scratch.path("app")
        var files = AppSearchTests.app("", iosSound: nil, raw: ["notification.wav": AndroidTests.pcm16])
        files["package.json"] = Array(packageJSON.utf8)
        try AppSearchTests.tree(root, files)
        let report = try BundleValidator().validate(paths: [root], references: [.named("android:notification.wav")])
        let reference = try #require(report.bundles.first?.references.first)
        #expect(reference.library?.rawValue == library)
        #expect(reference.valid == plays, "\(reference.diagnostics)")
        if !plays {
            #expect(reference.diagnostics.first?.message.contains("FCM's SDK looks the name up exactly") == true)
        }
    }

    /// The code's own names go to the library they are given to: flutter_local_notifications'
    /// resource must be named exactly; notifee's is lowercased and cut.
    @Test(.bug(id: 45, "item 4")) func aNameInTheCodeByItsLibrary() throws {
        let scratch = try Scratch()
        let root = scratch.path("app")
        var files = AppSearchTests.app("", iosSound: nil, raw: ["order_ready.wav": AndroidTests.pcm16])
        files["pubspec.yaml"] = Array("name: app\ndependencies:\n  flutter_local_notifications: ^17.0.0\n".utf8)
        files["lib/notify.dart"] = Array(
            """
            final a = RawResourceAndroidNotificationSound('order_ready');
            final b = RawResourceAndroidNotificationSound('order_ready.wav');
            """.utf8)
        files["lib/other.js"] = Array(
            "notifee.displayNotification({ android: { channelId: 'x', sound: 'Order-Ready.wav' } });".utf8)
        try AppSearchTests.tree(root, files)
        let report = try BundleValidator().validate(paths: [root])
        let android = try #require(report.bundles.first { $0.platform == .android })
        let byName = Dictionary(uniqueKeysWithValues: android.references.map { ($0.name ?? "", $0) })
        #expect(byName["order_ready"]?.valid == true && byName["order_ready"]?.position?.line == 1)
        #expect(byName["order_ready.wav"]?.diagnostics.map(\.code) == [.noSuchSound])
        #expect(byName["Order-Ready.wav"]?.resolvedPath?.hasSuffix("res/raw/order_ready.wav") == true)
        #expect(byName["Order-Ready.wav"]?.library == .notifee)
    }

    /// OneSignal plays its fallback resource for a name it does not find: said, not "the default sound".
    @Test(.bug(id: 45, "item 4")) func oneSignalsFallback() throws {
        let scratch = try Scratch()
        let root = scratch.path("app")
        try AppSearchTests.tree(
            root, AppSearchTests.app("", iosSound: nil, raw: ["onesignal_default_sound.wav": AndroidTests.pcm16]))
        let payload = SoundReference.payload(
            Data(#"{"app_id": "x", "android_sound": "bell", "ios_sound": "bell.caf"}"#.utf8), source: "os.json")
        #expect(payload.map(\.platform) == [.ios, .android] && payload[1].library == .oneSignal)
        let report = try BundleValidator().validate(paths: [root], references: payload)
        let reference = try #require(report.bundles.first?.references.first)
        #expect(reference.diagnostics.first?.message.contains("OneSignal plays its fallback") == true)
    }

    /// A notifee channel created with `order_ready.wav`: notifee asks for `order_ready.wav`, finds
    /// nothing (no resource has a `.`), then `order_ready`, which plays. The channel's resource was
    /// taken as its first lookup, so a message on it naming `order_ready` was said to play another
    /// sound, by validate-bundle and by explain (issue 56: one normalisation, `SoundName.resource`).
    @Test(.bug(id: "56")) func aNotifeeChannelsSoundWithAnExtensionIsItsResource() throws {
        let scratch = try Scratch()
        let root = scratch.path("app")
        var files = AppSearchTests.app("", iosSound: nil, raw: ["order_ready.wav": AndroidTests.pcm16])
        files["package.json"] = Array(#"{"dependencies": {"@notifee/react-native": "9"}}"#.utf8)
        files["src/channels.js"] = Array(
            """
            await notifee.createChannel({ id: 'orders', name: 'Orders', sound: 'order_ready.wav' });
            await notifee.displayNotification({ android: { channelId: 'orders', sound: 'order_ready' } });
            """.utf8)
        try AppSearchTests.tree(root, files)
        let report = try BundleValidator().validate(paths: [root])
        let android = try #require(report.bundles.first { $0.platform == .android })
        let message = try #require(android.references.first { $0.name == "order_ready" })
        #expect(message.diagnostics.isEmpty, "\(message.diagnostics.map(\.message))")
        let explained = try Explainer().explain(paths: [root], push: .named(sound: "order_ready", channel: "orders"))
        let push = try #require(explained.pushes.first { $0.platform == .android })
        #expect(push.fresh.plays == .namedSound, "\(push.steps.map(\.text))")
    }

    /// Every library's examples are what its rule asks for, and every id is its own.
    @Test(.bug(id: "56")) func everyLibrarysExamples() throws {
        for library in AndroidLibrary.allCases {
            #expect(!library.examples.isEmpty, "\(library.id) has no example")
            for example in library.examples {
                #expect(library.lookups(example.name) == example.lookups, "\(library.id): \(example.name)")
            }
        }
        #expect(Set(AndroidLibrary.allCases.map(\.id)).count == AndroidLibrary.allCases.count)
        #expect(AndroidLibrary(rawValue: "notifee") == .notifee && AndroidLibrary(rawValue: "nope") == nil)
        let json = try JSONEncoder().encode([AndroidLibrary.capacitorLocalNotifications])
        #expect(String(decoding: json, as: UTF8.self).contains("local-notifications"), "encoded as its id")
        #expect(try JSONDecoder().decode([AndroidLibrary].self, from: json) == [.capacitorLocalNotifications])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([AndroidLibrary].self, from: Data(#"["x"]"#.utf8))
        }
    }

    /// A Capacitor app's channel is Capacitor's, by the app's own package.json (issue 57: it was
    /// notifee's, whose rule rewrites `Beep-Sound.wav` to the resource `beep_sound`; Capacitor cuts
    /// it to `Beep-Sound`, which no resource can be, so the channel plays no sound of the app's).
    @Test(.bug(id: "57"), arguments: ["@capacitor/local-notifications", "@capacitor/push-notifications"])
    func aCapacitorAppsChannelIsCapacitors(package: String) throws {
        let scratch = try Scratch()
        let root = scratch.path("app")
        var files = AppSearchTests.app(
            "", iosSound: nil, raw: ["beep.wav": AndroidTests.pcm16, "beep_sound.wav": AndroidTests.pcm16])
        files["package.json"] = Array(#"{"dependencies": {"@capacitor/android": "7", "\#(package)": "7"}}"#.utf8)
        let plugin = package.hasSuffix("local-notifications") ? "LocalNotifications" : "PushNotifications"
        files["src/app.ts"] = Array(
            """
            await \(plugin).createChannel({ id: 'alerts', name: 'Alerts', sound: 'beep.wav' });
            await \(plugin).createChannel({ id: 'orders', name: 'Orders', sound: 'Beep-Sound.wav' });
            """.utf8)
        try AppSearchTests.tree(root, files)
        let report = try BundleValidator().validate(paths: [root])
        let android = try #require(report.bundles.first { $0.platform == .android })
        let byName = Dictionary(uniqueKeysWithValues: android.references.map { ($0.name ?? "", $0) })
        #expect(byName["beep.wav"]?.library?.id == package)
        #expect(byName["beep.wav"]?.resolvedPath?.hasSuffix("res/raw/beep.wav") == true)
        #expect(byName["Beep-Sound.wav"]?.library?.id == package)
        #expect(byName["Beep-Sound.wav"]?.valid == false, "\(byName["Beep-Sound.wav"]?.diagnostics ?? [])")
        // The same code in an app that declares notifee is notifee's.
        files["package.json"] = Array(#"{"dependencies": {"@notifee/react-native": "9"}}"#.utf8)
        let other = scratch.path("notifee")
        try AppSearchTests.tree(other, files)
        let notifee = try #require(
            try BundleValidator().validate(paths: [other]).bundles.first { $0.platform == .android })
        #expect(notifee.references.allSatisfy { $0.library == .notifee && $0.valid }, "\(notifee.references)")
    }

    /// Capacitor's `LocalNotifications.schedule` names a sound for both platforms: the iOS file,
    /// and on Android the resource by the plugin's rule, on the notification's channel (issue 57).
    @Test(.bug(id: "57")) func aCapacitorScheduledNotificationsSound() throws {
        let scratch = try Scratch()
        let root = scratch.path("app")
        var files = AppSearchTests.app("", iosSound: "beep.wav", raw: ["beep.wav": AndroidTests.pcm16])
        files["package.json"] = Array(#"{"dependencies": {"@capacitor/local-notifications": "7"}}"#.utf8)
        files["src/notify.ts"] = Array(
            """
            import { LocalNotifications } from '@capacitor/local-notifications';
            await LocalNotifications.createChannel({ id: 'alerts', name: 'Alerts', sound: 'beep.wav' });
            await LocalNotifications.schedule({
              notifications: [{ id: 1, title: 'Ready', body: 'x', sound: 'beep.wav', channelId: 'alerts' }]
            });
            """.utf8)
        try AppSearchTests.tree(root, files)
        let report = try BundleValidator().validate(paths: [root])
        let android = try #require(report.bundles.first { $0.platform == .android })
        let scheduled = try #require(android.references.first { $0.field == "schedule(notifications[].sound)" })
        #expect(scheduled.library == .capacitorLocalNotifications && scheduled.position?.line == 3)
        #expect(scheduled.valid && scheduled.resolvedPath?.hasSuffix("res/raw/beep.wav") == true)
        let ios = try #require(report.bundles.first { $0.platform == .ios })
        #expect(ios.references.contains { $0.name == "beep.wav" && $0.field == "schedule(notifications[].sound)" })
        #expect(
            CodeSounds.read("schedule({ notifications: items })", file: "a.ts", fileExtension: "ts").references.isEmpty)
    }

    /// Plugin.LocalNotification is declared by a .NET project's package reference.
    @Test(.bug(id: "57")) func aNuGetPackageReferenceDeclaresPluginLocalNotification() {
        var libraries = AndroidLibraries()
        libraries.read(
            csproj: """
                <Project Sdk="Microsoft.NET.Sdk">
                  <ItemGroup>
                    <PackageReference Include="CommunityToolkit.Maui" Version="9.0.0" />
                    <PackageReference Include="plugin.localnotification" Version="12.0.0" />
                  </ItemGroup>
                </Project>
                """, file: "App.csproj")
        #expect(libraries.declared == [.pluginLocalNotification] && libraries.pushHandler == .fcm)
        #expect(
            AndroidLibrary.pluginLocalNotification.lookups("Platforms/Android/Resources/raw/chime.mp3") == ["chime"])
    }

    /// react-native-push-notification from 6.0.0 creates no channel itself: a notification on a
    /// channel the app never created is dropped (no sound at all), by the version its lock (else
    /// its package.json) installs; its `createChannel({channelId, soundName, playSound})` makes
    /// the app's channels, `default` and no `soundName` the default sound (issue 57, rn-medrem-1).
    @Test(.bug(id: "57", "react-native-push-notification")) func reactNativePushNotificationsChannels() throws {
        let scratch = try Scratch()
        func app(_ version: String, lock: String? = nil) throws -> String {
            let root = scratch.path(UUID().uuidString)
            var files = AppSearchTests.app("", iosSound: nil, raw: ["noti.wav": AndroidTests.pcm16])
            files["package.json"] = Array(
                #"{"dependencies": {"react-native": "0.70", "react-native-push-notification": "\#(version)"}}"#.utf8)
            if let lock {
                files["package-lock.json"] = Array(
                    #"{"lockfileVersion": 2, "packages": {"node_modules/react-native-push-notification": {"version": "\#(lock)"}}}"#
                        .utf8)
            }
            files["src/notify.js"] = Array(
                """
                PushNotification.createChannel({ channelId: 'reminders', channelName: 'R', soundName: 'noti.wav' }, (created) => {});
                PushNotification.createChannel({ channelId: 'plain', channelName: 'P', soundName: 'Default' });
                PushNotification.createChannel({ channelId: 'quiet', channelName: 'Q', soundName: 'noti.wav', playSound: false });
                """.utf8)
            try AppSearchTests.tree(root, files)
            return root
        }
        func plays(_ root: String, _ sound: String, on channel: String) throws -> PlayOutcome.Plays {
            let pushes = try Explainer().explain(paths: [root], push: .named(sound: sound, channel: channel)).pushes
                .filter { $0.platform == .android }
            try #require(pushes.count == 1, "\(pushes.map(\.summary))")
            return pushes[0].fresh.plays
        }
        let current = try app("^8.1.1")
        #expect(try plays(current, "noti.wav", on: "DemoAppID") == .noSound)
        #expect(try plays(current, "noti.wav", on: "reminders") == .namedSound)
        #expect(try plays(current, "noti.wav", on: "plain") == .defaultSound)
        #expect(try plays(current, "noti.wav", on: "quiet") == .noSound)
        let report = try BundleValidator().validate(
            paths: [current], references: Push.named(sound: "noti.wav", channel: "DemoAppID").references)
        let finding = report.bundles.first?.references.first?.diagnostics.first { $0.code == .channelNotCreated }
        #expect(finding?.message.contains("drop") == true, "\(report.bundles.map(\.references))")
        // Before 6.0.0 it made a missing channel itself: not dropped. The lock decides over the range.
        #expect(try plays(try app("^5.1.1"), "noti.wav", on: "DemoAppID") != .noSound)
        #expect(try plays(try app("^5.1.1", lock: "8.1.1"), "noti.wav", on: "DemoAppID") == .noSound)
        #expect(AndroidLibrary.version("~6.0", isAtLeast: "6.0.0") == true)
        #expect(AndroidLibrary.version("5.9.9", isAtLeast: "6.0.0") == false)
        #expect(AndroidLibrary.version("file:../src", isAtLeast: "6.0.0") == nil)
    }
}
