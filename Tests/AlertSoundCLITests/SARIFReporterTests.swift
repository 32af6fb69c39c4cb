import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCLI

/// `--format sarif` (issue 48's format, added as issue 46's proof that a format is one file and a
/// line): SARIF 2.1.0 whose rules are every code and whose results sit at repository-relative URIs.
@Suite struct SARIFReporterTests {
    let cli = CommandLineTests()

    static func document(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The structure SARIF 2.1.0 requires of what alertsound writes (the schema's required members and
    /// enums for log, run, tool, rule, result, location), checked on a document.
    static func expectValid(_ log: [String: Any]) throws -> (rules: [[String: Any]], results: [[String: Any]]) {
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == SARIF.schema)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "alertsound")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == DiagnosticCode.allCases.map(\.rawValue))
        for rule in rules {
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["error", "warning", "note"].contains(level ?? ""))
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect((rule["helpUri"] as? String)?.hasPrefix("https://") == true)
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        for result in results {
            let id = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == id, "ruleIndex points at ruleId")
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect((result["message"] as? [String: Any])?["text"] is String)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let artifact = try #require(
                (locations.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])
            let uri = try #require(artifact["uri"] as? String)
            #expect(URL(string: uri) != nil, "\(uri) is a URI")
        }
        return (rules, results)
    }

    @Test func checkWritesResultsAtRelativeURIs() throws {
        let scratch = try Scratch()
        let mp3: [UInt8] = [0xFF, 0xFB, 0x90, 0xC4] + [UInt8](repeating: 0, count: 413)
        _ = try scratch.write("a b#[1].caf", mp3)
        let r = try cli.run(["check", "--format", "sarif", "."], in: scratch.url)
        #expect(r.status == 1)
        let (_, results) = try Self.expectValid(try Self.document(r.stdout))
        let codes = results.map { $0["ruleId"] as? String }
        #expect(codes.contains("undocumented-format") && codes.contains("extension-mismatch"), "\(codes)")
        let found = try #require(results.first { $0["ruleId"] as? String == "undocumented-format" })
        #expect(found["level"] as? String == "error")
        let artifact =
            ((found["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "artifactLocation"]
            as? [String: Any]
        #expect(artifact?["uri"] as? String == "a%20b%23%5B1%5D.caf")
        #expect(artifact?["uriBaseId"] as? String == "%SRCROOT%")
        // The level is the finding's, not only its code's: an AAC CAF on iOS 18 is a warning.
        let aac = try scratch.write("aac.caf", Fixture.aacCAF())
        let recent = try cli.run(["check", "--format", "sarif", "--ios-minimum", "18", aac])
        let (_, later) = try Self.expectValid(try Self.document(recent.stdout))
        #expect(later.map { $0["level"] as? String } == ["warning"] && recent.status == 0, "\(recent.stdout)")
    }

    @Test func validateBundleWritesReferencesAtTheirSource() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("Sounds"), withIntermediateDirectories: true)
        _ = try scratch.write("push.apns", Array(#"{"aps": {"sound": "missing.caf"}}"#.utf8))
        let mono = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian))
        _ = try scratch.write(
            "Sounds/ok.caf", try SoundFileBuilder.make(.caff, format: mono, samples: [Int16](repeating: 0, count: 800)))
        let r = try cli.run(
            ["validate-bundle", "Sounds", "--payload", "push.apns", "--format", "sarif"], in: scratch.url)
        #expect(r.status == 1)
        let (_, results) = try Self.expectValid(try Self.document(r.stdout))
        let missing = try #require(results.first { $0["ruleId"] as? String == "no-such-sound" })
        let artifact =
            ((missing["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                "artifactLocation"] as? [String: Any]
        #expect(artifact?["uri"] as? String == "push.apns", "\(missing)")
    }

    /// A run that stops still prints a valid log, with the error as a failed invocation's notification.
    @Test func aStoppedRunIsAValidLog() throws {
        let r = try cli.run(["validate-bundle", "/nonexistent/App.app", "--format", "sarif"])
        #expect(r.status == 2)
        let log = try Self.document(r.stdout)
        _ = try Self.expectValid(log)
        let invocation = try #require(
            ((log["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
    }

    @Test func messagesAndURIsAreData() {
        #expect(SARIF.Message("see [x](1) \\ y").text == "see \\[x\\](1) \\\\ y")
        #expect(SARIF.artifact("/repo/ios/x.caf", workingFolder: "/repo").uri == "ios/x.caf")
        #expect(SARIF.artifact("/elsewhere/é.caf", workingFolder: "/repo").uri == "file:///elsewhere/%C3%A9.caf")
        let entry = SARIF.artifact("App.ipa!Payload/App.app/x.caf", archive: "App.ipa", workingFolder: "/repo")
        #expect(entry.uri == "App.ipa" && entry.properties?.archiveEntry == "Payload/App.app/x.caf")
    }

    /// The artifact location of each result.
    static func artifacts(_ results: [[String: Any]]) -> [[String: Any]] {
        results.compactMap {
            ((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"])
                as? [String: Any]
        }
    }

    /// Issue 55, item 5: a path is percent-encoded whole, never cut at a `!` (a finding on
    /// `Order Ready!.caf` landed on a file named `Order Ready`), and no byte of a name (`%`, `#`,
    /// `?`, a space, non-ASCII) changes where its URI points.
    @Test(.bug(id: 55, "item 5")) func pathsArePercentEncodedNeverCut() throws {
        #expect(SARIF.artifact("Order Ready!.caf", workingFolder: "/repo").uri == "Order%20Ready%21.caf")
        #expect(SARIF.artifact("/repo/a!b/c.caf", workingFolder: "/repo").uri == "a%21b/c.caf")
        let scratch = try Scratch()
        let mp3: [UInt8] = [0xFF, 0xFB, 0x90, 0xC4] + [UInt8](repeating: 0, count: 413)
        let names = ["Order Ready!.caf", "100% #1?.caf", "Gl\u{F6}cke &+;=.caf"]
        for name in names { _ = try scratch.write(name, mp3) }
        let r = try cli.run(["check", "--format", "sarif", "."], in: scratch.url)
        let (_, results) = try Self.expectValid(try Self.document(r.stdout))
        let uris = Self.artifacts(results).compactMap { $0["uri"] as? String }
        #expect(uris.count == results.count && !uris.isEmpty)
        #expect(Set(uris.compactMap { $0.removingPercentEncoding }) == Set(names), "\(uris)")
        #expect(uris.contains("Order%20Ready%21.caf") && uris.contains("100%25%20%231%3F.caf"), "\(uris)")
        // Only unreserved characters, `/` and escapes: nothing a URI reads as a delimiter.
        for uri in uris {
            #expect(
                uri.unicodeScalars.allSatisfy {
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || "-._~/%".unicodeScalars.contains($0))
                }, "\(uri)")
        }
    }

    /// An archive's entry is at its archive, the entry named whole in the location's properties,
    /// however many `!` the archive's and the entry's names hold.
    @Test(.bug(id: 55, "item 5")) func anArchiveEntryIsAtItsArchive() throws {
        let scratch = try Scratch()
        let mp3: [UInt8] = [0xFF, 0xFB, 0x90, 0xC4] + [UInt8](repeating: 0, count: 413)
        let plist = Array(try PropertyListEncoder().encode(["CFBundleExecutable": "Shop"]))
        var zip = ZipWriter()
        zip.add("Payload/Shop!.app/Info.plist", plist)
        zip.add("Payload/Shop!.app/a!b #1.caf", mp3)
        _ = try scratch.write("My!.ipa", zip.archive())
        let r = try cli.run(["validate-bundle", "My!.ipa", "--format", "sarif"], in: scratch.url)
        let (_, results) = try Self.expectValid(try Self.document(r.stdout))
        let artifacts = Self.artifacts(results)
        let entries = artifacts.filter {
            ($0["properties"] as? [String: Any])?["archiveEntry"] as? String == "Payload/Shop!.app/a!b #1.caf"
        }
        #expect(!entries.isEmpty, "\(artifacts)")
        #expect(entries.allSatisfy { $0["uri"] as? String == "My%21.ipa" }, "\(entries)")
        #expect(artifacts.allSatisfy { $0["uri"] as? String == "My%21.ipa" }, "\(artifacts)")
    }
}
