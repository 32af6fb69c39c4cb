import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// `alertsound check` as users and CI run it: its verdicts, exit statuses and formats.
@Suite struct CheckCommandTests {
    let cli = CommandLineTests()

    @Test func validFileExitsZero() throws {
        let folder = try cli.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try cli.run(["check", folder.appendingPathComponent("ok.caf").path])
        #expect(r.status == 0)
        #expect(r.stdout.contains("ok.caf: valid (CAF, lpcm 16-bit, 8000 Hz, 1 ch, 1.000 s)"))
        #expect(r.stdout.contains("1 file checked: 1 valid, 0 invalid"))
    }

    @Test func invalidFolderExitsOneWithCodes() throws {
        let folder = try cli.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try cli.run(["check", folder.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("error [too-long]"))
        // An MP3 is undocumented-format, an error with no minimum iOS known.
        #expect(r.stdout.contains("error [undocumented-format]"))
        #expect(r.stdout.contains("warning [extension-mismatch]"))
        #expect(r.stdout.contains("3 files checked: 1 valid, 2 invalid"))
    }

    @Test func missingPathExitsOne() throws {
        let r = try cli.run(["check", "/nonexistent/x.caf"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("[not-found]"))
    }

    @Test func jsonIsOneObjectWithDocumentedFields() throws {
        let folder = try cli.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try cli.run(["check", "--format", "json", folder.path])
        #expect(r.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(json["valid"] as? Bool == false)
        let files = json["files"] as! [[String: Any]]
        #expect(files.count == 3)
        let long = files.first { ($0["path"] as! String).hasSuffix("long.wav") }!
        #expect(long["duration"] as? Double == 31)
        #expect(long["frames"] as? Int == 248_000)
        #expect((long["diagnostics"] as! [[String: Any]]).first?["code"] as? String == "too-long")
        let fake = files.first { ($0["path"] as! String).hasSuffix("fake.caf") }!
        #expect(fake["container"] as? String == "mp3")
        // The first frame's rate is stated, and with no tag stating the length the frames are counted.
        #expect(fake["sampleRate"] as? Double == 44_100 && fake["frames"] is Int, "\(fake)")
    }

    @Test func xcodeAndGitHubFormats() throws {
        let folder = try cli.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = folder.appendingPathComponent("long.wav").path
        let xcode = try cli.run(["check", "--format", "xcode", long])
        #expect(xcode.stdout.hasPrefix("\(long): error: [too-long] plays 31.000 s"))
        let github = try cli.run(["check", "--format", "github", long])
        #expect(github.stdout.hasPrefix("::error file=\(long),title=too-long::plays 31.000 s"))
        #expect(github.status == 1)
    }

    @Test func strictFailsOnWarnings() throws {
        let folder = try cli.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let misnamed = folder.appendingPathComponent("ok.wav")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("ok.caf"), to: misnamed)
        #expect(try cli.run(["check", misnamed.path]).status == 0)
        #expect(try cli.run(["check", "--strict", misnamed.path]).status == 1)
    }

    @Test(.bug(id: 20)) func markdownSummary() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let run = try cli.run(["check", dir + "/too-long.wav", dir + "/chime.caf", "--format", "markdown"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "### alertsound check: ❌ invalid 2 sounds, 1 invalid")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "| `\(dir)/too-long.wav` | ❌ invalid | WAV lpcm, 8000 Hz, 1 ch | 31.000 s | error `too-long`: plays 31.000 s"
                )
            })
        #expect(lines.contains("| `\(dir)/chime.caf` | ✅ valid | CAF lpcm, 44100 Hz, 1 ch | 1.500 s |  |"))
    }

    /// A folder with no sounds passed, in every format.
    @Test(.bug(id: 20, "item 9")) func aFolderWithoutSoundsFails() throws {
        let scratch = try CommandLineTests.scratch(), dir = scratch.url.path
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/readme.txt"))
        for format in ["text", "github", "json", "xcode"] {
            let run = try cli.run(["check", dir, "--format", format] + (format == "text" ? ["--strict"] : []))
            #expect(run.status == 1, "\(format)")
            #expect(run.stdout.contains("no-sounds"), "\(format): \(run.stdout)")
        }
        // A build tool passing every resource: non-sounds skipped, nothing to fail.
        #expect(try cli.run(["check", "--sounds-only", dir, dir + "/readme.txt"]).status == 0)
    }

    /// An empty path is a usage error, not a file called "" found invalid.
    @Test(.bug(id: 20, "item 16")) func anEmptyPathIsAUsageError() throws {
        let empty = try cli.run(["check", ""])
        #expect(empty.status == 64 && !empty.stdout.contains(": invalid"))
    }

    /// A walk reopened every folder from the root (5,000 nested folders: 33 s; the time is shown by
    /// scripts/bench-hostile). Each folder is now opened from its parent's kept descriptor; this
    /// guards the other half of that design: the descriptors kept are bounded, so a deep tree of
    /// sounds is read whole under a small descriptor limit.
    @Test(.bug(id: 22)) func aDeepTreeOfSoundsUnderASmallDescriptorLimit() throws {
        let scratch = try CommandLineTests.scratch(), dir = scratch.url.path
        let caf = try SoundFileBuilder.make(
            .caff, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .bigEndian)),
            samples: [Int16](repeating: 100, count: 800))
        var fd = open(dir, O_RDONLY | O_DIRECTORY)
        for _ in 0..<2000 {
            let file = openat(fd, "s.caf", O_WRONLY | O_CREAT, 0o644)
            _ = caf.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            close(file)
            #expect(mkdirat(fd, "d", 0o755) == 0)
            let next = openat(fd, "d", O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        close(fd)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c", "ulimit -n 128 && exec \"$0\" check --format json \"$1\"", CommandLineTests.binary.path, dir
        ]
        let out = Pipe()
        shell.standardOutput = out
        try shell.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        let report = try JSONDecoder().decode(CheckReport.self, from: data)
        #expect(shell.terminationStatus == 0)
        #expect(
            report.files.count == 2000 && report.files.allSatisfy(\.valid),
            "\(report.files.filter { !$0.valid }.prefix(2).map(\.diagnostics))")
    }
}

extension CheckCommandTests {
    /// `check --platform android` judges by Android's rules: an Ogg passes (issue 45, item 9).
    @Test(.bug(id: 45, "item 9")) func androidsRules() throws {
        let dir = try Scratch.kept().url
        defer { try? FileManager.default.removeItem(at: dir) }
        let ogg = dir.appendingPathComponent("ding.ogg")
        try Data(OggPages.vorbis(frames: 22_050)).write(to: ogg)
        let android = try cli.run(["check", "--platform", "android", ogg.path])
        #expect(
            android.status == 0 && android.stdout.contains("valid (Ogg, vorbis, 44100 Hz, 1 ch, 0.500 s)"),
            "\(android.stdout)")
        #expect(try cli.run(["check", ogg.path]).status == 1)
        #expect(try cli.run(["check", "--platform", "android", "--levels", ogg.path]).status == 64)
    }

    /// Issue 47: `--ios-minimum` (or the configuration's `ios-minimum`) makes an AAC CAF a warning
    /// at or above iOS 18, an error below; `--explain` prints the evidence table.
    @Test func theMinimumDecidesAnAACVerdict() throws {
        let scratch = try Scratch()
        let sound = try scratch.write("chime.caf", Fixture.aacCAF())
        let unknown = try cli.run(["check", sound])
        #expect(unknown.status == 1 && unknown.stdout.contains("error [undocumented-format]"), "\(unknown.stdout)")
        let recent = try cli.run(["check", "--ios-minimum", "18.0", sound])
        #expect(recent.status == 0 && recent.stdout.contains("warning [undocumented-format]"), "\(recent.stdout)")
        #expect(try cli.run(["check", "--ios-minimum", "18.0", "--strict", sound]).status == 1)
        #expect(try cli.run(["check", "--ios-minimum", "17.6", sound]).status == 1)
        let config = try scratch.write("a.yml", Array("ios-minimum: 18.0\n".utf8))
        let configured = try cli.run(["check", "--config", config, "--format", "json", sound])
        #expect(
            configured.status == 0 && configured.stdout.contains("ios-minimum in \(config)"), "\(configured.stdout)")
        // The option wins over the file.
        #expect(try cli.run(["check", "--config", config, "--ios-minimum", "13", sound]).status == 1)
        let bad = try cli.run(["check", "--ios-minimum", "eighteen", sound])
        #expect(bad.status == 64 && bad.stderr.contains("--ios-minimum is an iOS version"), "\(bad.stderr)")
    }

    @Test func explainPrintsACodesRuleAndEvidence() throws {
        let r = try cli.run(["check", "--explain", "undocumented-format"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("undocumented-format: error (file)"))
        for row in UndocumentedFormat.allCases { #expect(r.stdout.contains(row.name)) }
        #expect(r.stdout.contains("observed from iOS 18.0"))
        let bundle = try cli.run(["check", "--explain", "no-such-sound"])
        #expect(bundle.status == 0 && bundle.stdout.contains("no-such-sound: error (bundle)"), "\(bundle.stdout)")
        #expect(try cli.run(["check", "--explain", "nope"]).status == 64)
        #expect(try cli.run(["check", "--explain", "too-long", "x.caf"]).status == 64)
    }
}
