import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// The first hour of a new user, as issue 20 found it: each test failed before its fix.
@Suite struct FirstRunTests {
    let cli = CommandLineTests()

    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("alertsound-first-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func samples() throws -> String {
        let dir = try scratch()
        let maker = CommandLineTests.binary.deletingLastPathComponent().appendingPathComponent("alertsound-samples")
        let process = Process()
        process.executableURL = maker
        process.arguments = [dir]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return dir
    }

    // 1. `--payload push/*.json` with two files: the second was taken for a bundle path.
    @Test func payloadTakesAGlob() throws {
        let dir = try Self.samples()
        try FileManager.default.createDirectory(atPath: dir + "/My.app", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/chime.caf", toPath: dir + "/My.app/chime.caf")
        try Data(#"{"aps":{"sound":"chime.caf"}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/a.json"))
        try Data(#"{"aps":{"sound":"gone.caf"}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/b.json"))
        for arguments in [[dir + "/My.app", "--payload", dir + "/a.json", dir + "/b.json"],
                          ["--payload", dir + "/a.json", dir + "/b.json", dir + "/My.app"],
                          [dir + "/My.app", "--payload", dir + "/a.json", "--payload", dir + "/b.json"]] {
            let run = try cli.run(["validate-bundle"] + arguments + ["--format", "json"])
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            let document = try JSONDecoder().decode(ValidationReport.self, from: Data(run.stdout.utf8))
            #expect(document.bundles.count == 1)
            #expect(document.bundles.first?.references.map { $0.name ?? "" } == ["chime.caf", "gone.caf"])
        }
    }

    // 13. "plays …/long.wav" and then invalid-sound for the same reference.
    @Test func aReferenceToAnInvalidSoundDoesNotPlay() throws {
        let dir = try Self.samples()
        try FileManager.default.createDirectory(atPath: dir + "/My.app", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/too-long.wav", toPath: dir + "/My.app/long.wav")
        let run = try cli.run(["validate-bundle", dir + "/My.app", "--sound", "long.wav"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("'long.wav' from --sound: names \(dir)/My.app/long.wav"))
        #expect(!run.stdout.contains("plays \(dir)/My.app/long.wav"))
    }

    @Test func markdownSummary() throws {
        let dir = try Self.samples()
        let run = try cli.run(["check", dir + "/too-long.wav", dir + "/chime.caf", "--format", "markdown"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "### alertsound check: ❌ invalid 2 sounds, 1 invalid")
        #expect(lines.contains { $0.hasPrefix("| `\(dir)/too-long.wav` | ❌ invalid | WAV lpcm, 8000 Hz, 1 ch | 31.000 s | error `too-long`: plays 31.000 s") })
        #expect(lines.contains("| `\(dir)/chime.caf` | ✅ valid | CAF lpcm, 44100 Hz, 1 ch | 1.500 s |  |"))
    }
}
