import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Every real file in ../shared/corpus must get the verdict expected.tsv gives it.
@Suite(
    .tags(.sharedCorpus),
    .enabled(if: Corpus.folder != nil, "../shared/corpus is not beside this checkout; corpus tests skipped"))
struct CorpusTests {
    /// Where AudioToolbox's recorded reading (macOS 14.4, for the toisto AIFF test suite; issue 33)
    /// differs from expected.tsv's, which counts by the header: iOS plays what AudioToolbox reads,
    /// so its reading is the expectation. The IMA4 file's SSND holds 69 packets where COMM states
    /// 34; QuickTime 5's µ-law file has a `frma` of in32, which AudioToolbox cannot decode.
    static let audioToolboxReadings: [String: (expect: String, format: String, frames: String)] = [
        "karip__toisto-aiff-test-suite__audacity-ima-adpcm.aifc": ("valid", "ima4", "4416"),
        "karip__toisto-aiff-test-suite__quicktime5-ulaw.aifc": ("invalid", "ulaw with QuickTime's frma 'in32'", "4410")
    ]

    @Test(arguments: Corpus.rows)
    func fileMatchesExpectation(row: Corpus.Row) throws {
        var row = row
        if let reading = Self.audioToolboxReadings[row.file] { (row.expect, row.format, row.frames) = reading }
        let path = Corpus.folder! + "/files/" + row.file
        let report = Checker().check(path: path)
        switch row.expect {
        case "valid": #expect(report.valid, "\(row.file): \(report.diagnostics)")
        case "invalid": #expect(!report.valid, "\(row.file) should be invalid")
        default:
            // Any verdict, but a readable explanation when it is not plainly valid.
            if !report.valid { #expect(report.diagnostics.contains { $0.severity == .error && !$0.message.isEmpty }) }
        }
        guard row.expect != "any" else { return }
        let info = report.info
        if row.format == "-" {
            #expect(info?.coding == nil || !(info?.container.isAppleAlertContainer ?? false))
        } else {
            #expect(info?.coding?.code == row.format, "\(row.file)")
        }
        if let rate = Double(row.rate) { #expect(info?.sampleRate == rate, "\(row.file)") }
        if let channels = Int(row.channels) { #expect(info?.channels == channels, "\(row.file)") }
        if let frames = Int64(row.frames) { #expect(info?.frames == frames, "\(row.file)") }
    }

    @Test func everyListedFileExists() throws {
        let listed = Set(Corpus.rows.map(\.file))
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Corpus.folder! + "/files"))
        #expect(listed == present)
        #expect(listed.count >= 60)
    }
}

enum Corpus {
    struct Row: Sendable, CustomTestStringConvertible {
        var file, expect, format, rate, channels, frames: String
        var testDescription: String { file }
    }

    static let folder = shared("corpus", holding: "expected.tsv")

    /// `../shared/NAME` beside this checkout, when it is there and holds `file`.
    static func shared(_ name: String, holding file: String) -> String? {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let candidate = url.deletingLastPathComponent().appendingPathComponent("shared/" + name).path
        return FileManager.default.fileExists(atPath: candidate + "/" + file) ? candidate : nil
    }

    static let rows: [Row] = {
        guard let folder, let text = try? String(contentsOfFile: folder + "/expected.tsv", encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 6 else { return nil }
            return Row(file: f[0], expect: f[1], format: f[2], rate: f[3], channels: f[4], frames: f[5])
        }
    }()
}
