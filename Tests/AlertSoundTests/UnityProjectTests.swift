import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Unity projects (issue 57): Unity generates each platform's project at build time, so what
/// ships is what the Unity project's Android plugins hold and what its Editor scripts add to the
/// generated Xcode project; before, a Unity project was not recognised at all.
@Suite struct UnityProjectTests {
    /// A Unity project with Unity Mobile Notifications, `files` beside its settings.
    static func project(_ scratch: Scratch, _ files: [String: [UInt8]]) throws -> String {
        let root = scratch.path("game")
        var all: [String: [UInt8]] = [
            "ProjectSettings/ProjectVersion.txt": Array("m_EditorVersion: 6000.0.23f1\n".utf8),
            "ProjectSettings/ProjectSettings.asset": Array(
                "PlayerSettings:\n  AndroidMinSdkVersion: 23\n  iOSTargetOSVersionString: 13.0\n".utf8),
            "Packages/manifest.json": Array(#"{"dependencies":{"com.unity.mobile.notifications":"2.5.0"}}"#.utf8),
            "Assets/Scripts/Notify.cs": Array(
                #"var n = new iOSNotification { Identifier = "a", SoundType = NotificationSoundType.Default, SoundName = "alert.caf" };"#
                    .utf8)
        ]
        all.merge(files) { $1 }
        try AppSearchTests.tree(root, all)
        return root
    }

    /// An Editor script that copies `names` from `iOS/Sounds` and adds each to `target`.
    static func postProcess(_ names: [String], target: String = "GetUnityMainTargetGuid()") -> [UInt8] {
        Array(
            """
            public class BuildPostProcessor : IPostprocessBuildWithReport {
                static readonly string[] Sounds = new string[] { \(names.map { "\"\($0)\"" }.joined(separator: ", ")) };
                static void Add(string outputPath) {
                    var project = new PBXProject();
                    var target = project.\(target);
                    foreach (var name in Sounds) {
                        File.Copy(Path.Combine("iOS", "Sounds", name), Path.Combine(outputPath, name), true);
                        project.AddFileToBuild(target, project.AddFile(name, name));
                    }
                }
            }
            """.utf8)
    }

    static func ios(_ root: String, _ sound: String) throws -> PushExplanation? {
        try Explainer().explain(paths: [root], push: .named(sound: sound, channel: nil)).pushes.first {
            $0.platform == .ios
        }
    }

    @Test(.bug(id: "57", "Unity post-process")) func aPostProcessScriptShipsWhatItAdds() throws {
        let scratch = try Scratch()
        let root = try Self.project(
            scratch,
            [
                "Assets/App/Editor/iOS/BuildPostProcessor.cs": Self.postProcess(["alert.caf"]),
                "iOS/Sounds/alert.caf": AndroidTests.caf
            ])
        // U3: added to the main target, so at the bundle's top: it plays.
        let plays = try #require(try Self.ios(root, "alert.caf"))
        #expect(plays.fresh.plays == .namedSound, "\(plays.fresh)")
        #expect(plays.app?.hasSuffix("(Unity, iOS)") == true, "\(String(describing: plays.app))")
        // A name the script does not add is not in the app: the default plays.
        let other = try #require(try Self.ios(root, "alert.wav"))
        #expect(other.fresh.plays == .defaultSound, "\(other.fresh)")
        // The minimum iOS is the project's settings'.
        let scans = try BundleValidator().prepare(paths: [root]).scans
        #expect(scans.first { $0.kind == .resources }?.minimumIOS?.version == IOSVersion(13))
        #expect(scans.first { $0.kind == .androidProject }?.facts?.minSdk == 23)
        #expect(scans.first { $0.kind == .androidProject }?.libraries.declared == [.unityMobileNotifications])
    }

    /// `AddFileToBuildSection(main, resources, file)` adds to the main target's Resources phase
    /// as `AddFileToBuild` does; the script was not seen, and iOS was not judged.
    @Test(.bug(id: "57", "Unity build section")) func aFileAddedToTheResourcesSectionShips() throws {
        let scratch = try Scratch()
        let script = String(decoding: Self.postProcess(["alert.caf"]), as: UTF8.self).replacingOccurrences(
            of: "project.AddFileToBuild(target, project.AddFile(name, name));",
            with:
                "project.AddFileToBuildSection(target, project.GetResourcesBuildPhaseByTarget(target), project.AddFile(name, name));"
        )
        let root = try Self.project(
            scratch,
            ["Assets/Editor/Sounds.cs": Array(script.utf8), "iOS/Sounds/alert.caf": AndroidTests.caf])
        let plays = try #require(try Self.ios(root, "alert.caf"))
        #expect(plays.fresh.plays == .namedSound, "\(plays.fresh)")
        // Added to another phase (a Sources phase): not copied, so iOS is not judged.
        let scratch2 = try Scratch()
        let other = try Self.project(
            scratch2,
            [
                "Assets/Editor/Sounds.cs": Array(
                    script.replacingOccurrences(
                        of: "GetResourcesBuildPhaseByTarget", with: "GetSourcesBuildPhaseByTarget"
                    )
                    .utf8),
                "iOS/Sounds/alert.caf": AndroidTests.caf
            ])
        #expect(try Self.ios(other, "alert.caf")?.fresh.plays != .namedSound)
    }

    @Test(.bug(id: "57", "Unity framework target")) func aFileAddedToUnityFrameworkIsNotInTheMainBundle() throws {
        let scratch = try Scratch()
        // U4: the framework target's file lands in UnityFramework.framework: the default plays.
        let root = try Self.project(
            scratch,
            [
                "Assets/Editor/Sounds.cs": Self.postProcess(["alert.caf"], target: "GetUnityFrameworkTargetGuid()"),
                "iOS/Sounds/alert.caf": AndroidTests.caf
            ])
        let ios = try #require(try Self.ios(root, "alert.caf"))
        #expect(ios.fresh.plays == .defaultSound, "\(ios.fresh)")
    }

    @Test(.bug(id: "57", "Unity StreamingAssets")) func streamingAssetsAreNotWhereIOSLooks() throws {
        let scratch = try Scratch()
        // U2: StreamingAssets lands in Data/Raw/, a folder iOS does not search: the default plays.
        let root = try Self.project(
            scratch,
            [
                "Assets/Editor/Sounds.cs": Self.postProcess(["other.caf"]),
                "iOS/Sounds/other.caf": AndroidTests.caf,
                "Assets/StreamingAssets/alert.caf": AndroidTests.caf
            ])
        let ios = try #require(try Self.ios(root, "alert.caf"))
        #expect(ios.fresh.plays == .defaultSound, "\(ios.fresh)")
    }

    @Test(.bug(id: "57", "Unity no script")) func withoutAScriptIOSIsNotJudgedAndTheNoteSaysWhy() throws {
        let scratch = try Scratch()
        // U1: the sound must be added to the generated project, and nothing here does: no iOS
        // app is judged (never "plays"), and a note says where the file must go.
        let root = try Self.project(scratch, ["Assets/Sounds/alert.caf": AndroidTests.caf])
        let report = try BundleValidator().validate(paths: [root])
        #expect(!report.bundles.contains { $0.kind.platform == .ios }, "\(report.bundles.map(\.bundle))")
        #expect(
            report.notes.contains {
                $0.hasPrefix(root + ": a Unity project: iOS not judged") && $0.contains("Unity-iPhone")
            },
            "\(report.notes)")
        let ios = try Self.ios(root, "alert.caf")
        #expect(ios?.fresh.plays != .namedSound)
        // A script whose names are computed is said, and not judged either.
        let scratch2 = try Scratch()
        let computed = try Self.project(
            scratch2,
            [
                "Assets/Editor/Sounds.cs": Array(
                    "foreach (var f in Directory.GetFiles(dir)) project.AddFileToBuild(main, project.AddFile(f, f));"
                        .utf8)
            ])
        let notes = try BundleValidator().validate(paths: [computed]).notes
        #expect(notes.contains { $0.contains("Sounds.cs:1 adds files it computes") }, "\(notes)")
    }

    @Test(.bug(id: "57", "Unity export")) func aCommittedExportIsJudgedAsItsXcodeProject() throws {
        let scratch = try Scratch()
        // U3 as committed: the exported project's Unity-iPhone target copies the file: it plays,
        // judged once, by that project.
        let root = try Self.project(
            scratch,
            [
                "Builds/iOS/Unity-iPhone.xcodeproj/project.pbxproj": Array(
                    BundleExample.pbxproj(copying: ["alert.caf"], target: "Unity-iPhone").utf8),
                "Builds/iOS/alert.caf": AndroidTests.caf
            ])
        let pushes = try Explainer().explain(paths: [root], push: .named(sound: "alert.caf", channel: nil)).pushes
            .filter { $0.platform == .ios }
        #expect(pushes.count == 1 && pushes.first?.fresh.plays == .namedSound, "\(pushes.map(\.fresh))")
        let notes = try BundleValidator().validate(paths: [root]).notes
        #expect(notes.contains { $0.contains("exported Xcode project") }, "\(notes)")
    }

    @Test(.bug(id: "57", "Unity Android")) func androidShipsThePluginsRawResources() throws {
        let scratch = try Scratch()
        let root = try Self.project(
            scratch,
            [
                "Assets/Plugins/Android/Sounds.androidlib/src/main/res/raw/alert.wav": AndroidTests.pcm16,
                "Assets/Plugins/Android/res/raw/legacy.wav": AndroidTests.pcm16,
                // Not a plugin's: an audio clip Unity packs into its data.
                "Assets/Audio/res/raw/clip.wav": AndroidTests.pcm16
            ])
        let report = try BundleValidator().validate(paths: [root])
        let android = try #require(report.bundles.first { $0.kind == .androidProject })
        #expect(
            Set(android.files.map(\.relativePath))
                == [
                    "Assets/Plugins/Android/Sounds.androidlib/src/main/res/raw/alert.wav",
                    "Assets/Plugins/Android/res/raw/legacy.wav"
                ], "\(android.files.map(\.relativePath))")
        #expect(android.files.allSatisfy { $0.location == .rawResource })
        // One Android app: the Gradle reader does not judge the project's folder a second time.
        #expect(report.bundles.filter { $0.kind == .androidProject }.count == 1)
        #expect(UnityReader.isPluginRaw("X.androidlib/res/raw") && !UnityReader.isPluginRaw("X.androidlib/a/res/raw"))
    }

    /// Unity Mobile Notifications names no sound on Android: its entry looks nothing up.
    @Test(.bug(id: "57", "Unity library")) func unityMobileNotificationsPlaysTheDefaultOnAndroid() {
        #expect(AndroidLibrary.unityMobileNotifications.lookups("alert").isEmpty)
        var libraries = AndroidLibraries()
        libraries.read(
            unityManifest: Array(#"{"dependencies":{"com.unity.mobile.notifications":"2.5.0","x":"1"}}"#.utf8),
            file: "Packages/manifest.json")
        #expect(libraries.declared == [.unityMobileNotifications])
    }
}
