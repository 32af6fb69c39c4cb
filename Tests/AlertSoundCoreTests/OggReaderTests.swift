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

    /// The comment and setup headers that follow a Vorbis identification page.
    static let vorbisHeaders = page(packets: [OggPages.vorbisComment, OggPages.vorbisSetup], granule: 0, sequence: 1)

    static func page(packets: [[UInt8]], granule: Int64, flags: UInt8 = 0, sequence: UInt32 = 0) -> [UInt8] {
        OggPages.page(packets: packets, granule: granule, flags: flags, sequence: sequence)
    }

    @Test(.bug(id: 45, "item 9")) func vorbisRateChannelsAndLength() throws {
        let bytes =
            Self.page(Self.vorbis(rate: 22_050, channels: 2), granule: 0, flags: 2) + Self.vorbisHeaders
            + Self.page([UInt8](repeating: 0x55, count: 100), granule: 11_025, sequence: 2)
            + Self.page([UInt8](repeating: 0x55, count: 100), granule: -1, sequence: 3)
            + Self.page([UInt8](repeating: 0x55, count: 100), granule: 44_100, flags: 4, sequence: 4)
        let info = try SoundFile.inspect(bytes: bytes)
        #expect(info.container == .ogg && info.coding == .codec(.vorbis))
        #expect(info.sampleRate == 22_050 && info.channels == 2 && info.frames == 44_100)
        #expect(info.duration == 2)
    }

    @Test(.bug(id: 45, "item 9")) func opusCountsAt48kLessItsPreSkip() throws {
        let bytes =
            Self.page(OggPages.opusHead(channels: 1), granule: 0, flags: 2)
            + Self.page(OggPages.opusTags, granule: 0, sequence: 1)
            + Self.page([1, 2, 3], granule: 48_312, flags: 4, sequence: 2)
        let info = try SoundFile.inspect(bytes: bytes)
        #expect(info.sampleRate == 48_000 && info.channels == 1 && info.frames == 48_000)
    }

    /// Lying or hostile about its length: no length, never a crash or a read past the end.
    @Test(.bug(id: 45, "item 9")) func damagedStreamsHaveNoLength() throws {
        let first = Self.page(Self.vorbis(rate: 44_100, channels: 1), granule: 0, flags: 2) + Self.vorbisHeaders
        #expect(try SoundFile.inspect(bytes: first).frames == 0)
        // A page of another stream at the end is not this one's.
        var other = Self.page([9], granule: 99_999, sequence: 2)
        other[14] = 8
        #expect(try SoundFile.inspect(bytes: first + other).frames == 0)
        // "OggS" bytes inside a packet near the end.
        let tricky = first + Self.page(Array("OggS".utf8) + [0, 0], granule: 100, sequence: 2)
        #expect(try SoundFile.inspect(bytes: tricky).frames == 100)
    }

    /// The error an input gets, or nil when it is read.
    static func error(_ bytes: [UInt8]) -> AlertSoundError? {
        do {
            _ = try SoundFile.inspect(bytes: bytes, name: "x.ogg")
            return nil
        } catch {
            return error as? AlertSoundError
        }
    }

    /// Issue 55, item 3: what is not a sound in WAV, AIFF and CAF (0 Hz, 0 channels) is not one in
    /// Ogg either: `malformed`, naming the field's byte and its page, never a stream Android plays.
    @Test(.bug(id: 55, "item 3")) func noRateOrNoChannelsIsMalformed() throws {
        let cases: [([UInt8], Int64, String)] = [
            (
                Self.page(Self.vorbis(rate: 0, channels: 1), granule: 0, flags: 2) + Self.vorbisHeaders, 40,
                "sample rate"
            ),
            (
                Self.page(Self.vorbis(rate: 44_100, channels: 0), granule: 0, flags: 2) + Self.vorbisHeaders, 39,
                "channel count is 0"
            ),
            (
                Self.page(OggPages.opusHead(channels: 0), granule: 0, flags: 2)
                    + Self.page(OggPages.opusTags, granule: 0, sequence: 1), 37, "channel count is 0"
            )
        ]
        for (bytes, offset, says) in cases {
            let error = try #require(Self.error(bytes))
            #expect(error.kind == .malformed && error.chunk == "OggS" && error.chunkOffset == 0, "\(error)")
            #expect(error.offset == offset && error.message.contains(says), "\(error)")
        }
        // The same code WAV gives for the same value.
        for (rate, channels) in [(0, 1), (44_100, 0)] as [(UInt32, UInt16)] {
            let wav = Fixture.wav([.init("fmt ", Fixture.fmt(channels: channels, rate: rate)), .init("data", [0, 0])])
            #expect(Self.error(wav)?.kind == .malformed)
        }
    }

    /// Issue 55, item 3: an identification header cut off (a 40-byte file), one that does not end
    /// on its page, and a stream that ends before its comment and setup headers (or Opus's tags)
    /// are whole: `malformed`, never a sound.
    @Test(.bug(id: 55, "item 3")) func cutOffHeadersAreMalformed() throws {
        let id = Self.page(Self.vorbis(rate: 44_100, channels: 1), granule: 0, flags: 2)
        var longID = id
        longID[27] = 255
        let opus = Self.page(OggPages.opusHead(channels: 2), granule: 0, flags: 2)
        let cases: [([UInt8], String)] = [
            (Array(id.prefix(40)), "cut off"),
            (Array(id.prefix(20)), "cut off"),
            (
                Self.page(Array(Self.vorbis(rate: 44_100, channels: 1).prefix(20)), granule: 0, flags: 2)
                    + Self.vorbisHeaders, "identification header is cut off: 20 of its 30 bytes"
            ),
            (
                Self.page(Array(OggPages.opusHead(channels: 2).prefix(12)), granule: 0, flags: 2),
                "cut off: 12 of its 19"
            ),
            (id, "before its comment and setup headers"),
            (id + Self.page(OggPages.vorbisComment, granule: 0, sequence: 1), "2 of 3 header packets"),
            (id + Array(Self.vorbisHeaders.dropLast(3)), "cut off"),
            (opus, "before its tags header"),
            (id + [UInt8](repeating: 0x41, count: 30), "no Ogg page"),
            (id + Self.page([], granule: 0, sequence: 1), "header packet 2 of 3 is empty")
        ]
        for (bytes, says) in cases {
            let error = try #require(Self.error(bytes), "\(says)")
            #expect(error.kind == .malformed && error.chunk == "OggS" && error.message.contains(says), "\(error)")
        }
        #expect(Self.error(longID + Self.vorbisHeaders)?.kind == .malformed)
    }

    /// FLAC, in Ogg and alone: rate, channels and bits from STREAMINFO; 0 Hz or a STREAMINFO cut off
    /// is `malformed` (issue 55, item 3: a native FLAC was not read at all).
    @Test(.bug(id: 55, "item 3")) func flacStreamInfo() throws {
        // STREAMINFO: block sizes 4096, frame sizes 0, 44,100 Hz, 2 channels, 16 bits, 88,200 samples, MD5 0.
        func streamInfo(rate: Int) -> [UInt8] {
            [
                0x10, 0x00, 0x10, 0x00, 0, 0, 0, 0, 0, 0, UInt8(rate >> 12), UInt8((rate >> 4) & 0xFF),
                UInt8((rate & 0x0F) << 4 | 1 << 1 | 0), 0xF0, 0x00, 0x01, 0x58, 0x88
            ]
                + [UInt8](repeating: 0, count: 16)
        }
        let native = Array("fLaC".utf8) + [0x80, 0, 0, 34] + streamInfo(rate: 44_100)
        let info = try SoundFile.inspect(bytes: native)
        #expect(info.container == .flac && info.sampleRate == 44_100 && info.channels == 2)
        #expect(info.bitsPerSample == 16 && info.frames == 88_200)
        let zero = Array("fLaC".utf8) + [0x80, 0, 0, 34] + streamInfo(rate: 0)
        #expect(Self.error(zero)?.kind == .malformed && Self.error(zero)?.offset == 18)
        #expect(Self.error(Array(native.prefix(30)))?.message.contains("cut off") == true)
        #expect(Self.error(Array("fLaC".utf8))?.kind == .malformed)
        // The Ogg mapping: 0x7F "FLAC", version 1.0, one more header packet, "fLaC", STREAMINFO.
        let mapping = [0x7F] + Array("FLAC".utf8) + [1, 0, 0, 1] + Array("fLaC".utf8) + [0x00, 0, 0, 34]
        let comment: [UInt8] = [0x84, 0, 0, 8, 1, 0, 0, 0, 0x78, 0, 0, 0]
        let ogg =
            Self.page(mapping + streamInfo(rate: 44_100), granule: 0, flags: 2)
            + Self.page(comment, granule: 0, sequence: 1)
            + Self.page([1], granule: 88_200, flags: 4, sequence: 2)
        let read = try SoundFile.inspect(bytes: ogg)
        #expect(read.sampleRate == 44_100 && read.channels == 2 && read.bitsPerSample == 16 && read.frames == 88_200)
        #expect(
            Self.error(
                Self.page(mapping + streamInfo(rate: 0), granule: 0, flags: 2)
                    + Self.page(comment, granule: 0, sequence: 1))?.kind == .malformed)
        #expect(Self.error(Self.page(mapping + streamInfo(rate: 44_100), granule: 0, flags: 2))?.kind == .malformed)
    }
}
