// Uses only the public API, as a packaging tool would: no @testable import.
import AlertSound
import Foundation
import Testing

/// `Checker` and `CheckReport`: judging files and folders, and the document it encodes.
@Suite struct CheckerAPITests {
    @Test func missingFileIsNotFound() {
        #expect { try SoundFile.inspect(path: "/nonexistent/alert.caf") } throws: {
            ($0 as? AlertSoundError)?.kind == .notFound
        }
        let report = Checker().check(paths: ["/nonexistent/alert.caf"])
        #expect(!report.valid)
        #expect(report.files.first?.diagnostics.map(\.code.rawValue) == ["not-found"])
    }

    @Test func checkFolderRecursivelyAndJudge() throws {
        let folder = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        let good = try SoundFileBuilder.make(
            .caff, format: APIFixture.stereo, samples: [Int16](repeating: 0, count: 200))
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
        let folder = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
        try Data(try SoundFileBuilder.make(.caff, format: APIFixture.stereo, samples: [0, 0])).write(
            to: folder.appendingPathComponent("a/one.caf"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("a/loop").path, withDestinationPath: "..")
        let report = Checker().check(paths: [folder.path])
        #expect(report.files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["one.caf"])
    }

    @Test func folderSearchFindsSoundsByContentAndFollowsFileLinks() throws {
        let folder = try APIFixture.folder()
        let elsewhere = try APIFixture.folder()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let sound = try SoundFileBuilder.make(.caff, format: APIFixture.stereo, samples: [0, 0])
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
        let caf = try SoundFileBuilder.make(.caff, format: APIFixture.stereo, samples: [Int16](repeating: 0, count: 20))
        let report = Checker(strict: true).check(bytes: caf, name: "named.wav")
        #expect(report.diagnostics.map(\.code.rawValue) == ["extension-mismatch"])
        #expect(!report.valid)
        #expect(Checker(strict: false).check(bytes: caf, name: "named.wav").valid)
    }

    @Test func reportEncodesTheDocumentedJSON() throws {
        let caf = try SoundFileBuilder.make(.caff, format: APIFixture.stereo, samples: [Int16](repeating: 0, count: 20))
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

    @Test func rulesAreListedWithCodesAndSeverities() {
        #expect(Rule.all.count >= 9)
        #expect(Rule.named(.tooLong)?.severity == .error)
        #expect(Rule.all.allSatisfy { !$0.summary.isEmpty })
    }
}
