// The library's contracts as a packager relies on them: one error type, typed codes whose raw
// values are the JSON's, suggestions as data, validity that follows from the findings, and
// reports that read back from the JSON they write. Public API only.
import AlertSound
import Foundation
import Testing

@Suite struct ContractTests {
    let mono = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .bigEndian))

    /// The repository's schema, read as JSON.
    static func schema(_ name: String) throws -> [String: Any] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("Schemas/" + name)))
            as! [String: Any]
    }

    @Test func schemaListsExactlyTheLibrarysCodesKindsAndActions() throws {
        let defs = try Self.schema("common.schema.json")["$defs"] as! [String: Any]
        let codes = (defs["code"] as! [String: Any])["enum"] as! [String]
        #expect(codes == DiagnosticCode.allCases.map(\.rawValue))
        let suggestion = (defs["suggestion"] as! [String: Any])["properties"] as! [String: Any]
        #expect(
            (suggestion["action"] as! [String: Any])["enum"] as! [String] == Suggestion.Action.allCases.map(\.rawValue))
        let error = defs["errorObject"] as! [String: Any]
        let kinds = ((error["properties"] as! [String: Any])["kind"] as! [String: Any])["enum"] as! [String]
        #expect(kinds == AlertSoundError.Kind.allCases.map(\.rawValue))
        #expect((defs["schemaVersion"] as! [String: Any])["const"] as? Int == ReportSchema.version)
    }

    @Test func codesAreKebabCaseAndEveryOneIsDocumented() {
        for code in DiagnosticCode.allCases {
            #expect(code.rawValue.allSatisfy { $0.isLowercase || $0 == "-" }, "\(code)")
            #expect(!code.summary.isEmpty)
        }
        // A missing file and a name no sound has are different findings.
        #expect(DiagnosticCode.notFound != DiagnosticCode.noSuchSound)
        #expect(Set(Rule.all.map(\.code)).count == Rule.all.count)
    }

    @Test func errorsAreLocalizedAndCarryWhereTheProblemIs() {
        do {
            _ = try SoundFile.inspect(bytes: Array("caff".utf8) + [0, 2, 0, 0], name: "odd.caf")
            Issue.record("expected an error")
        } catch {
            // Any error-handling code that only knows `Error` still gets the whole story.
            let e = error as? AlertSoundError
            #expect(
                error.localizedDescription == e?.description
                    && error.localizedDescription.hasPrefix("odd.caf: CAF version 2"))
            #expect(e?.kind == .malformed && e?.path == "odd.caf" && e?.offset == 4)
            #expect((error as? LocalizedError)?.errorDescription == e?.description)
        }
    }

    @Test func libraryMessagesNameNoCommandLineAndSuggestionsAreData() throws {
        let long = try SoundFileBuilder.make(.aiff, format: mono, samples: [Int16](repeating: 1, count: 8000 * 31))
        let report = Checker().check(bytes: long, name: "Sounds/long.aiff")
        let tooLong = try #require(report.diagnostics.first { $0.code == .tooLong })
        #expect(tooLong.suggestion == Suggestion(.fix, path: "Sounds/long.aiff"))
        let mp3 = Checker().check(
            bytes: (0..<3).flatMap { _ in [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 413) },
            name: "ping.mp3")
        #expect(mp3.info?.container == .mp3)
        for d in report.diagnostics + mp3.diagnostics {
            #expect(
                !d.message.contains("alertsound ") && !d.message.contains(" --") && !d.message.contains("-d "),
                "\(d.message)")
        }
        // Refusals carry theirs too.
        let six = StreamFormat(sampleRate: 8000, channels: 6, coding: .integer(16, order: .bigEndian))
        let surround = FileManager.default.temporaryDirectory.appendingPathComponent("six-\(UUID().uuidString).aiff")
        try Data(try SoundFileBuilder.make(.aiff, format: six, samples: [Int16](repeating: 0, count: 600))).write(
            to: surround)
        defer { try? FileManager.default.removeItem(at: surround) }
        #expect {
            _ = try Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4"))).convert(
                input: surround.path, output: surround.path + ".caf")
        } throws: { error in
            let e = error as? AlertSoundError
            return e?.kind == .invalidRequest && e?.suggestion == Suggestion(.reduceChannels, channels: 2)
                && !(e?.message.contains("-c") ?? true)
        }
    }

    @Test func validityFollowsTheDiagnostics() throws {
        let ok = try SoundFileBuilder.make(.caff, format: mono, samples: [0, 0, 0])
        var report = Checker().check(bytes: ok, name: "ok.caf")
        #expect(report.valid)
        report.diagnostics.append(Diagnostic(code: .noAudio, message: "a warning"))
        #expect(report.valid)
        report.strict = true
        #expect(!report.valid)
        report.strict = false
        report.append(Diagnostic(code: .invalidSound, message: "an error"))
        #expect(!report.valid)
    }

    @Test func checkReportsReadBackFromTheirJSON() throws {
        let sounds: [(String, [UInt8])] = [
            (
                "le.wav",
                try SoundFileBuilder.make(
                    .wave,
                    format: StreamFormat(sampleRate: 22050, channels: 2, coding: .integer(16, order: .littleEndian)),
                    samples: [1, 2, 3, 4])
            ),
            (
                "float.caf",
                try SoundFileBuilder.make(
                    .caff, format: StreamFormat(sampleRate: 48000, channels: 1, coding: .float(32, order: .bigEndian)),
                    samples: [1, 2])
            ),
            (
                "ulaw.aifc",
                try SoundFileBuilder.make(
                    .aifc, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .ulaw), samples: [1, 2])
            ),
            (
                "long.aiff",
                try SoundFileBuilder.make(.aiff, format: mono, samples: [Int16](repeating: 1, count: 8000 * 31))
            ),
            ("junk.caf", Array("not a sound".utf8))
        ]
        for strict in [false, true] {
            let report = CheckReport(files: sounds.map { Checker(strict: strict).check(bytes: $0.1, name: $0.0) })
            let bytes = report.jsonBytes()
            let decoded = try JSONDecoder().decode(CheckReport.self, from: Data(bytes))
            #expect(decoded.jsonBytes() == bytes)
            #expect(decoded.files.map(\.valid) == report.files.map(\.valid))
            #expect(decoded.files[0].info?.coding == .integer(16, order: .littleEndian))
            #expect(decoded.files[1].info?.coding == .float(32, order: .bigEndian))
            #expect(decoded.files[3].diagnostics.first?.suggestion?.action == .fix)
            #expect(decoded.files[4].info == nil)
        }
    }

    @Test func documentsThatContradictThemselvesOrAreOfAnotherVersionAreRefused() throws {
        let report = CheckReport(files: [Checker().check(bytes: Array("junk".utf8), name: "junk.caf")])
        let text = String(decoding: report.jsonBytes(), as: UTF8.self)
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(
                CheckReport.self,
                from: Data(text.replacingOccurrences(of: "\"valid\" : false", with: "\"valid\" : true").utf8))
        }
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode(
                CheckReport.self,
                from: Data(
                    text.replacingOccurrences(
                        of: "\"schemaVersion\" : \(ReportSchema.version)", with: "\"schemaVersion\" : 1"
                    ).utf8))
        }
    }

    @Test func bundleReportsReadBackFromTheirJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        let app = folder.appendingPathComponent("Shop.app")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sound = try SoundFileBuilder.make(.caff, format: mono, samples: [Int16](repeating: 5, count: 400))
        try Data(sound).write(to: app.appendingPathComponent("ding.caf"))
        try Data(sound).write(to: app.appendingPathComponent("Base.lproj/bell.caf"))
        let report = try BundleValidator(strict: true).validate(
            paths: [app.path], references: [.named("ding.caf"), .named("bell.caf"), .named("gone.caf")])
        let bytes = report.jsonBytes()
        let decoded = try JSONDecoder().decode(ValidationReport.self, from: Data(bytes))
        #expect(decoded.jsonBytes() == bytes)
        #expect(decoded.bundles[0].references.map { $0.diagnostics.map(\.code) } == [[], [.localized], [.noSuchSound]])
        #expect(!decoded.valid)
    }

    @Test(.bug(id: 21, "item 7")) func aMissingInputIsNotFoundWhateverTheCall() async throws {
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

    @Test func numbersAreWrittenTheSameEverywhere() {
        #expect(Formatting.seconds(1.5) == "1.500")
        #expect(Formatting.seconds(29.9995) == "30.000")
        #expect(Formatting.seconds(0.0004) == "0.000")
        #expect(Formatting.seconds(-1.25) == "-1.250")
        #expect(Formatting.number(44100) == "44100")
        #expect(Formatting.number(22050.5) == "22050.5")
    }
}
