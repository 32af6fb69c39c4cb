import Foundation
import Testing

/// `alertsound info`: the header's facts as text and as JSON.
@Suite struct InfoCommandTests {
    let cli = CommandLineTests()

    @Test func infoShowsHeaderFacts() throws {
        let folder = try cli.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try cli.run(["info", folder.appendingPathComponent("ok.caf").path])
        #expect(r.status == 0)
        for expected in [
            "Container        CAF (caf)", "Data format      lpcm 'lpcm'", "Frames           8000",
            "Duration         1.000 s",
            "Audio data       16000 bytes at byte 4096", "'desc' @8 (32)"
        ] {
            #expect(r.stdout.contains(expected), "missing \(expected)")
        }
        let json = try cli.run([
            "info", "--format", "json", folder.appendingPathComponent("ok.caf").path, "/nonexistent.caf"
        ])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let files = object["files"] as! [[String: Any]]
        #expect((files[0]["chunks"] as! [[String: Any]]).map { $0["id"] as! String } == ["desc", "free", "data"])
        #expect((files[1]["error"] as? [String: Any])?["message"] as? String == "no such file or folder")
    }
}
