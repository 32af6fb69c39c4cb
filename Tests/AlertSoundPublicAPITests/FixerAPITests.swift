// Uses only the public API, as a packaging tool would: no @testable import.
import AlertSound
import Foundation
import Testing

/// `Fixer` and `FixReport`: fixing from memory, and the report read back from its JSON.
@Suite struct FixerAPITests {
    @Test(.bug(id: 21, "item 7")) func reportsAndErrorsRoundTripAndCompare() async throws {
        let dir = try APIFixture.folder()
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

    @Test(.bug(id: 21, "item 7")) func fixingFromMemoryAndCuttingAConversion() async throws {
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
}
