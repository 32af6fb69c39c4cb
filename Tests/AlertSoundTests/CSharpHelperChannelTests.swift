import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// C# strings built as the language builds them, and channels a helper makes for each value of its
/// parameter (issue 57): `new NotificationChannel($"{Prefix}{soundName}", …)` with the sound
/// `…/raw/{soundName}` or the ID `GetIdentifier(soundName, "raw", …)` gives; .NET for Android's
/// lowercased resource names; a MAUI bundle resource whose reserved name stops the iOS build.
@Suite struct CSharpHelperChannelTests {
    func read(_ text: String) -> CodeSounds { CodeSounds.read(text, file: "F.cs", fileExtension: "cs") }

    static let helper = """
        public static class Helper
        {
            private const string AthkarPrefix = "athkar_v9_";
            private static readonly string AdhanPrefix = "adhan_v9_";
            const string Fixed = "fixed";

            public static void CreateAthkarChannel(Context context, string soundName)
            {
                var manager = (NotificationManager)context.GetSystemService(Context.NotificationService)!;
                string channelId = $"{AthkarPrefix}{soundName}";
                if (manager.GetNotificationChannel(channelId) == null)
                {
                    var channel = new NotificationChannel(channelId, "Athkar", NotificationImportance.Max)
                    {
                        Description = "d"
                    };
                    if (soundName != "silent")
                    {
                        var soundUri = global::Android.Net.Uri.Parse($"android.resource://{context.PackageName}/raw/{soundName}");
                        channel.SetSound(soundUri, null);
                    }
                    manager.CreateNotificationChannel(channel);
                }
            }

            public static void CreateAdhanChannel(Context context, string soundName)
            {
                string channelId = AdhanPrefix + soundName + "_v2";
                int resId = context.Resources!.GetIdentifier(soundName, "raw", context.PackageName);
                var soundUri = global::Android.Net.Uri.Parse($"android.resource://{context.PackageName}/{resId}");
                var channel = new NotificationChannel(channelId, "Adhan", NotificationImportance.Max);
                channel.SetSound(soundUri, null);
                manager.CreateNotificationChannel(channel);
            }

            public static void Setup(Context context)
            {
                var kind = "night";
                CreateQuiet(context, kind);
            }

            public static void CreateQuiet(Context context, string kind)
            {
                var quiet = new NotificationChannel($"quiet_{kind}", "Quiet", NotificationImportance.Low);
                quiet.SetSound(null, null);
                var plain = new NotificationChannel(@"plain_" + kind, "Plain", NotificationImportance.Default);
                var known = new NotificationChannel($"{AthkarPrefix}{Fixed}", "Known", NotificationImportance.Low);
                var any = new NotificationChannel(kind, "Any", NotificationImportance.Low);
                var formatted = new NotificationChannel($"n_{count:D2}", "Formatted", NotificationImportance.Low);
                manager.CreateNotificationChannels(new List<NotificationChannel> { quiet, plain, known, any, formatted });
            }
        }
        """

    @Test(.bug(id: "57", "C# helper channels")) func aHelpersParameterMakesAChannelForEachValue() throws {
        let found = read(Self.helper)
        // Each channel's ID: the helpers' computed from a parameter no call in the file gives a
        // known value; `CreateQuiet`'s from the value its one call passes (a local of the caller);
        // `known` fully from constants; a formatted hole is not known.
        #expect(
            found.channels.map(\.id) == [nil, nil, "quiet_night", "plain_night", "athkar_v9_fixed", "night", nil],
            "\(found.channels)")
        let families = found.channels.map(\.family)
        #expect(
            families[0]
                == ChannelFamily(
                    prefix: "athkar_v9_", suffix: "", resourcePrefix: "", resourceSuffix: "",
                    guards: .init(excluded: ["silent"])))
        #expect(
            families[1] == ChannelFamily(prefix: "adhan_v9_", suffix: "_v2", resourcePrefix: "", resourceSuffix: ""))
        #expect(families[2...].allSatisfy { $0 == nil })
        // Made where the call is.
        #expect(found.channels[2].position.line == 39 && found.channels[3].position.line == 39)
        #expect(
            found.channels.map(\.sound)[2...] == [.silent, .defaultSound, .defaultSound, .defaultSound, .defaultSound])
        // A channel of the family is the helper's channel with that value.
        #expect(found.channels[0].member("athkar_v9_ah")?.sound == .resource("ah"))
        #expect(found.channels[0].member("athkar_v9_ah")?.id == "athkar_v9_ah")
        // `if (soundName != "silent")` around its `SetSound`: that value's sound is not told.
        #expect(found.channels[0].member("athkar_v9_silent")?.sound == .computed)
        #expect(found.channels[1].member("adhan_v9_adhan_makkah_v2")?.sound == .resource("adhan_makkah"))
        #expect(found.channels[1].member("adhan_v9_x") == nil, "the suffix is part of every ID")
        #expect(found.channels[0].member("athkar_v9_") == nil, "the value is never empty")
    }

    @Test(.bug(id: "57", "C# strings")) func cSharpStringsAsTheLanguageBuildsThem() {
        let source = SourceText(
            """
            const string A = "a\\"b";
            void M(string p) {
                var local = A + "-" + p;
                var uri = Android.Net.Uri.Parse("android.resource://" + PackageName + "/" + Resource.Raw.Bell);
                var x = $"{{{p}}}";
            }
            """)
        let builder = CSharpSounds.Builder(source: source)
        let inside = source.text.utf16.count - 4
        func known(_ text: String) -> CSharpSounds.Builder.Known? {
            builder.evaluate(SourceText.Argument(text: text), at: inside).known
        }
        #expect(known(#"@"c:\x""y""#) == .text(#"c:\x"y"#))
        #expect(known(#""a" + A"#) == .text(#"aa"b"#))
        #expect(known("local") == .parameter("p", prefix: #"a"b-"#, suffix: ""))
        #expect(known(#"$"{A}{p}""#) == .parameter("p", prefix: #"a"b"#, suffix: ""))
        #expect(known("x") == .parameter("p", prefix: "{", suffix: "}"))
        #expect(known("Unknown.Thing") == nil)
        #expect(
            builder.uri(SourceText.Argument(text: "uri"), at: inside) == .resource("bell"),
            "Resource.Raw.Bell is the raw resource bell")
    }

    static func csproj(minSdk: Int) -> String {
        """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFrameworks>net9.0-android;net9.0-ios</TargetFrameworks>
            <OutputType>Exe</OutputType>
            <UseMaui>true</UseMaui>
            <SingleProject>true</SingleProject>
            <SupportedOSPlatformVersion Condition="$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'android'">\(minSdk).0</SupportedOSPlatformVersion>
          </PropertyGroup>
          <ItemGroup Condition="$(TargetFramework.Contains('-ios'))">
            <BundleResource Include="Platforms\\iOS\\Resources\\bell.aiff" Link="Resources\\bell.aiff" />
            <BundleResource Include="Platforms\\iOS\\Resources\\chime.wav" Link="chime.wav" />
          </ItemGroup>
        </Project>
        """
    }

    static let messages = """
        public class Service {
            const string MSG = "messages";
            void Make() {
                NotificationChannel message = new NotificationChannel(MSG, "Messages", NotificationImportance.High);
                Uri? messageUri = Uri.Parse("android.resource://" + PackageName + "/" + Resource.Raw.notifMessage);
                message.SetSound(messageUri, null);
                manager.CreateNotificationChannel(message);
            }
        }
        """

    static func app(_ scratch: Scratch, minSdk: Int = 26) throws -> String {
        let root = scratch.path("Athkar\(minSdk)")
        try AppSearchTests.tree(
            root,
            [
                "App/App.csproj": Array(csproj(minSdk: minSdk).utf8),
                "App/Platforms/Android/Resources/raw/ah.wav": AndroidTests.pcm16,
                "App/Platforms/Android/Resources/raw/adhan_makkah.wav": AndroidTests.pcm16,
                "App/Platforms/Android/Resources/raw/notifMessage.wav": AndroidTests.pcm16,
                "App/Platforms/iOS/Resources/bell.aiff": AndroidTests.pcm16,
                "App/Platforms/iOS/Resources/chime.wav": AndroidTests.pcm16,
                "App/Platforms/Android/Helper.cs": Array(helper.utf8),
                "App/Platforms/Android/Service.cs": Array(messages.utf8),
                // The helpers' callers in another file: a value computed at run time (the family
                // stays), and a constant of another class (that one channel).
                "App/Platforms/Android/Caller.cs": Array(
                    """
                    public class Caller {
                        void Run(Context context, Intent intent) {
                            Helper.CreateAthkarChannel(context, intent.GetStringExtra("sound"));
                            Helper.CreateAdhanChannel(context, Sounds.Makkah);
                        }
                    }
                    public static class Sounds { public const string Makkah = "adhan_makkah"; }
                    """.utf8)
            ])
        return root
    }

    @Test(.bug(id: "57", "C# helper channels")) func eachEndingOfAHelpersChannels() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch)
        func plays(_ sound: String?, _ channel: String?, on platform: Platform = .android) throws -> PlayOutcome {
            let explanation = try Explainer().explain(paths: [root], push: .named(sound: sound, channel: channel))
            return try #require(explanation.pushes.first { $0.platform == platform }).fresh
        }
        #expect(try plays("ah", "athkar_v9_ah").plays == .namedSound)
        #expect(try plays("adhan_makkah", "adhan_v9_adhan_makkah_v2").plays == .namedSound)
        // The channel of another value plays that value's resource, whatever the message names.
        #expect(try plays("ah", "athkar_v9_adhan_makkah").plays == .otherSound)
        #expect(try plays("ah", "quiet_night").plays == .noSound)
        #expect(try plays("ah", "plain_night").plays == .defaultSound)
        // An ID no family makes while a channel's ID is computed: not told.
        #expect(try plays("ah", "elsewhere").plays == .unknown)
        // .NET for Android lowercases resource file names: the project's `notifMessage` is `notifmessage`.
        #expect(try plays("notifMessage", "messages").plays == .namedSound)
        #expect(try plays("ah", "messages").plays == .otherSound)
        // Where older devices install it, they look `notifMessage` up exactly, and find nothing: the
        // channel's sound plays on Android 8 and later, and the step that fails older ones degrades it.
        let older = try Self.app(scratch, minSdk: 21)
        let onOlder = try #require(
            try Explainer().explain(paths: [older], push: .named(sound: "notifMessage", channel: "messages"))
                .pushes.first { $0.platform == .android })
        #expect(
            onOlder.fresh.plays == .namedSound && onOlder.steps.contains { $0.verdict == .degraded },
            "\(onOlder.summary)")
        // A bundle resource named `Resources/…` stops the iOS build (dotnet/macios E0102): no app,
        // nothing known to play; validate-bundle fails it.
        let reserved = try plays("bell.aiff", nil, on: .ios)
        #expect(reserved.plays == .unknown, "\(reserved)")
        #expect(reserved.code == .unreadable)
        #expect(try plays("chime.wav", nil, on: .ios).plays == .namedSound)
        let report = try BundleValidator().validate(
            paths: [root], references: [SoundReference(name: "bell.aiff", source: "test", platform: .ios)])
        #expect(!report.valid)
        let agreement = try ExplainAgreementTests.disagreements(
            ExplainAgreementTests.Case(
                what: "a MAUI app's helper channels", paths: [root],
                pushes: [
                    .named(sound: "ah", channel: "athkar_v9_ah"), .named(sound: "ah", channel: "plain_night"),
                    .named(sound: "ah", channel: "quiet_night"), .named(sound: "notifMessage", channel: "messages"),
                    .named(sound: "ah", channel: "messages"), .named(sound: "bell.aiff", channel: nil),
                    .named(sound: "chime.wav", channel: nil)
                ]))
        #expect(agreement.isEmpty, "\(agreement.joined(separator: "\n"))")
    }

    /// Only a build that lowercases resource names (.NET for Android) makes `notifMessage` the
    /// resource `notifmessage`; aapt2 alone keeps a name as the file has it.
    @Test(.bug(id: "57", ".NET resource names")) func onlyDotNetLowercasesAResourcesName() {
        #expect(SoundName("notifMessage").namedResource(resolved: nil) == "notifMessage")
        #expect(SoundName("notifMessage.flac").namedResource(resolved: nil, buildLowercases: true) == "notifmessage")
        #expect(SoundName("Ping").namedResource(resolved: "ping_found", buildLowercases: true) == "ping_found")
    }
}
