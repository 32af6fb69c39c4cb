import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// .NET MAUI and Xamarin apps (issue 57): what ships is what the `.csproj`'s items say, per
/// platform, as the .NET SDKs build them; before, the project was not recognised and an Android-only
/// MP3 was judged by iOS's rules.
@Suite struct MauiProjectTests {
    /// A MAUI single project: a CAF in `Platforms/iOS/Resources` (a default item), an MP3 made an
    /// `AndroidResource` in an Android-only item group, a WAV in `Resources/Raw` (a `MauiAsset`),
    /// and a CAF in a group for Mac Catalyst only.
    static let csproj = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks>
            <TargetFrameworks Condition="$([MSBuild]::IsOSPlatform('windows'))">$(TargetFrameworks);net8.0-windows10.0.19041.0</TargetFrameworks>
            <OutputType>Exe</OutputType>
            <UseMaui>true</UseMaui>
            <SingleProject>true</SingleProject>
            <SupportedOSPlatformVersion Condition="$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)')) == 'ios'">15.0</SupportedOSPlatformVersion>
          </PropertyGroup>
          <!-- <AndroidResource Include="commented\\out.wav" /> -->
          <ItemGroup>
            <MauiAsset Include="Resources\\Raw\\**" LogicalName="%(RecursiveDir)%(Filename)%(Extension)" />
            <BundleResource Include="$(SoundsFolder)\\x.caf" />
          </ItemGroup>
          <ItemGroup Condition="$(TargetFramework.Contains('-android'))">
            <None Remove="Platforms\\Android\\Resources\\raw\\alarm.mp3" />
            <AndroidResource Include="Platforms\\Android\\Resources\\raw\\alarm.mp3" />
          </ItemGroup>
          <ItemGroup Condition="$(TargetFramework.Contains('-maccatalyst'))">
            <BundleResource Include="Mac\\mac.caf" />
          </ItemGroup>
        </Project>
        """

    static func app(_ scratch: Scratch) throws -> String {
        let root = scratch.path("repo")
        try AppSearchTests.tree(
            root,
            [
                "src/App/App.csproj": Array(csproj.utf8),
                "src/App/Platforms/iOS/Resources/chime.caf": AndroidTests.caf,
                "src/App/Platforms/Android/Resources/raw/alarm.mp3": AndroidTests.pcm16,
                "src/App/Resources/Raw/tone.wav": AndroidTests.pcm16,
                "src/App/Mac/mac.caf": AndroidTests.caf,
                // A library beside it builds no app.
                "src/Lib/Lib.csproj": Array(
                    "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFrameworks>net8.0-ios;net8.0-android</TargetFrameworks><UseMaui>true</UseMaui></PropertyGroup></Project>"
                        .utf8)
            ])
        return root
    }

    @Test(.bug(id: "57", "MAUI")) func eachPlatformShipsWhatItsItemsSay() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch)
        let report = try BundleValidator().validate(
            paths: [root],
            references: [
                .named("ios:chime.caf"), .named("ios:tone.wav"), .named("android:alarm"), .named("android:tone")
            ])
        #expect(report.bundles.map(\.kind) == [.resources, .androidProject])
        #expect(
            report.bundles.allSatisfy { $0.bundle.contains("App.csproj (.NET MAUI") }, "\(report.bundles.map(\.bundle))"
        )
        try #require(report.bundles.count == 2)
        let ios = report.bundles[0], android = report.bundles[1]
        // The Android-only MP3 is not in the iOS app, nor is Mac Catalyst's sound.
        #expect(Set(ios.files.map(\.relativePath)) == ["chime.caf", "tone.wav"], "\(ios.files.map(\.relativePath))")
        #expect(ios.files.allSatisfy { $0.location == .bundle })
        #expect(
            ios.files.first { $0.relativePath == "chime.caf" }?.report.path == root
                + "/src/App/Platforms/iOS/Resources/chime.caf")
        // On Android the MP3 is a raw resource; the MauiAsset is an asset, not one.
        let places = Dictionary(uniqueKeysWithValues: android.files.map { ($0.relativePath, $0.location) })
        #expect(places == ["res/raw/alarm.mp3": .rawResource, "assets/tone.wav": .subfolder], "\(places)")
        let verdicts = Dictionary(
            uniqueKeysWithValues: (ios.references + android.references).map {
                ("\($0.platform):\($0.name ?? "")", $0.valid)
            })
        #expect(
            verdicts == ["ios:chime.caf": true, "ios:tone.wav": true, "android:alarm": true, "android:tone": false],
            "\(verdicts)")
        #expect(
            report.notes.contains { $0.hasPrefix(root + "/src/Lib/Lib.csproj: a .NET project for") }, "\(report.notes)")
        // What a property decides is not guessed at, and said.
        #expect(
            report.notes.contains { $0.hasPrefix(root + "/src/App/App.csproj: an item names $(SoundsFolder)/x.caf") },
            "\(report.notes)")
        // The minimum iOS is the project's.
        let scans = try BundleValidator().prepare(paths: [root]).scans
        #expect(scans.first?.minimumIOS?.version == IOSVersion(15))
    }

    /// A Xamarin.Android project (no SDK: only what it lists ships) and a Xamarin.iOS one.
    @Test(.bug(id: "57", "Xamarin")) func xamarinProjectsShipWhatTheyList() throws {
        let scratch = try Scratch()
        let root = scratch.path("x")
        try AppSearchTests.tree(
            root,
            [
                "Droid/Droid.csproj": Array(
                    """
                    <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
                      <PropertyGroup><ProjectTypeGuids>{EFBA0AD7-5A72-4C68-AF49-83D382785DCF};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
                      <OutputType>Library</OutputType><AndroidApplication>True</AndroidApplication></PropertyGroup>
                      <ItemGroup><AndroidResource Include="Resources\\raw\\ding.wav" /></ItemGroup>
                      <Import Project="$(MSBuildExtensionsPath)\\Xamarin\\Android\\Xamarin.Android.CSharp.targets" />
                    </Project>
                    """.utf8),
                "Droid/Resources/raw/ding.wav": AndroidTests.pcm16,
                "Droid/Resources/raw/unlisted.wav": AndroidTests.pcm16,
                "iOS/iOS.csproj": Array(
                    """
                    <Project ToolsVersion="15.0">
                      <PropertyGroup><ProjectTypeGuids>{FEACFBD2-3405-455C-9665-78FE426C6842};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
                      <OutputType>Exe</OutputType></PropertyGroup>
                      <ItemGroup><BundleResource Include="Resources\\call.caf" /></ItemGroup>
                    </Project>
                    """.utf8),
                "iOS/Resources/call.caf": AndroidTests.caf
            ])
        let report = try BundleValidator().validate(paths: [root])
        try #require(report.bundles.map(\.kind) == [.androidProject, .resources], "\(report.bundles.map(\.bundle))")
        #expect(report.bundles.first?.files.map(\.relativePath) == ["res/raw/ding.wav"])
        #expect(report.bundles.last?.files.map(\.relativePath) == ["call.caf"])
    }

    /// A long project, hostile XML: read in one pass or refused with the offset, never a hang.
    @Test(.bug(id: "57", "hostile csproj")) func hostileProjectsAreReadOrRefused() throws {
        var long = "<Project Sdk=\"Microsoft.NET.Sdk\"><ItemGroup>\n"
        for i in 0..<2_000 { long += "<None Include=\"file\(i).txt\" Condition=\"'$(X)' > '1'\" />\n" }
        long += "</ItemGroup></Project>"
        let project = try MSBuildProject.parse(Array(long.utf8), path: "a.csproj")
        #expect(project.items.count == 2_000 && project.items[0].conditions == ["'$(X)' > '1'"])
        let deep = String(repeating: "<a>", count: MSBuildProject.maximumDepth + 1)
        #expect(throws: AlertSoundError.self) { try MSBuildProject.parse(Array(deep.utf8), path: "deep.csproj") }
        #expect(throws: AlertSoundError.self) { try MSBuildProject.parse(Array("<Project><!-- open".utf8), path: "c") }
        #expect(throws: AlertSoundError.self) { try MSBuildProject.parse(Array("<Project a=\"x>".utf8), path: "q") }
        // Globs, MSBuild's through the configuration's PathGlob: `**` spans folders, `*` one name.
        func matches(_ pattern: String, _ path: String) -> Bool { PathGlob(pattern).matches(Array(path.utf8)) }
        #expect(matches("**", "a/b.caf"))
        #expect(matches("*.caf", "b.caf") && !matches("*.caf", "a/b.caf"))
        #expect(matches("**/*.caf", "a/b/c.caf") && matches("**/*.caf", "c.caf") && !matches("**/*.caf", "c.wav"))
    }
}
