import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Issue 44, items 2, 3, 6 and 7: a project's text is untrusted. Work stays linear in it (each set
/// deduplicated, each cycle cut once), nothing outside the folder given is read or walked, and
/// what cannot be judged fails rather than passes.
extension XcodeProjectTests {
    /// `project.pbxproj` text for one app target `T0` (more with `apps`), from object lines.
    static func project(_ objects: [String], targets: String = "T0, ") -> [UInt8] {
        Array(
            """
            // !$*UTF8*$!
            { objects = {
            \(objects.joined(separator: "\n"))
              G0 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
              P0 = {isa = PBXProject; mainGroup = G0; targets = (\(targets)); };
            }; rootObject = P0; }
            """.utf8)
    }

    static func appTarget(_ id: String, phases: String) -> String {
        #"\#(id) = {isa = PBXNativeTarget; buildPhases = (\#(phases)); name = \#(id); productType = "com.apple.product-type.application"; };"#
    }

    /// A phase listed 4,000 times over 1,000 files, and one target listed 10,000 times: 1,000
    /// resources and one app (it was 4,000,000 resources, 14.7 s and 724 MB from 10 KB).
    @Test(.bug(id: 44, "item 2"), .timeLimit(.minutes(1))) func repeatedIDsAreCountedOnce() throws {
        var objects = (0..<1000).flatMap { i in
            [
                "B\(i) = {isa = PBXBuildFile; fileRef = F\(i); };",
                "F\(i) = {isa = PBXFileReference; path = s\(i).caf; sourceTree = SOURCE_ROOT; };"
            ]
        }
        objects.append("R0 = {isa = PBXResourcesBuildPhase; files = (\((0..<1000).map { "B\($0), " }.joined())); };")
        objects.append(Self.appTarget("T0", phases: String(repeating: "R0, ", count: 4000)))
        let project = try XcodeProject.parse(
            Self.project(objects, targets: String(repeating: "T0, ", count: 10_000)), path: "/p/App.xcodeproj")
        #expect(project.apps.count == 1)
        #expect(project.apps[0].targets == ["T0"])
        #expect(project.apps[0].resources.count == 1000)
        #expect(Set(project.apps[0].resources.map(\.path)).count == 1000)
    }

    /// Targets that copy the same files are one app, named together; more than the limit of
    /// different apps is a clear error, not a report that grows with targets × files.
    @Test(.bug(id: 44, "item 2")) func identicalAppsAreOneAndTheirNumberIsBounded() throws {
        let shared =
            (0..<300).map { Self.appTarget("T\($0)", phases: "R0, ") } + [
                "R0 = {isa = PBXResourcesBuildPhase; files = (B0, ); };", "B0 = {isa = PBXBuildFile; fileRef = F0; };",
                "F0 = {isa = PBXFileReference; path = a.caf; sourceTree = SOURCE_ROOT; };"
            ]
        let one = try XcodeProject.parse(
            Self.project(shared, targets: (0..<300).map { "T\($0), " }.joined()), path: "/p/App.xcodeproj")
        #expect(one.apps.count == 1 && one.apps[0].targets.count == 300)
        let count = Limits.maximumXcodeApps + 1
        let distinct = (0..<count).flatMap { i in
            [
                Self.appTarget("T\(i)", phases: "R\(i), "),
                "R\(i) = {isa = PBXResourcesBuildPhase; files = (B\(i), ); };",
                "B\(i) = {isa = PBXBuildFile; fileRef = F\(i); };",
                "F\(i) = {isa = PBXFileReference; path = s\(i).caf; sourceTree = SOURCE_ROOT; };"
            ]
        }
        let error = try thrown(AlertSoundError.self) {
            try XcodeProject.parse(
                Self.project(distinct, targets: (0..<count).map { "T\($0), " }.joined()), path: "/p/App.xcodeproj")
        }
        #expect(error.message.contains("more than \(Limits.maximumXcodeApps) different apps"), "\(error.message)")
    }

    /// Groups that hold each other: each file's place was walked 512 groups deep (640 KB took 83 s).
    /// A cycle is cut once; what hangs from it is not in the tree, so nothing of it is copied.
    @Test(.bug(id: 44, "item 2"), .timeLimit(.minutes(1))) func aCycleOfGroupsIsCutOnce() throws {
        let files = 20_000
        var objects = [
            "GA = {isa = PBXGroup; children = (GB, \((0..<files).map { "F\($0), " }.joined())); path = a; sourceTree = \"<group>\"; };",
            "GB = {isa = PBXGroup; children = (GA, ); path = b; sourceTree = \"<group>\"; };",
            "GC = {isa = PBXGroup; children = (FX, ); path = c; sourceTree = \"<group>\"; };",
            "FX = {isa = PBXFileReference; path = x.caf; sourceTree = \"<group>\"; };",
            "BX = {isa = PBXBuildFile; fileRef = FX; };",
            "R0 = {isa = PBXResourcesBuildPhase; files = (BX, \((0..<files).map { "B\($0), " }.joined())); };",
            Self.appTarget("T0", phases: "R0, ")
        ]
        for i in 0..<files {
            objects.append("F\(i) = {isa = PBXFileReference; path = s\(i).caf; sourceTree = \"<group>\"; };")
            objects.append("B\(i) = {isa = PBXBuildFile; fileRef = F\(i); };")
        }
        let project = try XcodeProject.parse(Self.project(objects), path: "/p/App.xcodeproj")
        // x.caf's group has no parent: it is in the project's folder; the cycle's files are nowhere.
        #expect(project.apps[0].resources.map(\.path) == ["/p/c/x.caf"], "\(project.apps[0].resources.prefix(3))")
    }

    /// `projectDirPath = "/"` with a folder reference `.` walked the whole machine (3,636 paths from
    /// `/proc` and `/opt`); a folder reference that is a link left the repository; a file that is
    /// a link to `/etc/passwd` printed its first bytes. Each is now a sound that was not read.
    @Test(.bug(id: 44, "item 3")) func nothingOutsideTheFolderGivenIsRead() throws {
        let scratch = try Scratch()
        let root = scratch.path("App"), outside = scratch.path("outside")
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/App.xcodeproj", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data(AndroidTests.caf).write(to: URL(fileURLWithPath: outside + "/secret.caf"))
        try Data("root:x:0:0:root:/root:/bin/bash\n".utf8).write(to: URL(fileURLWithPath: outside + "/passwd"))
        try fm.createSymbolicLink(atPath: root + "/Sounds", withDestinationPath: outside)
        try fm.createSymbolicLink(atPath: root + "/alert.caf", withDestinationPath: outside + "/passwd")
        try Data(
            Self.project([
                "B1 = {isa = PBXBuildFile; fileRef = F1; };", "B2 = {isa = PBXBuildFile; fileRef = F2; };",
                "B3 = {isa = PBXBuildFile; fileRef = F3; };",
                "F1 = {isa = PBXFileReference; lastKnownFileType = folder; path = Sounds; sourceTree = SOURCE_ROOT; };",
                "F2 = {isa = PBXFileReference; path = alert.caf; sourceTree = SOURCE_ROOT; };",
                "F3 = {isa = PBXFileReference; path = \"\(outside)/secret.caf\"; sourceTree = \"<absolute>\"; };",
                "R0 = {isa = PBXResourcesBuildPhase; files = (B1, B2, B3, ); };", Self.appTarget("T0", phases: "R0, ")
            ])
        ).write(to: URL(fileURLWithPath: root + "/App.xcodeproj/project.pbxproj"))
        let report = try BundleValidator().validate(path: root, references: [.named("ios:alert.caf")])
        #expect(!report.valid)
        #expect(report.files.count == 3, "\(report.files.map(\.relativePath))")
        for file in report.files {
            #expect(file.report.diagnostics.map(\.code) == [.unreadable], "\(file.relativePath)")
            #expect(
                file.report.diagnostics.allSatisfy { $0.message.contains("outside") && !$0.message.contains("root:x") })
            #expect(file.report.info == nil)
        }
        // The root as projectDirPath: every file and folder it places is outside.
        try Data(
            """
            { objects = {
              B1 = {isa = PBXBuildFile; fileRef = F1; };
              F1 = {isa = PBXFileReference; lastKnownFileType = folder; path = .; sourceTree = "<group>"; };
              G1 = {isa = PBXGroup; children = (F1, ); sourceTree = "<group>"; };
              R1 = {isa = PBXResourcesBuildPhase; files = (B1, ); };
              \(Self.appTarget("T1", phases: "R1, "))
              P1 = {isa = PBXProject; mainGroup = G1; projectDirPath = "/"; targets = (T1, ); };
            }; rootObject = P1; }
            """.utf8
        ).write(to: URL(fileURLWithPath: root + "/App.xcodeproj/project.pbxproj"))
        let machine = try BundleValidator().validate(path: root)
        #expect(
            machine.files.map(\.relativePath) == ["/"] || machine.files.count == 1,
            "\(machine.files.map(\.relativePath))")
        #expect(!machine.valid)
        // The project file itself may not lead out either.
        try fm.removeItem(atPath: root + "/App.xcodeproj/project.pbxproj")
        try fm.createSymbolicLink(
            atPath: root + "/App.xcodeproj/project.pbxproj", withDestinationPath: outside + "/passwd")
        let error = try thrown(AlertSoundError.self) { try BundleValidator().validate(path: root) }
        #expect(error.message.contains("outside") && !error.message.contains("root:x"), "\(error.message)")
    }

    /// Two app targets whose bundles both hold `alert.caf`, from different files: the second was
    /// never judged (its 31 s sound passed). Each app is its own bundle.
    @Test(.bug(id: 44, "item 6")) func eachAppIsItsOwnBundle() throws {
        let scratch = try Scratch()
        let root = scratch.path("App")
        let fm = FileManager.default
        for folder in ["App.xcodeproj", "A", "B"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try Data(AndroidTests.caf).write(to: URL(fileURLWithPath: root + "/A/alert.caf"))
        try Data("not a sound".utf8).write(to: URL(fileURLWithPath: root + "/B/alert.caf"))
        try Data(
            Self.project(
                [
                    "BA = {isa = PBXBuildFile; fileRef = FA; };", "BB = {isa = PBXBuildFile; fileRef = FB; };",
                    "FA = {isa = PBXFileReference; path = A/alert.caf; sourceTree = SOURCE_ROOT; };",
                    "FB = {isa = PBXFileReference; path = B/alert.caf; sourceTree = SOURCE_ROOT; };",
                    "RA = {isa = PBXResourcesBuildPhase; files = (BA, ); };",
                    "RB = {isa = PBXResourcesBuildPhase; files = (BB, ); };",
                    Self.appTarget("TA", phases: "RA, "), Self.appTarget("TB", phases: "RB, ")
                ], targets: "TA, TB, ")
        ).write(to: URL(fileURLWithPath: root + "/App.xcodeproj/project.pbxproj"))
        let report = try BundleValidator().validate(paths: [root], references: [.named("ios:alert.caf")])
        #expect(
            report.bundles.map(\.bundle) == [
                root + "/App.xcodeproj (app target TA)", root + "/App.xcodeproj (app target TB)"
            ])
        #expect(report.bundles.map(\.valid) == [true, false])
    }

    /// A copy-files phase into Resources with `dstPath = "./"` puts its files at the top level, not
    /// in a sub-folder named `.`.
    @Test(.bug(id: 44, "item 7")) func aDestinationOfDotIsTheTopLevel() throws {
        let project = try XcodeProject.parse(
            Self.project([
                "B1 = {isa = PBXBuildFile; fileRef = F1; };",
                "F1 = {isa = PBXFileReference; path = a.caf; sourceTree = SOURCE_ROOT; };",
                "C1 = {isa = PBXCopyFilesBuildPhase; dstPath = \"./\"; dstSubfolderSpec = 7; files = (B1, ); };",
                Self.appTarget("T0", phases: "C1, ")
            ]), path: "/p/App.xcodeproj")
        #expect(project.apps[0].resources.map(\.bundlePath) == ["a.caf"])
        #expect(SoundLocation.of(relativePath: project.apps[0].resources[0].bundlePath, kind: .app) == .bundle)
    }
}

extension XcodeProjectTests {
    /// The note on sounds no app target copies counted a link to a folder outside as a sound.
    @Test(.bug(id: 44, "item 9")) func theUncopiedNoteCountsOnlySounds() throws {
        let scratch = try Scratch()
        let root = try Self.flutter(scratch)
        try FileManager.default.createSymbolicLink(atPath: root + "/ios/Outside", withDestinationPath: "/")
        let notes = try BundleValidator().prepare(paths: [root + "/ios"]).notes
        let note = try #require(notes.first { $0.contains("no app target copies") })
        #expect(note.hasPrefix("3 sounds") && !note.contains("Outside"), "\(note)")
    }
}

extension XcodeProjectTests {
    /// Found attacking this round's change: 2,000 synchronized groups over one folder, each with an
    /// exception of its own, made 2,000 walks and 2,000 copies of every file. One folder is one
    /// resource: a file is copied unless every group excludes it.
    @Test(.bug(id: 44, "beyond the list"), .timeLimit(.minutes(1))) func synchronizedGroupsOverOneFolderAreOne() throws
    {
        let groups = 2000
        var objects = (0..<groups).flatMap { i in
            [
                "S\(i) = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X\(i), ); path = App; sourceTree = \"<group>\"; };",
                "X\(i) = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (s\(i).caf, common.caf, ); target = T0; };"
            ]
        }
        objects.append(
            #"T0 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (\#((0..<groups).map { "S\($0), " }.joined())); name = T0; productType = "com.apple.product-type.application"; };"#
        )
        let project = try XcodeProject.parse(Self.project(objects), path: "/p/App.xcodeproj")
        #expect(project.apps[0].resources.count == 1)
        #expect(project.apps[0].resources.first?.kind == .synchronizedFolder(excluded: ["common.caf"]))
    }
}

/// Issue 45: a project read for what the device does.
extension XcodeProjectTests {
    /// A watch app is an "application" target too (Xcode 14's single-target watch apps), but an
    /// iPhone's notification does not look in it: left out, not failed for the iPhone's names (a
    /// Rocket.Chat watch target got `not-in-target` for the notification extension's sound). And
    /// the app target's `CODE_SIGN_ENTITLEMENTS` file says whether it may play critical alerts.
    @Test(.bug(id: 45, "item 9")) func buildSettingsAreRead() throws {
        let scratch = try Scratch()
        let ios = scratch.path("ios")
        let configuration = { (id: String, settings: String) in
            """
            \(id)L = {isa = XCConfigurationList; buildConfigurations = (\(id)D, \(id)R, ); };
            \(id)D = {isa = XCBuildConfiguration; name = Debug; buildSettings = { SDKROOT = iphoneos; }; };
            \(id)R = {isa = XCBuildConfiguration; name = Release; buildSettings = { \(settings) }; };
            """
        }
        let bytes = Self.project(
            [
                #"F0 = {isa = PBXFileReference; path = chime.caf; sourceTree = "<group>"; };"#,
                "B0 = {isa = PBXBuildFile; fileRef = F0; };", "R0 = {isa = PBXResourcesBuildPhase; files = (B0, ); };",
                #"T0 = {isa = PBXNativeTarget; buildConfigurationList = T0L; buildPhases = (R0, ); name = App; productType = "com.apple.product-type.application"; };"#,
                #"T1 = {isa = PBXNativeTarget; buildConfigurationList = T1L; buildPhases = (); name = Watch; productType = "com.apple.product-type.application"; };"#,
                configuration(
                    "T0", #"SDKROOT = iphoneos; CODE_SIGN_ENTITLEMENTS = "$(SRCROOT)/App/App.entitlements";"#),
                #"T2 = {isa = PBXNativeTarget; buildConfigurationList = T2L; buildPhases = (); name = Mac; productType = "com.apple.product-type.application"; };"#,
                configuration("T1", "SDKROOT = watchos;"), configuration("T2", "SDKROOT = macosx;")
            ], targets: "T0, T1, T2, ")
        try AppSearchTests.tree(
            ios,
            [
                "App.xcodeproj/project.pbxproj": bytes, "chime.caf": BundleExample.sound,
                "App/App.entitlements": Array(
                    "<plist><dict><key>aps-environment</key><string>production</string></dict></plist>".utf8)
            ])
        let critical = SoundReference.payload(Data(BundleExample.critical("chime.caf").utf8), source: "p.json")
        let report = try BundleValidator().validate(paths: [ios], references: critical)
        // Each app is judged for its own system (issue 57: the watchOS and macOS apps were passed over).
        #expect(
            report.bundles.map { $0.bundle.split(separator: "(").last ?? "" } == [
                "app target App)", "watchOS app target Watch)", "macOS app target Mac)"
            ], "\(report.bundles.map(\.bundle))")
        let reference = try #require(report.bundles[0].references.first)
        #expect(reference.diagnostics.map(\.code) == [.criticalNotEntitled], "\(reference.diagnostics)")
        #expect(report.bundles[0].entitlements?.path.hasSuffix("App/App.entitlements") == true)
    }

    /// A locked sound that lies in the project's folder but is in no app target: the fix is target
    /// membership, not another export (issue 45, item 9).
    @Test(.bug(id: 45, "item 9")) func aLockedSoundOutsideTheTargetSaysSo() throws {
        let scratch = try Scratch()
        let ios = scratch.path("ios")
        try AppSearchTests.tree(
            ios,
            [
                "App.xcodeproj/project.pbxproj": Array(BundleExample.pbxproj(copying: []).utf8),
                "Sounds/chime.caf": BundleExample.sound
            ])
        var validator = BundleValidator()
        validator.lock = BundleExample.lock(iosSHA256: nil)
        let report = try validator.validate(paths: [ios])
        let finding = try #require(report.bundles.first?.references.first?.diagnostics.first)
        #expect(finding.code == .lockMissingSound && finding.message.contains("add it to the app target"), "\(finding)")
    }
}

/// Issue 57: an app that adds the critical-alerts entitlement with a Run Script phase at build
/// time (`PlistBuddy -c "add com.apple.developer.usernotifications.critical-alerts bool true"` on
/// the `.xcent` file), its committed entitlements file without it: whether the app holds it
/// cannot be told from the files (the script's conditions decide), so the critical sound is a
/// note, not `critical-not-entitled` (a Home Assistant-style project failed its own build).
extension XcodeProjectTests {
    static func scriptedProject(script: String) -> [UInt8] {
        let escaped = script.replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
        return project(
            [
                #"F0 = {isa = PBXFileReference; path = chime.caf; sourceTree = "<group>"; };"#,
                "B0 = {isa = PBXBuildFile; fileRef = F0; };", "R0 = {isa = PBXResourcesBuildPhase; files = (B0, ); };",
                "S0 = {isa = PBXShellScriptBuildPhase; shellScript = \"\(escaped)\"; };",
                #"T0 = {isa = PBXNativeTarget; buildConfigurationList = T0L; buildPhases = (R0, S0, ); name = App; productType = "com.apple.product-type.application"; };"#,
                "T0L = {isa = XCConfigurationList; buildConfigurations = (T0R, ); };",
                "T0R = {isa = XCBuildConfiguration; name = Release; buildSettings = { SDKROOT = iphoneos; CODE_SIGN_ENTITLEMENTS = App/App.entitlements; }; };"
            ])
    }

    @Test(.bug(id: "57")) func aRunScriptThatAddsTheEntitlementMakesItUnknown() throws {
        let add =
            #"/usr/libexec/PlistBuddy -c "add com.apple.developer.usernotifications.critical-alerts bool true" "$ENTITLEMENTS_FILE""#
        let cases: [(what: String, script: String, files: [String: [UInt8]], codes: [DiagnosticCode])] = [
            ("inline", add, [:], [.entitlementsUnknown]),
            (
                "a script file the phase runs", "exec Configuration/entitlements.sh\n",
                ["Configuration/entitlements.sh": Array("#!/bin/bash\n\(add)\n".utf8)], [.entitlementsUnknown]
            ),
            (
                "a script that adds another entitlement", "exec Configuration/other.sh\n",
                [
                    "Configuration/other.sh": Array(
                        "/usr/libexec/PlistBuddy -c \"add com.apple.developer.carplay-driving-task bool true\"\n".utf8)
                ],
                [.criticalNotEntitled]
            ),
            ("a script file that is not there", "exec Configuration/gone.sh\n", [:], [.criticalNotEntitled]),
            // Outside the folder given: not read, so it says nothing.
            ("a script file outside the folder given", "exec ../outside.sh\n", [:], [.criticalNotEntitled])
        ]
        for (n, c) in cases.enumerated() {
            let scratch = try Scratch()
            let ios = scratch.path("ios\(n)")
            var files = c.files
            files["App.xcodeproj/project.pbxproj"] = Self.scriptedProject(script: c.script)
            files["chime.caf"] = BundleExample.sound
            files["App/App.entitlements"] = Array(
                "<plist><dict><key>aps-environment</key><string>production</string></dict></plist>".utf8)
            try AppSearchTests.tree(ios, files)
            try Data("\(add)\n".utf8).write(to: URL(fileURLWithPath: scratch.path("outside.sh")))
            let critical = SoundReference.payload(Data(BundleExample.critical("chime.caf").utf8), source: "p.json")
            let report = try BundleValidator().validate(paths: [ios], references: critical)
            let reference = try #require(report.bundles.first?.references.first)
            #expect(reference.diagnostics.map(\.code) == c.codes, "\(c.what): \(reference.diagnostics)")
            #expect(report.valid == (c.codes == [.entitlementsUnknown]), "\(c.what)")
            if c.codes == [.entitlementsUnknown] {
                #expect(
                    reference.diagnostics[0].message.contains("Run Script phase of App"), "\(reference.diagnostics)")
            }
        }
    }
}
