// Uses only the public API, as a packaging tool would: no @testable import.
import AlertSound
import Foundation
import Testing

/// `SoundFile.inspect` and `InfoReport`: a file's facts, from a path, a URL or bytes.
@Suite struct InspectionAPITests {
    @Test func inspectFromURLAndFromBytesAgree() throws {
        let folder = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try SoundFileBuilder.make(
            .wave, format: APIFixture.stereo, samples: [Int16](repeating: 1000, count: 882))
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

    /// And `info --format json`'s from InfoReport, which judges each header as check does.
    @Test(.bug(id: 21, "item 7")) func anInfoReportIsTheCommandsDocument() throws {
        let good = try SoundFileBuilder.make(
            .caff, format: APIFixture.stereo, samples: [Int16](repeating: 300, count: 8820))
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
}
