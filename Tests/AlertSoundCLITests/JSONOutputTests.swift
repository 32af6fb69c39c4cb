import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// The command's JSON is written by the library's `ReportEncoder` (streamed, for speed); it must be
/// Foundation's `JSONEncoder` output byte for byte, for the same reports computed in this process.
@Suite struct JSONOutputTests {
    let cli = CommandLineTests()

    static func foundationJSON<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    /// Names with every character JSON must escape, non-ASCII, and durations that are not whole.
    func awkwardFolder() throws -> URL {
        let folder = try Scratch.kept().url
        let mono = StreamFormat(sampleRate: 44100, channels: 1, coding: .integer(16, order: .bigEndian))
        let files: [(String, [UInt8])] = [
            (
                "tenth \"quoted\".caf",
                try SoundFileBuilder.make(.caff, format: mono, samples: [Int16](repeating: 3, count: 4410))
            ),
            (
                "third\\back\tslash.aiff",
                try SoundFileBuilder.make(.aiff, format: mono, samples: [Int16](repeating: 3, count: 14700))
            ),
            (
                "ctrl\u{01}\u{1F}é.wav",
                try SoundFileBuilder.make(
                    .wave, format: StreamFormat(sampleRate: 22050.5, channels: 1, coding: .ulaw),
                    samples: [Int16](repeating: 3, count: 7))
            ),
            ("line\nbreak.caf", Array("not a sound at all".utf8)),
            (
                "long.wav",
                try SoundFileBuilder.make(
                    .wave,
                    format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian)),
                    samples: [Int16](repeating: 1, count: 8000 * 31))
            )
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
            try FileManager.default.moveItem(
                at: folder.appendingPathComponent(name), to: app.appendingPathComponent(name))
        }
        let r = try cli.run([
            "validate-bundle", app.path, "--sound", "long.wav", "--sound", "missing.caf", "--format", "json"
        ])
        let expected = try Self.foundationJSON(
            BundleValidator().validate(
                paths: [app.path],
                references: [.named("long.wav", source: "--sound"), .named("missing.caf", source: "--sound")]))
        #expect(r.stdout == expected)
    }
}

/// The schemas themselves: every document kind is covered, and the checker would notice a break.
@Suite struct SchemaTests {
    let cli = CommandLineTests()

    @Test func everyCommandHasASchema() throws {
        let schemas = try SchemaValidator()
        #expect(
            schemas.schemaNames == [
                "check.schema.json", "common.schema.json", "convert.schema.json", "explain.schema.json",
                "export.schema.json", "fix.schema.json",
                "info.schema.json", "lock.schema.json", "validate-bundle.schema.json"
            ])
    }

    @Test func brokenDocumentsAreCaught() throws {
        let folder = try cli.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemas = try SchemaValidator()
        let good = try cli.run(["check", "--format", "json", folder.path]).stdout
        #expect(schemas.problems(good, schema: "check.schema.json").isEmpty)
        let broken = [
            good.replacingOccurrences(of: "\"schemaVersion\" : 3", with: "\"schemaVersion\" : 1"),
            good.replacingOccurrences(of: "\"sampleType\"", with: "\"sampleKind\""),
            good.replacingOccurrences(of: "\"severity\" : \"error\"", with: "\"severity\" : \"fatal\""),
            good.replacingOccurrences(of: "\"channels\" : 1", with: "\"channels\" : \"1\""),
            good.replacingOccurrences(of: "\"valid\" : false\n}", with: "\"valid\" : false, \"extra\" : 1\n}")
        ]
        for document in broken {
            #expect(document != good)
            #expect(!schemas.problems(document, schema: "check.schema.json").isEmpty)
        }
    }

    /// convert's and fix's documents, including failures, and the error document.
    @Test func convertAndFixDocuments() throws {
        let folder = try cli.fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ok = folder.appendingPathComponent("ok.caf").path
        let converted = try cli.run([
            "convert", ok, folder.appendingPathComponent("ok.wav").path, "-f", "WAVE", "-d", "LEI16", "--format", "json"
        ])
        #expect(converted.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(converted.stdout.utf8)) as! [String: Any]
        let conversion = (document["conversions"] as! [[String: Any]])[0]
        #expect(
            conversion["status"] as? String == "converted" && conversion["lossless"] as? Bool == true
                && conversion["snr"] is NSNull)
        // One meaning per key (schema 3): dataFormat is the -d name, as in suggestions; format the coding, as in check.
        #expect(conversion["dataFormat"] as? String == "LEI16" && conversion["format"] as? String == "lpcm")
        let failed = try cli.run([
            "convert", folder.appendingPathComponent("fake.caf").path, folder.appendingPathComponent("x.caf").path,
            "--format", "json"
        ])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("\"status\" : \"failed\""))
        // A file where the output folder should be (a missing one is made).
        let batch = try cli.run([
            "convert", ok, folder.appendingPathComponent("long.wav").path, "--output-dir", ok, "--format", "json"
        ])
        #expect(batch.status == 64)
        #expect(batch.stdout.contains("\"kind\" : \"invalid-request\""))
        let fixed = try cli.run([
            "fix", folder.path, "--output-dir", folder.appendingPathComponent("out").path, "--format", "json"
        ])
        #expect(fixed.stdout.contains("\"schemaVersion\" : 3"))
        let info = try cli.run(["info", "--format", "json", ok, folder.appendingPathComponent("missing.caf").path])
        #expect(info.stdout.contains("\"sampleType\" : \"signed-integer\""))
        #expect(CommandLineTests.schemaChecks.value >= 5)
    }
}

extension JSONOutputTests {
    /// Usage errors under --format json printed nothing on standard output.
    @Test(.bug(id: 20, "item 11")) func usageErrorsGiveAJSONDocument() throws {
        for arguments in [
            ["check", "--format", "json", "--bogus", "x"], ["fix", "--format", "json", "-c", "0", "x"],
            ["validate-bundle", "--format", "json"], ["convert", "--format", "json", "a", "b", "c"]
        ] {
            let run = try cli.run(arguments)
            #expect(run.status == 64)
            let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            #expect(
                (document?["error"] as? [String: Any])?["kind"] as? String == "invalid-request",
                "\(arguments): \(run.stdout)")
        }
    }
}
