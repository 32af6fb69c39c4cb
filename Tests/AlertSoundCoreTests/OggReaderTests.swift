import AlertSoundTestSupport
import Testing

@testable import AlertSoundCore

/// Ogg's rate, channels and length, from the identification header and the last page's granule
/// position (issue 45, item 9: `info` gave no rate or length for an Ogg in `res/raw`). Pages are
/// built here from bytes (RFC 3533), not taken from an encoder.
@Suite struct OggReaderTests {
    static func page(_ packet: [UInt8], granule: Int64, flags: UInt8 = 0, sequence: UInt32 = 0) -> [UInt8] {
        OggPages.page(packet, granule: granule, flags: flags, sequence: sequence)
    }

    static func vorbis(rate: UInt32, channels: UInt8) -> [UInt8] {
        OggPages.vorbisHeader(rate: rate, channels: channels)
    }

    @Test(.bug(id: 45, "item 9")) func vorbisRateChannelsAndLength() throws {
        let bytes =
            Self.page(Self.vorbis(rate: 22_050, channels: 2), granule: 0, flags: 2)
            + Self.page([UInt8](repeating: 0x55, count: 100), granule: 11_025, sequence: 1)
            + Self.page([UInt8](repeating: 0x55, count: 100), granule: -1, sequence: 2)
            + Self.page([UInt8](repeating: 0x55, count: 100), granule: 44_100, flags: 4, sequence: 3)
        let info = try SoundFile.inspect(bytes: bytes)
        #expect(info.container == .ogg && info.coding == .codec(.vorbis))
        #expect(info.sampleRate == 22_050 && info.channels == 2 && info.frames == 44_100)
        #expect(info.duration == 2)
    }

    @Test(.bug(id: 45, "item 9")) func opusCountsAt48kLessItsPreSkip() throws {
        let head = Array("OpusHead".utf8) + [1, 1, 0x38, 0x01] + [0x80, 0xBB, 0, 0] + [0, 0, 0]
        let bytes = Self.page(head, granule: 0, flags: 2) + Self.page([1, 2, 3], granule: 48_312, flags: 4, sequence: 1)
        let info = try SoundFile.inspect(bytes: bytes)
        #expect(info.sampleRate == 48_000 && info.channels == 1 && info.frames == 48_000)
    }

    /// Cut, lying or hostile: no length, never a crash or a read past the end.
    @Test(.bug(id: 45, "item 9")) func damagedStreamsHaveNoLength() throws {
        let first = Self.page(Self.vorbis(rate: 44_100, channels: 1), granule: 0, flags: 2)
        #expect(try SoundFile.inspect(bytes: Array(first.prefix(30))).frames == nil)
        #expect(try SoundFile.inspect(bytes: first).frames == 0)
        // A page of another stream at the end is not this one's.
        var other = Self.page([9], granule: 99_999, sequence: 1)
        other[14] = 8
        #expect(try SoundFile.inspect(bytes: first + other).frames == 0)
        // A segment count past the bytes, and "OggS" bytes inside a packet near the end.
        var lying = first
        lying[26] = 255
        #expect(try SoundFile.inspect(bytes: lying).sampleRate == nil)
        let tricky = first + Self.page(Array("OggS".utf8) + [0, 0], granule: 100, sequence: 1)
        #expect(try SoundFile.inspect(bytes: tricky).frames == 100)
    }
}
