import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// `fix`'s pieces (downmix, trim and fade, silence, naming) and whole runs on files made here.
@Suite struct FixTests {
    // MARK: helpers

    /// A scratch folder, removed when the test process ends (`Scratch.kept()`).
    static func folder() throws -> String { try Scratch.kept().url.path }

    /// A tone in the channels `on` (all when `nil`), silence in the others.
    static func tone(
        seconds: Double, rate: Double, channels: Int, amplitude: Double = 0.5, frequency: Double = 441,
        on: Set<Int>? = nil
    ) -> [Double] {
        let frames = Int(seconds * rate)
        var out = [Double](repeating: 0, count: frames * channels)
        for f in 0..<frames {
            let v = amplitude * sin(2 * Double.pi * frequency * Double(f) / rate)
            for c in 0..<channels where on?.contains(c) ?? true { out[f * channels + c] = v }
        }
        return out
    }

    static func write(
        _ path: String, _ type: FileType = .wave, rate: Double, channels: Int,
        coding: SampleCoding = .integer(16, order: .littleEndian), samples: [Double]
    ) throws {
        let bytes = try SoundFileBuilder.make(
            type, format: StreamFormat(sampleRate: rate, channels: channels, coding: coding), fullScale: samples)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Every sample of a file, decoded by the converter's own readers.
    static func decode(_ path: String) throws -> (samples: [Double], rate: Double, channels: Int) {
        let reader = try openFrameReader(path: path)
        var all: [Double] = []
        while case let block = try reader.read(maxFrames: 65_536), !block.isEmpty { all += block }
        return (all, reader.sampleRate, reader.channels)
    }

    static func fixer(_ configure: (inout FixOptions) -> Void = { _ in }) -> Fixer {
        var options = FixOptions()
        configure(&options)
        return Fixer(options: options)
    }

    // MARK: downmix

    @Test func surroundDownmixWeights() throws {
        let map = try #require(SurroundDownmix.map(inputChannels: 6, outputChannels: 2))
        let h = 0.5.squareRoot(), total = 1 + 2 * h
        // L, R, C, LFE, Ls, Rs: centre to both at -3 dB, LFE nowhere, each surround to its side.
        #expect(map.sources == [[0, 2, 4], [1, 2, 5]])
        for (got, want) in zip(map.weights[0] + map.weights[1], [1, h, h, 1, h, h].map { $0 / total }) {
            #expect(abs(got - want) < 1e-12)
        }
        // A full-scale frame on every channel stays at full scale: no clipping.
        let frame = map.apply([1, 1, 1, 1, 1, 1], inputChannels: 6)
        #expect(frame.allSatisfy { abs($0 - 1) < 1e-12 })
        // The LFE alone makes no sound.
        #expect(map.apply([0, 0, 0, 1, 0, 0], inputChannels: 6) == [0, 0])

        let mono = try #require(SurroundDownmix.map(inputChannels: 6, outputChannels: 1))
        #expect(mono.sources == [[0, 1, 2, 4, 5]])
        #expect(abs(mono.weights[0].reduce(0, +) - 1) < 1e-12)
        #expect(abs(mono.weights[0][2] - 2 * h / (2 + 4 * h)) < 1e-12)

        // 7.1: back and side pairs both to their side.
        let wide = try #require(SurroundDownmix.map(inputChannels: 8, outputChannels: 2))
        #expect(wide.sources == [[0, 2, 4, 6], [1, 2, 5, 7]])
        // Stereo to mono stays a plain mean; other counts keep convert's positional mix.
        #expect(try ChannelMap.make(inputChannels: 2, keep: nil, mix: true).sources == [[0, 1]])
        #expect(try ChannelMap.make(inputChannels: 6, keep: 3, mix: true).sources == [[0, 3], [1, 4], [2, 5]])
        #expect(SurroundDownmix.map(inputChannels: 9, outputChannels: 2) == nil)
    }

    // MARK: trim and fade

    /// Runs a stage over `input` cut into blocks of `blockFrames`.
    @Test(arguments: [1, 7, 64, 10_000])
    func fadeOutBeforeACut(blockFrames: Int) throws {
        let input = [Double](repeating: 0.75, count: 2 * 1000)
        let stage = TrimStage(channels: 2, start: 100, length: 600, fadeFrames: 50)
        let out = try Signals.run(stage, input, channels: 2, blockFrames: blockFrames)
        #expect(out.count == 2 * 600)
        #expect(stage.cut)
        // Untouched before the fade; inside it, never above the envelope, falling, and 0 at the end.
        #expect(out[0..<2 * 550].allSatisfy { $0 == 0.75 })
        for i in 0..<50 {
            let envelope = 0.75 * TrimStage.fadeGain(i, of: 50)
            #expect(abs(out[2 * (550 + i)] - envelope) < 1e-12 && out[2 * (550 + i) + 1] <= envelope + 1e-12)
            if i > 0 { #expect(out[2 * (550 + i)] < out[2 * (549 + i)]) }
        }
        #expect(out[2 * 599] == 0 && out[2 * 599 + 1] == 0)
    }

    @Test func noFadeWhenNothingIsCut() throws {
        let input = [Double](repeating: 0.5, count: 600)
        let stage = TrimStage(channels: 1, start: 0, length: 600, fadeFrames: 50)
        let out = try Signals.run(stage, input, channels: 1, blockFrames: 64)
        #expect(out == input)
        #expect(!stage.cut)
    }

    @Test func levelScanFindsSoundAndPeak() throws {
        // 100 silent frames, 200 loud (peak 0.5 at frame 250), 100 silent.
        var mono = [Double](repeating: 0.0002, count: 400)
        for f in 100..<300 { mono[f] = 0.25 }
        mono[250] = -0.5
        var blocks = stride(from: 0, to: 400, by: 64).map { Array(mono[$0..<min(400, $0 + 64)]) }
        let scan = try LevelScan.scan(
            channels: 1, threshold: FixOptions.silenceThreshold, fromFirstAudible: true, window: nil
        ) {
            blocks.isEmpty ? [] : blocks.removeFirst()
        }
        #expect(scan.firstAudible == 100 && scan.audibleEnd == 300 && scan.peak == 0.5 && scan.frames == 400)
        // A window stops the scan and bounds the peak.
        var again = [mono]
        let windowed = try LevelScan.scan(
            channels: 1, threshold: FixOptions.silenceThreshold, fromFirstAudible: true, window: 100
        ) {
            again.isEmpty ? [] : again.removeFirst()
        }
        #expect(windowed.peak == 0.25 && windowed.audibleEnd == 200)
    }

    // MARK: naming

    @Test func outputNames() throws {
        let jobs = FixJob.plan(paths: ["/nonexistent/a.wav", "/nonexistent/b.caf"], outputFolder: nil)
        #expect(jobs[0].output == "/nonexistent/a.caf")
        #expect(jobs[1].output == "/nonexistent/b-fixed.caf")
        #expect(jobs.allSatisfy { $0.refusal?.kind == .notFound && $0.refusal?.message == "no such file or folder" })

        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/in/sub", withIntermediateDirectories: true)
        for name in ["in/x.wav", "in/x.mp3", "in/sub/y.aiff", "in/z.caf"] {
            try Data([0]).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        let planned = FixJob.plan(paths: [dir + "/in"], outputFolder: dir + "/out")
        let outputs = Dictionary(uniqueKeysWithValues: planned.map { ($0.input.dropping(prefix: dir + "/in/"), $0) })
        #expect(outputs["sub/y.aiff"]?.output == dir + "/out/sub/y.caf")
        #expect(outputs["z.caf"]?.output == dir + "/out/z.caf")
        // x.mp3 and x.wav want the same output: the first (in walk order) has it, the other adds its extension.
        #expect(outputs["x.mp3"]?.output == dir + "/out/x.caf")
        #expect(outputs["x.wav"]?.output == dir + "/out/x-wav.caf")
        #expect(
            outputs["x.wav"]?.renamedFrom == dir + "/out/x.caf" && outputs["x.wav"]?.renamedFor == dir + "/in/x.mp3")
        #expect(planned.allSatisfy { $0.refusal == nil })
    }

    // MARK: whole runs

    @Test func longSurroundHighRateWAV() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 45 s, 96 kHz, 24-bit, 5.1 with the tone only in the centre channel.
        let input = dir + "/theme.wav"
        try Self.write(
            input, rate: 96_000, channels: 6, coding: .integer(24, order: .littleEndian),
            samples: Self.tone(seconds: 45, rate: 96_000, channels: 6, amplitude: 0.8, on: [2]))
        let report = try Self.fixer().fix(paths: [input])
        let outcome = try #require(report.outcomes.first)
        #expect(outcome.status == .fixed, "\(outcome.error?.description ?? "")")
        #expect(outcome.output == dir + "/theme.caf")
        #expect(
            outcome.changes.map(\.description) == [
                "converted WAV lpcm -> CAF ima4", "mixed 6 -> 2 channels", "resampled 96 -> 48 kHz",
                "trimmed 45.0 -> 29.5 s with a 50 ms fade-out"
            ])
        #expect(outcome.before?.valid == false && outcome.after?.valid == true)

        let info = try SoundFile.inspect(path: dir + "/theme.caf")
        #expect(info.coding == .ima4 && info.channels == 2 && info.sampleRate == 48_000 && info.frames == 1_416_000)
        let (samples, _, _) = try Self.decode(dir + "/theme.caf")
        // The centre reaches both sides at -3 dB, scaled by the side's total weight.
        let expected = 0.8 * 0.5.squareRoot() / (1 + 2 * 0.5.squareRoot())
        let steady = samples[2 * 48_000..<2 * 96_000]
        #expect(abs(steady.map(abs).max()! - expected) < 0.01)
        // Fade: no sample of the last 50 ms above the envelope (plus IMA4's error), and silence at the end.
        let fadeFrames = 2400, first = 1_416_000 - fadeFrames
        for i in 0..<fadeFrames {
            let envelope = expected * TrimStage.fadeGain(i, of: fadeFrames)
            #expect(abs(samples[2 * (first + i)]) <= envelope + 0.004)
        }
        #expect(abs(samples[2 * 1_415_999]) < 0.004)
    }

    @Test func alreadyValidIsLeftUnlessAChangeIsAsked() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/ok.wav"
        try Self.write(
            input, rate: 44_100, channels: 1, samples: Self.tone(seconds: 1, rate: 44_100, channels: 1, amplitude: 0.25)
        )
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let plain = try Self.fixer().fix(paths: [input])
        #expect(plain.outcomes[0].status == .unchanged && plain.outcomes[0].output == nil)
        #expect(!FileManager.default.fileExists(atPath: dir + "/ok.caf"))

        // --normalize to 16-bit PCM (exact enough to measure the peak): -1 dBFS.
        let normalized = try Self.fixer {
            $0.normalize = true
            $0.dataFormat = .integer(16, order: .bigEndian)
        }.fix(paths: [input])
        #expect(normalized.outcomes[0].status == .fixed)
        #expect(normalized.outcomes[0].changes.contains { $0.kind == "normalized" })
        let peak = try Self.decode(dir + "/ok.caf").samples.map(abs).max()!
        #expect(abs(peak - FixOptions.normalizedPeak) < 0.001)
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }

    @Test func silence() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/quiet.aiff"
        try Self.write(
            input, .aiff, rate: 8000, channels: 1, coding: .integer(16, order: .bigEndian),
            samples: [Double](repeating: 0, count: 8000 * 40))
        // Nothing to keep once silence is dropped: refused, nothing written.
        let trimmed = try Self.fixer { $0.trimSilence = true }.fix(paths: [input])
        #expect(trimmed.outcomes[0].status == .failed)
        #expect(trimmed.outcomes[0].error?.message.contains("silent throughout") == true)
        #expect(!FileManager.default.fileExists(atPath: dir + "/quiet.caf"))
        // Otherwise a silent sound is still made to play (cut to 29.5 s); normalising leaves silence alone.
        let plain = try Self.fixer { $0.normalize = true }.fix(paths: [input])
        #expect(plain.outcomes[0].status == .fixed)
        #expect(!plain.outcomes[0].changes.contains { $0.kind == "normalized" })
        #expect(try SoundFile.inspect(path: dir + "/quiet.caf").frames == 236_000)
    }

    @Test func trimSilenceKeepsTheSound() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/late.wav"
        let rate = 16_000.0
        let samples =
            [Double](repeating: 0, count: 8000) + Self.tone(seconds: 1, rate: rate, channels: 1)
            + [Double](repeating: 0, count: 16_000)
        try Self.write(input, rate: rate, channels: 1, samples: samples)
        // 16-bit output, so the kept samples can be compared with the input's.
        let report = try Self.fixer {
            $0.trimSilence = true
            $0.dataFormat = .integer(16, order: .littleEndian)
        }.fix(paths: [input])
        #expect(report.outcomes[0].status == .fixed)
        let audible = samples.indices.filter { abs(samples[$0]) > FixOptions.silenceThreshold }
        let first = audible.first!, last = audible.last!
        let out = try Self.decode(dir + "/late.caf").samples
        #expect(out.count == last - first + 1)
        #expect(
            report.outcomes[0].changes.map(\.description).contains(
                "dropped silence: \(Formatting.seconds(Double(first) / rate)) s leading, \(Formatting.seconds(Double(samples.count - 1 - last) / rate)) s trailing"
            ))
        // Starts on the first audible sample, as it was (the fade only touches the last 50 ms).
        #expect(abs(out[0] - samples[first]) < 1.0 / 32_768)
        #expect(abs(out[4000] - samples[first + 4000]) < 1.0 / 32_768)
    }

    @Test func batchWithAnUnreadableInputAndExistingOutputs() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.write(
            dir + "/a.wav", rate: 8000, channels: 1, samples: Self.tone(seconds: 31, rate: 8000, channels: 1))
        try Self.write(
            dir + "/b.wav", rate: 8000, channels: 2, samples: Self.tone(seconds: 35, rate: 8000, channels: 2))
        try Data("not a sound at all".utf8).write(to: URL(fileURLWithPath: dir + "/c.wav"))
        // A .caf input that is invalid (too long) gets its copy beside it under another name.
        try Self.write(
            dir + "/d.caf", .caff, rate: 8000, channels: 1, samples: Self.tone(seconds: 30, rate: 8000, channels: 1))
        let dBefore = try Data(contentsOf: URL(fileURLWithPath: dir + "/d.caf"))

        let report = try Self.fixer().fix(paths: [dir + "/a.wav", dir + "/b.wav", dir + "/c.wav", dir + "/d.caf"])
        #expect(report.outcomes.map(\.status) == [.fixed, .fixed, .failed, .fixed])
        #expect(report.outcomes[2].error?.message.contains("not a sound file") == true)
        #expect(report.outcomes[3].output == dir + "/d-fixed.caf")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/d.caf")) == dBefore)
        #expect(!report.succeeded)

        // Again: the fixed copies exist and play, so nothing is redone.
        let again = try Self.fixer().fix(paths: [dir + "/a.wav", dir + "/d.caf"])
        #expect(again.outcomes.map(\.status) == [.unchanged, .unchanged])
        #expect(again.outcomes[0].note?.contains("exists and plays") == true)

        // An existing output that does not play is replaced only with --force.
        try Data("junk".utf8).write(to: URL(fileURLWithPath: dir + "/a.caf"))
        let refused = try Self.fixer().fix(paths: [dir + "/a.wav"])
        #expect(
            refused.outcomes[0].status == .failed && refused.outcomes[0].error?.suggestion?.action == .replaceOutput)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.caf")) == Data("junk".utf8))
        let forced = try Self.fixer { $0.force = true }.fix(paths: [dir + "/a.wav"])
        #expect(forced.outcomes[0].status == .fixed)
        #expect(try SoundFile.inspect(path: dir + "/a.caf").coding == .ima4)
    }

    @Test func dryRunWritesNothing() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.write(
            dir + "/long.wav", rate: 8000, channels: 1, samples: Self.tone(seconds: 40, rate: 8000, channels: 1))
        let report = try Self.fixer { $0.outputFolder = dir + "/out" }.fix(paths: [dir + "/long.wav"], dryRun: true)
        #expect(report.outcomes[0].status == .planned)
        #expect(
            report.outcomes[0].changes.contains { $0.description == "trimmed 40.0 -> 29.5 s with a 50 ms fade-out" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["long.wav"])
    }

    @Test func floatAndMP3Inputs() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Float beyond full scale is valid as it is; --normalize brings it to -1 dBFS.
        var loud = Self.tone(seconds: 2, rate: 44_100, channels: 2, amplitude: 1.5)
        loud[0] = 1.5
        try Self.write(
            dir + "/float.wav", rate: 44_100, channels: 2, coding: .float(32, order: .littleEndian), samples: loud)
        try SoundWriter.write(
            .mp3, path: dir + "/song.mp3", samples: Self.tone(seconds: 3, rate: 44_100, channels: 2), rate: 44_100,
            channels: 2)
        let report = try Self.fixer { $0.normalize = true }.fix(paths: [dir + "/float.wav", dir + "/song.mp3"])
        #expect(
            report.outcomes.map(\.status) == [.fixed, .fixed], "\(report.outcomes.map { $0.error?.description ?? "" })")
        #expect(report.outcomes[1].changes.first?.description == "converted MPEG audio (MP3) -> CAF ima4")
        let floatPeak = try Self.decode(dir + "/float.caf").samples.map(abs).max()!
        #expect(abs(floatPeak - FixOptions.normalizedPeak) < 0.02)
        #expect(try SoundFile.inspect(path: dir + "/song.caf").channels == 2)
    }

    @Test func optionsThatCannotWork() throws {
        for configure: (inout FixOptions) -> Void in [
            { $0.maxDuration = 30 }, { $0.maxDuration = 0 }, { $0.fade = -1 }, { $0.sampleRate = 0 }
        ] {
            #expect(throws: AlertSoundError.self) { try Self.fixer(configure).fix(paths: ["/nonexistent"]) }
        }
    }
}
