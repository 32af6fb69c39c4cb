import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// A C# helper's channel followed to its callers in the app's other files and classes (issue 57):
/// static and instance calls, a caller passing its own parameter on, `const string` and `static
/// readonly string` of another class, `nameof`, interpolation; a computed argument keeps the
/// family; a method called nowhere makes nothing.
@Suite struct CSharpCallersTests {
    static let helper = """
        namespace App.Platforms.Android;
        public static class NotificationHelper
        {
            private const string Prefix = "athkar_";

            public static void CreateChannel(Context context, string soundName)
            {
                var manager = (NotificationManager)context.GetSystemService(Context.NotificationService)!;
                string channelId = $"{Prefix}{soundName}";
                var channel = new NotificationChannel(channelId, "Athkar", NotificationImportance.Max);
                if (soundName != "silent")
                {
                    var soundUri = global::Android.Net.Uri.Parse($"android.resource://{context.PackageName}/raw/{soundName}");
                    channel.SetSound(soundUri, null);
                }
                else
                {
                    channel.SetSound(null, null);
                }
                manager.CreateNotificationChannel(channel);
            }

            public static void Show(Context context, int id, string text, string soundName)
            {
                CreateChannel(context, soundName);
                string channelId = $"{Prefix}{soundName}";
            }

            public static void CreateDead(Context context, string kind)
            {
                var dead = new NotificationChannel($"dead_{kind}", "Dead", NotificationImportance.Max);
                manager.CreateNotificationChannel(dead);
            }
        }
        """

    static let callers: [String: String] = [
        "App/Platforms/Android/Receiver.cs": """
        public class Receiver : BroadcastReceiver
        {
            public override void OnReceive(Context context, Intent intent)
            {
                NativeCall(context);
                NotificationHelper.Show(context, 1, "t", "silent");
                NotificationHelper.Show(context, 2, "t", intent.GetStringExtra("sound"));
            }
            void NativeCall(Context context) => App.Platforms.Android.NotificationHelper.Show(context, 3, "t", Sounds.Bell);
        }
        """,
        "App/Services/Scheduler.cs": """
        public class Scheduler
        {
            private readonly Notifier _notifier = new Notifier();
            public void Plan(Context context)
            {
                NotificationHelper.CreateChannel(context, soundName: nameof(Sounds.Chime));
                NotificationHelper.CreateChannel(context, $"{Sounds.Family}_two");
                _notifier.Post(context, "ah");
            }
        }
        public class Notifier
        {
            public void Post(Context context, string sound)
            {
                NotificationHelper.Show(context, 4, "t", sound);
            }
        }
        """,
        "App/Models/Sounds.cs": """
        public static class Sounds
        {
            public const string Bell = "bell";
            public static readonly string Family = "fam";
            public const string Chime = "unused";
        }
        """,
        "App/Platforms/Android/Override.cs": """
        public class Framework : Service
        {
            public override void Make(string kind)
            {
                var made = new NotificationChannel($"o_{kind}", "O", NotificationImportance.Low);
                manager.CreateNotificationChannel(made);
            }
        }
        """
    ]

    static func tree(_ scratch: Scratch) throws -> String {
        let root = scratch.path("callers")
        var files = callers.mapValues { Array($0.utf8) }
        files["App/Platforms/Android/NotificationHelper.cs"] = Array(helper.utf8)
        try AppSearchTests.tree(root, files)
        return root
    }

    @Test(.bug(id: "57", "C# helper callers")) func eachCallInAnotherFileMakesItsChannel() throws {
        let scratch = try Scratch()
        let root = try Self.tree(scratch)
        let read = SourceWalk.read(root: root, within: try #require(Confinement(folder: root))).sounds
        let made = Set(
            read.channels.map {
                "\($0.id ?? "?")=\($0.sound)@\(lastComponent($0.position.file)):\($0.position.line)"
                    + ($0.family.map { " family \($0.prefix)" } ?? "")
            })
        #expect(
            made == [
                // A constant of another class, through a caller passing its parameter on.
                #"athkar_bell=resource("bell")@Receiver.cs:9"#,
                // The `else` of `if (soundName != "silent")`: `SetSound(null, null)`.
                "athkar_silent=silent@Receiver.cs:6",
                // `nameof`, a named argument; a `static readonly string` in an interpolation.
                #"athkar_Chime=resource("Chime")@Scheduler.cs:6"#,
                #"athkar_fam_two=resource("fam_two")@Scheduler.cs:7"#,
                // An instance method passing its parameter on, called through a field.
                #"athkar_ah=resource("ah")@Scheduler.cs:8"#,
                // A value computed at run time: the helper's family stays.
                "?=computed@NotificationHelper.cs:10 family athkar_",
                // The framework calls an override: its family stays.
                "?=defaultSound@Override.cs:5 family o_"
                // `CreateDead` is called nowhere: no channel.
            ], "\(made.sorted())")
        let computed = try #require(read.channels.first { $0.family?.prefix == "athkar_" })
        #expect(computed.origin?.contains("Receiver.cs:7") == true, "\(computed.origin ?? "")")
        let bell = try #require(read.channels.first { $0.id == "athkar_bell" })
        #expect(
            bell.origin?.contains("Receiver.cs:9 ← ") == true
                && bell.origin?.hasSuffix("NotificationHelper.cs:25") == true,
            "\(bell.origin ?? "")")
        #expect(read.cSharpHelpers.isEmpty)
    }

    /// A MAUI app whose helper every call gives known values: each ending of its channels
    /// through explain, and a channel no call makes (the dead helper's, another value's) is
    /// created nowhere, so FCM's fallback channel plays the default sound.
    @Test(.bug(id: "57", "C# helper callers")) func eachEndingOfACalledHelper() throws {
        let scratch = try Scratch()
        let root = scratch.path("called")
        try AppSearchTests.tree(
            root,
            [
                "App/App.csproj": Array(CSharpHelperChannelTests.csproj(minSdk: 26).utf8),
                "App/Platforms/Android/Resources/raw/bell.wav": AndroidTests.pcm16,
                "App/Platforms/Android/Resources/raw/ah.wav": AndroidTests.pcm16,
                "App/Platforms/iOS/Resources/bell.aiff": AndroidTests.pcm16,
                "App/Platforms/iOS/Resources/chime.wav": AndroidTests.pcm16,
                "App/Platforms/Android/NotificationHelper.cs": Array(Self.helper.utf8),
                "App/Platforms/Android/Receiver.cs": Array(
                    """
                    public class Receiver : BroadcastReceiver
                    {
                        public override void OnReceive(Context context, Intent intent)
                        {
                            NotificationHelper.Show(context, 1, "t", "silent");
                            NotificationHelper.Show(context, 3, "t", Sounds.Bell);
                        }
                    }
                    """.utf8),
                "App/Models/Sounds.cs": Array(Self.callers["App/Models/Sounds.cs"]!.utf8)
            ])
        func plays(_ sound: String, _ channel: String) throws -> PlayOutcome {
            let explanation = try Explainer().explain(paths: [root], push: .named(sound: sound, channel: channel))
            return try #require(explanation.pushes.first { $0.platform == .android }).fresh
        }
        #expect(try plays("bell", "athkar_bell").plays == .namedSound)
        #expect(try plays("ah", "athkar_bell").plays == .otherSound)
        #expect(try plays("bell", "athkar_silent").plays == .noSound)
        // No call passes `ah`, and `CreateDead` is called nowhere: neither channel is created.
        let ah = try plays("ah", "athkar_ah")
        #expect(ah.plays == .defaultSound && ah.code == .channelNotCreated, "\(ah)")
        #expect(try plays("bell", "dead_x").plays == .defaultSound)
        let agreement = try ExplainAgreementTests.disagreements(
            ExplainAgreementTests.Case(
                what: "a MAUI app's helper called from other files", paths: [root],
                pushes: [
                    .named(sound: "bell", channel: "athkar_bell"), .named(sound: "bell", channel: "athkar_silent"),
                    .named(sound: "ah", channel: "athkar_ah"), .named(sound: "bell", channel: "dead_x")
                ]))
        #expect(agreement.isEmpty, "\(agreement.joined(separator: "\n"))")
    }
}
