import Testing
@testable import AlertSound
@testable import AlertSoundCore

@Suite struct SnifferTests {
    @Test func emptyAndTinyFilesAreClearErrors() {
        #expect { try Fixture.inspect([]) } throws: { ($0 as! AlertSoundError).message == "the file is empty" }
        #expect { try Fixture.inspect([0x46, 0x4F]) } throws: { ($0 as! AlertSoundError).message.contains("only 2 bytes") }
    }

    @Test func headerCutShort() {
        #expect { try Fixture.inspect(Array("FORM\0\0".utf8)) } throws: { ($0 as! AlertSoundError).kind == .malformed }
        #expect { try Fixture.inspect(Array("caff".utf8) + [0]) } throws: { ($0 as! AlertSoundError).message.contains("cut short") }
    }

    @Test func mp3BehindID3() throws {
        let bytes: [UInt8] = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 2] + [0, 0] + [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 100)
        let info = try Fixture.inspect(bytes)
        #expect(info.container == .mp3)
        #expect(info.coding == .codec(.mp3))
    }

    @Test func foreignContainers() throws {
        let ogg: [UInt8] = Array("OggS".utf8) + [UInt8](repeating: 0, count: 22) + [1, 19] + Array("OpusHead".utf8) + [1, 2, 0, 0]
        let cases: [([UInt8], ContainerKind, SampleCoding?)] = [
            ([0, 0, 0, 0x20] + Array("ftypM4A ".utf8) + [0, 0, 0, 0], .mp4, nil),
            (Array("fLaC".utf8) + [0, 0, 0, 0x22], .flac, .codec(.flac)),
            (ogg, .ogg, .codec(.opus)),
            ([0xFF, 0xF1, 0x50, 0x80, 0, 0x1F, 0xFC], .adts, .codec(.aac)),
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
}
