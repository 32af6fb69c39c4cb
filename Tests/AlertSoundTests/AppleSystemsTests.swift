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
}
