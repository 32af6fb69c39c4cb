import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// macOS, watchOS and tvOS targets of an Xcode project (issue 57): each app is judged by the rules
/// of the system its build settings name. macOS looks a sound up as iOS does, in the app's
/// `Library/Sounds` and its bundle's `Contents/Resources`; watchOS can name no custom sound (the
/// default plays); tvOS plays none. Projects are written here as `project.pbxproj` text.
@Suite struct AppleSystemsTests {
    /// A repository whose one project `Mac.xcodeproj` has an app target built with `settings`
    /// that copies each of `copied` (files in `Mac/`).
    static func project(
        _ scratch: Scratch, settings: String, copied: [String: [UInt8]] = ["alert.caf": AndroidTests.caf]
    ) throws -> String {
        let root = scratch.path("repo")
        var files: [String: [UInt8]] = [
            "Mac.xcodeproj/project.pbxproj": Array(
                BundleExample.pbxproj(
                    copying: copied.keys.sorted().map { "Mac/" + $0 }, target: "Mac", settings: settings
                )
                .utf8)
        ]
        for (name, bytes) in copied { files["Mac/" + name] = bytes }
        try AppSearchTests.tree(root, files)
        return root
    }

    static func explain(
        _ root: String, _ push: Push, validator: BundleValidator = BundleValidator()
    ) throws
        -> Explanation
    {
        try Explainer(validator: validator).explain(paths: [root], push: push)
    }

    /// Both commands agree on the fixture (``ExplainAgreementTests``).
    static func agree(_ root: String, _ pushes: [Push], validator: BundleValidator = BundleValidator()) throws {
        let disagreements = try ExplainAgreementTests.disagreements(
            ExplainAgreementTests.Case(what: root, paths: [root], validator: validator, pushes: pushes))
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    @Test(.bug(id: "57")) func theSystemComesFromTheBuildSettings() throws {
        func systems(_ settings: [String: String], project: [String: String] = [:]) -> [AppleOS] {
            XcodeProject.systems(settings, project: project)
        }
        #expect(systems([:]) == [.ios])
        #expect(systems(["SDKROOT": "iphoneos"]) == [.ios])
        #expect(systems(["SDKROOT": "macosx"]) == [.macos])
        #expect(systems(["SDKROOT": "watchos"]) == [.watchos])
        #expect(systems(["SDKROOT": "appletvos"]) == [.tvos])
        #expect(systems(["SDKROOT": "xros"]) == [.ios], "visionOS looks sounds up as iOS does")
        #expect(
            systems([:], project: ["SDKROOT": "macosx"]) == [.macos], "the project's setting when the target has none")
        // A multiplatform target: one app per system it supports.
        #expect(
            systems(["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx xros xrsimulator"])
                == [.ios, .macos])
        #expect(
            systems(["SDKROOT": "/Applications/Xcode.app/Contents/Developer/Platforms/MacOSX.platform/MacOSX14.0.sdk"])
                == [.macos])
    }

    @Test(.bug(id: "57")) func aMultiplatformTargetBuildsAnAppForEachSystem() throws {
        let text = BundleExample.pbxproj(
            copying: ["Mac/alert.caf"], target: "Both",
            settings: #"SDKROOT = auto; SUPPORTED_PLATFORMS = "iphoneos iphonesimulator macosx";"#)
        let project = try XcodeProject.parse(Array(text.utf8), path: "/p/Both.xcodeproj")
        #expect(project.apps.map(\.os) == [.ios, .macos])
        #expect(project.apps.map(\.targets) == [["Both"], ["Both"]])
    }

    @Test(.bug(id: "57")) func aMacAppPlaysItsSoundFromContentsResources() throws {
        let scratch = try Scratch()
        let root = try Self.project(scratch, settings: "SDKROOT = macosx;")
        let explanation = try Self.explain(root, .named(sound: "alert.caf", channel: nil))
        try #require(explanation.pushes.count == 1, "\(explanation.pushes.map(\.summary))")
        let push = explanation.pushes[0]
        #expect(push.platform == .ios && push.os == .macos)
        #expect(push.fresh.plays == .namedSound, "\(push.summary)")
        #expect(push.summary.hasPrefix("On macOS"), "\(push.summary)")
        #expect(push.app?.contains("macOS app target Mac") == true, "\(push.app ?? "")")
        let lookup = try #require(push.steps.first { $0.step == .lookup })
        #expect(lookup.text.hasPrefix("macOS looks for 'alert.caf'") && lookup.text.contains("Contents/Resources"))
        let report = try BundleValidator().validate(paths: [root], references: [.named("alert.caf")])
        #expect(report.valid)
        try Self.agree(root, [.named(sound: "alert.caf", channel: nil)])
    }

    @Test(.bug(id: "57")) func aMacAppPlaysTheDefaultForASoundItDoesNotShipOrCannotPlay() throws {
        let scratch = try Scratch()
        let root = try Self.project(
            scratch, settings: "SDKROOT = macosx;",
            copied: ["alert.caf": AndroidTests.caf, "broken.caf": Array("not a sound at all".utf8)])
        for name in ["gone.caf", "broken.caf"] {
            let push = try #require(try Self.explain(root, .named(sound: name, channel: nil)).pushes.first)
            #expect(push.os == .macos && push.fresh.plays == .defaultSound, "\(push.summary)")
            let report = try BundleValidator().validate(paths: [root], references: [.named(name)])
            #expect(!report.valid, "\(name)")
        }
        try Self.agree(root, [.named(sound: "gone.caf", channel: nil), .named(sound: "broken.caf", channel: nil)])
    }

    @Test(.bug(id: "57")) func aWatchAppPlaysTheDefaultWhateverItNames() throws {
        let scratch = try Scratch()
        let root = try Self.project(scratch, settings: "SDKROOT = watchos;")
        let named = try #require(try Self.explain(root, .named(sound: "alert.caf", channel: nil)).pushes.first)
        #expect(named.os == .watchos && named.fresh.plays == .defaultSound, "\(named.summary)")
        #expect(named.summary.hasPrefix("On watchOS") && named.summary.contains("unavailable"), "\(named.summary)")
        let asked = try #require(try Self.explain(root, .named(sound: "default", channel: nil)).pushes.first)
        #expect(asked.fresh.plays == .requestedDefault)
        // validate-bundle judges neither its sounds nor the name, and says why.
        let report = try BundleValidator().validate(paths: [root], references: [.named("alert.caf")])
        #expect(report.valid && report.bundles.allSatisfy { $0.references.isEmpty && $0.files.isEmpty })
        #expect(
            report.notes.contains {
                $0.contains("watchOS app target Mac") && $0.contains("watchOS plays the default sound")
                    && $0.contains("the 1 sound it copies is not judged")
            }, "\(report.notes)")
        try Self.agree(root, [.named(sound: "alert.caf", channel: nil)])
    }

    @Test(.bug(id: "57")) func aTVAppPlaysNoNotificationSound() throws {
        let scratch = try Scratch()
        let root = try Self.project(scratch, settings: "SDKROOT = appletvos;")
        let payload = scratch.path("push.json")
        try Data(#"{"aps":{"sound":"alert.caf","badge":1}}"#.utf8).write(to: URL(fileURLWithPath: payload))
        for push in [
            Push.named(sound: "alert.caf", channel: nil), .named(sound: "default", channel: nil), try .read(at: payload)
        ] {
            let explained = try #require(try Self.explain(root, push).pushes.first)
            #expect(explained.os == .tvos && explained.fresh.plays == .noSound, "\(explained.summary)")
            #expect(explained.summary.hasPrefix("On tvOS"), "\(explained.summary)")
        }
    }

    /// A Flutter app's shared Dart code names the iOS app's sounds; its `macos/` app, which ships
    /// none, is named only by its own project's code, so it does not fail on the iOS app's names.
    @Test(.bug(id: "57")) func aHostFrameworksMacAppIsNotNamedByTheSharedCode() throws {
        let scratch = try Scratch()
        let root = scratch.path("flutter")
        try AppSearchTests.tree(
            root,
            [
                "pubspec.yaml": Array("name: app\ndependencies:\n  flutter_local_notifications: any\n".utf8),
                "lib/main.dart": Array("final ios = DarwinNotificationDetails(sound: 'ping.caf');".utf8),
                "ios/Runner.xcodeproj/project.pbxproj": Array(
                    BundleExample.pbxproj(copying: ["Runner/ping.caf"], target: "Runner").utf8),
                "ios/Runner/ping.caf": AndroidTests.caf,
                "macos/Runner.xcodeproj/project.pbxproj": Array(
                    BundleExample.pbxproj(copying: [], target: "Runner", settings: "SDKROOT = macosx;").utf8)
            ])
        let report = try BundleValidator().validate(paths: [root])
        #expect(report.bundles.map { $0.bundle.hasSuffix("(macOS app target Runner)") } == [false, true])
        #expect(report.bundles[0].references.map(\.name) == ["ping.caf"], "the iOS app is named by the Dart code")
        #expect(report.valid, "\(report.bundles.map(\.references))")
    }

    @Test(.bug(id: "57")) func platformChoosesOneSystemsApps() throws {
        let scratch = try Scratch()
        let root = try Self.project(
            scratch, settings: #"SDKROOT = auto; SUPPORTED_PLATFORMS = "iphoneos iphonesimulator macosx";"#)
        let both = try Self.explain(root, .named(sound: "alert.caf", channel: nil))
        #expect(both.pushes.map(\.os) == [nil, .macos], "\(both.pushes.map(\.summary))")
        var validator = BundleValidator()
        validator.systems = [.macos]
        let mac = try Self.explain(root, .named(sound: "alert.caf", channel: nil), validator: validator)
        #expect(mac.pushes.map(\.os) == [.macos])
        #expect(mac.notes.contains { $0.contains("left out: it is iOS's") }, "\(mac.notes)")
    }

    /// An iOS app (`App`, depending on the framework `Shared`) and a macOS launcher (`Launcher`) in
    /// one project; `Shared/Alerts.swift` asks for a critical alert, `Loose.swift` is compiled by no
    /// target, `Launcher/Main.swift` only by the launcher.
    static let twoApps = """
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 54; objects = {
        F1 = {isa = PBXFileReference; path = "App/siren.caf"; sourceTree = "<group>"; };
        F2 = {isa = PBXFileReference; path = "App/AppDelegate.swift"; sourceTree = "<group>"; };
        F3 = {isa = PBXFileReference; path = "Shared/Alerts.swift"; sourceTree = "<group>"; };
        F4 = {isa = PBXFileReference; path = "Launcher/Main.swift"; sourceTree = "<group>"; };
        B1 = {isa = PBXBuildFile; fileRef = F1; };
        B2 = {isa = PBXBuildFile; fileRef = F2; };
        B3 = {isa = PBXBuildFile; fileRef = F3; };
        B4 = {isa = PBXBuildFile; fileRef = F4; };
        G1 = {isa = PBXGroup; children = (F1, F2, F3, F4, ); sourceTree = "<group>"; };
        R1 = {isa = PBXResourcesBuildPhase; files = (B1, ); };
        S1 = {isa = PBXSourcesBuildPhase; files = (B2, ); };
        S2 = {isa = PBXSourcesBuildPhase; files = (B3, ); };
        S3 = {isa = PBXSourcesBuildPhase; files = (B4, ); };
        D1 = {isa = PBXTargetDependency; target = T2; };
        T1 = {isa = PBXNativeTarget; buildPhases = (S1, R1, ); dependencies = (D1, ); name = App; productType = "com.apple.product-type.application"; };
        T2 = {isa = PBXNativeTarget; buildPhases = (S2, ); name = Shared; productType = "com.apple.product-type.framework"; };
        T3 = {isa = PBXNativeTarget; buildConfigurationList = L3; buildPhases = (S3, ); name = Launcher; productType = "com.apple.product-type.application"; };
        L3 = {isa = XCConfigurationList; buildConfigurations = (C3, ); };
        C3 = {isa = XCBuildConfiguration; name = Release; buildSettings = {SDKROOT = macosx;}; };
        P1 = {isa = PBXProject; mainGroup = G1; targets = (T1, T2, T3, ); };
        }; rootObject = P1; }
        """

    @Test(.bug(id: "57")) func codeOnlyAnotherAppCompilesNamesNoneOfThisAppsSounds() throws {
        let scratch = try Scratch()
        let root = scratch.path("repo")
        try AppSearchTests.tree(
            root,
            [
                "Both.xcodeproj/project.pbxproj": Array(Self.twoApps.utf8),
                "App/siren.caf": AndroidTests.caf,
                "App/AppDelegate.swift": Array("let hello = 1\n".utf8),
                "Shared/Alerts.swift": Array(
                    "let s = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName(\"siren.caf\"))\n".utf8),
                "Launcher/Main.swift": Array("let bye = 2\n".utf8),
                "Loose.swift": Array(
                    "let t = UNNotificationSound(named: UNNotificationSoundName(\"siren.caf\"))\n".utf8)
            ])
        let report = try BundleValidator().validate(paths: [root])
        try #require(report.bundles.count == 2, "\(report.bundles.map(\.bundle))")
        #expect(report.bundles[1].bundle.hasSuffix("(macOS app target Launcher)"))
        func origins(_ index: Int) -> [String] {
            report.bundles[index].references.compactMap { $0.position.map { lastComponent($0.file) } }.sorted()
        }
        // The framework the iOS app depends on names its critical alert; the loose file, which no
        // target compiles, is read for both, as code the project does not describe.
        #expect(origins(0) == ["Alerts.swift", "Loose.swift"])
        #expect(origins(1) == ["Loose.swift"], "the launcher builds neither the app nor its framework")
        #expect(report.bundles[0].references.filter(\.critical).map(\.name) == ["siren.caf"])
    }

    @Test(.bug(id: "57")) func aSynchronizedFolderCompilesWhatItsExceptionsLeave() {
        var compiles = CompiledFiles()
        compiles.own = CompiledFiles.Files(folders: ["repo/App": ["Widget.swift"]])
        compiles.all = compiles.own
        compiles.all.formUnion(CompiledFiles.Files(files: ["repo/Mac/Main.swift"], folders: ["repo/Widget": []]))
        #expect(!compiles.excludes("repo/App/Sub/Push.swift"), "in the app's synchronized folder")
        #expect(!compiles.excludes("./repo/Loose.swift"), "compiled by no target")
        #expect(compiles.excludes("repo/Mac/Main.swift"), "compiled by another app only")
        #expect(compiles.excludes("repo/Widget/View.swift"))
        // Excluded from the app's folder, and compiled by no other target: no target compiles it.
        #expect(!compiles.excludes("repo/App/Widget.swift"))
    }
}
