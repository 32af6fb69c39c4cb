import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// What ships is decided by the Xcode project, not the folder: projects written here as
/// `project.pbxproj` text, in the layouts Flutter and React Native generate.
@Suite struct XcodeProjectTests {
    /// A Flutter-like `ios/Runner.xcodeproj`: the Runner group holds notification.caf (copied),
    /// unused.mp3 (in the group, in no phase); notification.wav sits in `ios/` and is copied; a folder
    /// reference `Sounds`; a variant group `Alert.caf` in en.lproj; an extension target copies ext.caf.
    static let runner = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 54;
        	objects = {
        /* Begin PBXBuildFile section */
        		B1000000000000000000000A /* notification.caf in Resources */ = {isa = PBXBuildFile; fileRef = F1000000000000000000000A /* notification.caf */; };
        		B1000000000000000000000B = {isa = PBXBuildFile; fileRef = F1000000000000000000000B; };
        		B1000000000000000000000C = {isa = PBXBuildFile; fileRef = F1000000000000000000000C; };
        		B1000000000000000000000D = {isa = PBXBuildFile; fileRef = V1000000000000000000000A; };
        		B1000000000000000000000E = {isa = PBXBuildFile; fileRef = F1000000000000000000000E; };
        /* End PBXBuildFile section */
        		F1000000000000000000000A /* notification.caf */ = {isa = PBXFileReference; lastKnownFileType = file; path = notification.caf; sourceTree = "<group>"; };
        		F1000000000000000000000B = {isa = PBXFileReference; lastKnownFileType = audio.wav; name = notification.wav; path = ../notification.wav; sourceTree = "<group>"; };
        		F1000000000000000000000C = {isa = PBXFileReference; lastKnownFileType = folder; path = Sounds; sourceTree = SOURCE_ROOT; };
        		F1000000000000000000000D = {isa = PBXFileReference; path = unused.mp3; sourceTree = "<group>"; };
        		F1000000000000000000000E = {isa = PBXFileReference; path = ext.caf; sourceTree = "<group>"; };
        		F1000000000000000000000F = {isa = PBXFileReference; name = en; path = en.lproj/Alert.caf; sourceTree = "<group>"; };
        		V1000000000000000000000A /* Alert.caf */ = {isa = PBXVariantGroup; children = (F1000000000000000000000F, ); name = Alert.caf; sourceTree = "<group>"; };
        		G1000000000000000000000A = {isa = PBXGroup; children = (G1000000000000000000000B, F1000000000000000000000C, ); sourceTree = "<group>"; };
        		G1000000000000000000000B /* Runner */ = {isa = PBXGroup; children = (F1000000000000000000000A, F1000000000000000000000B, F1000000000000000000000D, F1000000000000000000000E, V1000000000000000000000A, ); path = Runner; sourceTree = "<group>"; };
        		R1000000000000000000000A /* Resources */ = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (B1000000000000000000000A, B1000000000000000000000B, B1000000000000000000000C, B1000000000000000000000D, ); runOnlyForDeploymentPostprocessing = 0; };
        		R1000000000000000000000B = {isa = PBXResourcesBuildPhase; files = (B1000000000000000000000E, ); };
        		T1000000000000000000000A /* Runner */ = {isa = PBXNativeTarget; buildPhases = (R1000000000000000000000A, ); name = Runner; productType = "com.apple.product-type.application"; };
        		T1000000000000000000000B = {isa = PBXNativeTarget; buildPhases = (R1000000000000000000000B, ); name = NotificationService; productType = "com.apple.product-type.app-extension"; };
        		P1000000000000000000000A /* Project object */ = {isa = PBXProject; mainGroup = G1000000000000000000000A; projectDirPath = ""; targets = (T1000000000000000000000A, T1000000000000000000000B, ); };
        	};
        	rootObject = P1000000000000000000000A /* Project object */;
        }
        """

    /// Writes a Flutter-like repository: `ios/` with the project and its files, `lib/` with Dart.
    static func flutter(_ scratch: Scratch) throws -> String {
        let root = scratch.path("app")
        let fm = FileManager.default
        for folder in ["ios/Runner.xcodeproj", "ios/Runner/en.lproj", "ios/Sounds", "lib"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try Data(runner.utf8).write(to: URL(fileURLWithPath: root + "/ios/Runner.xcodeproj/project.pbxproj"))
        let caf = AndroidTests.caf, wav = AndroidTests.pcm16
        for (path, bytes) in [
            ("ios/Runner/notification.caf", caf), ("ios/notification.wav", wav), ("ios/Sounds/deep.caf", caf),
            ("ios/Runner/en.lproj/Alert.caf", caf), ("ios/Runner/ext.caf", caf), ("ios/Runner/stray.caf", caf),
            ("ios/Runner/unused.mp3", Array("not a sound at all".utf8)), ("lib/main.dart", Array("void main() {}".utf8))
        ] {
            try Data(bytes).write(to: URL(fileURLWithPath: root + "/" + path))
        }
        return root
    }

    @Test func theParserReadsWhatXcodeWrites() throws {
        let value = try OpenStepPlistParser.parse(Array(Self.runner.utf8))
        guard case .object(let top) = value, case .object(let objects)? = top["objects"] else {
            Issue.record("no objects")
            return
        }
        #expect(objects.count == 19)
        guard case .object(let file)? = objects["F1000000000000000000000B"] else {
            Issue.record("no file")
            return
        }
        #expect(file["path"] == .string("../notification.wav") && file["sourceTree"] == .string("<group>"))
        #expect(
            try OpenStepPlistParser.parse(Array(#"{ a = "q\"\\\n\U00e9\101"; b = (1, 2,); c = <0fab 12>; }"#.utf8))
                == .object(["a": .string("q\"\\\né\u{41}"), "b": .array([.string("1"), .string("2")]), "c": .null]))
    }

    @Test(arguments: ["{ a = b", "{ a = (1, 2; }", "{ a b; }", "{ \"a = 1; }", "(" + String(repeating: "(", count: 600)]
    )
    func aBrokenProjectIsAClearError(_ text: String) throws {
        // On the 512 KiB stack of a Mac's secondary thread, where the 600 levels once overflowed it.
        let result = try SmallStack.run { Result { try OpenStepPlistParser.parse(Array(text.utf8)) == .null } }
        do {
            _ = try result.get()
            Issue.record("accepted \(text.prefix(20))")
        } catch let error as StructureError {
            #expect(error.message.contains("line") || error.reason == .tooDeep, "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    // A project with a member nested as deep as the reader allows crashed on a Mac's 512 KiB
    // secondary-thread stack (the reader recursed once a level); it is read, walked and freed
    // there, and one level more is a clear error.
    @Test(.bug(id: 55, "item 6")) func aDeepProjectFitsAnAppleThreadStack() throws {
        // The member is inside the top dictionary: its own levels are one fewer than the whole.
        func project(levels: Int) -> [UInt8] {
            let deep = NestedInputs.text(levels - 1, open: "{a=", close: ";}", innermost: "{}")
            return Array(
                Self.runner.replacingOccurrences(of: "\trootObject =", with: "\tdeep = \(deep);\n\trootObject =").utf8)
        }
        let limit = Limits.maximumNesting
        let targets = try SmallStack.run {
            try XcodeProject.parse(project(levels: limit), path: "/p/ios/Runner.xcodeproj").apps.map(\.targets)
        }
        #expect(targets == [["Runner"]])
        let tooDeep = try SmallStack.run {
            Result { try XcodeProject.parse(project(levels: limit + 1), path: "/p/ios/Runner.xcodeproj") }
        }
        #expect(throws: AlertSoundError.self) { try tooDeep.get() }
        if case .failure(let error as AlertSoundError) = tooDeep {
            #expect(error.message.contains("nested deeper than \(limit) levels"), "\(error)")
        }
    }

    /// The app target's Resources phase decides: a sound in the tree no target copies is not in
    /// the bundle (it was "plays"), a copied file outside the folder is (it was `no-such-sound`), an
    /// unshipped mp3 does not fail the app, a folder reference's sounds are in a sub-folder, a
    /// variant group's are localized, an extension's resources are not the app's.
    @Test(arguments: ["ios", "ios/Runner.xcodeproj", ""])
    func whatTheAppTargetCopiesIsWhatShips(_ given: String) throws {
        let scratch = try Scratch()
        let root = try Self.flutter(scratch)
        let path = given.isEmpty ? root : root + "/" + given
        let references = [
            "ios:notification.caf", "ios:notification.wav", "ios:stray.caf", "ios:deep.caf", "ios:ext.caf"
        ].map { SoundReference.named($0) }
        let report = try BundleValidator().validate(path: path, references: references)
        #expect(report.kind == .xcodeProject, "\(given)")
        #expect(
            report.bundle.contains("Runner.xcodeproj") && report.bundle.contains("app target Runner"),
            "\(report.bundle)")
        let files = Dictionary(uniqueKeysWithValues: report.files.map { ($0.relativePath, $0.location) })
        #expect(
            files == [
                "notification.caf": .bundle, "notification.wav": .bundle, "Sounds/deep.caf": .subfolder,
                "en.lproj/Alert.caf": .localized
            ], "\(files)")
        #expect(
            report.files.first { $0.relativePath == "notification.wav" }?.report.path == root + "/ios/notification.wav")
        let verdicts = report.references.map { $0.diagnostics.map(\.code.rawValue) }
        // stray.caf lies in Runner/ and ext.caf is only the extension's: neither is in the app.
        #expect(verdicts == [[], [], ["not-in-target"], ["not-reachable"], ["not-in-target"]], "\(verdicts)")
        #expect(report.references[2].diagnostics.first?.message.contains("ios/Runner/stray.caf") == true)
        // Without references, the unshipped mp3 and the stray caf do not touch the verdict, and are said once.
        #expect(try BundleValidator().validate(path: path).files.allSatisfy { $0.report.valid })
        let note = try BundleValidator().prepare(paths: [path]).notes.first { $0.hasPrefix("3 sounds") } ?? ""
        #expect(
            note.hasPrefix("3 sounds in the folder of")
                && ["ext.caf", "stray.caf", "unused.mp3"].allSatisfy(note.contains), "\(note)")
    }

    /// A folder reference the tree does not hold (Capacitor's `public/`, made from the web build at
    /// `npx cap copy` and not committed) failed the app as unreadable: it is said, and the rest is
    /// judged (issue 57).
    @Test(.bug(id: 57, "absent folder reference")) func aFolderReferenceMadeAtBuildTimeIsSaid() throws {
        let scratch = try Scratch()
        let root = try Self.flutter(scratch)
        try FileManager.default.removeItem(atPath: root + "/ios/Sounds")
        let path = root + "/ios"
        let report = try BundleValidator().validate(path: path, references: [.named("ios:notification.caf")])
        #expect(report.valid, "\(report.files.map { ($0.relativePath, $0.report.diagnostics.map(\.message)) })")
        #expect(!report.files.contains { $0.relativePath.hasPrefix("Sounds") })
        let notes = try BundleValidator().prepare(paths: [path]).notes
        #expect(
            notes.contains { $0.contains("the folder") && $0.contains("Sounds") && $0.contains("not judged") },
            "\(notes)")
    }

    /// A Capacitor app's Xcode project is two folders down (`ios/App/App.xcodeproj`): its code, at
    /// the root beside `package.json`, is the app's, and a name it gives is judged (issue 57: the
    /// code was not read, so a name no target ships passed).
    @Test(.bug(id: 57, "Capacitor code root")) func aCapacitorAppsCodeIsRead() throws {
        let scratch = try Scratch()
        let root = scratch.path("app")
        try FileManager.default.createDirectory(
            atPath: root + "/ios/App/App.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        _ = try scratch.write(
            "app/ios/App/App.xcodeproj/project.pbxproj", Array(BundleExample.pbxproj(copying: []).utf8))
        _ = try scratch.write(
            "app/package.json", Array(#"{"dependencies": {"@capacitor/local-notifications": "7"}}"#.utf8))
        _ = try scratch.write(
            "app/src/alerts.ts",
            Array(
                "await LocalNotifications.schedule({ notifications: [{ id: 1, title: 't', sound: 'beep.wav' }] });\n"
                    .utf8))
        let report = try BundleValidator().validate(paths: [root])
        let ios = try #require(report.bundles.first { $0.kind == .xcodeProject })
        #expect(ios.references.map(\.name) == ["beep.wav"], "\(ios.references.map(\.name))")
        #expect(!ios.valid)
    }

    /// A Flutter root was judged as Android only (or, with no res/raw, passed with 0 sounds): both
    /// platforms are judged, each by its rules.
    @Test func aRepositoryRootIsBothPlatforms() throws {
        let scratch = try Scratch()
        let root = try Self.flutter(scratch)
        try FileManager.default.createDirectory(
            atPath: root + "/android/app/src/main/res/raw", withIntermediateDirectories: true)
        try Data(AndroidTests.pcm16).write(
            to: URL(fileURLWithPath: root + "/android/app/src/main/res/raw/notification.wav"))
        let report = try BundleValidator().validate(
            paths: [root], references: [.named("ios:notification.wav"), .named("android:notification")])
        #expect(report.bundles.map(\.kind) == [.xcodeProject, .androidProject])
        #expect(
            report.bundles.allSatisfy { $0.references.allSatisfy(\.valid) },
            "\(report.bundles.map { $0.references.map(\.diagnostics) })")
    }

    /// A project's text is input: a folder reference to `/` would have the walk read the disk.
    @Test func foldersOutsideTheProjectAreNotWalked() throws {
        let scratch = try Scratch()
        let root = scratch.path("App")
        try FileManager.default.createDirectory(atPath: root + "/App.xcodeproj", withIntermediateDirectories: true)
        try Data(
            """
            { objects = {
              B1 = {isa = PBXBuildFile; fileRef = F1; }; B2 = {isa = PBXBuildFile; fileRef = F2; };
              F1 = {isa = PBXFileReference; lastKnownFileType = folder; path = /; sourceTree = "<absolute>"; };
              F2 = {isa = PBXFileReference; lastKnownFileType = folder; path = ../..; sourceTree = "<group>"; };
              S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = /usr; sourceTree = "<absolute>"; };
              G1 = {isa = PBXGroup; children = (F1, F2, S1, ); sourceTree = "<group>"; };
              R1 = {isa = PBXResourcesBuildPhase; files = (B1, B2, ); };
              T1 = {isa = PBXNativeTarget; buildPhases = (R1, ); fileSystemSynchronizedGroups = (S1, ); name = App; productType = "com.apple.product-type.application"; };
              P1 = {isa = PBXProject; mainGroup = G1; targets = (T1, ); };
            }; rootObject = P1; }
            """.utf8
        ).write(to: URL(fileURLWithPath: root + "/App.xcodeproj/project.pbxproj"))
        // Each is an unjudged sound (it was passed over, and the run passed): not read, not named
        // beyond the project's own text, and failing the run.
        let report = try BundleValidator().validate(path: root)
        #expect(report.kind == .xcodeProject && !report.valid)
        #expect(
            report.files.map { $0.report.diagnostics.map(\.code) } == [[.unreadable], [.unreadable], [.unreadable]],
            "\(report.files.map(\.report.diagnostics))")
        #expect(
            report.files.allSatisfy { $0.report.diagnostics[0].message.contains("outside \(root), the folder given") })
        #expect(!report.files.contains { $0.relativePath.contains("etc") || $0.relativePath.contains("bin") })
    }

    /// A folder inside a project is judged by its own files: the project above it is not read
    /// (nothing outside the folder given is), so a broken workspace there cannot stop the run.
    @Test(.bug(id: 44, "item 3, item 7")) func aFolderInsideAProjectIsJudgedByItsFiles() throws {
        let scratch = try Scratch()
        let root = try Self.flutter(scratch)
        try FileManager.default.createDirectory(
            atPath: root + "/ios/Broken.xcworkspace", withIntermediateDirectories: true)
        try Data("<Workspace><Group".utf8).write(
            to: URL(fileURLWithPath: root + "/ios/Broken.xcworkspace/contents.xcworkspacedata"))
        let report = try BundleValidator().validate(path: root + "/ios/Runner")
        #expect(report.kind == .resources)
        #expect(
            Set(report.files.map(\.relativePath)) == [
                "notification.caf", "ext.caf", "stray.caf", "unused.mp3", "en.lproj/Alert.caf"
            ],
            "\(report.files.map(\.relativePath))")
        #expect(!report.files.contains { $0.report.path.contains("ios/notification.wav") })
    }

    /// An XcodeGen or Tuist spec without its generated project is said to be so, not guessed at.
    @Test(arguments: ["project.yml", "Project.swift"])
    func aGeneratedProjectIsNotGuessedAt(_ spec: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("ios/Sounds"), withIntermediateDirectories: true)
        _ = try scratch.write("ios/" + spec, Array("name: App".utf8))
        _ = try scratch.write("ios/Sounds/chime.caf", AndroidTests.caf)
        let error = try thrown(AlertSoundError.self) {
            try BundleValidator().validate(path: scratch.path("ios"))
        }
        #expect(error.message.contains(spec) && error.message.contains("generate"), "\(error.message)")
    }

    /// Xcode 16's synchronized folders: every file is the target's but its membership exceptions.
    /// A `.bundle` inside a synchronized folder is copied whole, as Xcode copies a bundle: its
    /// files stay in it, where a notification's sound is not found by name (issue 57: they were
    /// flattened to the app's top level, so a sound only inside a nested bundle "played").
    @Test(.bug(id: "57")) func aBundleInASynchronizedFolderKeepsItsFiles() throws {
        let scratch = try Scratch()
        let root = scratch.path("App")
        try AppSearchTests.tree(
            root,
            [
                "App/Kit.bundle/Sounds/kit.caf": AndroidTests.caf, "App/top.caf": AndroidTests.caf,
                "App.xcodeproj/project.pbxproj": Array(
                    """
                    // !$*UTF8*$!
                    { archiveVersion = 1; objectVersion = 77; objects = {
                      S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
                      G1 = {isa = PBXGroup; children = (S1, ); sourceTree = "<group>"; };
                      T1 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S1, ); name = App; productType = "com.apple.product-type.application"; };
                      P1 = {isa = PBXProject; mainGroup = G1; targets = (T1, ); };
                    }; rootObject = P1; }
                    """.utf8)
            ])
        let report = try BundleValidator().validate(path: root, references: [.named("kit.caf")])
        let landed = Dictionary(report.files.map { ($0.relativePath, $0.location) }, uniquingKeysWith: { a, _ in a })
        #expect(landed == ["top.caf": .bundle, "Kit.bundle/Sounds/kit.caf": .resourceBundle], "\(landed)")
        #expect(!report.valid, "kit.caf is found only inside the nested bundle")
    }

    @Test func synchronizedFoldersShipAllButTheirExceptions() throws {
        let scratch = try Scratch()
        let root = scratch.path("App")
        try FileManager.default.createDirectory(atPath: root + "/App.xcodeproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/App/Sounds", withIntermediateDirectories: true)
        for name in ["App/Sounds/chime.caf", "App/Sounds/skip.caf", "App/top.caf"] {
            try Data(AndroidTests.caf).write(to: URL(fileURLWithPath: root + "/" + name))
        }
        try Data(
            """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 77; objects = {
              S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X1, ); path = App; sourceTree = "<group>"; };
              X1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Sounds/skip.caf, ); target = T1; };
              G1 = {isa = PBXGroup; children = (S1, ); sourceTree = "<group>"; };
              T1 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S1, ); name = App; productType = "com.apple.product-type.application"; };
              P1 = {isa = PBXProject; mainGroup = G1; targets = (T1, ); };
            }; rootObject = P1; }
            """.utf8
        ).write(to: URL(fileURLWithPath: root + "/App.xcodeproj/project.pbxproj"))
        let report = try BundleValidator().validate(path: root)
        #expect(report.kind == .xcodeProject)
        #expect(
            Set(report.files.map(\.relativePath)) == ["chime.caf", "top.caf"], "\(report.files.map(\.relativePath))")
        #expect(report.files.allSatisfy { $0.location == .bundle })
    }
}
