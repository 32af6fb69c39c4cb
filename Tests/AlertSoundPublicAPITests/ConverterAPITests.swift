// Uses only the public API, as a packaging tool would: no @testable import.
import AlertSound
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Converter` and `ConversionReport`: from a file or from memory, its errors, its progress.
@Suite struct ConverterAPITests {
    @Test func convertLikeAPackager() throws {
        let folder = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("long.wav")
        let mono = StreamFormat(sampleRate: 8000, channels: 2, coding: .integer(16, order: .littleEndian))
        try Data(
            try SoundFileBuilder.make(
                .wave, format: mono, samples: (0..<16000).map { Int16(truncatingIfNeeded: $0 * 97) })
        ).write(to: input)

        let options = ConversionOptions(
            dataFormat: try OutputDataFormat(parsing: "ima4@16000"), fileType: .caff, mix: true, measuresLoss: true)
        let result = try Converter(options: options).convert(
            input: input.path, output: folder.appendingPathComponent("alert.caf").path)
        #expect(result.plan.output.channels == 1)
        #expect(result.plan.output.sampleRate == 16000)
        #expect(abs(result.frames - 16000) <= 2)
        // Apple's layout: frames / 64 + 1 packets, the last one partly or wholly padding.
        #expect(result.packets == result.frames / 64 + 1)
        #expect(result.snr != nil)
        // What was written passes the same checks the build gate runs.
        let report = Checker(strict: true).check(path: result.outputPath)
        #expect(report.valid)
        #expect(report.info?.frames == result.frames)

        #expect {
            _ = try Converter(
                options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4"), fileType: .wave)
            ).convert(input: input.path)
        } throws: { ($0 as? AlertSoundError)?.kind == .invalidRequest }
    }

    /// A tool gets `convert --format json`'s document from the library: ConversionReport encodes it.
    @Test(.bug(id: 21, "item 7")) func aConversionReportIsTheCommandsDocument() throws {
        let dir = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("chime.wav").path
        try Data(
            try SoundFileBuilder.make(.wave, format: APIFixture.stereo, samples: [Int16](repeating: 300, count: 8820))
        ).write(
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

    @Test(.bug(id: 21, "item 7")) func inMemoryConversionSaysBeforehandWhatItTakes() async throws {
        let pcm = Data(
            try SoundFileBuilder.make(.wave, format: APIFixture.stereo, samples: [Int16](repeating: 500, count: 882)))
        #expect(Converter.canConvertInMemory(pcm, name: "a.wav"))
        #expect(!Converter.canConvertInMemory(Data(APIFixture.imaADPCMWAV), name: "b.wav"))
        #expect(!Converter.canConvertInMemory(Data("not a sound".utf8), name: "c.wav"))
        _ = try await Converter().convert(data: pcm, name: "a.wav")
        await #expect(throws: AlertSoundError.self) {
            try await Converter().convert(data: Data(APIFixture.imaADPCMWAV), name: "b.wav")
        }
    }

    @Test(.bug(id: 21, "item 7")) func anOutputFailureNamesTheOutputAndTheSystemError() throws {
        let dir = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.wav")
        try Data(
            try SoundFileBuilder.make(.wave, format: APIFixture.stereo, samples: [Int16](repeating: 500, count: 882))
        ).write(
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
            try SoundFileBuilder.make(
                .wave, format: APIFixture.stereo, samples: [Int16](repeating: 500, count: 2 * 44100 * 31))
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

    @Test(.bug(id: 21, "item 7")) func ffmpegIsAnOptionNotOnlyAnEnvironmentVariable() throws {
        let dir = try APIFixture.folder()
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

    @Test(.bug(id: 21, "item 7")) func progressComesAsAStream() async throws {
        let dir = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.wav")
        try Data(
            try SoundFileBuilder.make(
                .wave, format: APIFixture.stereo, samples: [Int16](repeating: 300, count: 2 * 44100 * 5))
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
