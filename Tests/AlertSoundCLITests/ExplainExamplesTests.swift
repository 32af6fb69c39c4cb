import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// The three `explain` examples in docs/ci-and-xcode.md are this suite's apps' output, made here
/// and compared with the guide's blocks (each after its `<!-- explain example: NAME -->` marker), so
/// the guide cannot drift from what the command prints. On a mismatch the test prints the output.
@Suite struct ExplainExamplesTests {
    let cli = CommandLineTests()

    static func write(_ root: URL, _ files: [String: [UInt8]]) throws {
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
    }

    /// A 440 Hz tone of `seconds` at 8 kHz, as a 16-bit WAV.
    static func tone(_ seconds: Double) throws -> [UInt8] {
        let count = Int(seconds * 8000)
        return try SoundFileBuilder.make(
            .wave, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian)),
            samples: (0..<count).map { Int16(3000 * sin(2 * Double.pi * 440 * Double($0) / 8000)) })
    }

    /// `in.wav` converted to CAF IMA4 at `path`, as a project's sound would be.
    func caf(_ seconds: Double, at url: URL) throws {
        let wav = url.deletingPathExtension().appendingPathExtension("wav")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try Self.tone(seconds)).write(to: wav)
        #expect(try cli.run(["convert", wav.path, url.path]).status == 0)
        try FileManager.default.removeItem(at: wav)
    }

    /// An Xcode project whose app target `target` copies `files`, for iOS 15 and `settings`.
    static func pbxproj(target: String, _ files: [String], settings: String = "") -> String {
        BundleExample.pbxproj(
            copying: files, target: target, settings: "IPHONEOS_DEPLOYMENT_TARGET = 15.0; \(settings)")
    }

    /// A Flutter app whose server sends a channel the app never creates.
    func flutter(_ root: URL) throws {
        try Self.write(
            root,
            [
                "pubspec.yaml": Array(
                    "name: shop\ndependencies:\n  firebase_messaging: ^15.0.0\n  flutter_local_notifications: ^17.0.0\n"
                        .utf8),
                "ios/Runner.xcodeproj/project.pbxproj": Array(
                    Self.pbxproj(target: "Runner", ["Runner/order_ready.caf"]).utf8),
                "android/settings.gradle": Array("include ':app'\n".utf8),
                "android/app/build.gradle": Array(
                    "plugins {\n id 'com.android.application'\n id 'dev.flutter.flutter-gradle-plugin'\n}\nandroid { defaultConfig { minSdk 21 } }\n"
                        .utf8),
                "android/app/src/main/res/raw/order_ready.wav": try Self.tone(1.2),
                "android/app/src/main/res/raw/keep.xml": Array(
                    #"<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/order_ready"/>"#.utf8),
                "lib/notifications.dart": Array(
                    """
                    import 'package:flutter_local_notifications/flutter_local_notifications.dart';

                    const orders = AndroidNotificationChannel(
                      'orders',
                      'Orders',
                      importance: Importance.high,
                      sound: RawResourceAndroidNotificationSound('order_ready'),
                    );

                    """.utf8),
                "push.json": Array(
                    """
                    {
                      "message": {
                        "token": "…",
                        "notification": {"title": "Order ready", "body": "Table 4"},
                        "apns": {"payload": {"aps": {"sound": "order_ready.caf"}}},
                        "android": {"notification": {"sound": "order_ready", "channel_id": "order_updates"}}
                      }
                    }

                    """.utf8)
            ])
        try caf(1.2, at: root.appendingPathComponent("ios/Runner/order_ready.caf"))
    }

    /// An Expo app whose sound is 31 seconds long.
    func expo(_ root: URL) throws {
        try Self.write(
            root,
            [
                "package.json": Array(#"{"dependencies": {"expo": "~51.0.0", "expo-notifications": "~0.28.0"}}"#.utf8),
                "app.json": Array(
                    #"{"expo": {"name": "Ding", "plugins": [["expo-notifications", {"sounds": ["./assets/sounds/ding.wav"]}]]}}"#
                        .utf8),
                "assets/sounds/ding.wav": try Self.tone(31),
                "src/notifications.ts": Array(
                    """
                    import * as Notifications from 'expo-notifications';

                    export async function setUp() {
                      await Notifications.setNotificationChannelAsync('alerts', {
                        name: 'Alerts',
                        importance: Notifications.AndroidImportance.HIGH,
                        sound: 'ding.wav',
                      });
                    }

                    """.utf8),
                "push.json": Array(
                    """
                    {
                      "to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]",
                      "title": "Ding",
                      "sound": "ding.wav",
                      "channelId": "alerts"
                    }

                    """.utf8)
            ])
    }

    /// A native iOS app that sends a critical alert without the entitlement.
    func alarm(_ root: URL) throws {
        try Self.write(
            root,
            [
                "Alarm.xcodeproj/project.pbxproj": Array(
                    Self.pbxproj(
                        target: "App", ["Alarm/siren.caf"],
                        settings: "CODE_SIGN_ENTITLEMENTS = Alarm/Alarm.entitlements; "
                    ).utf8),
                "Alarm/Alarm.entitlements": Array(
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                    \t<key>aps-environment</key>
                    \t<string>production</string>
                    </dict>
                    </plist>

                    """.utf8),
                "push.apns": Array(
                    """
                    {
                      "aps": {
                        "alert": {"title": "Smoke detected", "body": "Kitchen"},
                        "sound": {"critical": 1, "name": "siren.caf", "volume": 1.0}
                      }
                    }

                    """.utf8)
            ])
        try caf(2.5, at: root.appendingPathComponent("Alarm/siren.caf"))
    }

    /// The guide's block after `<!-- explain example: name -->`.
    static func documented(_ name: String) throws -> String {
        let guide = try String(
            contentsOf: GeneratedReferenceTests.root.appendingPathComponent("docs/ci-and-xcode.md"), encoding: .utf8)
        let marker = "<!-- explain example: \(name) -->\n\n```text\n"
        guard let start = guide.range(of: marker), let end = guide[start.upperBound...].range(of: "\n```") else {
            return ""
        }
        return String(guide[start.upperBound..<end.lowerBound])
    }

    /// `explain` run in `root` on `payload`, the scratch folder's path shown as `./`; `platform`:
    /// only that platform's block.
    func explained(_ root: URL, _ payload: String, platform: String? = nil) throws -> String {
        let r = try cli.run(["explain", ".", "--payload", payload], in: root)
        // On a Mac the scratch folder is reached through /var, a link to /private/var.
        let text = r.stdout.replacingOccurrences(of: root.resolvingSymlinksInPath().path + "/", with: "./")
            .replacingOccurrences(of: root.path + "/", with: "./")
        let blocks = text.trimmingCharacters(in: .newlines).components(separatedBy: "\n\n")
        return (platform.map { p in blocks.filter { $0.hasPrefix(p) } } ?? blocks).joined(separator: "\n\n")
    }

    @Test func theGuidesExamplesAreWhatExplainPrints() throws {
        let scratch = try Scratch()
        let cases: [(String, (URL) throws -> Void, String, String?)] = [
            ("flutter", flutter, "push.json", "Android"), ("expo", expo, "push.json", "iOS"),
            ("critical", alarm, "push.apns", nil)
        ]
        for (name, make, payload, platform) in cases {
            let root = URL(fileURLWithPath: scratch.path(name))
            try make(root)
            let output = try explained(root, payload, platform: platform)
            #expect(!output.isEmpty)
            #expect(
                try Self.documented(name) == output, "docs/ci-and-xcode.md, example \(name), should read:\n\(output)")
        }
    }
}
