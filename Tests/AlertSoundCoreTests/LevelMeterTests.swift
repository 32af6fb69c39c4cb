import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCore

/// Loudness and peaks on EBU Tech 3341-style signals, whose right answers the standard states:
/// a 1 kHz sine whose peak is −23 dBFS in both channels measures −23.0 LUFS, and so on.
@Suite struct LevelMeterTests {
    /// `seconds` of a sine at `frequency`, peak `dBFS`, in every channel of `channels` listed in
    /// `active` (all when nil), at `rate`.
    @Test(arguments: [-23.0, -33.0])
    func stereoSineMeasuresItsLevel(dBFS: Double) throws {
        let levels = Signals.measure(Signals.sine(10, dBFS: dBFS))
        for value in [levels.integratedLoudness, levels.maxMomentaryLoudness, levels.maxShortTermLoudness] {
            #expect(abs(try #require(value) - dBFS) <= 0.1, "\(levels)")
        }
        #expect(abs(try #require(levels.samplePeak) - dBFS) < 0.01)
        #expect(levels.clippedSamples == 0 && abs(levels.dcOffset) < 1e-6)
    }

    @Test func monoIsOneChannelAndSurroundsWeighMore() throws {
        // One channel of the stereo sine: 3 dB less. BS.1770's surround weight 1.41 is +1.5 dB.
        let mono = Signals.measure(Signals.sine(5, dBFS: -23, channels: 1), channels: 1)
        #expect(abs(try #require(mono.integratedLoudness) + 26.01) <= 0.1)
        let leftSurround = Signals.measure(Signals.sine(5, dBFS: -23, channels: 6, active: [4]), channels: 6)
        #expect(abs(try #require(leftSurround.integratedLoudness) - (-26.01 + 10 * log10(1.41))) <= 0.1)
        let lfe = Signals.measure(Signals.sine(5, dBFS: -23, channels: 6, active: [3]), channels: 6)
        #expect(lfe.integratedLoudness == nil, "the LFE channel is left out")
    }

    @Test func quietPartsAreGatedOut() throws {
        // EBU 3341 cases 3 and 4, shortened: -72, -36, -23, -36, -72 dBFS: the gates leave -23.
        let parts = [(-72.0, 2.0), (-36, 2), (-23, 16), (-36, 2), (-72, 2)].flatMap { Signals.sine($0.1, dBFS: $0.0) }
        let levels = Signals.measure(parts)
        #expect(abs(try #require(levels.integratedLoudness) + 23) <= 0.1, "\(levels)")
    }

    @Test func truePeakFindsWhatTheSamplesMiss() throws {
        // A full-scale sine at a quarter of the rate, 45° off: every sample is at 0.707 (-3 dBFS),
        // the wave between them reaches 0 dB.
        let levels = Signals.measure(Signals.sine(1, dBFS: 0, frequency: 12_000, phase: Double.pi / 4))
        #expect(abs(try #require(levels.samplePeak) + 3.01) < 0.02)
        #expect(abs(try #require(levels.truePeak)) <= 0.2, "\(levels)")
    }

    @Test func shortClipsHaveMomentaryLoudnessOnly() throws {
        // 0.2 s of the -23 dBFS sine in a 400 ms window of silence: half the energy, -26 LUFS.
        let levels = Signals.measure(Signals.sine(0.2, dBFS: -23))
        #expect(levels.integratedLoudness == nil && levels.maxShortTermLoudness == nil)
        #expect(abs(try #require(levels.maxMomentaryLoudness) + 26.01) <= 0.1)
    }

    @Test func silenceClippingAndOffset() throws {
        let rate = 48_000.0
        var samples = [Double](repeating: 0, count: Int(0.5 * rate))  // 0.5 s of silence first
        samples += (0..<Int(rate)).map { 0.1 + 0.5 * sin(Double($0) * 0.05) }  // then a tone 0.1 off centre
        samples += [1, 1, 1, 1, 1, 0.2, -1, -1, 0.3]  // a clipped run of 5, one of 2
        samples += [Double](repeating: 0, count: Int(0.25 * rate))  // 0.25 s of silence last
        let levels = Signals.measure(samples, channels: 1)
        #expect(abs(levels.leadingSilence - 0.5) < 0.001 && abs(levels.trailingSilence - 0.25) < 0.001)
        #expect(levels.clippedSamples == 5)
        #expect(abs(levels.dcOffset - 0.1 * rate / Double(samples.count)) < 0.001)
        let silent = Signals.measure([Double](repeating: 0, count: 48_000), channels: 1)
        #expect(silent.samplePeak == nil && silent.truePeak == nil && silent.maxMomentaryLoudness == nil)
    }

    @Test func measuresAFileAsDecoded() throws {
        let format = StreamFormat(sampleRate: 48_000, channels: 2, coding: .integer(16, order: .littleEndian))
        let wav = try SoundFileBuilder.make(
            .wave, format: format, samples: Signals.sine(3.5, dBFS: -23).map { Int16(($0 * 32767).rounded()) })
        let path = NSTemporaryDirectory() + "levels-\(UUID().uuidString).wav"
        try Data(wav).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let levels = try SoundLevels.measure(path: path)
        #expect(abs(try #require(levels.integratedLoudness) + 23) <= 0.1)
        #expect(levels.maxShortTermLoudness != nil)
        #expect(throws: AlertSoundError.self) { try SoundLevels.measure(path: path + ".missing") }
    }
}

/// `check --levels`: each warning fires on a sound that has the problem and on no clean sound.
@Suite struct LevelRulesTests {
    /// 1 s of a 1 kHz sine at `dBFS` with 10 ms fades in and out, in both channels.
    static func codes(_ samples: [Double]) -> [String] {
        LevelRules.findings(Signals.measure(samples)).map(\.code.rawValue)
    }

    @Test func aCleanSoundGetsNone() {
        #expect(Self.codes(Signals.clean()) == [])
        #expect(Self.codes(Signals.clean(dBFS: -10)) == [])
    }

    @Test func eachProblemGetsItsWarning() {
        // Peaks above -1 dBTP: a 0 dBFS sine with fades.
        #expect(Self.codes(Signals.clean(dBFS: 0)).contains("true-peak-over"))
        // Clipping: a run of full-scale samples in the middle.
        var clipped = Signals.clean()
        for i in 40_000..<40_020 { clipped[i] = 1 }
        #expect(Self.codes(clipped).contains("clipped"))
        // DC: everything 2% off centre (the fades still start at zero plus the offset, under -20 dBFS).
        #expect(Self.codes(Signals.clean().map { $0 + 0.02 }) == ["dc-offset"])
        // No fade-in: starts at the sine's peak.
        #expect(Self.codes(Signals.sine(1, dBFS: -10, phase: Double.pi / 2)).contains("click-at-start"))
        // No fade-out: the last millisecond is the full sine.
        let cut = Array(Signals.clean(dBFS: -10).prefix(2 * 24_000)) + Signals.sine(0.2, dBFS: -10)
        #expect(Self.codes(cut).contains("abrupt-end"))
        // Half a second of silence first.
        #expect(Self.codes([Double](repeating: 0, count: 48_000) + Signals.clean()) == ["leading-silence"])
        // Outside the loudness band.
        #expect(Self.codes(Signals.clean(dBFS: -45)) == ["too-quiet"])
        let square = (0..<48_000).flatMap { f -> [Double] in
            let x = (f / 24) % 2 == 0 ? 0.98 : -0.98
            return [x, x]
        }
        #expect(Self.codes(square).contains("too-loud"))
    }

    @Test func levelsAreInTheReportAndItsJSON() throws {
        let format = StreamFormat(sampleRate: 48_000, channels: 2, coding: .integer(16, order: .littleEndian))
        let wav = try SoundFileBuilder.make(
            .wave, format: format, samples: Signals.clean(dBFS: -45).map { Int16(($0 * 32767).rounded()) })
        let path = NSTemporaryDirectory() + "rules-\(UUID().uuidString).wav"
        try Data(wav).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var checker = Checker()
        checker.measuresLevels = true
        let report = checker.check(paths: [path])
        let file = try #require(report.files.first)
        #expect(file.levels != nil && file.diagnostics.map(\.code) == [.tooQuiet] && file.valid)
        #expect(Checker().check(paths: [path]).files.first?.levels == nil)
        // The hand-written JSON is Foundation's encoding, levels included, and reads back.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(report.jsonBytes() == Array(try encoder.encode(report)))
        #expect(
            try JSONDecoder().decode(CheckReport.self, from: Data(report.jsonBytes())).files.first?.levels
                == file.levels)
    }
}

extension LevelMeterTests {
    /// Found by fuzzing (an AIFF-C of 64-bit floats holding values near 1e300): the loudness sums
    /// overflowed to infinity and the peak read +5978 dBFS. Float samples past full scale are
    /// measured as they are up to +60 dBFS and held there; NaN is silence.
    @Test func absurdFloatSamplesKeepEveryFigureFinite() throws {
        let samples: [Double] =
            [0.1, 1e300, -1e300, 5, .nan, .infinity, -.infinity] + [Double](repeating: 0.1, count: 30_000)
        let levels = Signals.measure(samples, channels: 1)
        for value in [
            levels.samplePeak, levels.truePeak, levels.maxMomentaryLoudness, levels.integratedLoudness, levels.dcOffset
        ] as [Double?] {
            #expect(try #require(value).isFinite, "\(levels)")
        }
        #expect(try #require(levels.samplePeak) <= 60.0001)
        // A float peak past full scale is still worth knowing: 5.0 is +14 dBFS.
        let hot = Signals.measure([0, 5, 0] + [Double](repeating: 0, count: 100), channels: 1)
        #expect(abs(try #require(hot.samplePeak) - 20 * log10(5)) < 0.001)
    }
}
