import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// NativeScript apps (issue 57): the CLI makes the native projects from `App_Resources` at
/// prepare; before, such an app was judged as a plain folder: its iOS sound "in a sub-folder", no
/// Android app at all.
@Suite struct NativeScriptReaderTests {
    /// A NativeScript app under `root/app` declaring `library`, with `files` and `src/app.ts`
    /// holding `code`; `config`: its `nativescript.config.ts` (nil: an older app, known by its
    /// package.json alone).
    static func app(
        _ scratch: Scratch, files: [String: [UInt8]], code: String = "",
        library: String = "@nativescript/local-notifications",
        config: String? = "export default { id: 'com.example.ns', appPath: 'src', appResourcesPath: 'App_Resources' }"
    ) throws -> String {
        let root = scratch.path("app")
        var tree = files
        tree["package.json"] = Array(
            #"{"dependencies":{"@nativescript/core":"~8.8.0","\#(library)":"^6.4.0"}}"#.utf8)
        if let config { tree["nativescript.config.ts"] = Array(config.utf8) }
        tree["src/app.ts"] = Array(code.utf8)
        try AppSearchTests.tree(root, tree)
        return root
    }

    func plays(
        _ root: String, sound: String?, channel: String? = nil, on platform: Platform
    ) throws
        -> PlayOutcome.Plays
    {
        let explanation = try Explainer().explain(paths: [root], push: .named(sound: sound, channel: channel))
        let pushes = explanation.pushes.filter { $0.platform == platform }
        try #require(pushes.count == 1, "\(explanation.pushes.map(\.summary))")
        return pushes[0].fresh.plays
    }

    /// N1: a top-level file of `App_Resources/iOS` is at the app's top level.
    @Test(.bug(id: "57", "NativeScript N1")) func iOSTopLevelResourcePlays() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, files: ["App_Resources/iOS/customsound.caf": AndroidTests.caf])
        #expect(try plays(root, sound: "customsound.caf", on: .ios) == .namedSound)
        let scans = try BundleValidator().prepare(paths: [root]).scans
        #expect(scans.map(\.kind) == [.resources, .androidProject], "\(scans.map(\.root))")
    }

    /// N2: a sub-folder of `App_Resources/iOS` is added as a folder: its sound keeps the sub-path,
    /// where iOS does not look for a bare name: the default sound. So does a name nothing ships.
    @Test(.bug(id: "57", "NativeScript N2")) func iOSSubfolderResourcePlaysTheDefault() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, files: ["App_Resources/iOS/sounds/customsound.caf": AndroidTests.caf])
        #expect(try plays(root, sound: "customsound.caf", on: .ios) == .defaultSound)
        #expect(try plays(root, sound: "gone.caf", on: .ios) == .defaultSound)
    }

    /// N4's files: `App_Resources/Android/src/main/res/raw/` is the app module's `res/raw/`, and in
    /// the older layout (no `src/main`) `App_Resources/Android/raw/` is; the app resources folder
    /// of an older app is `app/App_Resources`.
    @Test(.bug(id: "57", "NativeScript Android layouts")) func androidRawResourcesInBothLayouts() throws {
        let scratch = try Scratch()
        let modern = try Self.app(
            scratch, files: ["App_Resources/Android/src/main/res/raw/customsound.wav": AndroidTests.pcm16])
        let report = try BundleValidator().validate(paths: [modern], references: [.named("android:customsound")])
        let android = try #require(report.bundles.first { $0.kind == .androidProject })
        #expect(android.files.map(\.relativePath) == ["res/raw/customsound.wav"])
        #expect(android.files.first?.location == .rawResource)
        #expect(android.references.allSatisfy { $0.valid }, "\(android.references.map(\.diagnostics))")

        let older = scratch.path("old")
        try AppSearchTests.tree(
            older,
            [
                "package.json": Array(
                    #"{"nativescript":{"id":"org.example"},"dependencies":{"tns-core-modules":"^4.1.0"}}"#.utf8),
                "app/App_Resources/Android/raw/customsound.wav": AndroidTests.pcm16,
                "app/App_Resources/iOS/Info.plist": Array("<plist/>".utf8)
            ])
        let scans = try BundleValidator().prepare(paths: [older]).scans
        #expect(scans.map(\.kind) == [.resources, .androidProject], "\(scans.map(\.root))")
        #expect(scans.last?.sounds.map(\.relativePath) == ["res/raw/customsound.wav"])
        #expect(scans.last?.sounds.first?.location == .rawResource)
    }

    /// @nativescript/local-notifications looks a name up exactly; the older
    /// nativescript-local-notifications plays no custom sound on Android at all.
    @Test(.bug(id: "57", "NativeScript N5 N7")) func libraryRules() throws {
        #expect(AndroidLibrary.nativeScriptLocalNotifications.lookups("customsound.wav") == ["customsound.wav"])
        #expect(AndroidLibrary.nativeScriptLocalNotificationsLegacy.lookups("customsound") == [])
        let scratch = try Scratch()
        let root = try Self.app(
            scratch, files: ["App_Resources/Android/src/main/res/raw/customsound.wav": AndroidTests.pcm16],
            library: "nativescript-local-notifications")
        let android = try BundleValidator().prepare(paths: [root]).scans.first { $0.kind == .androidProject }
        #expect(android?.libraries.declared == [.nativeScriptLocalNotificationsLegacy])
        #expect(try plays(root, sound: "customsound", channel: "Alerts", on: .android) == .defaultSound)
    }

    /// N4, N5, N3: `LocalNotifications.schedule([{sound, channel}])` creates the channel
    /// (`channel`, else `Notifications`) with the sound looked up exactly: `customsound` plays,
    /// `customsound.wav` names no resource, none is the default sound. The older plugin's channel
    /// has no sound (N7).
    @Test(.bug(id: "57", "NativeScript N3 N4 N5 N7")) func scheduleMakesItsChannel() throws {
        let code = """
            LocalNotifications.schedule([{ id: 1, title: 't', sound: 'customsound', channel: 'Alerts' }]);
            LocalNotifications.schedule([{ id: 2, title: 't', sound: 'customsound.wav', channel: 'Wrong' }]);
            LocalNotifications.schedule([{ id: 3, title: 't', channel: 'Plain' }]);
            """
        let files = ["App_Resources/Android/src/main/res/raw/customsound.wav": AndroidTests.pcm16]
        let scratch = try Scratch()
        let root = try Self.app(scratch, files: files, code: code)
        #expect(try plays(root, sound: "customsound", channel: "Alerts", on: .android) == .namedSound)
        #expect(try plays(root, sound: "customsound.wav", channel: "Wrong", on: .android) != .namedSound)
        #expect(try plays(root, sound: "customsound", channel: "Plain", on: .android) == .defaultSound)
        let report = try BundleValidator().validate(paths: [root], references: [])
        #expect(!report.valid, "the channel whose sound names no resource fails")

        let other = try Scratch()
        let legacy = try Self.app(other, files: files, code: code, library: "nativescript-local-notifications")
        #expect(try plays(legacy, sound: "customsound", channel: "Alerts", on: .android) == .defaultSound)
        let android = try BundleValidator().prepare(paths: [legacy]).scans.first { $0.kind == .androidProject }
        #expect(android?.channels.allSatisfy { $0.sound == .defaultSound } == true, "\(android?.channels ?? [])")
    }

    /// `appResourcesPath` is read from the config's text; the generated `platforms/` is not code.
    @Test(.bug(id: "57", "NativeScript config")) func configuredResourcesFolder() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch,
            files: [
                "resources/iOS/customsound.caf": AndroidTests.caf,
                "App_Resources/iOS/other.caf": AndroidTests.caf
            ], config: "export default {\n  id: 'x',\n  appResourcesPath: \"resources\",\n}")
        #expect(try plays(root, sound: "customsound.caf", on: .ios) == .namedSound)
        #expect(try plays(root, sound: "other.caf", on: .ios) == .defaultSound)
    }

    /// NativeScript's TypeScript calling Android's own channel API by its Java names, as the
    /// Java reader reads it: an exported helper (`createAndroidNotificationChannel(channel)`) makes
    /// each channel from the object its caller in another file passes, its sound the URI of
    /// `getIdentifier(name, "raw", …)` built by another helper of the file (issue 57, brawa's shape).
    static let helperFile = """
        import { Utils } from "@nativescript/core";
        export function getResource(name: string, folder?: string): { id: number; uri: android.net.Uri } {
          const context = Utils.android.getApplicationContext();
          const packageName = context.getPackageName();
          const id = context.getResources().getIdentifier(name, folder || "raw", packageName);
          const uri = android.net.Uri.parse(`${android.content.ContentResolver.SCHEME_ANDROID_RESOURCE}://${packageName}/${id}`);
          return { id, uri };
        }
        export function createAndroidNotificationChannel(channel: { id: string; name: string; soundFilename?: string }) {
          if (android.os.Build.VERSION.SDK_INT >= 26) {
            // @ts-ignore
            const notificationChannel = new android.app.NotificationChannel(
              channel.id,
              channel.name,
              android.app.NotificationManager.IMPORTANCE_HIGH
            );
            if (channel.soundFilename) {
              const attributes = new android.media.AudioAttributes.Builder().build();
              notificationChannel.setSound(getResource(channel.soundFilename).uri, attributes);
            }
            const manager = Utils.android.getApplicationContext().getSystemService(android.app.NotificationManager.class);
            manager.createNotificationChannel(notificationChannel);
          }
        }
        """

    @Test(.bug(id: "57", "NativeScript calls Android's API")) func androidsChannelAPIByItsJavaNames() throws {
        let scratch = try Scratch()
        let calls = """
            import { createAndroidNotificationChannel } from "./android-notification";
            Application.android.on(Application.android.activityCreatedEvent, (args: any) => {
              createAndroidNotificationChannel({ id: "AlarmA", name: "A", soundFilename: "alarma" });
              createAndroidNotificationChannel({ id: "AlarmB", name: "B", soundFilename: "alarmb" });
              createAndroidNotificationChannel({ id: "reminder", name: "Reminders" });
            });
            """
        let raw = "App_Resources/Android/src/main/res/raw/"
        let root = try Self.app(
            scratch,
            files: [
                raw + "alarma.wav": AndroidTests.pcm16, raw + "alarmb.wav": AndroidTests.pcm16,
                raw + "alarmc.wav": AndroidTests.pcm16, "src/android-notification.ts": Array(Self.helperFile.utf8)
            ], code: calls, library: "@nativescript/firebase-messaging")
        // The channel made with the sound named plays it; another's plays its own; one made
        // without a sound plays the default; one created nowhere is FCM's fallback.
        #expect(try plays(root, sound: "alarma", channel: "AlarmA", on: .android) == .namedSound)
        #expect(try plays(root, sound: "alarmc", channel: "AlarmB", on: .android) == .otherSound)
        #expect(try plays(root, sound: "alarma", channel: "reminder", on: .android) == .defaultSound)
        #expect(try plays(root, sound: "alarma", channel: "AlarmZ", on: .android) == .defaultSound)
        let scan = try #require(try BundleValidator().prepare(paths: [root]).scans.first { $0.kind == .androidProject })
        let made = scan.channels.map { "\($0.id ?? "?")=\($0.sound)" }
        #expect(
            made == ["AlarmA=resource(\"alarma\")", "AlarmB=resource(\"alarmb\")", "reminder=defaultSound"], "\(made)")
        #expect(scan.channels.allSatisfy { $0.position.file.hasSuffix("src/app.ts") })
    }

    /// The same helper called in its own file: each call's object, a member it leaves out
    /// `undefined` (no sound set: the default); a helper called nowhere leaves its channel
    /// computed (what plays cannot be told), never "created nowhere".
    @Test(.bug(id: "57", "NativeScript calls Android's API")) func androidsChannelAPIInOneFile() throws {
        let scratch = try Scratch()
        let raw = "App_Resources/Android/src/main/res/raw/"
        let code =
            Self.helperFile + """

                createAndroidNotificationChannel({ id: "AlarmA", name: "A", soundFilename: "alarma" });
                createAndroidNotificationChannel({ id: "quiet", name: "Q" });
                """
        let root = try Self.app(
            scratch, files: [raw + "alarma.wav": AndroidTests.pcm16], code: code,
            library: "@nativescript/firebase-messaging")
        #expect(try plays(root, sound: "alarma", channel: "AlarmA", on: .android) == .namedSound)
        #expect(try plays(root, sound: "alarma", channel: "quiet", on: .android) == .defaultSound)

        let another = try Scratch()
        let uncalled = try Self.app(
            another, files: [raw + "alarma.wav": AndroidTests.pcm16], code: Self.helperFile,
            library: "@nativescript/firebase-messaging")
        #expect(try plays(uncalled, sound: "alarma", channel: "AlarmA", on: .android) == .unknown)
    }
}
