// Uses only the public API, as a packaging tool would: no @testable import.
import AlertSound
import Foundation
import Testing

@Suite struct PackagerTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("alertsound-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    let stereo = StreamFormat(sampleRate: 44100, channels: 2, coding: .integer(16, order: .littleEndian))

    @Test func inspectFromURLAndFromBytesAgree() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try SoundFileBuilder.make(.wave, format: stereo, samples: [Int16](repeating: 1000, count: 882))
        let url = folder.appendingPathComponent("ding.wav")
        try Data(bytes).write(to: url)

        let fromFile = try SoundFile.inspect(at: url)
        let fromBytes = try SoundFile.inspect(bytes: bytes, name: "ding.wav")
        #expect(fromFile == fromBytes)
        #expect(fromFile.container == .wav)
        #expect(fromFile.coding?.pcm != nil)
        #expect(fromFile.frames == 441)
        #expect(fromFile.duration == 0.01)
    }

    @Test func inspectionErrorsNameTheFileAndPlace() {
        do {
            _ = try SoundFile.inspect(bytes: Array("caff".utf8) + [0, 2, 0, 0], name: "Sounds/odd.caf")
            Issue.record("expected an error")
        } catch let error as AlertSoundError {
            #expect(error.path == "Sounds/odd.caf")
            #expect(error.offset == 4)
            #expect(error.description.hasPrefix("Sounds/odd.caf: CAF version 2"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func missingFileIsNotFound() {
        #expect { try SoundFile.inspect(path: "/nonexistent/alert.caf") } throws: {
            ($0 as? AlertSoundError)?.kind == .notFound
        }
        let report = Checker().check(paths: ["/nonexistent/alert.caf"])
        #expect(!report.valid)
        #expect(report.files.first?.diagnostics.map(\.code.rawValue) == ["not-found"])
    }

    @Test func checkFolderRecursivelyAndJudge() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        let good = try SoundFileBuilder.make(.caff, format: stereo, samples: [Int16](repeating: 0, count: 200))
        let long = try SoundFileBuilder.make(
            .aiff, format: StreamFormat(sampleRate: 1000, channels: 1, coding: .integer(8, order: .bigEndian)),
            samples: [Int16](repeating: 0, count: 31_000))
        try Data(good).write(to: folder.appendingPathComponent("good.caf"))
        try Data(long).write(to: folder.appendingPathComponent("nested/long.aiff"))
        try Data("not audio".utf8).write(to: folder.appendingPathComponent("readme.txt"))

        let report = Checker().check(paths: [folder.path])
        #expect(report.files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["good.caf", "long.aiff"])
        #expect(report.files[0].valid)
        #expect(!report.files[1].valid)
        #expect(report.files[1].diagnostics.map(\.code.rawValue) == ["too-long"])
        #expect(!report.valid)
    }

    @Test func folderSearchDoesNotFollowLinkLoops() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
        try Data(try SoundFileBuilder.make(.caff, format: stereo, samples: [0, 0])).write(
            to: folder.appendingPathComponent("a/one.caf"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("a/loop").path, withDestinationPath: "..")
        let report = Checker().check(paths: [folder.path])
        #expect(report.files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["one.caf"])
    }

    @Test func folderSearchFindsSoundsByContentAndFollowsFileLinks() throws {
        let folder = try temporaryFolder()
        let elsewhere = try temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let sound = try SoundFileBuilder.make(.caff, format: stereo, samples: [0, 0])
        try Data(sound).write(to: folder.appendingPathComponent("no-extension"))
        try Data("just text".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data(sound).write(to: elsewhere.appendingPathComponent("shared.caf"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("linked.caf").path,
            withDestinationPath: elsewhere.appendingPathComponent("shared.caf").path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("gone.caf").path, withDestinationPath: "missing.caf")
        let report = Checker().check(paths: [folder.path + "/"])
        #expect(report.files.map(\.path) == ["gone.caf", "linked.caf", "no-extension"].map { folder.path + "/" + $0 })
        #expect(report.files.map { $0.diagnostics.map(\.code.rawValue) } == [["unreadable"], [], []])
    }

    @Test func checkBytesAppliesEveryRule() throws {
        let caf = try SoundFileBuilder.make(.caff, format: stereo, samples: [Int16](repeating: 0, count: 20))
        let report = Checker(strict: true).check(bytes: caf, name: "named.wav")
        #expect(report.diagnostics.map(\.code.rawValue) == ["extension-mismatch"])
        #expect(!report.valid)
        #expect(Checker(strict: false).check(bytes: caf, name: "named.wav").valid)
    }

    @Test func reportEncodesTheDocumentedJSON() throws {
        let caf = try SoundFileBuilder.make(.caff, format: stereo, samples: [Int16](repeating: 0, count: 20))
        let report = CheckReport(files: [
            Checker().check(bytes: caf, name: "a.caf"), Checker().check(bytes: [1, 2, 3, 4, 5], name: "b.caf")
        ])
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as! [String: Any]
        #expect(json["valid"] as? Bool == false)
        let files = json["files"] as! [[String: Any]]
        #expect(files[0]["container"] as? String == "caf")
        #expect(files[0]["format"] as? String == "lpcm")
        #expect(files[0]["sampleRate"] as? Double == 44100)
        #expect(files[0]["channels"] as? Int == 2)
        #expect(files[0]["bitsPerSample"] as? Int == 16)
        #expect(files[0]["frames"] as? Int == 10)
        #expect(files[0]["valid"] as? Bool == true)
        // Unknown values are present as null, not left out.
        #expect(files[1].keys.contains("container"))
        #expect(files[1]["container"] is NSNull)
        #expect(files[1]["duration"] is NSNull)
        let diagnostic = (files[1]["diagnostics"] as! [[String: Any]])[0]
        #expect(diagnostic["code"] as? String == "unrecognized")
        #expect(diagnostic["severity"] as? String == "error")
    }

    @Test func convertLikeAPackager() throws {
        let folder = try temporaryFolder()
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

    @Test func validateABundleLikeAPackager() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("Shop.app")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        let sound = try SoundFileBuilder.make(.caff, format: stereo, samples: [Int16](repeating: 5, count: 400))
        try Data(sound).write(to: app.appendingPathComponent("ding.caf"))
        try Data(sound).write(to: app.appendingPathComponent("Base.lproj/bell.caf"))
        let payload = folder.appendingPathComponent("push.json")
        try Data(#"{"aps":{"sound":{"critical":1,"name":"Ding.caf","volume":0.5}}}"#.utf8).write(to: payload)

        let references =
            SoundReference.payload(at: payload.path) + [.named("ding.caf"), .named("bell.caf"), .named("default")]
        let report = try BundleValidator(strict: true).validate(path: app.path, references: references)
        #expect(report.kind == .app)
        #expect(report.files.map(\.location) == [.localized, .bundle])
        #expect(report.references.map(\.valid) == [false, true, false, true])
        #expect(report.references[0].critical)
        // The app has no executable or profile, so whether it may play critical alerts is unknown.
        #expect(report.references[0].diagnostics.map(\.code.rawValue) == ["case-mismatch", "entitlements-unknown"])
        #expect(report.references[1].resolvedPath == app.path + "/ding.caf")
        #expect(report.references[2].diagnostics.map(\.code.rawValue) == ["localized"])
        #expect(!report.valid)

        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as! [String: Any]
        #expect(json["bundle"] as? String == app.path)
        #expect((json["files"] as! [[String: Any]]).compactMap { $0["location"] as? String } == ["localized", "bundle"])
        #expect((json["references"] as! [[String: Any]]).count == 4)
    }

    @Test func numbersAreWrittenTheSameEverywhere() {
        #expect(Formatting.seconds(1.5) == "1.500")
        #expect(Formatting.seconds(29.9995) == "30.000")
        #expect(Formatting.seconds(0.0004) == "0.000")
        #expect(Formatting.seconds(-1.25) == "-1.250")
        #expect(Formatting.number(44100) == "44100")
        #expect(Formatting.number(22050.5) == "22050.5")
    }

    @Test func rulesAreListedWithCodesAndSeverities() {
        #expect(Rule.all.count >= 9)
        #expect(Rule.named(.tooLong)?.severity == .error)
        #expect(Rule.all.allSatisfy { !$0.summary.isEmpty })
    }
}
