import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Issue 47, item 1: an app's minimum iOS is read where its project says it (the app target's
/// `IPHONEOS_DEPLOYMENT_TARGET`, else the Podfile; Expo's build properties; a built app's
/// `MinimumOSVersion`), or given, and decides whether an AAC CAF is a warning or an error.
@Suite struct DeploymentTargetTests {
    /// An Xcode project `ios/App.xcodeproj` whose app target copies `chime.caf` (an AAC CAF), with
    /// `target` and `project` as its and the project's `IPHONEOS_DEPLOYMENT_TARGET` lines.
    static func xcodeApp(_ scratch: Scratch, target: String?, project: String?, podfile: String? = nil) throws -> String
    {
        let ios = scratch.path("ios")
        let settings = { (line: String?) in line.map { "IPHONEOS_DEPLOYMENT_TARGET = \($0);" } ?? "" }
        let bytes = Array(
            """
            // !$*UTF8*$!
            { objects = {
              F0 = {isa = PBXFileReference; path = chime.caf; sourceTree = "<group>"; };
              B0 = {isa = PBXBuildFile; fileRef = F0; };
              R0 = {isa = PBXResourcesBuildPhase; files = (B0, ); };
              T0 = {isa = PBXNativeTarget; buildConfigurationList = TL; buildPhases = (R0, ); name = App; productType = "com.apple.product-type.application"; };
              TL = {isa = XCConfigurationList; buildConfigurations = (TD, TR, ); };
              TD = {isa = XCBuildConfiguration; name = Debug; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 9.0; }; };
              TR = {isa = XCBuildConfiguration; name = Release; buildSettings = { SDKROOT = iphoneos; \(settings(target)) }; };
              PL = {isa = XCConfigurationList; buildConfigurations = (PR, ); };
              PR = {isa = XCBuildConfiguration; name = Release; buildSettings = { \(settings(project)) }; };
              G0 = {isa = PBXGroup; children = (F0, ); sourceTree = "<group>"; };
              P0 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T0, ); };
            }; rootObject = P0; }
            """.utf8)
        var files = ["App.xcodeproj/project.pbxproj": bytes, "chime.caf": Fixture.aacCAF()]
        if let podfile { files["Podfile"] = Array(podfile.utf8) }
        try AppSearchTests.tree(ios, files)
        return ios
    }

    static func verdict(_ report: ValidationReport) -> (Severity?, String) {
        let finding = report.bundles.flatMap(\.files).flatMap(\.report.diagnostics).first {
            $0.code == .undocumentedFormat
        }
        return (finding?.severity, finding?.message ?? "")
    }

    /// The Release configuration of the app target wins; the project's setting when the target has
    /// none; the Podfile when neither is a version; nothing known, an error.
    @Test(
        arguments: [
            ("18.0", "12.0", nil, Severity.warning, "IPHONEOS_DEPLOYMENT_TARGET of App in"),
            ("17.0", "18.0", nil, .error, "minimum is iOS 17.0"),
            (nil, "18.2", nil, .warning, "minimum is iOS 18.2"),
            (
                "\"$(RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET)\"", nil, "platform :ios, '18.0'\n", .warning,
                "platform :ios in"
            ),
            (nil, nil, "# platform :ios, '18.0'\n", .error, "not known"),
            (nil, nil, "platform :ios, min_ios_version_supported\n", .error, "not known")
        ] as [(String?, String?, String?, Severity, String)])
    func anXcodeAppsMinimumIsItsTargets(
        target: String?, project: String?, podfile: String?, severity: Severity, says: String
    ) throws {
        let scratch = try Scratch()
        let ios = try Self.xcodeApp(scratch, target: target, project: project, podfile: podfile)
        let (found, message) = Self.verdict(try BundleValidator().validate(paths: [ios]))
        #expect(found == severity && message.contains(says), "\(message)")
    }

    /// `--ios-minimum` (the validator's) wins over the configuration's, which wins over the project's.
    @Test func whatIsGivenWinsOverWhatTheProjectSays() throws {
        let scratch = try Scratch()
        let ios = try Self.xcodeApp(scratch, target: "16.0", project: nil)
        var validator = BundleValidator()
        #expect(Self.verdict(try validator.validate(paths: [ios])).0 == .error)
        validator.configuration = try Configuration.parse("ios-minimum: 18.1\n", path: ".alertsound.yml")
        let configured = Self.verdict(try validator.validate(paths: [ios]))
        #expect(configured.0 == .warning && configured.1.contains("ios-minimum in .alertsound.yml"))
        validator.minimumIOS = MinimumIOS(IOSVersion(15), source: "--ios-minimum")
        let given = Self.verdict(try validator.validate(paths: [ios]))
        #expect(given.0 == .error && given.1.contains("--ios-minimum"))
    }

    @Test func podfileLinesAreReadAsData() {
        #expect(DeploymentTarget.podfilePlatform("platform :ios, '13.0'") == IOSVersion(13))
        #expect(DeploymentTarget.podfilePlatform("  platform(:ios, \"15.1\")") == IOSVersion(15, 1))
        #expect(DeploymentTarget.podfilePlatform("platform :osx, '13.0'") == nil)
        #expect(DeploymentTarget.podfilePlatform("# platform :ios, '13.0'") == nil)
        #expect(DeploymentTarget.podfilePlatform("platforms :ios, '13.0'") == nil)
        #expect(DeploymentTarget.podfilePlatform("platform :ios, ENV['IOS'] || '13.0'") == nil)
        #expect(DeploymentTarget.podfilePlatform("platform :ios, '13.0") == nil)
    }

    /// Issue 55, item 5: the app target's own `platform :ios` (in its `target` block, else a block
    /// enclosing it, else the top level's), never another target's, and nothing in a comment of any
    /// Ruby form: `#` (not inside a string), `=begin` … `=end`, after `__END__`.
    @Test(.bug(id: 55, "item 5")) func aPodfileGivesTheAppTargetsOwnPlatform() throws {
        let cases: [(String, (String, Int)?)] = [
            // Another target's platform, first in the file, is not the app's.
            (
                """
                target 'Widget' do
                  platform :ios, '16.0'
                end
                platform :ios, '13.0'
                target 'App' do
                  pod 'X'
                end
                """, ("13.0", 4)
            ),
            (
                """
                platform :ios, '13.0'
                target 'App' do
                  platform :ios, '15.0'
                  target 'AppTests' do
                    inherit! :search_paths
                    platform :ios, '17.0'
                  end
                end
                """, ("15.0", 3)
            ),
            (
                """
                =begin
                platform :ios, '18.0'
                =end
                # platform :ios, '17.0'
                abstract_target 'Shared' do
                  platform :ios, "14.0" # platform :ios, '18.0'
                  target :App do
                    post_install do |installer|
                      installer.pods_project.targets.each { |t| t.name }
                    end
                  end
                end
                """, ("14.0", 6)
            ),
            // A `#` inside a string is not a comment; `=begin` must start its line.
            (
                """
                target 'Wid#get' do
                  platform :ios, '16.0'
                end
                  =begin
                platform :ios, '12.4'
                target 'App' do
                end
                """, ("12.4", 5)
            ),
            ("target 'Other' do\n  platform :ios, '16.0'\nend\n", nil),
            ("__END__\nplatform :ios, '16.0'\n", nil),
            ("=begin\nplatform :ios, '16.0'\n=end\n", nil)
        ]
        // The app target is `App` (xcodeApp's); its project sets no version, so the Podfile decides.
        for (text, expected) in cases {
            let scratch = try Scratch()
            let ios = try Self.xcodeApp(scratch, target: nil, project: nil, podfile: text)
            let (_, message) = Self.verdict(try BundleValidator().validate(paths: [ios]))
            if let (version, line) = expected {
                #expect(
                    message.contains("minimum is iOS \(version)") && message.contains("Podfile:\(line)"),
                    "\(text)\n\(message)")
            } else {
                #expect(message.contains("not known"), "\(text)\n\(message)")
            }
        }
    }

    /// A Podfile that is a link out of the folder given is not read (issue 44's confinement).
    @Test func aPodfileOutsideTheFolderIsNotRead() throws {
        let scratch = try Scratch()
        let ios = try Self.xcodeApp(scratch, target: nil, project: nil)
        let outside = try scratch.write("Podfile", Array("platform :ios, '18.0'\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: ios + "/Podfile", withDestinationPath: outside)
        #expect(Self.verdict(try BundleValidator().validate(paths: [ios])).1.contains("not known"))
    }

    /// Expo: `expo-build-properties`' `ios.deploymentTarget`, else `ios/Podfile.properties.json`.
    @Test(
        arguments: [
            (#"["expo-build-properties", {"ios": {"deploymentTarget": "18.0"}}]"#, nil, Severity.warning, "app.json"),
            (nil, #"{"ios.deploymentTarget": "18.4", "expo.jsEngine": "hermes"}"#, .warning, "Podfile.properties.json"),
            (#"["expo-build-properties", {"android": {"minSdkVersion": 26}}]"#, nil, .error, "not known")
        ] as [(String?, String?, Severity, String)])
    func anExpoAppsMinimumIsItsBuildProperties(
        plugin: String?, properties: String?, severity: Severity, says: String
    )
        throws
    {
        let scratch = try Scratch()
        let root = scratch.path("app")
        let plugins = [#"["expo-notifications", {"sounds": ["./assets/chime.caf"]}]"#] + (plugin.map { [$0] } ?? [])
        var files = [
            "app.json": Array(#"{"expo": {"name": "a", "plugins": [\#(plugins.joined(separator: ", "))]}}"#.utf8),
            "assets/chime.caf": Fixture.aacCAF()
        ]
        if let properties { files["ios/Podfile.properties.json"] = Array(properties.utf8) }
        try AppSearchTests.tree(root, files)
        let report = try BundleValidator().validate(paths: [root])
        let ios = report.bundles.filter { $0.kind.platform == .ios }
        let finding = try #require(
            ios.flatMap(\.files).flatMap(\.report.diagnostics).first { $0.code == .undocumentedFormat })
        #expect(finding.severity == severity && finding.message.contains(says), "\(finding.message)")
    }

    /// A built app: `MinimumOSVersion` in its Info.plist (XML or binary), in a folder or an .ipa.
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func aBuiltAppsMinimumIsItsInfoPlist(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let scratch = try Scratch()
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        for (minimum, severity) in [("18.0", Severity.warning), ("14.0", .error)] {
            let plist = Array(try encoder.encode(["CFBundleExecutable": "Shop", "MinimumOSVersion": minimum]))
            let app = scratch.path("\(minimum)/Shop.app")
            try AppSearchTests.tree(app, ["Info.plist": plist, "chime.caf": Fixture.aacCAF()])
            let folder = Self.verdict(try BundleValidator().validate(paths: [app]))
            #expect(folder.0 == severity && folder.1.contains("MinimumOSVersion in"), "\(folder.1)")
            var zip = ZipWriter()
            zip.add("Payload/Shop.app/Info.plist", plist)
            zip.add("Payload/Shop.app/chime.caf", Fixture.aacCAF())
            let ipa = try scratch.write("\(minimum).ipa", zip.archive())
            #expect(Self.verdict(try BundleValidator().validate(paths: [ipa])).0 == severity)
        }
    }

    /// A referenced AAC sound on an app whose minimum is at or above the evidence plays: the
    /// reference passes (with the warning); below it the reference fails as the sound does.
    @Test func aReferenceToAnUndocumentedSoundFollowsItsVerdict() throws {
        for (target, valid) in [("18.0", true), ("16.0", false)] {
            let scratch = try Scratch()
            let ios = try Self.xcodeApp(scratch, target: target, project: nil)
            let report = try BundleValidator().validate(paths: [ios], references: [.named("chime.caf")])
            #expect(report.valid == valid, "iOS \(target)")
            // With --strict a warning fails too.
            #expect(
                !(try BundleValidator(strict: true).validate(paths: [ios], references: [.named("chime.caf")]).valid))
        }
    }
}
