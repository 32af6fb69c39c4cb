import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// XcodeGen projects (issue 57): a `project.yml` with no committed `.xcodeproj` is read as the
/// project it generates, its YAML through ``YAMLSubsetParser``. Specs and trees are written here.
@Suite struct XcodeGenTests {
    // MARK: YAML

    @Test(.bug(id: "57")) func theYAMLSubsetReadsASpec() throws {
        let text = """
            ---
            name: App # the project
            include:
              - path: App/target.yml
                relativePaths: false
              - other.yml
            options: {deploymentTarget: {iOS: "14.0"}, bundleIdPrefix: 'com.app''s'}
            targets:
              App:
                type: application
                platform: [iOS, macOS]
                sources:
                - path: App
                  excludes:
                    - "**/Test/**"
                    - Logs
                - path: Sounds
                  type: folder
                preBuildScripts:
                  - script: |
                      echo "a: b" # kept
                      exit 0
                    name: lint
                empty:
            """
        let value = try YAMLSubsetParser.parse(Array(text.utf8))
        let expected = JSONValue.object([
            "name": .string("App"),
            "include": .array([
                .object(["path": .string("App/target.yml"), "relativePaths": .string("false")]), .string("other.yml")
            ]),
            "options": .object([
                "deploymentTarget": .object(["iOS": .string("14.0")]), "bundleIdPrefix": .string("com.app's")
            ]),
            "targets": .object([
                "App": .object([
                    "type": .string("application"), "platform": .array([.string("iOS"), .string("macOS")]),
                    "sources": .array([
                        .object([
                            "path": .string("App"), "excludes": .array([.string("**/Test/**"), .string("Logs")])
                        ]),
                        .object(["path": .string("Sounds"), "type": .string("folder")])
                    ]),
                    "preBuildScripts": .array([
                        .object(["script": .string("echo \"a: b\" # kept\nexit 0"), "name": .string("lint")])
                    ]),
                    "empty": .null
                ])
            ])
        ])
        #expect(value == expected, "\(value)")
    }

    @Test(
        .bug(id: "57"),
        arguments: [
            "a: b\n  c: d", "a:\n\t- b", "- a\nb: c", "a: [b, c", "a: \"b", "a: b\nc", "a: {b: [c}"
        ])
    func yamlOutsideTheSubsetIsAnErrorNamingTheLine(_ text: String) throws {
        do {
            let value = try YAMLSubsetParser.parse(Array(text.utf8))
            Issue.record("accepted \(text.debugDescription) as \(value)")
        } catch let error as StructureError {
            #expect(error.message.hasPrefix("line "), "\(error.message)")
        }
    }

    /// Nesting as deep as the reader allows fits a Mac's 512 KiB secondary-thread stack; one more
    /// level is a clear error.
    @Test(.bug(id: "57")) func deepYAMLFitsAnAppleThreadStack() throws {
        func nested(_ levels: Int) -> [UInt8] {
            Array((0..<levels).map { String(repeating: " ", count: $0) + "k:\n" }.joined().utf8)
        }
        let limit = Limits.maximumNesting
        let read = try SmallStack.run { Result { try YAMLSubsetParser.parse(nested(limit)) } }
        #expect(throws: Never.self) { try read.get() }
        let tooDeep = try SmallStack.run { Result { try YAMLSubsetParser.parse(nested(limit + 1)) } }
        #expect(throws: StructureError.self) { try tooDeep.get() }
    }

    // MARK: Specs

    /// A repository built with XcodeGen: `project.yml` includes `App/target.yml`, whose app target
    /// takes its folder as a group (but `Excluded/`) and `../Sounds` as a folder reference.
    static func repository(_ scratch: Scratch, extra: [String: [UInt8]] = [:]) throws -> String {
        let root = scratch.path("repo")
        let caf = AndroidTests.caf
        var files: [String: [UInt8]] = [
            "project.yml": Array(
                """
                name: App
                include:
                  - path: App/target.yml
                options:
                  deploymentTarget:
                    iOS: "15.0"
                """.utf8),
            "App/target.yml": Array(
                """
                targets:
                  App:
                    type: application
                    platform: iOS
                    sources:
                    - path: .
                      excludes:
                        - "Excluded"
                        - "**/*.md"
                    - path: ../Sounds
                      type: folder
                  AppTests:
                    type: bundle.unit-test
                    platform: iOS
                    sources: [../Tests]
                """.utf8),
            "App/Assets/Sounds/ping.caf": caf,
            "App/Kit/Kit.bundle/Sounds/kit.caf": caf,
            "App/Excluded/left.caf": caf,
            "App/en.lproj/hello.caf": caf,
            "Sounds/deep.caf": caf,
            "Tests/test.caf": caf,
            "App/Code/Notify.swift": Array(
                #"let s = UNNotificationSound(named: UNNotificationSoundName("ping.caf"))"#.utf8)
        ]
        for (path, bytes) in extra { files[path] = bytes }
        try AppSearchTests.tree(root, files)
        return root
    }

    @Test(.bug(id: "57")) func aGroupsFilesLandAtTheTopAndAFolderReferenceKeepsItsFolder() throws {
        let scratch = try Scratch()
        let root = try Self.repository(scratch)
        let run = try BundleValidator().prepare(paths: [root], references: [])
        try #require(run.scans.count == 1, "\(run.scans.map(\.root)) \(run.notes)")
        let scan = run.scans[0]
        #expect(scan.kind == .xcodeProject && scan.root.hasSuffix("project.yml (app target App)"), "\(scan.root)")
        let landed = Dictionary(scan.sounds.map { ($0.relativePath, $0.location) }, uniquingKeysWith: { a, _ in a })
        #expect(
            landed == [
                "ping.caf": .bundle, "Kit.bundle/Sounds/kit.caf": .resourceBundle, "en.lproj/hello.caf": .localized,
                "Sounds/deep.caf": .subfolder
            ], "\(landed)")
        #expect(scan.minimumIOS?.version == IOSVersion("15.0"), "\(String(describing: scan.minimumIOS))")
        // What the target excludes, or no app target takes, ships in no app.
        #expect(Set(scan.uncopied.keys) == ["left.caf", "test.caf"], "\(scan.uncopied)")
        // The app's code names ping.caf.
        #expect(scan.codeReferences.map(\.name) == ["ping.caf"], "\(scan.codeReferences)")
    }

    @Test(.bug(id: "57")) func explainFollowsTheSpec() throws {
        let scratch = try Scratch()
        let root = try Self.repository(scratch)
        func plays(_ name: String) throws -> PlayOutcome.Plays? {
            try Explainer().explain(paths: [root], push: .named(sound: name, channel: nil)).pushes.first?.fresh.plays
        }
        #expect(try plays("ping.caf") == .namedSound)
        // Inside a nested bundle, in a folder reference's folder, excluded: the default plays.
        for name in ["kit.caf", "deep.caf", "left.caf"] { #expect(try plays(name) == .defaultSound, "\(name)") }
        try AppleSystemsTests.agree(
            root, ["ping.caf", "kit.caf", "deep.caf", "left.caf"].map { Push.named(sound: $0, channel: nil) })
    }

    @Test(.bug(id: "57")) func aCommittedProjectBesideTheSpecWins() throws {
        let scratch = try Scratch()
        let root = try Self.repository(
            scratch,
            extra: [
                "App.xcodeproj/project.pbxproj": Array(
                    BundleExample.pbxproj(copying: ["Sounds/deep.caf"], target: "Committed").utf8)
            ])
        let run = try BundleValidator().prepare(paths: [root], references: [])
        #expect(run.scans.map(\.root) == [root + "/App.xcodeproj (app target Committed)"], "\(run.scans.map(\.root))")
    }

    @Test(.bug(id: "57")) func sharedSettingsAloneAreNoProjectAndTheSpecIsRead() throws {
        let scratch = try Scratch()
        // As element-ios commits them: schemes and a package resolution, no project or workspace data.
        let root = try Self.repository(
            scratch,
            extra: [
                "App.xcodeproj/xcshareddata/xcschemes/App.xcscheme": Array("<Scheme/>".utf8),
                "App.xcworkspace/xcshareddata/swiftpm/Package.resolved": Array("{}".utf8)
            ])
        let run = try BundleValidator().prepare(paths: [root], references: [])
        #expect(run.scans.map(\.root) == [root + "/project.yml (app target App)"], "\(run.scans.map(\.root))")
        #expect(run.notes.contains { $0.contains("App.xcworkspace: cannot be read") }, "\(run.notes)")
        #expect(run.notes.contains { $0.contains("App.xcodeproj: cannot be read") }, "\(run.notes)")
    }

    @Test(.bug(id: "57")) func aMalformedSpecIsANoteAndTheRestIsJudged() throws {
        let scratch = try Scratch()
        let root = scratch.path("repo")
        try AppSearchTests.tree(
            root,
            [
                "ios/project.yml": Array("targets:\n  App:\n    type: application\n   sources: [x\n".utf8),
                "ios/App/ping.caf": AndroidTests.caf,
                "android/settings.gradle": Array("include ':app'".utf8),
                "android/app/build.gradle": Array("plugins { id 'com.android.application' }".utf8),
                "android/app/src/main/res/raw/ping.wav": AndroidTests.pcm16
            ])
        let run = try BundleValidator().prepare(paths: [root], references: [])
        #expect(run.scans.map(\.kind) == [.androidProject], "\(run.scans.map(\.root))")
        #expect(run.notes.contains { $0.contains("project.yml") && $0.contains("line 4") }, "\(run.notes)")
    }

    @Test(.bug(id: "57")) func aSpecsPlatformDecidesTheSystem() throws {
        let scratch = try Scratch()
        let root = scratch.path("repo")
        try AppSearchTests.tree(
            root,
            [
                "project.yml": Array(
                    """
                    targets:
                      Watch:
                        type: application
                        platform: watchOS
                        sources: [Watch]
                      Mac:
                        type: application
                        platform: macOS
                        sources: [Mac]
                    """.utf8),
                "Watch/ping.caf": AndroidTests.caf, "Mac/ping.caf": AndroidTests.caf
            ])
        let pushes = try Explainer().explain(paths: [root], push: .named(sound: "ping.caf", channel: nil)).pushes
        #expect(pushes.map(\.os) == [.macos, .watchos], "\(pushes.map(\.summary))")
        #expect(pushes.map(\.fresh.plays) == [.namedSound, .defaultSound])
    }
}
