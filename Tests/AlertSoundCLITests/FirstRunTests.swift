import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// The first hour of a new user, as issue 20 found it: each test failed before its fix.
@Suite struct FirstRunTests {
    let cli = CommandLineTests()

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The README and the guides in docs/, which a user reads as one documentation.
    static func documentation() throws -> String {
        let docs = root.appendingPathComponent("docs")
        let guides = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .sorted()
        return try (["README.md"] + guides.map { "docs/" + $0 }).map {
            try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
    }

    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "alertsound-first-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func samples() throws -> String {
        let dir = try scratch()
        let maker = CommandLineTests.binary.deletingLastPathComponent().appendingPathComponent("alertsound-samples")
        let process = Process()
        process.executableURL = maker
        process.arguments = [dir]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return dir
    }

    // 1. `--payload push/*.json` with two files: the second was taken for a bundle path.
    @Test func payloadTakesAGlob() throws {
        let dir = try Self.samples()
        try FileManager.default.createDirectory(atPath: dir + "/My.app", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/chime.caf", toPath: dir + "/My.app/chime.caf")
        try Data(#"{"aps":{"sound":"chime.caf"}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/a.json"))
        try Data(#"{"aps":{"sound":"gone.caf"}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/b.json"))
        for arguments in [
            [dir + "/My.app", "--payload", dir + "/a.json", dir + "/b.json"],
            ["--payload", dir + "/a.json", dir + "/b.json", dir + "/My.app"],
            [dir + "/My.app", "--payload", dir + "/a.json", "--payload", dir + "/b.json"]
        ] {
            let run = try cli.run(["validate-bundle"] + arguments + ["--format", "json"])
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            let document = try JSONDecoder().decode(ValidationReport.self, from: Data(run.stdout.utf8))
            #expect(document.bundles.count == 1)
            #expect(document.bundles.first?.references.map { $0.name ?? "" } == ["chime.caf", "gone.caf"])
        }
    }

    // 13. "plays …/long.wav" and then invalid-sound for the same reference.
    @Test func aReferenceToAnInvalidSoundDoesNotPlay() throws {
        let dir = try Self.samples()
        try FileManager.default.createDirectory(atPath: dir + "/My.app", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/too-long.wav", toPath: dir + "/My.app/long.wav")
        let run = try cli.run(["validate-bundle", dir + "/My.app", "--sound", "long.wav"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("'long.wav' from --sound: names \(dir)/My.app/long.wav"))
        #expect(!run.stdout.contains("plays \(dir)/My.app/long.wav"))
    }

    @Test func markdownSummary() throws {
        let dir = try Self.samples()
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
}

extension FirstRunTests {
    // 4. `--fade 200` was 200 s; `--max-duration 5 --fade 30` passed; `--max-duration 10s` was refused.
    @Test func durationsNeedAUnitWhenAmbiguous() throws {
        let dir = try Self.samples()
        let long = dir + "/too-long.wav"
        let bare = try cli.run(["fix", long, "--fade", "200", "--dry-run"])
        #expect(bare.status == 64 && bare.stderr.contains("seconds or milliseconds? Write 200ms or 200s"))
        let tooLong = try cli.run(["fix", long, "--max-duration", "5", "--fade", "30s", "--dry-run", "--format", "json"]
        )
        #expect(tooLong.status == 64 && tooLong.stdout.contains("must be shorter than the 5 s kept"))
        let withUnit = try cli.run([
            "fix", long, "--max-duration", "10s", "--fade", "200ms", "--output-dir", dir + "/out", "--format", "json"
        ])
        #expect(withUnit.status == 0, "\(withUnit.stderr)")
        let after = try SoundFile.inspect(at: URL(fileURLWithPath: dir + "/out/too-long.caf"))
        #expect(abs((after.duration ?? 0) - 10) < 0.01)
        let millis = try cli.run([
            "fix", long, "--max-duration", "7000ms", "--output-dir", dir + "/ms", "--format", "json"
        ])
        #expect(millis.status == 0)
        #expect(
            abs((try SoundFile.inspect(at: URL(fileURLWithPath: dir + "/ms/too-long.caf")).duration ?? 0) - 7) < 0.01)
    }

    // 5. damaged-header suggested `fix`, which said "plays already"; inside an .ipa it suggested an unrunnable path.
    @Test func suggestedFixesDoSomething() throws {
        let dir = try Self.samples()
        let check = try cli.run(["check", dir + "/damaged.wav"])
        #expect(check.stdout.contains("damaged-header") && check.stdout.contains("fix it: alertsound fix"))
        let fix = try cli.run(["fix", dir + "/damaged.wav"])
        #expect(fix.status == 0)
        #expect(fix.stdout.contains("\(dir)/damaged.wav -> \(dir)/damaged.caf"), "\(fix.stdout)")
        #expect(try cli.run(["check", dir + "/damaged.caf"]).status == 0)

        var zip = ZipWriter()
        zip.add("Payload/My.app/long.wav", Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/too-long.wav"))))
        try Data(zip.archive()).write(to: URL(fileURLWithPath: dir + "/My.ipa"))
        let ipa = try cli.run(["validate-bundle", dir + "/My.ipa"])
        #expect(ipa.status == 1)
        #expect(!ipa.stdout.contains("alertsound fix '") && !ipa.stdout.contains("fix \(dir)/My.ipa!"), "\(ipa.stdout)")
        #expect(ipa.stdout.contains("fix the sound the app is built from (alertsound fix SOURCE) and rebuild"))
    }

    // 6. `--output-dir Sounds` had to exist; a missing folder for one output was "cannot create a temporary file".
    @Test func outputFoldersAreMade() throws {
        let dir = try Self.samples()
        let many = try cli.run(["convert", dir + "/chime.wav", dir + "/chime.aiff", "--output-dir", dir + "/Sounds/new"]
        )
        #expect(many.status == 1, "chime.wav and chime.aiff both want chime.caf: the second is refused")
        #expect(FileManager.default.fileExists(atPath: dir + "/Sounds/new/chime.caf"))
        let one = try cli.run(["convert", dir + "/chime.wav", dir + "/nodir/deeper/chime.caf"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try cli.run(["check", dir + "/nodir/deeper/chime.caf"]).status == 0)
    }

    // 7. afconvert's options with a value got "Name one input and one output…".
    @Test func afconvertOptionsAreNamed() throws {
        let dir = try Self.samples()
        let bitRate = try cli.run(["convert", dir + "/chime.wav", dir + "/o.caf", "-b", "128000"])
        #expect(bitRate.status == 64 && bitRate.stderr.contains("afconvert's -b (bit rate)"))
        let long = try cli.run([
            "convert", dir + "/chime.wav", dir + "/o.caf", "--data", "ima4", "--file", "caff", "--channels", "1",
            "--quality", "127", "--verbose"
        ])
        #expect(long.status == 0, "\(long.stderr)")
        #expect(long.stdout.contains("'ima4'"))
    }

    // 8. A 45 s conversion exited 0 silently with a file iOS will not play.
    @Test func aConversionIOSWillNotPlayIsSaid() throws {
        let dir = try Self.samples()
        let run = try cli.run(["convert", dir + "/too-long.wav", dir + "/alert.caf"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning: \(dir)/alert.caf will not play as an alert sound: [too-long]"))
        #expect(run.stderr.contains("fix it: alertsound fix --output-dir \(dir) \(dir)/too-long.wav"))
        #expect(try cli.run(["convert", dir + "/chime.wav", dir + "/fine.caf"]).stderr.isEmpty)
    }

    /// The suggested fix keeps the folder the user converted into (ios/Runner), replaces the
    /// conversion that does not play when it has fix's name, and is never a fix into res/raw, where
    /// a .caf beside the source is a second file of its resource name and the Android build fails.
    @Test func suggestionsKeepTheOutputFolderAndStayOutOfResRaw() throws {
        let dir = try Self.samples()
        let raw = dir + "/android/app/src/main/res/raw", runner = dir + "/ios/Runner"
        for folder in [raw, runner] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: dir + "/too-long.wav", toPath: raw + "/adhan.wav")
        let check = try cli.run(["check", raw + "/adhan.wav"])
        #expect(
            check.stdout.contains("alertsound fix --output-dir IOS_SOUNDS_DIR \(raw)/adhan.wav")
                && check.stdout.contains("not res/raw"), "\(check.stdout)")
        let converted = try cli.run(["convert", raw + "/adhan.wav", runner + "/adhan.caf"])
        let suggested = "alertsound fix --force --output-dir \(runner) \(raw)/adhan.wav"
        #expect(converted.stderr.contains("fix it: " + suggested), "\(converted.stderr)")
        let fixed = try cli.run(suggested.split(separator: " ").dropFirst().map(String.init))
        #expect(fixed.status == 0, "\(fixed.stdout)")
        #expect(try cli.run(["check", runner + "/adhan.caf"]).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: raw) == ["adhan.wav"], "nothing written into res/raw")
    }

    // 9. A folder with no sounds passed, in every format.
    @Test func aFolderWithoutSoundsFails() throws {
        let dir = try Self.scratch()
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/readme.txt"))
        for format in ["text", "github", "json", "xcode"] {
            let run = try cli.run(["check", dir, "--format", format] + (format == "text" ? ["--strict"] : []))
            #expect(run.status == 1, "\(format)")
            #expect(run.stdout.contains("no-sounds"), "\(format): \(run.stdout)")
        }
        // A build tool passing every resource: non-sounds skipped, nothing to fail.
        #expect(try cli.run(["check", "--sounds-only", dir, dir + "/readme.txt"]).status == 0)
    }

    // 10. `fix -d UI8` was listed and refused.
    @Test func everyListedFixFormatWorks() throws {
        let help = try cli.run(["fix", "--help"])
        let listed =
            help.stdout.replacingOccurrences(of: "\n", with: " ").components(separatedBy: "(default ima4): ").last?
            .components(separatedBy: ".").first?.components(separatedBy: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            } ?? []
        #expect(listed.count >= 10 && !listed.contains("UI8"), "\(listed)")
        let dir = try Self.samples()
        for format in listed {
            let run = try cli.run([
                "fix", dir + "/chime.wav", "-d", format, "--output-dir", dir + "/" + format, "--format", "json"
            ])
            #expect(run.status == 0, "-d \(format): \(run.stderr)")
        }
        // The one it cannot write is named as given ("CAF cannot hold lpcm" said nothing), with the list.
        let refused = try cli.run(["fix", dir + "/chime.wav", "-d", "UI8", "--output-dir", dir + "/UI8"])
        #expect(
            refused.status != 0
                && refused.stderr.contains("CAF cannot hold UI8; fix writes CAF with " + listed.joined(separator: ", ")),
            "\(refused.stderr)")
    }

    // 11. Usage errors under --format json printed nothing on standard output.
    @Test func usageErrorsGiveAJSONDocument() throws {
        for arguments in [
            ["check", "--format", "json", "--bogus", "x"], ["fix", "--format", "json", "-c", "0", "x"],
            ["validate-bundle", "--format", "json"], ["convert", "--format", "json", "a", "b", "c"]
        ] {
            let run = try cli.run(arguments)
            #expect(run.status == 64)
            let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            #expect(
                (document?["error"] as? [String: Any])?["kind"] as? String == "invalid-request",
                "\(arguments): \(run.stdout)")
        }
    }

    // 13. Counts that contradicted themselves.
    @Test func countsAgree() throws {
        let dir = try Self.samples()
        let run = try cli.run(["convert", dir + "/chime-stereo.caf", dir + "/l24.caf", "-d", "LEI24", "-v"])
        let info = try SoundFile.inspect(at: URL(fileURLWithPath: dir + "/l24.caf"))
        let frames = try #require(info.frames)
        #expect(run.stdout.contains("\(frames) packets, \(frames) valid frames"), "\(run.stdout)")
        // A file of no frames is not "plays already".
        let empty = try SoundFileBuilder.make(
            .caff, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .bigEndian)),
            samples: [Int16]())
        try Data(empty).write(to: URL(fileURLWithPath: dir + "/empty.caf"))
        let fix = try cli.run(["fix", dir + "/empty.caf"])
        #expect(
            fix.status == 1 && fix.stdout.contains("could not fix: no-audio: the file holds no audio frames"),
            "\(fix.stdout)")
        // The finding is the reason, as check made it: not restated as an error.
        let json = try cli.run(["fix", "--format", "json", dir + "/empty.caf"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let input = try #require((document["inputs"] as? [[String: Any]])?.first)
        #expect(json.status == 1 && input["status"] as? String == "failed" && input["error"] is NSNull)
        #expect((input["blockers"] as? [[String: Any]])?.map { $0["code"] as? String } == ["no-audio"])
        let outcome = Fixer().fix(
            FixJob(input: dir + "/empty.caf", output: dir + "/empty-fixed.caf", refusal: nil, fromFolder: false))
        #expect(outcome.status == .failed && outcome.error == nil && outcome.blockers.map(\.code) == [.noAudio])
        #expect(outcome.before?.diagnostics.contains(outcome.blockers[0]) == true)
    }

    // 15. Rates: -d ima4@RATE's range was documented nowhere; fix --rate 500000 was accepted.
    @Test func outputRatesHaveOneRange() throws {
        let dir = try Self.samples()
        let fix = try cli.run(["fix", dir + "/too-long.wav", "--rate", "500000"])
        #expect(fix.status == 64 && fix.stderr.contains("from 1000 to 384000 Hz"))
        let convert = try cli.run(["convert", dir + "/chime.wav", dir + "/x.caf", "-d", "ima4@1000000"])
        #expect(convert.status == 64 && convert.stderr.contains("from 1000 to 384000"))
        let readme = try Self.documentation()
        #expect(readme.contains("1,000–384,000 Hz"))
    }

    // 16. Minor ones.
    @Test func minorRoughEdges() throws {
        let dir = try Self.samples()
        let mp3 = try cli.run(["convert", dir + "/chime.wav", dir + "/x.mp3"])
        #expect(
            mp3.status == 64 && mp3.stderr.contains("not .mp3")
                && !FileManager.default.fileExists(atPath: dir + "/x.mp3"))
        let negative = try cli.run(["convert", dir + "/chime.wav", dir + "/y.caf", "-c", "-1"])
        #expect(negative.status == 64 && negative.stderr.contains("got -1"))
        let empty = try cli.run(["check", ""])
        #expect(empty.status == 64 && !empty.stdout.contains(": invalid"))
        let missing = try cli.run(["validate-bundle", dir + "/Missing.app", "--format", "xcode"])
        #expect(
            missing.status == 2 && missing.stdout.hasPrefix("\(dir)/Missing.app: error: alertsound validate-bundle: "))
        let readme = try Self.documentation()
        let manual = try String(contentsOf: Self.root.appendingPathComponent("man/alertsound.1"), encoding: .utf8)
        #expect(!readme.contains("../shared") && !manual.contains("../shared"))
        #expect(readme.contains("--generate-completion-script") && manual.contains("completion"))
        // The install lines make their folders, and with what macOS's BSD install has (no -D).
        #expect(readme.contains("mkdir -p /usr/local/bin /usr/local/share/man/man1") && !readme.contains("install -D"))
        // 12. Validating with Python's jsonschema needs the schemas in a registry: the docs say how.
        #expect(readme.contains("referencing.Registry") && readme.contains("Registry().with_resources"))
        // The man page's synopsis of fix names every option fix takes.
        let synopsis =
            manual.components(separatedBy: ".B alertsound fix").dropFirst().first?.components(separatedBy: ".SH").first
            ?? ""
        for option in ["src\\-quality", "\\-q", "\\-r", "\\-c", "\\-\\-mix", "\\-\\-normalize", "\\-\\-dry\\-run"] {
            #expect(synopsis.contains(option), "fix's synopsis lacks \(option)")
        }
        // Android's messages ended with a full stop before the advice ("AAC and AMR.; convert it").
        try FileManager.default.createDirectory(atPath: dir + "/android/res/raw", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/chime.caf", toPath: dir + "/android/res/raw/ding.caf")
        let android = try cli.run(["validate-bundle", dir + "/android"])
        #expect(
            android.stdout.contains("android-unsupported-format") && !android.stdout.contains(".;"), "\(android.stdout)"
        )
    }
}

/// The release binary starts without libsndfile and libsamplerate (loaded on first use); a
/// conversion that needs one names the package to install (issue 20, a self-contained binary).
@Suite struct MissingLibraryTests {
    let cli = CommandLineTests()

    @Test func whatNeedsNoLibraryWorksWithoutThem() throws {
        let dir = try FirstRunTests.samples()
        let none = ["ALERTSOUND_LIBSNDFILE": "", "ALERTSOUND_LIBSAMPLERATE": "", "ALERTSOUND_FFMPEG": ""]
        #expect(try cli.run(["check", dir + "/chime.wav"], environment: none).status == 0)
        let converted = try cli.run(
            ["convert", dir + "/chime.wav", dir + "/out.caf", "-d", "ima4@22050"], environment: none)
        #expect(converted.status == 0, "our own resampler needs no library: \(converted.stderr)")
    }

    @Test func aMissingLibraryIsNamed() throws {
        let dir = try FirstRunTests.samples()
        let tone = (0..<4000).map { 0.5 * sin(2 * Double.pi * 441 * Double($0) / 8000) }
        try SoundWriter.write(.flac, path: dir + "/song.flac", samples: tone, rate: 8000, channels: 1)
        let decode = try cli.run(
            ["convert", dir + "/song.flac", dir + "/song.caf"],
            environment: ["ALERTSOUND_LIBSNDFILE": "", "ALERTSOUND_FFMPEG": ""])
        #expect(decode.status == 1)
        #expect(
            decode.stderr.contains(
                "libsndfile, which alertsound uses to decode formats it does not read itself, is not installed"))
        #expect(
            decode.stderr.contains("sudo apt-get install libsndfile1; macOS: brew install libsndfile"),
            "\(decode.stderr)")
        let resample = try cli.run(
            [
                "convert", dir + "/chime.wav", dir + "/best.caf", "-d", "ima4@22050", "--src-quality", "best",
                "--format", "json"
            ],
            environment: ["ALERTSOUND_LIBSAMPLERATE": ""])
        #expect(resample.status == 1)
        #expect(
            resample.stdout.contains("\"action\" : \"install-library\"")
                && resample.stdout.contains("\"library\" : \"libsamplerate\""), "\(resample.stdout)")
        // And with the libraries where the system keeps them, both work.
        #expect(
            try cli.run(["convert", dir + "/song.flac", dir + "/song2.caf"], environment: ["ALERTSOUND_FFMPEG": ""])
                .status == 0)
    }
}

extension FirstRunTests {
    // 15. `check` called a 500 kHz CAF valid; now a warning, and fix brings it to 48 kHz.
    @Test func aHalfMegahertzSoundIsWarnedAndFixed() throws {
        let dir = try Self.scratch()
        let format = StreamFormat(sampleRate: 500_000, channels: 1, coding: .integer(16, order: .bigEndian))
        try Data(try SoundFileBuilder.make(.caff, format: format, samples: [Int16](repeating: 1000, count: 50_000)))
            .write(to: URL(fileURLWithPath: dir + "/fast.caf"))
        let check = try cli.run(["check", dir + "/fast.caf", "--strict"])
        #expect(
            check.status == 1
                && check.stdout.contains("warning [unusual-sample-rate] 500000 Hz is outside 1000-384000 Hz"),
            "\(check.stdout)")
        let fix = try cli.run(["fix", dir + "/fast.caf"])
        #expect(fix.status == 0 && fix.stdout.contains("resampled 500 -> 48 kHz"), "\(fix.stdout)")
        #expect(try SoundFile.inspect(at: URL(fileURLWithPath: dir + "/fast-fixed.caf")).sampleRate == 48000)
    }
}

/// Issue 22: `--format github` printed ESC, TAB and U+2028 from file names raw (text and xcode escape them).
@Suite struct GitHubEscapingTests {
    @Test func controlCharactersInNamesAreEscaped() throws {
        let dir = try FirstRunTests.scratch()
        let name = "a\u{1B}[31m\tb\u{2028}c.caf"
        try Data("not a sound".utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        let run = try CommandLineTests().run(["check", dir, "--format", "github"])
        #expect(run.status == 1)
        #expect(
            !run.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\t" || $0 == "\u{2028}" }, "\(run.stdout)")
        #expect(run.stdout.contains("a\\u{1B}[31m\\tb\\u{2028}c.caf"))
    }
}

/// Issue 22: a walk reopened every folder from the root (5,000 nested folders: 33 s; the time is
/// shown by scripts/bench-hostile). Each folder is now opened from its parent's kept descriptor;
/// this guards the other half of that design: the descriptors kept are bounded, so a deep tree of
/// sounds is read whole under a small descriptor limit.
@Suite struct DeepWalkTests {
    @Test func aDeepTreeOfSoundsUnderASmallDescriptorLimit() throws {
        let dir = try FirstRunTests.scratch()
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
