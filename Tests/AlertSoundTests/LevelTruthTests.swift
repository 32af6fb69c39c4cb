import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Levels that cannot lie: no loudness where BS.1770's filters are not defined, no output of
/// digital silence called fixed, a warning for a silent sound, and a DC offset the output brought
/// back removed in the same run.
@Suite struct LevelTruthTests {

    /// A clipped sine as sox writes it: where it clipped, 32767 and 32766 by turns (its dither),
    /// so no run sits at exactly full scale. The meter counted 0 while the HTML marked clipping
    /// across the waveform; now one computation does both. A clean full-scale sine counts none.
    @Test func clippingIsCountedAndMarkedAlike() throws {
        let rate = 44_100.0
        var turn = false
        let clippedSine: [Int16] = (0..<Int(rate)).map { i in
            let x = 1.6 * 32767 * sin(2 * Double.pi * 440 * Double(i) / rate)
            guard abs(x) >= 32767 else { return Int16(x.rounded()) }
            turn.toggle()
            return Int16(x > 0 ? (turn ? 32767 : 32766) : (turn ? -32767 : -32766))
        }
        let clean: [Int16] = (0..<Int(rate)).map {
            Int16((32767 * sin(2 * Double.pi * 1000 * Double($0) / rate)).rounded())
        }
        let folder = try Scratch.kept().url.path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, samples, clipped) in [("clipped.wav", clippedSine, true), ("clean.wav", clean, false)] {
            let path = folder + "/" + name
            try Data(
                try SoundFileBuilder.make(
                    .wave,
                    format: StreamFormat(sampleRate: rate, channels: 1, coding: .integer(16, order: .littleEndian)),
                    samples: samples)
            )
            .write(to: URL(fileURLWithPath: path))
            let levels = try SoundLevels.measure(path: path)
            let preview = try SoundPreview.make(path: path, audio: false)
            #expect((levels.clippedSamples > 1000) == clipped, "\(name): \(levels.clippedSamples)")
            #expect(preview.clipped.contains(true) == clipped, "\(name)")
            let report = Checker(measuring: true).check(path: path)
            #expect(report.diagnostics.contains { $0.code == .clipped } == clipped, "\(name)")
        }
    }
    /// A 300 Hz tone at `rate`, mono.
    static func tone(rate: Double, seconds: Double = 1, amplitude: Double = 0.3) -> [Double] {
        (0..<Int(rate * seconds)).map { amplitude * sin(2 * Double.pi * 300 * Double($0) / rate) }
    }

    /// The pre-filter's tan(π·1682/rate) passes π/2 at 3,364 Hz: a meter there once gave `inf` or
    /// 1,140 LUFS, and fix aimed a gain at it.
    @Test(arguments: [1000.0, 2000, 3000, 3364, 3500, 3999])
    func noLoudnessBelowTheFiltersRange(_ rate: Double) {
        var meter = LevelMeter(sampleRate: rate, channels: 1)
        meter.add(Self.tone(rate: rate))
        let levels = meter.levels()
        #expect(
            levels.maxMomentaryLoudness == nil && levels.integratedLoudness == nil && levels.maxShortTermLoudness == nil
        )
        #expect(levels.samplePeak != nil, "peaks are still measured")
    }

    @Test func loudnessFromTheLowestRateUp() {
        for rate in [LevelMeter.minimumLoudnessRate, 8000, 48_000] {
            var meter = LevelMeter(sampleRate: rate, channels: 1)
            meter.add(Self.tone(rate: rate))
            let loudness = meter.levels().maxMomentaryLoudness
            #expect(
                loudness.map { $0.isFinite && $0 > -30 && $0 < 0 } == true,
                "\(rate) Hz: \(String(describing: loudness))")
        }
    }

    /// At 3 kHz, and with --rate 2000, fix wrote digital silence and reported the target loudness.
    @Test func fixAtLowRatesKeepsTheSound() throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let low = dir + "/low.wav", normal = dir + "/normal.wav"
        try FixTests.write(low, rate: 3000, channels: 1, samples: Self.tone(rate: 3000))
        try FixTests.write(normal, rate: 48_000, channels: 1, samples: Self.tone(rate: 48_000, amplitude: 0.9))
        for (path, rate) in [(low, nil), (normal, 2000.0)] as [(String, Double?)] {
            let outcome = try #require(
                try FixTests.fixer {
                    $0.repairsLevels = true
                    $0.sampleRate = rate
                    $0.outputFolder = dir + "/out"
                }.fix(paths: [path]).outcomes.first)
            #expect(outcome.status == .fixed, "\(outcome.error?.description ?? "")")
            #expect(outcome.after?.levels?.samplePeak != nil, "the output is not silence")
            #expect(
                !outcome.changes.contains { $0.kind == "loudness" },
                "no loudness is claimed where none is measured: \(outcome.changes)")
        }
    }

    /// ±inf samples once gave a non-finite gain and an output of digital silence called fixed.
    @Test(arguments: [Double.infinity, -Double.infinity])
    func fixRefusesASilentOutputFromASound(_ value: Double) throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/inf.wav"
        try Data(FloatWAV.bytes([Double](repeating: value, count: 4800))).write(to: URL(fileURLWithPath: path))
        let outcome = try #require(
            try FixTests.fixer {
                $0.repairsLevels = true
                $0.outputFolder = dir + "/out"
            }.fix(paths: [path]).outcomes.first)
        #expect(
            outcome.status == .failed && outcome.error?.message.contains("digital silence") == true,
            "\(outcome.status) \(outcome.changes)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/inf.caf"))
    }

    /// An all-zero sound had no finding at all; NaN samples are heard as nothing too.
    @Test func aSilentSoundIsWarnedOf() throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let zero = dir + "/zero.wav", nan = dir + "/nan.wav"
        try FixTests.write(zero, rate: 48_000, channels: 1, samples: [Double](repeating: 0, count: 4800))
        try Data(FloatWAV.bytes([Double](repeating: .nan, count: 4800))).write(to: URL(fileURLWithPath: nan))
        for path in [zero, nan] {
            let report = Checker(measuring: true).check(path: path)
            #expect(report.diagnostics.map(\.code).contains(.silent), "\(path): \(report.diagnostics.map(\.code))")
        }
        let tone = dir + "/tone.wav"
        try FixTests.write(tone, rate: 48_000, channels: 1, samples: Self.tone(rate: 48_000))
        #expect(!Checker(measuring: true).check(path: tone).diagnostics.map(\.code).contains(.silent))
    }

    /// A tone clipped against a DC step: removing 23 % of DC, the fades, the limiter and IMA4 left
    /// 0.3 % in the output, which check then warned of; the offset is now measured in the output
    /// and removed again within the run.
    @Test func aDCOffsetTheOutputBringsBackIsRemovedAgain() throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/dc.wav"
        let samples = (0..<48_000).map { i -> Double in
            let t = Double(i) / 48_000
            return max(-1, min(1, 3 * sin(2 * Double.pi * 440 * t))) * 0.5 + 0.5
                * min(1, max(0, 5 * sin(2 * Double.pi * 110 * t)))
        }
        try FixTests.write(path, rate: 48_000, channels: 1, samples: samples)
        var limits = LevelThresholds()
        limits.maximumDCOffset = 0.0005
        let outcome = try #require(
            try FixTests.fixer {
                $0.repairsLevels = true
                $0.levelLimits = limits
                $0.outputFolder = dir + "/out"
            }.fix(paths: [path]).outcomes.first)
        #expect(outcome.status == .fixed, "\(outcome.error?.description ?? "")")
        let dc = try #require(outcome.after?.levels?.dcOffset)
        #expect(abs(dc) <= limits.maximumDCOffset, "the output's DC offset \(dc)")
        #expect(!(outcome.after?.diagnostics.map(\.code).contains(.dcOffset) ?? true))
    }
}
