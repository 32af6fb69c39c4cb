import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// `alertsound fix` and `convert --output-dir` as users and CI run them. The AAC inputs are made
/// by the ffmpeg that `scripts/setup --test` installs (it is also what decodes them).
@Suite struct FixCommandTests {
    let cli = CommandLineTests()

    static let ffmpeg: String? = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg", "/opt/homebrew/bin/ffmpeg"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    func folder() throws -> String {
        let path = try Scratch.kept().url.path
        return path
    }

    func pcm(
        _ path: String, seconds: Double, rate: Double = 8000, channels: Int = 1,
        coding: SampleCoding = .integer(16, order: .littleEndian), type: FileType = .wave
    ) throws {
        let frames = Int(seconds * rate)
        let samples = (0..<frames * channels).map { 0.4 * sin(Double($0 / channels) * 0.3) }
        try Data(
            try SoundFileBuilder.make(
                type, format: StreamFormat(sampleRate: rate, channels: channels, coding: coding), fullScale: samples)
        )
        .write(to: URL(fileURLWithPath: path))
    }

    /// A sound libsndfile cannot decode, made by ffmpeg: AAC in MP4 (`.m4a`), or Opus in CAF
    /// (ffmpeg cannot put AAC in CAF; the corpus test below covers Apple's AAC CAFs).
    func encoded(_ path: String, seconds: Int = 2) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.ffmpeg))
        process.arguments = [
            "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)", "-ac", "2",
            "-c:a", path.hasSuffix(".caf") ? "libopus" : "aac", "-y", path
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// An AAC file's length comes from ffmpeg's estimate: the cut does not state it as fact
    /// (`trimmed 134.7 -> 29.5 s` was said of a 133.85 s file), only where it ends.
    @Test(.tags(.ffmpeg), .enabled(if: FixCommandTests.ffmpeg != nil, "ffmpeg is not installed"))
    func anEstimatedLengthIsNotGivenAsFact() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try encoded(dir + "/long.m4a", seconds: 31)
        let run = try cli.run(["fix", dir + "/long.m4a", "--output-dir", dir + "/out"])
        #expect(run.status == 0 && run.stdout.contains("trimmed to 29.5 s"), "\(run.stdout) \(run.stderr)")
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func batchJSONAndExitStatus() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try pcm(dir + "/long.wav", seconds: 45)
        try pcm(dir + "/ok.aiff", seconds: 1, coding: .integer(16, order: .bigEndian), type: .aiff)
        try Data("junk".utf8).write(to: URL(fileURLWithPath: dir + "/broken.wav"))
        let r = try cli.run(["fix", dir, "--format", "json"])
        #expect(r.status == 1, "\(r.stderr)")
        let doc = try json(r.stdout)
        let inputs = try #require(doc["inputs"] as? [[String: Any]])
        var byName: [String: [String: Any]] = [:]
        for input in inputs { byName[URL(fileURLWithPath: input["input"] as? String ?? "").lastPathComponent] = input }
        #expect(byName["long.wav"]?["status"] as? String == "fixed")
        #expect(byName["ok.aiff"]?["status"] as? String == "unchanged")
        #expect(byName["broken.wav"]?["status"] as? String == "failed")
        #expect(
            ((byName["broken.wav"]?["error"] as? [String: Any])?["message"] as? String)?.contains("not a sound file")
                == true)
        let long = try #require(byName["long.wav"])
        #expect((long["before"] as? [String: Any])?["duration"] as? Double == 45)
        #expect((long["after"] as? [String: Any])?["duration"] as? Double == 29.5)
        #expect((long["after"] as? [String: Any])?["valid"] as? Bool == true)
        let changes = try #require(long["changes"] as? [[String: Any]])
        let trim = try #require(changes.first { $0["kind"] as? String == "trimmed" })
        #expect(trim["from"] as? Double == 45 && trim["to"] as? Double == 29.5 && trim["fade"] as? Double == 0.05)
        #expect((doc["summary"] as? [String: Int]) == ["fixed": 1, "unchanged": 1, "planned": 0, "failed": 1])

        // Piped: plain lines, no progress bar or escape codes; --quiet keeps only failures and the summary.
        let quiet = try cli.run(["fix", dir, "--quiet", "--force"])
        #expect(!quiet.stdout.contains("\u{1B}") && !quiet.stderr.contains("\u{1B}"))
        // FFmpeg's own words differ by version (6: "Invalid data found when processing input"; 7 and
        // 8: "Error opening input …"): only that it was asked, and what it said, is alertsound's.
        let lines = quiet.stdout.split(separator: "\n").map(String.init)
        let failure =
            "\(dir)/broken.wav: could not fix: not a sound file alertsound recognises (it starts with 6a 75 6e 6b 'junk')"
        #expect(
            lines.count == 2 && lines.last == "3 inputs: 1 fixed, 1 already playing, 1 could not be fixed", "\(lines)")
        if Self.ffmpeg == nil {
            #expect(lines.first == failure)
        } else {
            #expect(lines.first?.hasPrefix(failure + "; ffmpeg could not decode it (") == true, "\(lines)")
            #expect(lines.first?.hasSuffix(")") == true && lines.first?.contains("broken.wav: ") == true)
        }
    }

    @Test func dryRunAndDestinationRules() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try pcm(dir + "/long.caf", seconds: 31, type: .caff)
        let dry = try cli.run(["fix", dir + "/long.caf", "--dry-run"])
        #expect(dry.status == 0)
        #expect(
            dry.stdout.contains(
                "\(dir)/long.caf -> \(dir)/long-fixed.caf (dry run): converted CAF lpcm -> CAF ima4; trimmed 31.0 -> 29.5 s with a 50 ms fade-out"
            ))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["long.caf"])

        let done = try cli.run(["fix", dir + "/long.caf", "--max-duration", "10", "--fade", "20ms"])
        #expect(done.status == 0, "\(done.stdout)")
        #expect(done.stdout.contains("trimmed 31.0 -> 10.0 s with a 20 ms fade-out"))
        #expect(try SoundFile.inspect(path: dir + "/long-fixed.caf").frames == 80_000)
        // Invalid options are usage errors.
        #expect(try cli.run(["fix", dir + "/long.caf", "--max-duration", "30"]).status == 64)
        #expect(try cli.run(["fix", dir + "/long.caf", "--fade", "soon"]).status == 64)
    }

    @Test(
        .tags(.ffmpeg),
        .enabled(if: FixCommandTests.ffmpeg != nil, "ffmpeg is not installed (scripts/setup --test installs it)"))
    func aacThroughFFmpegAndWithout() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try encoded(dir + "/chime.m4a")
        try encoded(dir + "/bell.caf")

        let fixed = try cli.run(["fix", dir + "/chime.m4a", dir + "/bell.caf"])
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(
            fixed.stdout.contains(
                "\(dir)/chime.m4a -> \(dir)/chime.caf: decoded with ffmpeg; converted MPEG-4 / QuickTime (M4A, MP4) aac -> CAF ima4"
            ))
        #expect(
            fixed.stdout.contains(
                "\(dir)/bell.caf -> \(dir)/bell-fixed.caf: decoded with ffmpeg; converted CAF opus -> CAF ima4"))
        // The CAF's packet table says how many frames are audio.
        let stated = try #require(try SoundFile.inspect(path: dir + "/bell.caf").frames)
        #expect(try SoundFile.inspect(path: dir + "/bell-fixed.caf").frames == stated)
        #expect(try cli.run(["check", dir + "/chime.caf", dir + "/bell-fixed.caf"]).status == 0)

        // convert takes the same fallback.
        let converted = try cli.run(["convert", dir + "/chime.m4a", dir + "/c.wav"])
        #expect(converted.status == 0, "\(converted.stderr)")

        // Without ffmpeg: say what to install, write nothing.
        let none = ["ALERTSOUND_FFMPEG": ""]
        let missing = try cli.run(["fix", dir + "/chime.m4a", "--output-dir", dir + "/out"], environment: none)
        #expect(missing.status == 1)
        #expect(
            missing.stdout.contains(
                "ffmpeg, which can, is not installed; install FFmpeg (Debian/Ubuntu: sudo apt-get install ffmpeg; macOS: brew install ffmpeg)"
            ))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/chime.caf"))
        let convertMissing = try cli.run(["convert", dir + "/bell.caf", dir + "/b.caf"], environment: none)
        #expect(convertMissing.status == 1 && convertMissing.stderr.contains("install FFmpeg"))
    }

    /// Every command `check` suggests works: run it, and the sound it writes plays.
    @Test func checksSuggestionsWork() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try pcm(dir + "/long.wav", seconds: 35)
        try pcm(dir + "/wide.caf", seconds: 1, coding: .integer(24, order: .bigEndian), type: .caff)
        try SoundWriter.write(
            .mp3, path: dir + "/tune.caf", samples: (0..<44_100).map { 0.3 * sin(Double($0) * 0.05) }, rate: 44_100,
            channels: 1)
        try SoundWriter.write(
            .flac, path: dir + "/ding.flac", samples: (0..<8000).map { 0.3 * sin(Double($0) * 0.05) }, rate: 8000,
            channels: 1)
        if Self.ffmpeg != nil { try encoded(dir + "/opus.caf") }

        let report = try json(try cli.run(["check", dir, "--format", "json"]).stdout)
        // Each suggestion is data: the action, the file, and a data format when one is advised.
        let suggestions = try #require(report["files"] as? [[String: Any]]).flatMap {
            ($0["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["suggestion"] as? [String: Any] }
        }
        let commands = suggestions.compactMap { s -> [String]? in
            guard s["action"] as? String == "fix", let path = s["path"] as? String else { return nil }
            return ["fix", path] + ((s["dataFormat"] as? String).map { ["-d", $0] } ?? [])
        }
        #expect(commands.count == (Self.ffmpeg == nil ? 4 : 5), "\(suggestions)")
        // People get the same as a command line.
        let text = try cli.run(["check", dir])
        for command in commands {
            #expect(text.stdout.contains("fix it: alertsound " + command.joined(separator: " ")), "\(command)")
        }
        for command in commands {
            let r = try cli.run(command)
            #expect(r.status == 0, "\(command): \(r.stdout) \(r.stderr)")
        }
        // Everything the suggestions wrote plays.
        let outputs =
            ["long.caf", "wide-fixed.caf", "tune-fixed.caf", "ding.caf"]
            + (Self.ffmpeg == nil ? [] : ["opus-fixed.caf"])
        let check = try cli.run(["check"] + outputs.map { dir + "/" + $0 })
        #expect(check.status == 0, "\(check.stdout)")
    }

    /// Apple's AAC in CAF: ffmpeg delivers every packet's frames; the packet table's 2,112 priming
    /// frames and the remainder are dropped, as Apple's decoder drops them.
    @Test(
        .tags(.ffmpeg, .sharedCorpus),
        .enabled(if: FixCommandTests.ffmpeg != nil && CorpusFiles.folder != nil, "needs ffmpeg and ../shared/corpus"))
    func appleAACInCAFKeepsItsStatedLength() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = try #require(CorpusFiles.folder) + "/files/jessesquires__JSQSystemSoundPlayer__BalladPiano.caf"
        let r = try cli.run(["fix", input, "--output-dir", dir])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(
            try SoundFile.inspect(path: dir + "/jessesquires__JSQSystemSoundPlayer__BalladPiano.caf").frames == 529_200)
    }

    @Test func convertSeveralIntoAFolder() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        try pcm(dir + "/a.wav", seconds: 1)
        try pcm(dir + "/b.aiff", seconds: 1, channels: 2, coding: .integer(16, order: .bigEndian), type: .aiff)
        try Data("junk".utf8).write(to: URL(fileURLWithPath: dir + "/c.wav"))
        let r = try cli.run([
            "convert", dir + "/a.wav", dir + "/b.aiff", dir + "/c.wav", "--output-dir", dir + "/out", "-d", "LEI16"
        ])
        #expect(r.status == 1)
        #expect(r.stderr.contains("c.wav: not a sound file"))
        #expect(r.stderr.contains("1 of 3 inputs not converted"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted() == ["a.caf", "b.caf"])
        #expect(try SoundFile.inspect(path: dir + "/out/b.caf").channels == 2)
        // Three paths without --output-dir are a usage error.
        #expect(try cli.run(["convert", dir + "/a.wav", dir + "/b.aiff", dir + "/x.caf"]).status == 64)
    }
}

/// `../shared/corpus` beside this checkout, when it is there.
enum CorpusFiles {
    static let folder: String? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: url.path + "/expected.tsv") ? url.path : nil
    }()
}

extension FixCommandTests {
    /// `fix -d UI8` was listed and refused.
    @Test(.bug(id: 20, "item 10")) func everyListedFixFormatWorks() throws {
        let help = try cli.run(["fix", "--help"])
        let listed =
            help.stdout.replacingOccurrences(of: "\n", with: " ").components(separatedBy: "(default ima4): ").last?
            .components(separatedBy: ".").first?.components(separatedBy: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            } ?? []
        #expect(listed.count >= 10 && !listed.contains("UI8"), "\(listed)")
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
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

    /// A file of no frames is not "plays already"; the finding is the reason, as check made it, not
    /// restated as an error.
    @Test(.bug(id: 20, "item 13")) func aFileOfNoFramesIsNotFixed() throws {
        let scratch = try CommandLineTests.scratch(), dir = scratch.url.path
        let empty = try SoundFileBuilder.make(
            .caff, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .bigEndian)),
            samples: [Int16]())
        try Data(empty).write(to: URL(fileURLWithPath: dir + "/empty.caf"))
        let fix = try cli.run(["fix", dir + "/empty.caf"])
        #expect(
            fix.status == 1 && fix.stdout.contains("could not fix: no-audio: the file holds no audio frames"),
            "\(fix.stdout)")
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

    /// `check` called a 500 kHz CAF valid; now a warning, and fix brings it to 48 kHz.
    @Test(.bug(id: 20, "item 15")) func aHalfMegahertzSoundIsWarnedAndFixed() throws {
        let scratch = try CommandLineTests.scratch(), dir = scratch.url.path
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
