import AlertSoundTestSupport
import Testing

@testable import AlertSoundCore

/// Sun/NeXT `.snd` headers, built here byte by byte.
@Suite struct AUReaderTests {
    /// A header of 24 bytes: data at 24, `size` bytes, 16-bit linear, `rate`, `channels`.
    static func au(rate: UInt32, channels: UInt32, size: UInt32 = 8) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
        return Array(".snd".utf8) + be(24) + be(size) + be(3) + be(rate) + be(channels)
            + [UInt8](repeating: 0, count: Int(size))
    }

    @Test func readsWhatItStates() throws {
        let info = try SoundFile.inspect(bytes: Self.au(rate: 8_000, channels: 2))
        #expect(info.container == .au && info.sampleRate == 8_000 && info.channels == 2 && info.frames == 2)
    }

    /// Issue 55, item 3: 0 Hz or 0 channels is `malformed` here as in WAV, AIFF, CAF and Ogg (it
    /// was left unknown), naming the field.
    @Test(.bug(id: 55, "item 3")) func noRateOrNoChannelsIsMalformed() {
        for (bytes, offset) in [(Self.au(rate: 0, channels: 1), 16), (Self.au(rate: 8_000, channels: 0), 20)] {
            do {
                _ = try SoundFile.inspect(bytes: bytes)
                Issue.record("read")
            } catch let error as AlertSoundError {
                #expect(error.kind == .malformed && error.chunk == ".snd" && error.offset == Int64(offset), "\(error)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
