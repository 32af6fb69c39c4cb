import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// `info --levels`: the measured levels in text and in JSON (checked against the schema by `run`),
/// and the documents without the flag left as they were.
@Suite struct LevelsCommandTests {
    let cli = CommandLineTests()

    @Test func infoMeasuresLevelsWhenAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alertsound-levels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 1 s of a 1 kHz sine peaking at -23 dBFS in both channels: -23 LUFS.
        let amplitude = pow(10, -23.0 / 20) * 32767
        let frames = (0..<48_000).flatMap { f -> [Int16] in
            let x = Int16((amplitude * sin(2 * Double.pi * 1000 * Double(f) / 48_000)).rounded())
            return [x, x]
        }
        let sine = folder.appendingPathComponent("sine.wav").path
        try Data(SoundFileBuilder.make(.wave, format: StreamFormat(sampleRate: 48_000, channels: 2, coding: .integer(16, bigEndian: false)),
                                       samples: frames)).write(to: URL(fileURLWithPath: sine))

        let text = try cli.run(["info", "--levels", sine])
        #expect(text.status == 0)
        let loudness = text.stdout.split(separator: "\n").first { $0.hasPrefix("Loudness ") }?.split(separator: " ").dropFirst().first
        #expect(abs(try #require(loudness.flatMap { Double($0) }) + 23) <= 0.1, "\(text.stdout)")
        #expect(text.stdout.contains("Loudest 3 s      none (shorter than 3 s"))

        let json = try cli.run(["info", "--levels", "--format", "json", sine, folder.appendingPathComponent("missing.wav").path])
        #expect(json.status == 1)
        let files = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["files"] as? [[String: Any]])
        let levels = try #require(files[0]["levels"] as? [String: Any])
        #expect(abs(try #require(levels["integratedLoudness"] as? Double) + 23) <= 0.1)
        #expect(levels["maxShortTermLoudness"] is NSNull && files[0]["levelsError"] is NSNull)
        #expect(files[1]["levels"] is NSNull)

        let plain = try cli.run(["info", "--format", "json", sine])
        #expect(!plain.stdout.contains("\"levels\""))
    }
}
