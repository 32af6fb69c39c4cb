import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// `info --levels`: the measured levels in text and in JSON (checked against the schema by `run`),
/// and the documents without the flag left as they were.
@Suite struct LevelsCommandTests {
    let cli = CommandLineTests()

    @Test func infoMeasuresLevelsWhenAsked() throws {
        let folder = try Scratch.kept().url
        defer { try? FileManager.default.removeItem(at: folder) }
        // 1 s of a 1 kHz sine peaking at -23 dBFS in both channels: -23 LUFS.
        let amplitude = pow(10, -23.0 / 20) * 32767
        let frames = (0..<48_000).flatMap { f -> [Int16] in
            let x = Int16((amplitude * sin(2 * Double.pi * 1000 * Double(f) / 48_000)).rounded())
            return [x, x]
        }
        let sine = folder.appendingPathComponent("sine.wav").path
        try Data(
            try SoundFileBuilder.make(
                .wave,
                format: StreamFormat(sampleRate: 48_000, channels: 2, coding: .integer(16, order: .littleEndian)),
                samples: frames)
        ).write(to: URL(fileURLWithPath: sine))

        let text = try cli.run(["info", "--levels", sine])
        #expect(text.status == 0)
        let loudness = text.stdout.split(separator: "\n").first { $0.hasPrefix("Loudness ") }?.split(separator: " ")
            .dropFirst().first
        #expect(abs(try #require(loudness.flatMap { Double($0) }) + 23) <= 0.1, "\(text.stdout)")
        #expect(text.stdout.contains("Loudest 3 s      none (shorter than 3 s"))

        let json = try cli.run([
            "info", "--levels", "--format", "json", sine, folder.appendingPathComponent("missing.wav").path
        ])
        #expect(json.status == 1)
        let files = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["files"]
                as? [[String: Any]])
        let levels = try #require(files[0]["levels"] as? [String: Any])
        #expect(abs(try #require(levels["integratedLoudness"] as? Double) + 23) <= 0.1)
        #expect(levels["maxShortTermLoudness"] is NSNull && files[0]["levelsError"] is NSNull)
        #expect(files[1]["levels"] is NSNull)

        let plain = try cli.run(["info", "--format", "json", sine])
        #expect(!plain.stdout.contains("\"levels\""))

        // A header that reads (WAV tag 0x161, WMA) over audio nothing here decodes (ffmpeg kept out):
        // levels is null and levelsError the error object, as `error` is.
        var wma = try Data(contentsOf: URL(fileURLWithPath: sine))
        wma[20] = 0x61
        wma[21] = 0x01
        let undecodable = folder.appendingPathComponent("wma.wav")
        try wma.write(to: undecodable)
        let failed = try cli.run(
            ["info", "--levels", "--format", "json", undecodable.path], environment: ["ALERTSOUND_FFMPEG": ""])
        let entry = try #require(
            ((try JSONSerialization.jsonObject(with: Data(failed.stdout.utf8)) as? [String: Any])?["files"]
                as? [[String: Any]])?.first)
        #expect(entry["levels"] is NSNull && entry["error"] is NSNull, "\(failed.stdout)")
        let levelsError = try #require(entry["levelsError"] as? [String: Any], "\(failed.stdout)")
        #expect(
            levelsError["kind"] as? String == "unsupported" && (levelsError["message"] as? String)?.isEmpty == false)
    }

    /// A 1 s stereo 48 kHz WAV of a 1 kHz sine at `dBFS`, `offset` added, in a new folder.
    static func tone(dBFS: Double, offset: Double = 0) throws -> (folder: URL, path: String) {
        let folder = try Scratch.kept().url
        let amplitude = pow(10, dBFS / 20)
        let samples = (0..<48_000).flatMap { f -> [Double] in
            let x = amplitude * sin(2 * Double.pi * 1000 * Double(f) / 48_000) + offset
            return [x, x]
        }
        let path = folder.appendingPathComponent("tone.wav").path
        try Data(
            try SoundFileBuilder.make(
                .wave,
                format: StreamFormat(sampleRate: 48_000, channels: 2, coding: .integer(16, order: .littleEndian)),
                fullScale: samples)
        ).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    /// `check --levels` dropped levels silently for a sound it could not decode, where `info
    /// --levels` said why: now both say so, in text, JSON (`levelsError`, schema-valid) and HTML.
    @Test func checkSaysWhyLevelsWereNotMeasured() throws {
        let (folder, _) = try Self.tone(dBFS: -20)
        defer { try? FileManager.default.removeItem(at: folder) }
        // MS ADPCM whose blocks are noise: read, not decoded (nor by ffmpeg, when it is here).
        var bytes =
            Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8) + [
                0x10, 0, 0, 0, 0x02, 0, 0x01, 0, 0x40, 0x1F, 0, 0, 0, 0x10, 0, 0, 0, 0x01, 0x04, 0
            ]
        bytes += Array("data".utf8) + [0, 1, 0, 0] + (0..<256).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
        let path = folder.appendingPathComponent("noise.wav").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let text = try cli.run(["check", "--levels", path])
        #expect(text.stdout.contains("  levels: not measured: "), "\(text.stdout)")
        let json = try cli.run(["check", "--levels", "--format", "json", path])
        let problems = CommandLineTests.schemas?.problems(json.stdout, schema: "check.schema.json") ?? ["no schemas"]
        #expect(problems.isEmpty, "\(problems)")
        #expect(
            json.stdout.contains("\"levels\" : null") && json.stdout.contains("\"levelsError\" : {"), "\(json.stdout)")
        #expect(
            try cli.run(["check", "--levels", "--format", "html", path]).stdout.contains(
                "No levels: the audio cannot be decoded"))
    }

    @Test func thresholdsAreOptions() throws {
        let (folder, path) = try Self.tone(dBFS: -10)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try cli.run(["check", "--levels", path])
        #expect(
            plain.status == 0 && !plain.stdout.contains("true-peak-over") && !plain.stdout.contains("too-loud"),
            "\(plain.stdout)")
        let strict = try cli.run([
            "check", "--levels", "--max-true-peak", "-12", "--max-loudness", "-20", "--format", "json", path
        ])
        #expect(strict.status == 0)
        #expect(
            strict.stdout.contains("\"true-peak-over\"") && strict.stdout.contains("\"too-loud\"")
                && strict.stdout.contains("\"fix-levels\""))
        // Without --levels a threshold has nothing to judge: a usage error, not a silent no-op.
        #expect(try cli.run(["check", "--max-true-peak", "-6", path]).status == 64)
        #expect(try cli.run(["check", "--levels", "--min-loudness", "-10", "--max-loudness", "-20", path]).status == 64)
        #expect(try cli.run(["check", "--levels", "--max-dc-offset", "150", path]).status == 64)
        let advice = try cli.run(["check", "--levels", "--max-true-peak", "-12", path])
        #expect(advice.stdout.contains("fix it: alertsound fix --levels "))
    }

    @Test func fixRepairsLevelsFromTheCommandLine() throws {
        let (folder, path) = try Self.tone(dBFS: -40, offset: 0.05)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let run = try cli.run(["fix", "--levels", "--format", "json", "--output-dir", out, path])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let outcome = try #require((document["inputs"] as? [[String: Any]])?.first)
        let kinds = (outcome["changes"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds == ["converted", "dc-removed", "faded-in", "faded-out", "loudness"], "\(run.stdout)")
        let after = try #require(outcome["after"] as? [String: Any])
        #expect(after["levels"] is [String: Any])
        let checked = try cli.run(["check", "--levels", out])
        #expect(checked.status == 0 && !checked.stdout.contains("warning"), "\(checked.stdout)")

        // The command check suggests, run as suggested, writes a sound with no level warning.
        let suggested = try cli.run(["check", "--levels", path])
        #expect(suggested.stdout.contains("fix it: alertsound fix --levels \(path)"), "\(suggested.stdout)")
        #expect(try cli.run(["fix", "--levels", path]).status == 0)
        let beside = try cli.run(["check", "--levels", folder.appendingPathComponent("tone.caf").path])
        #expect(beside.status == 0 && !beside.stdout.contains("warning"), "\(beside.stdout)")

        let loud = try cli.run([
            "fix", "--loudness", "-12", "--max-true-peak", "-3", "--output-dir",
            folder.appendingPathComponent("loud").path, path
        ])
        #expect(loud.status == 0 && loud.stdout.contains("LUFS"), "\(loud.stdout)\(loud.stderr)")
        #expect(try cli.run(["fix", "--loudness", "-12", "--normalize", path]).status == 64)
        #expect(try cli.run(["fix", "--max-true-peak", "-3", path]).status == 64)
    }

    @Test func htmlReportIsOnePageWithAWaveformPerSound() throws {
        let (folder, path) = try Self.tone(dBFS: -20)
        defer { try? FileManager.default.removeItem(at: folder) }
        let odd = folder.appendingPathComponent("a<b>&c.wav").path
        try FileManager.default.copyItem(atPath: path, toPath: odd)
        try Data("not a sound".utf8).write(to: folder.appendingPathComponent("junk.wav"))
        let run = try cli.run(["check", "--format", "html", folder.path])
        #expect(run.status == 1)
        let page = run.stdout
        #expect(page.hasPrefix("<!doctype html>") && page.hasSuffix("</html>\n"))
        #expect(page.components(separatedBy: "<section class=").count - 1 == 3)
        #expect(page.components(separatedBy: "class=\"waveform\"").count - 1 == 2)
        #expect(page.components(separatedBy: "data:audio/wav;base64,").count - 1 == 2)
        #expect(page.contains("a&lt;b&gt;&amp;c.wav") && !page.contains("a<b>&c.wav"))
        #expect(page.contains("3 files checked: 2 valid, 1 invalid"))
        // Nothing from elsewhere: the page works offline.
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src=\"/"))
        #expect(try cli.run(["validate-bundle", "--format", "html", folder.path]).status == 64)
    }
}
