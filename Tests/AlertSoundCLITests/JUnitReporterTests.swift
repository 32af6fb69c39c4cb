import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCLI

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `--format junit` and `--format gitlab` (issue 58): documents CI dashboards read, with hostile
/// names escaped for where they go. scripts/check/report-formats reads them with real consumers.
@Suite struct JUnitReporterTests {
    let cli = CommandLineTests()

    /// The test cases of a JUnit document, read by Foundation's XML parser (which refuses a document
    /// that is not well-formed): each case's name, and the types of its failures.
    final class Cases: NSObject, XMLParserDelegate {
        var cases: [(name: String, failures: [String], errored: Bool)] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "testcase": cases.append((attributes["name"] ?? "", [], false))
            case "failure": cases[cases.count - 1].failures.append(attributes["type"] ?? "")
            case "error": cases[cases.count - 1].errored = true
            default: break
            }
        }
    }

    static func cases(_ text: String) throws -> [(name: String, failures: [String], errored: Bool)] {
        let parser = XMLParser(data: Data(text.utf8))
        let cases = Cases()
        parser.delegate = cases
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")\n\(text)")
        return cases.cases
    }

    @Test(.bug(id: "58")) func hostileNamesAreEscapedAndEachSoundIsACase() throws {
        let scratch = try Scratch()
        let mono = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian))
        let good = try SoundFileBuilder.make(.caff, format: mono, samples: [Int16](repeating: 0, count: 800))
        let hostile = "a]]><x y=\"1\"&amp;'.caf"
        _ = try scratch.write(hostile, good)
        // Not audio, and a name with an escape, a C0 control XML cannot carry, and markup.
        _ = try scratch.write("bad\u{1B}[31m\u{1} <testcase x=\"]]>.caf", Array("nope".utf8))
        let r = try cli.run(["check", "--format", "junit", "."], in: scratch.url)
        #expect(r.status == 1)
        #expect(!r.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a raw control character")
        #expect(!r.stdout.contains("]]>") && !r.stdout.contains("<testcase x="))
        let cases = try Self.cases(r.stdout)
        #expect(cases.count == 2, "\(cases)")
        let passed = try #require(cases.first { $0.name.hasSuffix(hostile) })
        #expect(passed.failures.isEmpty)
        let failed = try #require(cases.first { $0.name.contains("bad\\u{1B}[31m\\u{1} <testcase x=\"]]>.caf") })
        #expect(failed.failures == ["unrecognized"])
        #expect(r.stdout.contains("<testsuite name=\"alertsound check\" tests=\"2\" failures=\"1\""))
    }

    @Test(.bug(id: "58")) func aStoppedRunIsAnErroredCase() throws {
        let r = try cli.run(["check", "--format", "junit", "--config", "/nonexistent/a.yml", "x.caf"])
        #expect(r.status != 0)
        let cases = try Self.cases(r.stdout)
        #expect(cases.count == 1 && cases[0].errored, "\(r.stdout)")
    }

    @Test(.bug(id: "58")) func gitLabIssuesHaveWhatGitLabRequires() throws {
        let scratch = try Scratch()
        _ = try scratch.write("bad \u{202E}.caf", Array("nope".utf8))
        _ = try scratch.write("also-bad.caf", Array("nope nope".utf8))
        let r = try cli.run(["check", "--format", "gitlab", "."], in: scratch.url)
        #expect(r.status == 1)
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(issues.count == 2)
        for issue in issues {
            #expect(issue["check_name"] as? String == "unrecognized")
            #expect(issue["severity"] as? String == "major")
            let description = try #require(issue["description"] as? String)
            #expect(!description.unicodeScalars.contains { TextSafety.isControl($0) }, "\(description)")
            let fingerprint = try #require(issue["fingerprint"] as? String)
            #expect(fingerprint.count == 64)
            let location = try #require(issue["location"] as? [String: Any])
            #expect(((location["lines"] as? [String: Any])?["begin"] as? Int) == 1)
            #expect(location["path"] is String)
        }
        #expect(Set(issues.compactMap { $0["fingerprint"] as? String }).count == 2, "fingerprints are unique")
        // The same findings keep their fingerprints in another run.
        let again = try cli.run(["check", "--format", "gitlab", "."], in: scratch.url)
        #expect(again.stdout == r.stdout)
    }
}
