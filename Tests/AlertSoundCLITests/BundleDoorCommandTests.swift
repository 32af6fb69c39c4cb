import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// Issue 55: nothing a user's tree holds is read through a link out of the repository holding the
/// path given, and nothing is hidden without a word. Each tree is built beside an `outside` folder
/// whose files carry a marker that must never reach any output.
@Suite struct BundleDoorCommandTests {
    let cli = CommandLineTests()
    static let marker = "root:x:0:0:MARKER55"
    /// validate-bundle's formats (html is check's alone).
    static let formats = ["text", "json", "markdown", "sarif", "github", "xcode"]

    /// `scratch/Demo.app` holding an AAC `chime.caf` (its verdict follows the minimum iOS), and
    /// `scratch/outside/`, where the links lead.
    func app(_ scratch: Scratch) throws -> String {
        let fm = FileManager.default
        try fm.createDirectory(atPath: scratch.path("Demo.app"), withIntermediateDirectories: true)
        try fm.createDirectory(atPath: scratch.path("outside"), withIntermediateDirectories: true)
        _ = try scratch.write("Demo.app/chime.caf", Fixture.aacCAF())
        return scratch.path("Demo.app")
    }

    /// A property list that would decide the verdict (iOS 18 makes the AAC sound a warning) and
    /// carries the marker in the executable's name, which a report would print.
    static let outsidePlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>MinimumOSVersion</key><string>18.0</string>
        <key>CFBundleExecutable</key><string>\(marker)</string>
        </dict></plist>
        """

    @Test(.bug(id: "55", "item 1")) func anInfoPlistLinkedOutIsNotRead() throws {
        let scratch = try Scratch()
        let app = try app(scratch)
        _ = try scratch.write("outside/Info.plist", Array(Self.outsidePlist.utf8))
        try FileManager.default.createSymbolicLink(
            atPath: app + "/Info.plist", withDestinationPath: scratch.path("outside/Info.plist"))
        _ = try scratch.write(
            "push.apns", Array(#"{"aps":{"sound":{"critical":1,"name":"chime.caf","volume":1}}}"#.utf8))
        for format in Self.formats {
            let run = try cli.run(["validate-bundle", app, "--payload", scratch.path("push.apns"), "--format", format])
            #expect(!run.stdout.contains("MARKER55") && !run.stderr.contains("MARKER55"), "\(format): \(run.stdout)")
            #expect(run.status == 1, "\(format): \(run.stdout)\(run.stderr)")
        }
        // The outside MinimumOSVersion does not make the AAC sound a warning: the minimum is not known.
        let run = try cli.run(["validate-bundle", app, "--sound", "chime.caf"])
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stdout.contains("Info.plist: it resolves outside"), "\(run.stdout)")
    }

    @Test(.bug(id: "55", "item 1")) func aMainExecutableLinkedOutIsNotRead() throws {
        let scratch = try Scratch()
        let app = try app(scratch)
        _ = try scratch.write(
            "Demo.app/Info.plist",
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>CFBundleExecutable</key><string>Demo</string>
                <key>MinimumOSVersion</key><string>18.0</string></dict></plist>
                """.utf8))
        // Read as the executable, this outside file would grant the critical-alerts entitlement.
        _ = try scratch.write(
            "outside/granted.plist",
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                <key>com.apple.developer.usernotifications.critical-alerts</key><true/>
                <key>\(Self.marker)</key><string>\(Self.marker)</string>
                </dict></plist>
                """.utf8))
        try FileManager.default.createSymbolicLink(
            atPath: app + "/Demo", withDestinationPath: scratch.path("outside/granted.plist"))
        _ = try scratch.write(
            "push.apns", Array(#"{"aps":{"sound":{"critical":1,"name":"chime.caf","volume":1}}}"#.utf8))
        let run = try cli.run(["validate-bundle", app, "--payload", scratch.path("push.apns"), "--format", "json"])
        #expect(!run.stdout.contains("MARKER55") && !run.stderr.contains("MARKER55"), "\(run.stdout)")
        // The entitlements are not known (a note), never granted by the outside file.
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let bundle = try #require((report["bundles"] as? [[String: Any]])?.first)
        #expect(bundle["entitlements"] == nil || bundle["entitlements"] is NSNull, "\(bundle)")
        #expect(run.stdout.contains("entitlements-unknown"), "\(run.stdout)")
        #expect(
            (report["notes"] as? [String])?.contains {
                $0.hasSuffix("Demo.app/Demo: it resolves outside") || $0.contains("Demo.app/Demo: it resolves outside")
            } == true,
            "\(run.stdout)")
    }

    /// The working folder's `.alertsound.yml` as a link out of the repository: refused (exit 2,
    /// as a configuration that cannot be read), its first key never echoed.
    @Test(.bug(id: "55", "item 1")) func aConfigurationLinkedOutIsNotRead() throws {
        let scratch = try Scratch()
        let fm = FileManager.default
        let app = try app(scratch)
        try fm.createDirectory(atPath: scratch.path("repo/.git"), withIntermediateDirectories: true)
        _ = try scratch.write("outside/secret.yml", Array("\(Self.marker): x\n".utf8))
        try fm.createSymbolicLink(
            atPath: scratch.path("repo/.alertsound.yml"), withDestinationPath: scratch.path("outside/secret.yml"))
        let run = try cli.run(["validate-bundle", app], in: URL(fileURLWithPath: scratch.path("repo")))
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("MARKER55") && !run.stderr.contains("MARKER55"), "\(run.stderr)")
        #expect(run.stderr.contains(".alertsound.yml") && run.stderr.contains("outside"), "\(run.stderr)")
    }

    /// A configuration that is there but not a file is said (exit 2), never read as none.
    @Test(.bug(id: "55", "item 4")) func aConfigurationThatIsNotAFileIsSaid() throws {
        let scratch = try Scratch()
        let fm = FileManager.default
        let app = try app(scratch)
        try fm.createDirectory(atPath: scratch.path("dangling"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(
            atPath: scratch.path("dangling/.alertsound.yml"), withDestinationPath: scratch.path("nowhere.yml"))
        let dangling = try cli.run(["check", app], in: URL(fileURLWithPath: scratch.path("dangling")))
        #expect(dangling.status == 2, "\(dangling.stdout)\(dangling.stderr)")
        #expect(dangling.stderr.contains(".alertsound.yml") && dangling.stderr.contains("leads nowhere"))
        try fm.createDirectory(atPath: scratch.path("folder/.alertsound.yml"), withIntermediateDirectories: true)
        let folder = try cli.run(["validate-bundle", app], in: URL(fileURLWithPath: scratch.path("folder")))
        #expect(folder.status == 2, "\(folder.stdout)\(folder.stderr)")
        #expect(folder.stderr.contains(".alertsound.yml") && folder.stderr.contains("a folder"), "\(folder.stderr)")
    }

    /// An Android app nine folders down, past the search's depth: said, and its sound not judged
    /// as an iOS resource.
    @Test(.bug(id: "55", "item 4")) func anAppPastTheSearchDepthIsSaid() throws {
        let scratch = try Scratch()
        let deep = scratch.path("tree/a/b/c/d/e/f/g/h/app")
        try FileManager.default.createDirectory(
            atPath: deep + "/src/main/res/raw", withIntermediateDirectories: true)
        _ = try scratch.write(
            "tree/a/b/c/d/e/f/g/h/app/build.gradle", Array("plugins { id 'com.android.application' }\n".utf8))
        _ = try scratch.write("tree/a/b/c/d/e/f/g/h/app/src/main/res/raw/chime.ogg", Fixture.aacCAF())
        let run = try cli.run(["validate-bundle", scratch.path("tree")])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("a/b/c/d/e/f/g/h/app") && run.stderr.contains("depth of 8"), "\(run.stderr)")
        #expect(!run.stdout.contains("iOS"), "\(run.stdout)")
    }

    /// `setpriv`, to run the command as `nobody` when the tests run as root (whom permission bits
    /// do not stop); nil where there is none, or `nobody` cannot run the built command.
    static let setpriv: String? = {
        guard
            let found = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: found)
        probe.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", CommandLineTests.binary.path, "--version"
        ]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return nil }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? found : nil
    }()

    /// A folder that can be listed but not entered (mode 644) hides the app inside: the search says
    /// so. As root the command runs as `nobody`, for whom the mode holds.
    @Test(
        .bug(id: "55", "item 4"),
        .enabled(if: getuid() != 0 || setpriv != nil, "root, and no setpriv that runs the command as nobody"))
    func aFolderThatCannotBeEnteredIsSaid() throws {
        let scratch = try Scratch()
        let fm = FileManager.default
        try fm.createDirectory(atPath: scratch.path("repo/locked/app"), withIntermediateDirectories: true)
        try fm.createDirectory(atPath: scratch.path("repo/ok"), withIntermediateDirectories: true)
        _ = try scratch.write("repo/locked/app/build.gradle", Array("plugins { id 'com.android.application' }\n".utf8))
        _ = try scratch.write("repo/ok/chime.caf", Fixture.aacCAF())
        for folder in [scratch.url.path, scratch.path("repo"), scratch.path("repo/ok")] { chmod(folder, 0o755) }
        chmod(scratch.path("repo/ok/chime.caf"), 0o644)
        #expect(chmod(scratch.path("repo/locked"), 0o644) == 0)
        defer { chmod(scratch.path("repo/locked"), 0o755) }
        let process = Process()
        let arguments = ["validate-bundle", scratch.path("repo")]
        if getuid() == 0, let setpriv = Self.setpriv {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments =
                ["--reuid=65534", "--regid=65534", "--clear-groups", CommandLineTests.binary.path] + arguments
        } else {
            process.executableURL = CommandLineTests.binary
            process.arguments = arguments
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(
            stdout.contains(scratch.path("repo/locked") + ": cannot be searched for apps"), "\(stdout)\(stderr)")
    }
}
