import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// `Backends/`: the seams to what alertsound does not do itself (zlib's inflate, a program found on
/// PATH); the decoders and the resampler are exercised through `convert` (ConverterTests) and the
/// corpus.
@Suite struct BackendsTests {
    /// A raw deflate stream inflates to its bytes, with progress on every call and the end said;
    /// damaged data throws rather than looping.
    @Test func inflateEndsAndRefusesDamage() throws {
        // "hello hello hello" as raw deflate, as Python's zlib.compressobj(6, DEFLATED, -15) writes it.
        let deflated: [UInt8] = [0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x57, 0xC8, 0x40, 0x90, 0x00]
        let inflater = try Inflater.take()
        defer { Inflater.give(inflater) }
        var out = [UInt8](repeating: 0, count: 64)
        let result = try deflated.withUnsafeBytes { input in
            try out.withUnsafeMutableBytes { try inflater.inflate(input, into: $0) }
        }
        #expect(result.ended && result.consumed == deflated.count)
        #expect(String(decoding: out.prefix(result.produced), as: UTF8.self) == "hello hello hello")
        inflater.reset()
        let damaged: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF]
        #expect(throws: (any Error).self) {
            try damaged.withUnsafeBytes { input in
                try out.withUnsafeMutableBytes { try inflater.inflate(input, into: $0) }
            }
        }
    }

    /// A program is found on PATH only as a runnable file: a folder of its name is passed over.
    @Test func aProgramIsARunnableFileOnPath() throws {
        #expect(Subprocess.locate("sh") != nil)
        #expect(Subprocess.locate("no-such-program-alertsound") == nil)
    }
}
