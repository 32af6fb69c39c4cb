import Foundation
import Testing

@testable import AlertSoundCore

/// `Errors/`: an `AlertSoundError` names the file, the problem and, for a header, the chunk and the
/// byte; it is one JSON object in every document; a `Suggestion` is data, never a command line.
@Suite struct ErrorsTests {
    @Test func theDescriptionNamesFileChunkAndOffset() {
        let inChunk = AlertSoundError.malformed("bad rate", chunk: "COMM", offset: 28, chunkOffset: 12).about("a.aiff")
        #expect(inChunk.description == "a.aiff: bad rate (byte 28, in chunk 'COMM' at byte 12)")
        #expect(
            AlertSoundError.malformed("short", chunk: "data", offset: 40).reason == "short (chunk 'data' at byte 40)")
        #expect(AlertSoundError(.notFound, "no such file", path: "x.caf").description == "x.caf: no such file")
        // A path already named is kept.
        #expect(AlertSoundError(.notFound, "gone", path: "x.caf").about("y.caf").path == "x.caf")
    }

    @Test func theJSONObjectHasEveryKeyItKnows() throws {
        var error = AlertSoundError.malformed("bad rate", chunk: "COMM", offset: 28, chunkOffset: 12).about("a.aiff")
        error.suggestion = Suggestion(.fix, path: "a.aiff")
        let json = String(decoding: try ReportEncoder().encode(error), as: UTF8.self)
        for key in [
            "\"kind\" : \"malformed\"", "\"message\" : \"bad rate\"", "\"path\" : \"a.aiff\"", "\"chunk\" : \"COMM\"",
            "\"offset\" : 28", "\"chunkOffset\" : 12", "\"action\" : \"fix\""
        ] {
            #expect(json.contains(key), "\(key) in \(json)")
        }
        let back = try JSONDecoder().decode(AlertSoundError.self, from: Data(json.utf8))
        #expect(back.kind == .malformed && back.chunkOffset == 12 && back.suggestion?.action == .fix)
    }

    /// Errors from below become this type once, keeping one that already is.
    @Test func wrappingKeepsAnAlertSoundError() {
        let inner = AlertSoundError(.tooLarge, "big")
        #expect(AlertSoundError.wrapping(inner, as: .unreadable, path: "p").kind == .tooLarge)
        #expect(AlertSoundError.wrapping(CancellationError(), as: .unreadable).kind == .cancelled)
    }
}
