import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// Numbers from the command line and from files: a threshold that is not a number, or one far
/// outside its documented range, is a usage error (exit 64), never a trap; and samples of any
/// value draw a whole HTML page.
@Suite struct NumericInputCommandTests {
    let cli = CommandLineTests()

    /// `--max-true-peak -1e19` and `--min-loudness nan` once trapped `check --levels` and `fix --levels`.
    @Test(arguments: [
        ["--max-true-peak", "-1e19"], ["--max-true-peak", "-300"], ["--max-true-peak", "inf"], ["--max-true-peak", "7"],
        ["--min-loudness", "nan"], ["--max-loudness", "nan"], ["--min-loudness", "-71"], ["--max-loudness", "1"],
        ["--max-dc-offset", "nan"], ["--max-dc-offset", "100"], ["--max-edge-level", "-1e300"],
        ["--max-edge-level", "nan"],
        ["--max-leading-silence", "1e300s"], ["--max-leading-silence", "31s"]
    ])
    func levelThresholdsOutsideTheirRangeAreUsageErrors(_ option: [String]) throws {
        let sample = try LevelsCommandTests.tone(dBFS: -20)
        defer { try? FileManager.default.removeItem(at: sample.folder) }
        let check = try cli.run(["check", "--levels"] + option + [sample.path])
        #expect(check.status == 64, "check \(option): \(check.status) \(check.stderr)")
        #expect(
            check.stderr.contains(option[0]) && check.stderr.contains(" to "),
            "the error names the option and its range: \(check.stderr)")
        let fix = try cli.run(["fix", "--levels", "--dry-run"] + option + [sample.path])
        #expect(fix.status == 64, "fix \(option): \(fix.status) \(fix.stderr)")
    }

    @Test func fixLoudnessTargetMustBeANumberInRange() throws {
        let sample = try LevelsCommandTests.tone(dBFS: -20)
        defer { try? FileManager.default.removeItem(at: sample.folder) }
        for value in ["nan", "-inf", "-1e19", "3"] {
            let fix = try cli.run(["fix", "--dry-run", "--loudness=\(value)", sample.path])
            #expect(fix.status == 64, "--loudness \(value): \(fix.status) \(fix.stderr)")
        }
    }

    /// A float WAV whose samples are -1e18 (and ±inf, NaN) once trapped `check --format html` half
    /// way, leaving a cut page the Action uploaded.
    @Test(arguments: [[-1e18], [-Double.infinity], [0.5, -1e18, 1e30, .nan]])
    func htmlReportDrawsAnySampleValue(_ pattern: [Double]) throws {
        let folder = try ConvertCommandTests().folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.wav").path
        try Data(FloatWAV.bytes((0..<4800).map { pattern[$0 % pattern.count] })).write(to: URL(fileURLWithPath: path))
        let page = try cli.run(["check", "--format", "html", path])
        #expect(page.status == 0 || page.status == 1, "\(page.status) \(page.stderr)")
        #expect(page.stdout.hasSuffix("</html>\n") && page.stdout.contains("class=\"waveform\""))
        let levels = try cli.run(["check", "--levels", path])
        #expect(levels.status == 0 || levels.status == 1, "\(levels.status) \(levels.stderr)")
    }
}

extension NumericInputCommandTests {
    /// `--fade 200` was 200 s; `--max-duration 5 --fade 30` passed; `--max-duration 10s` was refused.
    @Test(.bug(id: 20, "item 4")) func durationsNeedAUnitWhenAmbiguous() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
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

    /// Rates: `-d ima4@RATE`'s range was documented nowhere; `fix --rate 500000` was accepted.
    @Test(.bug(id: 20, "item 15")) func outputRatesHaveOneRange() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let fix = try cli.run(["fix", dir + "/too-long.wav", "--rate", "500000"])
        #expect(fix.status == 64 && fix.stderr.contains("from 1000 to 384000 Hz"))
        let convert = try cli.run(["convert", dir + "/chime.wav", dir + "/x.caf", "-d", "ima4@1000000"])
        #expect(convert.status == 64 && convert.stderr.contains("from 1000 to 384000"))
    }

    @Test(.bug(id: 20, "item 16")) func aNegativeChannelCountIsAUsageError() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let negative = try cli.run(["convert", dir + "/chime.wav", dir + "/y.caf", "-c", "-1"])
        #expect(negative.status == 64 && negative.stderr.contains("got -1"))
    }
}
