import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// C# read for notification sounds and channels (.NET MAUI, Xamarin), and the channels a library
/// makes (issue 57): before, C# was not read at all, so every MAUI or Xamarin channel was "not read".
@Suite struct CSharpSoundsTests {
    func read(_ text: String, _ ext: String = "cs") -> CodeSounds {
        CodeSounds.read(text, file: "F.\(ext)", fileExtension: ext)
    }

    @Test(.bug(id: "57", "C# iOS names")) func applesSoundAPIAsDotNetBindsIt() {
        let found = read(
            """
            const string Chime = "chime.caf";
            content.Sound = UNNotificationSound.GetSound("alert.caf");
            content.Sound = UNNotificationSound.GetSound(Chime);
            // content.Sound = UNNotificationSound.GetSound("commented.caf");
            content.Sound = UNNotificationSound.GetCriticalSound("siren.caf", 1.0f);
            content.Sound = UNNotificationSound.GetSound(soundName);
            content.Sound = UNNotificationSound.GetSound("");
            var other = Helper.GetSound("not-a-notification.caf");
            """)
        #expect(found.references.map(\.name) == ["alert.caf", "chime.caf", "siren.caf", nil, "default"])
        #expect(found.references.map { $0.position?.line } == [2, 3, 5, 6, 7])
        #expect(found.references.map(\.critical) == [false, false, true, false, false])
        #expect(found.references.allSatisfy { $0.platform == .ios })
        #expect(found.references[3].problems.map(\.code) == [.computedName])
        // A name the file does not bind is looked up across the app's files.
        #expect(found.pending.map(\.name) == ["soundName"])
    }

    @Test(.bug(id: "57", "C# channels")) func androidsChannelsAsDotNetBindsThem() {
        let found = read(
            """
            private const string MSG = "messages";
            void Make() {
                NotificationChannel message = new NotificationChannel(MSG, "Messages", NotificationImportance.High);
                Uri? messageUri = Uri.Parse("android.resource://" + PackageName + "/" + Resource.Raw.notifMessage);
                message.SetSound(messageUri, null);
                var quiet = new NotificationChannel("quiet", "Quiet", NotificationImportance.Low);
                quiet.SetSound(null, null);
                var plain = new Android.App.NotificationChannel("plain", "Plain", NotificationImportance.Low)
                {
                    Description = "no sound set"
                };
                var alarm = new NotificationChannel("alarm", "Alarm", NotificationImportance.High);
                var alarmUri = Android.Net.Uri.Parse(
                    $"{ContentResolver.SchemeAndroidResource}://{context.PackageName}/{Resource.Raw.reach_alert}");
                alarm.SetSound(alarmUri, new AudioAttributes.Builder()!.Build());
                var system = new NotificationChannel("system", "System", NotificationImportance.Default);
                system.SetSound(RingtoneManager.GetDefaultUri(RingtoneType.Notification), null);
                var named = new NotificationChannel("named", "Named", NotificationImportance.High);
                named.SetSound(Android.Net.Uri.Parse($"android.resource://{PackageName}/raw/bell"), null);
                var computed = new NotificationChannel($"{Prefix}{name}", "Computed", NotificationImportance.High);
                computed.SetSound(Android.Net.Uri.Parse($"android.resource://{PackageName}/raw/{name}"), null);
                var unused = new NotificationChannel("unused", "Never made", NotificationImportance.High);
                unused.SetSound(null, null);
                var builder = new NotificationCompat.Builder(this, "messages").SetSound(otherUri);
                foreach (var c in new[] { message, quiet, plain, alarm, system, named, computed })
                    manager?.CreateNotificationChannel(c);
            }
            """)
        // A channel built and never passed on is not made.
        #expect(
            found.channels.map(\.id) == ["messages", "quiet", "plain", "alarm", "system", "named", nil],
            "\(found.channels)")
        #expect(
            found.channels.map(\.sound) == [
                .resource("notifmessage"), .silent, .defaultSound, .resource("reach_alert"), .defaultSound,
                .resource("bell"), .computed
            ])
        #expect(found.channels.map(\.position.line) == [3, 6, 8, 12, 16, 18, 20])
        #expect(found.rawUses == ["notifmessage", "reach_alert"])
    }

    @Test(.bug(id: "57", "Plugin.LocalNotification")) func pluginLocalNotificationsRequestsAndChannels() {
        let found = read(
            """
            builder.UseLocalNotification(config => config.AddAndroid(android => {
                android.AddChannel(new AndroidNotificationChannelRequest { Id = "alerts", Sound = "alert.mp3" });
                android.AddChannel(new AndroidNotificationChannelRequest { Id = "muted", Sound = "x.mp3", EnableSound = false });
                android.AddChannel(new AndroidNotificationChannelRequest { Sound = "general" });
                android.AddChannel(new AndroidNotificationChannelRequest() { Id = "plain" });
                android.AddChannel(new AndroidNotificationChannelRequest { Id = "uri", Sound = "android.resource://pkg/raw/bell" });
            }));
            var request = new NotificationRequest
            {
                NotificationId = 100,
                Sound = "alert.caf",
                Android = { ChannelId = "alerts" }
            };
            var plain = new NotificationRequest { Sound = "chime.wav" };
            var none = new NotificationRequest { Title = "no sound named" };
            var empty = new NotificationRequest { Sound = "" };
            """)
        #expect(found.channels.map(\.id) == ["alerts", "muted", "Plugin.LocalNotification.GENERAL", "plain", "uri"])
        // EnableSound = false sets no sound: the channel keeps the default (not silence).
        #expect(
            found.channels.map(\.sound) == [
                .resource("alert.mp3"), .defaultSound, .resource("general"), .defaultSound, .resource("bell")
            ])
        #expect(found.channels.allSatisfy { $0.library == .pluginLocalNotification })
        let named = found.references.map { "\($0.platform!):\($0.name ?? "-"):\($0.channel ?? "-")" }
        #expect(
            named == [
                "ios:alert.caf:-", "android:alert.caf:alerts", "ios:chime.wav:-",
                "android:chime.wav:Plugin.LocalNotification.GENERAL", "ios:default:-"
            ], "\(named)")
        #expect(
            found.references.filter { $0.platform == .android }.allSatisfy { $0.library == .pluginLocalNotification })
    }

    @Test(.bug(id: "57", "awesome_notifications")) func awesomeNotificationsChannelsInDart() {
        let found = read(
            """
            AwesomeNotifications().initialize('resource://drawable/icon', [
              NotificationChannel(channelKey: 'reminders', channelName: 'R', channelDescription: 'd',
                  playSound: true, soundSource: 'resource://raw/notification'),
              NotificationChannel(channelKey: 'quiet', channelName: 'Q', channelDescription: 'd', playSound: false),
              NotificationChannel(channelKey: 'basic', channelName: 'B', channelDescription: 'd'),
              NotificationChannelGroup(channelGroupKey: 'g', channelGroupName: 'G'),
            ]);
            """, "dart")
        #expect(found.channels.map(\.id) == ["reminders", "quiet", "basic"])
        // playSound: false is setSound(null, null): nothing plays.
        #expect(found.channels.map(\.sound) == [.resource("notification"), .silent, .defaultSound])
        #expect(found.channels.allSatisfy { $0.library == .awesomeNotifications })
        #expect(AndroidLibrary.awesomeNotifications.lookups("resource://raw/notification") == ["notification"])
    }

    @Test(.bug(id: "57", "C# hostile text")) func hostileCSharpIsBounded() {
        // Unclosed initialisers and constructors, repeated: each window is read once.
        let text =
            String(
                repeating: "new NotificationRequest { Sound = new AndroidNotificationChannelRequest { ", count: 3_000)
            + String(repeating: "var c = new NotificationChannel(x, ", count: 3_000)
            + String(repeating: "UNNotificationSound.GetSound(", count: 3_000)
        let found = read(text)
        #expect(found.channels.isEmpty && found.references.isEmpty)
    }
}

/// Constants of another C# file, and channels a library creates from the app's configuration.
@Suite struct LibraryChannelTests {
    @Test(.bug(id: "57", "C# constants across files")) func aCSharpConstantOfAnotherFileIsItsValue() throws {
        let found = try CrossFileConstantTests().walk([
            "Droid/Services/NotificationService.cs":
                "public class DroidNotificationService {\n    public const string CHANNEL_ID_AND_NAME = \"alarm_notification\";\n    public static readonly string Tone = \"tone.caf\";\n}\n",
            "Droid/Helpers/Bootstrap.cs": """
            void Create() {
                var channelId = DroidNotificationService.CHANNEL_ID_AND_NAME;
                var channel = new NotificationChannel(channelId, "Alarm", NotificationImportance.High);
                channel.SetSound(Android.Net.Uri.Parse("android.resource://" + PackageName + "/" + Bible.Droid.Resource.Raw.alarm), attributes);
                manager.CreateNotificationChannel(channel);
            }
            """,
            "iOS/Notify.cs": "content.Sound = UNNotificationSound.GetSound(DroidNotificationService.Tone);\n",
            "Droid/obj/Debug/Generated.cs":
                "var c = new NotificationChannel(\"generated\", \"G\", 3); manager.CreateNotificationChannel(c);\n"
        ])
        // Build output (`obj/`) is not the app's code.
        #expect(found.channels.map(\.id) == ["alarm_notification"], "\(found.channels)")
        #expect(found.channels.first?.sound == .resource("alarm"))
        #expect(found.references.map(\.name) == ["tone.caf"])
    }

    @Test(.bug(id: "57", "Capacitor's own channel")) func capacitorsDefaultChannelPlaysItsConfigsSound() throws {
        let scratch = try Scratch()
        for (config, text) in [
            (
                "capacitor.config.ts",
                "const config: CapacitorConfig = {\n  appId: 'a',\n  plugins: {\n    LocalNotifications: {\n      smallIcon: 'x',\n      sound: \"beep.wav\",\n    },\n  },\n};\n"
            ),
            ("capacitor.config.json", #"{"appId":"a","plugins":{"LocalNotifications":{"sound":"beep.wav"}}}"#),
            ("capacitor.config.json", ##"{"appId":"a","plugins":{"LocalNotifications":{"iconColor":"#fff"}}}"##)
        ] {
            let root = scratch.path(UUID().uuidString)
            try AppSearchTests.tree(root, [config: Array(text.utf8)])
            var libraries = AndroidLibraries()
            libraries.add(.capacitorLocalNotifications, in: "package.json")
            let channels = LibraryChannels.own(
                by: libraries, root: root, within: try #require(Confinement(folder: root)))
            #expect(channels.map(\.id) == ["default"])
            let expected: ChannelSound = text.contains("beep") ? .resource("beep.wav") : .defaultSound
            #expect(channels.first?.sound == expected, "\(config): \(channels)")
            #expect(channels.first?.library == .capacitorLocalNotifications)
        }
        // Without the plugin declared, no channel of its.
        let none = LibraryChannels.own(
            by: AndroidLibraries(), root: scratch.path("."),
            within: try #require(Confinement(folder: scratch.path("."))))
        #expect(none.isEmpty)
    }
}

/// A MAUI app end to end (issue 57): what its items ship, as the .NET SDKs build them, and what its
/// C# names, judged by explain for each ending: plays, another sound, the default, nothing, unknown.
@Suite struct MauiCodeTests {
    static let csproj = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFrameworks>net9.0-android;net9.0-ios</TargetFrameworks>
            <OutputType>Exe</OutputType>
            <UseMaui>true</UseMaui>
            <SingleProject>true</SingleProject>
          </PropertyGroup>
          <ItemGroup Condition="$(TargetFramework.Contains('-android'))">
            <AndroidResource Include="Sounds\\Reach_Alert.wav" Link="Resources\\raw\\Reach_Alert.wav" />
            <AndroidResource Include="Platforms\\Android\\Resources\\values\\raw\\good.mp3" />
          </ItemGroup>
          <ItemGroup Condition="$(TargetFramework.Contains('-ios'))">
            <BundleResource Include="Sounds\\top.wav" Link="top.wav" />
            <BundleResource Include="Platforms\\iOS\\Resources\\reserved.aiff" Link="Resources\\reserved.aiff" />
          </ItemGroup>
          <ItemGroup><ProjectReference Include="..\\..\\Lib\\Plugin.LocalNotification\\Plugin.LocalNotification.csproj" /></ItemGroup>
        </Project>
        """

    static let code = """
        public static class Alerts {
            public const string ChannelId = "reach_alerts";
            public static void Create(Context context) {
                var channel = new NotificationChannel(ChannelId, "Reach", NotificationImportance.High);
                var uri = Android.Net.Uri.Parse(
                    $"{ContentResolver.SchemeAndroidResource}://{context.PackageName}/{Resource.Raw.Reach_Alert}");
                channel.SetSound(uri, null);
                var quiet = new NotificationChannel("quiet", "Quiet", NotificationImportance.Low);
                quiet.SetSound(null, null);
                var plain = new NotificationChannel("plain", "Plain", NotificationImportance.Default);
                var dynamic = new NotificationChannel($"adhan_{name}", "Adhan", NotificationImportance.High);
                manager.CreateNotificationChannel(channel);
                manager.CreateNotificationChannel(quiet);
                manager.CreateNotificationChannel(plain);
                manager.CreateNotificationChannel(dynamic);
            }
        }
        """

    static func app(_ scratch: Scratch) throws -> String {
        let root = scratch.path("Company.App")
        try AppSearchTests.tree(
            root,
            [
                "App/App.csproj": Array(csproj.utf8),
                "App/Sounds/Reach_Alert.wav": AndroidTests.pcm16,
                "App/Sounds/top.wav": AndroidTests.pcm16,
                "App/Platforms/Android/Resources/values/raw/good.mp3": AndroidTests.pcm16,
                "App/Platforms/iOS/Resources/reserved.aiff": AndroidTests.pcm16,
                "App/Platforms/Android/Alerts.cs": Array(code.utf8),
                "App/obj/Debug/Alerts.g.cs": Array("var c = new NotificationChannel(\"built\", \"b\", 3);".utf8)
            ])
        return root
    }

    @Test(.bug(id: "57", "MAUI items and C#")) func eachEndingOfAMauiApp() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch)
        // A folder named `Company.App` is a repository, not a built app.
        let scans = try BundleValidator().prepare(paths: [root]).scans
        try #require(
            scans.map(\.kind) == [.androidProject, .resources] || scans.map(\.kind) == [.resources, .androidProject],
            "\(scans.map(\.root))")
        let android = try #require(scans.first { $0.kind == .androidProject })
        let ios = try #require(scans.first { $0.kind == .resources })
        // Lowercased, and typed by the folder each lands in: `Resources/raw/` under the MAUI prefix,
        // and `values/raw/`, are both raw resources.
        #expect(
            Set(android.sounds.map(\.relativePath)) == ["res/raw/reach_alert.wav", "res/raw/good.mp3"],
            "\(android.sounds.map(\.relativePath))")
        // `Resources/…` is reserved in an iOS bundle: the build stops, said on the file.
        #expect(Set(ios.sounds.map(\.relativePath)) == ["top.wav", "reserved.aiff"])
        // The library is referenced by its own project.
        #expect(android.libraries.declared == [.pluginLocalNotification])

        func plays(_ sound: String?, _ channel: String?, on platform: Platform) throws -> PlayOutcome.Plays {
            let explanation = try Explainer().explain(paths: [root], push: .named(sound: sound, channel: channel))
            return try #require(explanation.pushes.first { $0.platform == platform }).fresh.plays
        }
        #expect(try plays("reach_alert", "reach_alerts", on: .android) == .namedSound)
        #expect(try plays("good", "reach_alerts", on: .android) == .otherSound)
        #expect(try plays("reach_alert", "plain", on: .android) == .defaultSound)
        #expect(try plays("reach_alert", "quiet", on: .android) == .noSound)
        #expect(try plays("reach_alert", "adhan_fajr", on: .android) == .unknown)
        #expect(try plays("top.wav", nil, on: .ios) == .namedSound)
        #expect(try plays("reserved.aiff", nil, on: .ios) != .namedSound)
        // Build output is not the app's code.
        #expect(!android.channels.contains { $0.id == "built" })
        let report = try BundleValidator().validate(paths: [root])
        #expect(!report.valid, "the reserved name fails")
    }
}
