import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// For every afconvert-written CAF ima4 in the shared corpus (the 4096-byte layout): decode it,
/// keep the true number of frames, encode again. The audio must come out byte for byte, and
/// the whole file must too where the original has the current layout (desc, chan, pakt, free, data).
@Suite(
    .tags(.sharedCorpus),
    .enabled(if: Corpus.folder != nil, "../shared/corpus is not beside this checkout; identity tests skipped"))
struct AfconvertIdentityTests {
    static let files: [String] = Corpus.rows.map(\.file).filter { name in
        guard let info = try? SoundFile.inspect(path: Corpus.folder! + "/files/" + name) else { return false }
        return info.container == .caf && info.coding == .ima4 && info.dataOffset == 4096
    }

    @Test func corpusHasAfconvertFiles() {
        #expect(Self.files.count >= 4)
    }

    @Test(arguments: files)
    func reencodingReproducesAfconvert(name: String) throws {
        let path = Corpus.folder! + "/files/" + name
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let info = try SoundFile.inspect(bytes: original)
        let channels = try #require(info.channels)
        let frames = try #require(info.frames)
        let audio = original[4096...]

        var decoder = IMA4Decoder(channels: channels)
        let decoded = decoder.decode(audio)
        var encoder = IMA4Encoder(channels: channels)
        let reencoded = encoder.encode(Array(decoded.prefix(Int(frames) * channels))) + encoder.finish()

        #expect(Int64(reencoded.count / (34 * channels)) == IMA4.packetCount(frames: frames))
        let firstDifference = zip(reencoded, audio).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(reencoded.count == audio.count)
        #expect(firstDifference == nil, "first differing audio byte: \(firstDifference ?? -1)")

        if info.chunks.map(\.id) == ["desc", "chan", "pakt", "free", "data"] {
            let format = StreamFormat(sampleRate: try #require(info.sampleRate), channels: channels, coding: .ima4)
            let rebuilt =
                FileType.caff.carrying(format)!.header(frames: frames, audioBytes: Int64(reencoded.count)) + reencoded
            #expect(rebuilt == original, "whole file differs")
        }
    }
}
