import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Every file in ../shared/corpus-apple that current afconvert wrote (groups caf-lpcm, aiff, wav,
/// pair-ima4; see its README) must come out byte for byte when converted from its `input` with
/// its own `-d` and `-f`. The other groups (no-filler, Apple applications, older afconvert) are
/// there for contrast and are not expected to match.
@Suite(
    .tags(.sharedCorpus),
    .enabled(
        if: AppleCorpus.folder != nil, "../shared/corpus-apple is not beside this checkout; Apple layout tests skipped")
)
struct AppleLayoutTests {
    @Test func corpusHasCurrentAfconvertFiles() {
        #expect(AppleCorpus.current.count >= 29)
        #expect(Set(AppleCorpus.current.map(\.group)) == ["caf-lpcm", "aiff", "wav", "pair-ima4"])
    }

    @Test(arguments: AppleCorpus.current)
    func conversionIsByteIdenticalToAfconvert(row: AppleCorpus.Row) throws {
        let scratch = try Scratch()
        let options = ConversionOptions(
            dataFormat: try OutputDataFormat(parsing: row.dataFormat), fileType: try FileType(parsing: row.fileType),
            measuresLoss: true)
        let result = try Converter(options: options).convert(
            input: AppleCorpus.folder! + "/files/" + row.input, output: scratch.path("out"))
        let ours = [UInt8](try Data(contentsOf: URL(fileURLWithPath: result.outputPath)))
        let apple = [UInt8](try Data(contentsOf: URL(fileURLWithPath: AppleCorpus.folder! + "/files/" + row.file)))
        let first = zip(ours, apple).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(ours.count == apple.count, "\(row.file): \(ours.count) bytes, Apple's \(apple.count)")
        #expect(first == nil, "\(row.file): first difference at byte \(first ?? -1)")
        // Converted from itself the audio is lossless (ima4 from its source WAV is not).
        if row.input == row.file { #expect(result.snr == nil, "\(row.file) should be stored exactly") }
    }
}

enum AppleCorpus {
    struct Row: Sendable, CustomTestStringConvertible {
        var file, dataFormat, fileType, group, input: String
        var testDescription: String { file }
    }

    static let folder = Corpus.shared("corpus-apple", holding: "manifest.tsv")

    /// The rows current afconvert wrote, from manifest.tsv (columns: file … d_format f_type … group provenance input).
    static let current: [Row] = {
        guard let folder, let text = try? String(contentsOfFile: folder + "/manifest.tsv", encoding: .utf8) else {
            return []
        }
        let lines = text.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        guard let header = lines.first, let file = header.firstIndex(of: "file"),
            let d = header.firstIndex(of: "d_format"),
            let f = header.firstIndex(of: "f_type"), let group = header.firstIndex(of: "group"),
            let input = header.firstIndex(of: "input")
        else { return [] }
        return lines.dropFirst().filter { $0.count == header.count }.map {
            Row(file: $0[file], dataFormat: $0[d], fileType: $0[f], group: $0[group], input: $0[input])
        }
        .filter { ["caf-lpcm", "aiff", "wav", "pair-ima4"].contains($0.group) }
    }()
}
