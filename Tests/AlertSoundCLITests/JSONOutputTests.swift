import AlertSound
import Foundation
import Testing

/// The command's JSON is written by its own encoder (for speed); it must be Foundation's
/// `JSONEncoder` output byte for byte, for the same reports computed in this process.
@Suite struct JSONOutputTests {
    let cli = CommandLineTests()

    static func foundationJSON<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    /// Names with every character JSON must escape, non-ASCII, and durations that are not whole.
    func awkwardFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alertsound-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mono = StreamFormat(sampleRate: 44100, channels: 1, coding: .integer(16, bigEndian: true))
        let files: [(String, [UInt8])] = [
            ("tenth \"quoted\".caf", SoundFileBuilder.make(.caff, format: mono, samples: [Int16](repeating: 3, count: 4410))),
            ("third\\back\tslash.aiff", SoundFileBuilder.make(.aiff, format: mono, samples: [Int16](repeating: 3, count: 14700))),
            ("ctrl\u{01}\u{1F}é.wav", SoundFileBuilder.make(.wave, format: StreamFormat(sampleRate: 22050.5, channels: 1, coding: .ulaw),
                                                           samples: [Int16](repeating: 3, count: 7))),
            ("line\nbreak.caf", Array("not a sound at all".utf8)),
            ("long.wav", SoundFileBuilder.make(.wave, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, bigEndian: false)),
                                               samples: [Int16](repeating: 1, count: 8000 * 31))),
        ]
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func checkJSONIsFoundationsBytes() throws {
        let folder = try awkwardFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try cli.run(["check", "--format", "json", folder.path])
        #expect(r.status == 1)
        let expected = try Self.foundationJSON(Checker().check(paths: [folder.path]))
        #expect(r.stdout == expected)
        #expect(r.stdout.contains("\\u0001\\u001f") && r.stdout.contains("\\\"quoted\\\"") && r.stdout.contains("\\n"))
    }

    @Test func validateBundleJSONIsFoundationsBytes() throws {
        let folder = try awkwardFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("Demo.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "Demo.app" {
            try FileManager.default.moveItem(at: folder.appendingPathComponent(name), to: app.appendingPathComponent(name))
        }
        let r = try cli.run(["validate-bundle", app.path, "--sound", "long.wav", "--sound", "missing.caf", "--format", "json"])
        let expected = try Self.foundationJSON(BundleValidator().validate(path: app.path, references: [.named("long.wav"), .named("missing.caf")]))
        #expect(r.stdout == expected)
    }
}
