// Reports, errors, progress and in-memory work as a packaging tool meets them, through the public
// API only.
import AlertSound
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite(.bug(id: 21, "what a packaging tool tripped over (item 7)")) struct PackagerReportTests {
    let stereo = StreamFormat(sampleRate: 44100, channels: 2, coding: .integer(16, order: .littleEndian))

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("alertsound-api2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A WAV of IMA ADPCM (format tag 0x11): readable, but decoded only by libsndfile, from a file.
    static let imaADPCMWAV: [UInt8] = {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        let fmt = le16(0x11) + le16(1) + le32(8000) + le32(4055) + le16(256) + le16(4) + le16(2) + le16(505)
        let data = [UInt8](repeating: 0, count: 512)
        let body =
            Array("WAVE".utf8) + Array("fmt ".utf8) + le32(fmt.count) + fmt + Array("data".utf8) + le32(data.count)
            + data
        return Array("RIFF".utf8) + le32(body.count) + body
    }()

    /// A tool gets `convert --format json`'s document from the library: ConversionReport encodes it.
    @Test func aConversionReportIsTheCommandsDocument() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("chime.wav").path
        try Data(try SoundFileBuilder.make(.wave, format: stereo, samples: [Int16](repeating: 300, count: 8820))).write(
            to: URL(fileURLWithPath: wav))
        let converter = Converter(
            options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4"), fileType: .caff))
        let missing = dir.appendingPathComponent("gone.wav").path
        let report = ConversionReport([
            (wav, Result { try converter.convert(input: wav) }.mapError { $0 as! AlertSoundError }),
            (missing, Result { try converter.convert(input: missing) }.mapError { $0 as! AlertSoundError })
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let document = try #require(try JSONSerialization.jsonObject(with: encoder.encode(report)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == ReportSchema.version)
        #expect(document["summary"] as? [String: Int] == ["converted": 1, "failed": 1])
        let conversions = try #require(document["conversions"] as? [[String: Any]])
        #expect(
            conversions[0]["status"] as? String == "converted" && conversions[0]["dataFormat"] as? String == "ima4"
                && conversions[0]["format"] as? String == "ima4" && conversions[0]["error"] is NSNull)
        #expect((conversions[1]["error"] as? [String: Any])?["kind"] as? String == "not-found")
    }

    /// And `info --format json`'s from InfoReport, which judges each header as check does.
    @Test func anInfoReportIsTheCommandsDocument() throws {
        let good = try SoundFileBuilder.make(.caff, format: stereo, samples: [Int16](repeating: 300, count: 8820))
        let report = InfoReport([
            (
                "good.caf",
                Result { try SoundFile.inspect(bytes: good, name: "good.caf") }.mapError { $0 as! AlertSoundError }
            ),
            ("gone.caf", .failure(AlertSoundError(.notFound, "no such file or folder", path: "gone.caf")))
        ])
        #expect(report.files.map(\.verdict.valid) == [true, false] && !report.measuresLevels)
        let document = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(
            files[0]["valid"] as? Bool == true && files[0]["error"] is NSNull
                && (files[0]["chunks"] as? [Any])?.isEmpty == false)
        #expect((files[1]["error"] as? [String: Any])?["kind"] as? String == "not-found" && files[1]["levels"] == nil)
    }

    @Test func inMemoryConversionSaysBeforehandWhatItTakes() async throws {
        let pcm = Data(try SoundFileBuilder.make(.wave, format: stereo, samples: [Int16](repeating: 500, count: 882)))
        #expect(Converter.canConvertInMemory(pcm, name: "a.wav"))
        #expect(!Converter.canConvertInMemory(Data(Self.imaADPCMWAV), name: "b.wav"))
        #expect(!Converter.canConvertInMemory(Data("not a sound".utf8), name: "c.wav"))
        _ = try await Converter().convert(data: pcm, name: "a.wav")
        await #expect(throws: AlertSoundError.self) {
            try await Converter().convert(data: Data(Self.imaADPCMWAV), name: "b.wav")
        }
    }

    @Test func anOutputFailureNamesTheOutputAndTheSystemError() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.wav")
        try Data(try SoundFileBuilder.make(.wave, format: stereo, samples: [Int16](repeating: 500, count: 882))).write(
            to: input)
        try Data().write(to: dir.appendingPathComponent("file"))
        // Its folder would be inside a file: no folder can be made there.
        let output = dir.appendingPathComponent("file/sub/out.caf").path
        do {
            _ = try Converter().convert(input: input.path, output: output)
            Issue.record("expected an error")
        } catch let error as AlertSoundError {
            #expect(error.kind == .outputFailed)
            #expect(error.systemError == ENOTDIR, "\(error)")
            #expect(error.output != nil && output.hasPrefix(error.output ?? "?"))
            #expect(error.path == input.path)
        }
        // fix: the outcome's error names the output it was writing, the input stays the path.
        try Data(
            try SoundFileBuilder.make(.wave, format: stereo, samples: [Int16](repeating: 500, count: 2 * 44100 * 31))
        ).write(to: input)
        var options = FixOptions()
        options.outputFolder = dir.appendingPathComponent("file/fixed").path
        let outcome = try #require(try Fixer(options: options).fix(paths: [input.path]).outcomes.first)
        #expect(outcome.status == .failed && outcome.error?.kind == .outputFailed)
        #expect(
            outcome.error?.systemError == ENOTDIR
                && outcome.error?.output?.hasPrefix(dir.appendingPathComponent("file").path) == true,
            "\(String(describing: outcome.error))")
        #expect(outcome.error?.path == input.path)
    }

    @Test func reportsAndErrorsRoundTripAndCompare() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("long.wav")
        try Data(
            try SoundFileBuilder.make(
                .wave, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian)),
                samples: [Int16](repeating: 300, count: 8000 * 31))
        ).write(to: input)
        let report = try await Fixer().fix(urls: [input, dir.appendingPathComponent("missing.wav")])
        let again = try JSONDecoder().decode(FixReport.self, from: try JSONEncoder().encode(report))
        // Each outcome as it was, but for what check's document leaves out of a file's report (its
        // chunk list): the round trip is exact from then on.
        for (a, b) in zip(again.outcomes, report.outcomes) {
            #expect(
                a.status == b.status && a.changes == b.changes && a.error == b.error && a.input == b.input
                    && a.output == b.output)
            #expect(a.before?.diagnostics == b.before?.diagnostics && a.after?.info?.frames == b.after?.info?.frames)
        }
        #expect(try JSONDecoder().decode(FixReport.self, from: try JSONEncoder().encode(again)) == again)
        #expect(again.outcomes.map(\.status) == [.fixed, .failed])
        #expect(again.outcomes[1].error?.kind == .notFound)

        let error = AlertSoundError(.malformed, "cut short", path: "x.caf", chunk: "desc", offset: 12)
        #expect(try JSONDecoder().decode(AlertSoundError.self, from: try JSONEncoder().encode(error)) == error)

        // One file, checked asynchronously; the same verdict as the synchronous call, compared whole.
        let checked = try await Checker().check(url: input)
        #expect(checked == Checker().check(path: input.path))
        #expect(!checked.valid && checked.diagnostics.map(\.code) == [.tooLong])
    }

    @Test func aMissingInputIsNotFoundWhateverTheCall() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "alertsound-missing-\(UUID().uuidString).wav")
        func kind(_ body: () throws -> Void) -> AlertSoundError.Kind? {
            do { try body() } catch let error as AlertSoundError { return error.kind } catch { return nil }
            return nil
        }
        #expect(kind { _ = try Converter().convert(input: missing.path, output: missing.path + ".caf") } == .notFound)
        #expect(kind { _ = try SoundFile.inspect(at: missing) } == .notFound)
        #expect(kind { _ = try SoundLevels.measure(path: missing.path) } == .notFound)
        #expect(kind { _ = try BundleValidator().validate(path: missing.path) } == .notFound)
        #expect(kind { _ = try SoundPreview.make(path: missing.path) } == .notFound)
        #expect(try Fixer().fix(paths: [missing.path]).outcomes.first?.error?.kind == .notFound)
        #expect(Checker().check(path: missing.path).diagnostics.map(\.code) == [.notFound])
        #expect(SoundReference.payload(at: missing.path).first?.problems.map(\.code) == [.notFound])
        await #expect(throws: AlertSoundError.self) {
            try await SoundInstaller(soundsDirectory: missing.deletingLastPathComponent()).install(
                contentsOf: missing, named: "x")
        }
    }

    @Test func fixingFromMemoryAndCuttingAConversion() async throws {
        let mono = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian))
        let long = Data(
            try SoundFileBuilder.make(.wave, format: mono, samples: [Int16](repeating: 400, count: 8000 * 31)))
        let fixed = try await Fixer().fix(data: long, name: "uploads/Long One.wav")
        #expect(
            fixed.outcome.status == .fixed && fixed.outcome.input == "uploads/Long One.wav"
                && fixed.outcome.output == "uploads/Long One.caf")
        let bytes = try #require(fixed.data)
        let info = try SoundFile.inspect(bytes: [UInt8](bytes), name: "x.caf")
        #expect(info.coding == .ima4 && info.frames == 8000 * 295 / 10)
        #expect(fixed.outcome.after?.valid == true)
        // A sound that plays already comes back unchanged, with no data; a broken one fails with its reason.
        let short = Data(try SoundFileBuilder.make(.caff, format: mono, samples: [Int16](repeating: 400, count: 800)))
        let unchanged = try await Fixer().fix(data: short, name: "ok.caf")
        #expect(unchanged.outcome.status == .unchanged && unchanged.data == nil)
        let broken = try await Fixer().fix(data: Data("RIFF....WAVEjunk".utf8), name: "broken.wav")
        #expect(
            broken.outcome.status == .failed && broken.outcome.error?.path == "broken.wav",
            "\(String(describing: broken.outcome.error))")
        #expect(!(broken.outcome.error?.message.contains("alertsound-scratch-") ?? true))

        var options = ConversionOptions()
        options.maxDuration = 2
        let cut = try await Converter(options: options).convert(data: long, name: "long.wav")
        #expect(cut.result.frames == 16_000 && cut.result.cut)
        options.maxDuration = 0
        await #expect(throws: AlertSoundError.self) {
            try await Converter(options: options).convert(data: long, name: "long.wav")
        }
    }

    @Test func nearMissesNameTheirCandidate() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = dir.appendingPathComponent("My.app")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sounds"), withIntermediateDirectories: true)
        let caf = Data(try SoundFileBuilder.make(.caff, format: stereo, samples: [Int16](repeating: 300, count: 882)))
        try caf.write(to: app.appendingPathComponent("Alert.caf"))
        try caf.write(to: app.appendingPathComponent("Sounds/deep.caf"))
        let report = try BundleValidator().validate(
            path: app.path,
            references: [.named("alert.caf"), .named("deep.caf"), .named("Alert.caf"), .named("nothing.caf")])
        let byName = Dictionary(uniqueKeysWithValues: report.references.map { ($0.name ?? "", $0) })
        #expect(byName["alert.caf"]?.diagnostics.map(\.code) == [.caseMismatch])
        #expect(
            byName["alert.caf"]?.candidate
                == ReferenceReport.Candidate(
                    path: app.path + "/Alert.caf", relativePath: "Alert.caf", location: .bundle))
        #expect(
            byName["deep.caf"]?.candidate?.relativePath == "Sounds/deep.caf"
                && byName["deep.caf"]?.candidate?.location == .subfolder)
        #expect(byName["Alert.caf"]?.candidate == nil && byName["Alert.caf"]?.resolvedPath == app.path + "/Alert.caf")
        #expect(byName["nothing.caf"]?.candidate == nil)
        // The JSON carries it, and reads back.
        let again = try JSONDecoder().decode(
            ValidationReport.self, from: Data(ValidationReport(bundles: [report]).jsonBytes()))
        #expect(again.bundles[0].references == report.references)
    }

    @Test func ffmpegIsAnOptionNotOnlyAnEnvironmentVariable() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // An MP4 box header: recognised as MPEG-4, which only ffmpeg decodes.
        let m4a = dir.appendingPathComponent("x.m4a")
        try Data(
            [0, 0, 0, 24] + Array("ftypM4A ".utf8) + [0, 0, 0, 0] + Array("M4A isom".utf8)
                + [UInt8](repeating: 0, count: 64)
        ).write(to: m4a)
        var options = ConversionOptions()
        options.ffmpeg = .never
        do {
            _ = try Converter(options: options).convert(
                input: m4a.path, output: dir.appendingPathComponent("x.caf").path)
            Issue.record("expected an error")
        } catch let error as AlertSoundError {
            #expect(error.suggestion?.action == .installDecoder, "\(error)")
        }
        options.ffmpeg = .at(dir.appendingPathComponent("no-ffmpeg-here").path)
        #expect(throws: AlertSoundError.self) {
            _ = try Converter(options: options).convert(
                input: m4a.path, output: dir.appendingPathComponent("y.caf").path)
        }
        var fix = FixOptions()
        fix.ffmpeg = .never
        let outcome = try #require(try Fixer(options: fix).fix(paths: [m4a.path]).outcomes.first)
        #expect(
            outcome.status == .failed && outcome.error?.suggestion?.action == .installDecoder,
            "\(String(describing: outcome.error))")
    }

    @Test func progressComesAsAStream() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.wav")
        try Data(
            try SoundFileBuilder.make(.wave, format: stereo, samples: [Int16](repeating: 300, count: 2 * 44100 * 5))
        ).write(to: input)
        var seen: [Double] = []
        var result: ConversionResult?
        var converter = Converter()
        converter.blockBytes = 1 << 16
        for try await event in converter.conversion(from: input) {
            switch event {
            case .progress(let update): seen.append(update.fractionCompleted ?? -1)
            case .finished(let done): result = done
            }
        }
        #expect(result.map { Int($0.frames) } == 220_500)
        #expect(seen.count > 3 && seen == seen.sorted() && seen.last == 1)
        var reports = 0
        for try await event in Fixer().fixing(urls: [input]) {
            if case .finished(let report) = event {
                reports += 1
                #expect(report.count(.unchanged) == 1)
            }
        }
        #expect(reports == 1)
    }
}
