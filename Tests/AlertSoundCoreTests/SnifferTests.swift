import AlertSoundTestSupport
import Testing

@testable import AlertSoundCore

@Suite struct SnifferTests {
    @Test func emptyAndTinyFilesAreClearErrors() {
        #expect { try Fixture.inspect([]) } throws: { ($0 as! AlertSoundError).message == "the file is empty" }
        #expect { try Fixture.inspect([0x46, 0x4F]) } throws: {
            ($0 as! AlertSoundError).message.contains("only 2 bytes")
        }
    }

    @Test func headerCutShort() {
        #expect { try Fixture.inspect(Array("FORM\0\0".utf8)) } throws: { ($0 as! AlertSoundError).kind == .malformed }
        #expect { try Fixture.inspect(Array("caff".utf8) + [0]) } throws: {
            ($0 as! AlertSoundError).message.contains("cut short")
        }
    }

    @Test func mp3BehindID3() throws {
        let bytes: [UInt8] =
            Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 2] + [0, 0] + [0xFF, 0xFB, 0x90, 0x64]
            + [UInt8](repeating: 0, count: 100)
        let info = try Fixture.inspect(bytes)
        #expect(info.container == .mp3)
        #expect(info.coding == .codec(.mp3))
    }

    @Test func foreignContainers() throws {
        // Whole headers: a stream cut off inside its headers is malformed (issue 55).
        let ogg =
            OggPages.page(OggPages.opusHead(channels: 2), granule: 0, flags: 2)
            + OggPages.page(OggPages.opusTags, granule: 0, sequence: 1)
        let streamInfo: [UInt8] =
            [0x10, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0x0A, 0xC4, 0x42, 0xF0] + [UInt8](repeating: 0, count: 20)
        let cases: [([UInt8], ContainerKind, SampleCoding?)] = [
            ([0, 0, 0, 0x20] + Array("ftypM4A ".utf8) + [0, 0, 0, 0], .mp4, nil),
            (Array("fLaC".utf8) + [0x80, 0, 0, 0x22] + streamInfo, .flac, .codec(.flac)),
            (ogg, .ogg, .codec(.opus)),
            ([0xFF, 0xF1, 0x50, 0x80, 0, 0x1F, 0xFC], .adts, .codec(.aac))
        ]
        for (bytes, container, format) in cases {
            let info = try Fixture.inspect(bytes)
            #expect(info.container == container)
            #expect(info.coding == format)
        }
    }

    @Test func unknownBytesAreNamedInTheMessage() {
        #expect { try Fixture.inspect(Array("<?xml version".utf8)) } throws: { error in
            let e = error as! AlertSoundError
            return e.kind == .unrecognized && e.message.contains("'<?xml ve'")
        }
    }

    /// A repository checked out without Git LFS holds pointer files where its sounds are; the
    /// message said only "it starts with 'version '", which sends the user to the sound.
    @Test(.bug(id: "57")) func aGitLFSPointerIsNamedAsOne() {
        let pointer =
            "version https://git-lfs.github.com/spec/v1\noid sha256:"
            + String(repeating: "ab", count: 32) + "\nsize 48213\n"
        #expect { try Fixture.inspect(Array(pointer.utf8)) } throws: { error in
            let e = error as! AlertSoundError
            return e.kind == .unrecognized && e.message.contains("Git LFS pointer")
                && e.message.contains("git lfs pull")
        }
    }

    /// Three MPEG-1 layer III frames at 128 kbit/s and 44.1 kHz (417 bytes each, the second padded).
    static func mpegRun(frames: Int = 3) -> [UInt8] {
        var bytes: [UInt8] = []
        for i in 0..<frames {
            let padded = i == 1
            bytes +=
                [0xFF, 0xFB, padded ? 0x92 : 0x90, 0x64] + [UInt8](repeating: 0x55, count: (padded ? 418 : 417) - 4)
        }
        return bytes
    }

    /// UTF-16 text starts with FF FE, which passes an MPEG sync word: a project's
    /// Localizable.strings files were each an invalid "MPEG audio (MP3), mp1". Text, JSON and
    /// property lists are not sounds; a run of agreeing frames is, with or without an ID3 tag.
    @Test func textIsNotTakenForMPEG() throws {
        let strings: [UInt8] =
            [0xFF, 0xFE] + Array("\"ok\" = \"OK\";\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf32: [UInt8] =
            [0xFF, 0xFE, 0x00, 0x00]
            + Array("{}".unicodeScalars).flatMap { [UInt8($0.value), UInt8(0), UInt8(0), UInt8(0)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + Array("/* x */".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let json = Array("{\"images\":[],\"info\":{\"author\":\"xcode\",\"version\":1}}".utf8)
        let plist =
            Array("bplist00".utf8) + [0xD1, 0x01, 0x02, 0x51, 0x61, 0x51, 0x62, 0x08, 0x0B, 0x0D]
            + [UInt8](repeating: 0, count: 32)
        for text in [strings, utf32, bigEndian, json, plist] {
            #expect(throws: AlertSoundError.self, "\(text.prefix(4))") { try Fixture.inspect(text) }
            #expect(!looksLikeSound(Array(text.prefix(16))))
        }
        // Text that happens to hold one plausible header is still text: the next frame is not there.
        let oneHeader: [UInt8] = [0xFF, 0xFB, 0x90, 0x64] + Array(String(repeating: "text ", count: 200).utf8)
        #expect(throws: AlertSoundError.self) { try Fixture.inspect(oneHeader) }

        let run = try Fixture.inspect(Self.mpegRun())
        #expect(run.coding == .codec(.mp3))
        // What the first frame states (issue 33: info showed no rate or channels), and the frames counted.
        #expect(run.sampleRate == 44_100 && run.channels == 2 && run.framesPerPacket == 1152 && run.frames == 3 * 1152)
        let mono = try Fixture.inspect(
            Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 0]
                + Self.mpegRun().enumerated().map { $0.offset % 417 == 3 || $0.offset == 420 ? 0xC4 : $0.element })
        #expect(mono.channels == 1 && mono.sampleRate == 44_100, "\(String(describing: mono.channels))")
        #expect(try Fixture.inspect(Self.mpegRun(frames: 2)).container == .mp3, "a stream that ends after whole frames")
        #expect(throws: AlertSoundError.self) { try Fixture.inspect(Array(Self.mpegRun(frames: 2).dropLast())) }
    }
}

/// Issue 44, items 6 and 7: magic bytes alone are not a sound.
extension SnifferTests {
    /// A text file that starts "ID3" was a valid MP3 (for Android, a playing sound).
    @Test(.bug(id: 44, "item 6")) func textThatStartsWithID3IsNotAnMP3() throws {
        let frames = (0..<6).flatMap { _ in [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 413) }
        for text in [
            "ID3 is how MP3 files carry their titles.", "ID3\u{3}\u{0}\u{0}\u{0}\u{0}\u{0}\u{2}ab no audio here"
        ] {
            #expect { try Fixture.inspect(Array(text.utf8)) } throws: { ($0 as! AlertSoundError).kind == .unrecognized }
        }
        // A real tag, some bytes a writer left, then frames: an MP3.
        let tagged: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 2] + [0, 0] + [0x00, 0x11, 0x22] + frames
        #expect(try Fixture.inspect(tagged).container == .mp3)
    }

    /// RIFF, FORM and ID3 in a file not named like a sound made it one, and an app with notes in
    /// it failed. The walks take such a file only when its header is a sound's.
    @Test(.bug(id: 44, "item 7")) func aMagicNumberAloneIsNotASound() {
        for text in ["RIFF notes for the release", "FORM letter to the team", "ID3 notes", "caff is a word too"] {
            #expect(!looksLikeSound(Array(text.utf8).prefix(16).map { $0 }), "\(text)")
        }
        let wave = Array("RIFF".utf8) + [36, 0, 0, 0] + Array("WAVEfmt ".utf8)
        let aiff = Array("FORM".utf8) + [0, 0, 0, 36] + Array("AIFCFVER".utf8)
        let caf = Array("caff".utf8) + [0, 1, 0, 0] + Array("desc".utf8)
        let id3 = Array("ID3".utf8) + [4, 0, 0, 0, 0, 1, 0]
        for head in [wave, aiff, caf, id3] { #expect(looksLikeSound(head)) }
    }
}
