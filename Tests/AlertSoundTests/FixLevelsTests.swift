import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// `fix --levels` and `--loudness`: each level warning repaired on a sound that has it, nothing
/// done to a clean one, and the true peak held under the limit as decoded from the IMA4 output.
@Suite struct FixLevelsTests {
    static let rate = 48_000.0

    /// Writes `samples` (stereo, 48 kHz, 16-bit) as a WAV in a new folder; returns the folder and path.
    static func input(_ samples: [Double], channels: Int = 2) throws -> (String, String) {
        let dir = try FixTests.folder()
        let path = dir + "/in.wav"
        try FixTests.write(path, rate: rate, channels: channels, samples: samples)
        return (dir, path)
    }

    static func fix(_ path: String, _ configure: (inout FixOptions) -> Void) throws -> FixOutcome {
        let outcome = try #require(
            try FixTests.fixer {
                configure(&$0)
                $0.outputFolder = parentFolder(path) + "/out"
            }.fix(paths: [path]).outcomes.first)
        return outcome
    }

    static func warnings(_ report: FileReport?) -> [String] {
        (report?.diagnostics ?? []).filter { $0.severity == .warning }.map(\.code.rawValue)
    }

    @Test func everyRepairableWarningIsRepaired() throws {
        // 0.3 s of silence, then a quiet tone riding on a DC offset that starts and stops at once.
        var samples = [Double](repeating: 0, count: Int(0.3 * Self.rate) * 2)
        let tone = Signals.sine(1.5, dBFS: -45)
        samples += tone.map { $0 + 0.12 }
        let (dir, path) = try Self.input(samples)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = Self.warnings(Checker(measuring: true).check(path: path))
        #expect(Set(before) == ["dc-offset", "leading-silence", "too-quiet", "abrupt-end"])

        let outcome = try Self.fix(path) { $0.repairsLevels = true }
        #expect(outcome.status == .fixed, "\(outcome.error?.description ?? "")")
        #expect(
            outcome.changes.map(\.kind) == [
                "converted", "silence-trimmed", "dc-removed", "faded-in", "faded-out", "loudness"
            ])
        // The after report is the output's, decoded and judged with its levels: nothing left.
        #expect(Self.warnings(outcome.after) == [])
        let after = try #require(outcome.after?.levels)
        #expect(after.leadingSilence < 0.01 && abs(after.dcOffset) < 0.001)
        // Brought 1 LU inside the band's nearer edge, within the repair's tolerance.
        #expect(abs(try #require(after.maxMomentaryLoudness) - (-34)) <= LevelRepair.tolerance)
        // The same, read back from disk by a fresh checker.
        let output = try #require(outcome.output)
        #expect(Self.warnings(Checker(measuring: true).check(path: output)) == [])
    }

    /// A click, 0.5 s of silence, then the sound: fix --levels faded the click in and left the
    /// silence, so check warned leading-silence and a second fix was needed. Now one pass drops
    /// both, and a second pass over its output finds nothing to do.
    @Test func aClickThenSilenceIsRepairedInOnePass() throws {
        var samples = [0.9, 0.9, -0.8, -0.8] + [Double](repeating: 0, count: Int(0.5 * Self.rate) * 2)
        samples += Signals.clean(dBFS: -20, seconds: 1)
        let (dir, path) = try Self.input(samples)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(Self.warnings(Checker(measuring: true).check(path: path)).contains("click-at-start"))
        let outcome = try Self.fix(path) { $0.repairsLevels = true }
        #expect(
            outcome.status == .fixed && outcome.changes.contains { $0.kind == "silence-trimmed" }, "\(outcome.changes)")
        let output = try #require(outcome.output)
        #expect(Self.warnings(Checker(measuring: true).check(path: output)) == [])
        let second = try #require(
            try FixTests.fixer {
                $0.repairsLevels = true
                $0.outputFolder = dir + "/again"
            }.fix(paths: [output]).outcomes.first)
        #expect(second.status == .unchanged, "\(second.changes)")
    }

    /// Every level case `fix --levels` repairs, alone and together: one pass leaves nothing for a
    /// second, whose run over the first's output is `unchanged` with no change listed.
    static let levelCases: [(String, () -> [Double])] = [
        ("dc-offset", { Signals.clean(dBFS: -20).map { $0 + 0.05 } }),
        ("leading-silence", { [Double](repeating: 0, count: Int(0.4 * rate) * 2) + Signals.clean(dBFS: -20) }),
        ("too-quiet", { Signals.clean(dBFS: -50) }),
        ("too-loud", { Signals.clean(dBFS: -0.5, seconds: 1).map { max(-0.9, min(0.9, $0 * 3)) } }),
        ("click-at-start", { Signals.sine(1, dBFS: -6, phase: .pi / 2) }),
        ("abrupt-end", { Signals.sine(1, dBFS: -12) }),
        ("true-peak-over", { Signals.sine(1, dBFS: -0.2, frequency: 11_025, phase: .pi / 4) }),
        (
            "click-then-silence",
            {
                [0.9, 0.9, -0.8, -0.8] + [Double](repeating: 0, count: Int(0.5 * rate) * 2)
                    + Signals.clean(dBFS: -20)
            }
        ),
        (
            "all-at-once",
            {
                [Double](repeating: 0, count: Int(0.3 * rate) * 2)
                    + Signals.sine(1.5, dBFS: -45).map { $0 + 0.12 }
            }
        )
    ]

    @Test(arguments: levelCases.indices)
    func aSecondPassChangesNothing(_ index: Int) throws {
        let (name, make) = Self.levelCases[index]
        let (dir, path) = try Self.input(make())
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try Self.fix(path) { $0.repairsLevels = true }
        #expect(first.status == .fixed, "\(name): \(first.error?.description ?? "")")
        #expect(Self.warnings(first.after) == [], "\(name): \(Self.warnings(first.after))")
        let output = try #require(first.output)
        let second = try #require(
            try FixTests.fixer {
                $0.repairsLevels = true
                $0.outputFolder = dir + "/again"
            }.fix(paths: [output]).outcomes.first)
        #expect(second.status == .unchanged && second.changes.isEmpty, "\(name): \(second.changes.map(\.description))")
    }

    /// A sound quiet throughout (every sample under -60 dBFS) was all "leading silence": fix
    /// --levels dropped it whole and called the empty file fixed. It is brought up instead.
    @Test func aSoundQuietThroughoutIsNotDropped() throws {
        let (dir, path) = try Self.input(Signals.clean(dBFS: -63, seconds: 1))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outcome = try Self.fix(path) { $0.repairsLevels = true }
        #expect(!outcome.changes.contains { $0.kind == "silence-trimmed" }, "\(outcome.changes)")
        if outcome.status == .fixed {
            let output = try #require(outcome.output)
            let frames = try #require(try SoundFile.inspect(path: output).frames)
            #expect(frames > 40_000, "\(frames)")
        }
    }

    @Test func loudnessTargetHoldsTheTruePeakAfterIMA4() throws {
        // A tone with sharp clicks: reaching -9 LUFS needs far more gain than the clicks have room for.
        var samples = Signals.sine(2, dBFS: -30, frequency: 440)
        for click in stride(from: 1000, to: samples.count / 2 - 10, by: 9000) {
            samples[2 * click] = 0.9
            samples[2 * click + 1] = -0.9
        }
        let (dir, path) = try Self.input(samples)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outcome = try Self.fix(path) { $0.loudness = -9 }
        #expect(outcome.status == .fixed, "\(outcome.error?.description ?? "")")
        #expect(outcome.changes.map(\.kind).contains("peak-limited"))
        let output = try #require(outcome.output)
        let levels = try SoundLevels.measure(path: output)
        #expect(try #require(levels.truePeak) <= LevelThresholds().maximumTruePeak)
        #expect(abs(try #require(levels.maxMomentaryLoudness) - (-9)) <= 0.5)
        // The reported figures are the output's as measured.
        guard case let .peakLimited(_, to)? = outcome.changes.first(where: { $0.kind == "peak-limited" }) else {
            Issue.record("no peak change")
            return
        }
        #expect(abs(to - (levels.truePeak ?? 0)) < 1e-9)
    }

    @Test func aLoudnessTargetWithoutPeaksIsMetClosely() throws {
        let (dir, path) = try Self.input(Signals.clean(dBFS: -30))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outcome = try Self.fix(path) { $0.loudness = -16 }
        #expect(outcome.changes.map(\.kind) == ["converted", "loudness"])
        let levels = try SoundLevels.measure(path: try #require(outcome.output))
        #expect(abs(try #require(levels.maxMomentaryLoudness) - (-16)) <= LevelRepair.tolerance)
    }

    @Test func aCleanSoundIsLeftAsIs() throws {
        let (dir, path) = try Self.input(Signals.clean())
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outcome = try Self.fix(path) { $0.repairsLevels = true }
        #expect(outcome.status == .unchanged && outcome.output == nil)
        #expect(outcome.before?.levels != nil)
    }

    @Test func clippingAloneIsNotRepairable() throws {
        var samples = Signals.clean(dBFS: -20)
        for i in 20_000..<20_010 { samples[i] = 1 }
        let (dir, path) = try Self.input(samples)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outcome = try Self.fix(path) { $0.repairsLevels = true }
        #expect(Self.warnings(outcome.before).contains("clipped"))
        #expect(outcome.before?.diagnostics.first { $0.code == .clipped }?.suggestion == nil)
        // Clipping is all that is wrong? No: the clip also makes the true peak high, which is repaired.
        #expect(outcome.status == .fixed)
        #expect(outcome.changes.map(\.kind).contains("peak-limited"))
        // "Fixed", and it says the distortion remains (it said nothing).
        #expect(
            outcome.note?.contains("clipped in the input; the distortion remains") == true,
            "\(outcome.note ?? "no note")")
    }

    @Test func dryRunSaysWhatWouldChange() throws {
        let (dir, path) = try Self.input(Signals.sine(1, dBFS: -3))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outcome = try #require(
            try FixTests.fixer { $0.repairsLevels = true }.fix(paths: [path], dryRun: true).outcomes.first)
        #expect(outcome.status == .planned)
        #expect(outcome.changes.map(\.kind) == ["converted", "faded-out", "loudness"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/in.caf"))
    }

    @Test func optionsThatCannotWorkAreRefused() {
        var options = FixOptions()
        options.loudness = -16
        options.normalize = true
        #expect(options.problem() != nil)
        options.normalize = false
        options.loudness = 3
        #expect(options.problem() != nil)
        options.loudness = -16
        options.levelLimits.loudnessBand = -80 ... -5
        #expect(options.problem() != nil)
    }

    @Test func thresholdsChangeTheVerdict() throws {
        let levels = Signals.measure(Signals.clean(dBFS: -3))
        #expect(!LevelRules.findings(levels).contains { $0.code == .truePeakOver })
        var strict = LevelThresholds()
        strict.maximumTruePeak = -6
        strict.loudnessBand = -40 ... -20
        let codes = LevelRules.findings(levels, limits: strict).map(\.code)
        #expect(codes.contains(.truePeakOver) && codes.contains(.tooLoud))
        #expect(
            LevelRules.findings(levels, limits: strict, path: "x.wav").allSatisfy {
                $0.suggestion == Suggestion(.fixLevels, path: "x.wav")
            })
    }
}

extension Checker {
    /// A checker that measures levels.
    init(measuring: Bool) {
        self.init()
        measuresLevels = measuring
    }
}
