import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCore

@Suite struct WAVReaderTests {
    @Test func readsPCM() throws {
        let info = try Fixture.inspect(
            Fixture.wav([.init("fmt ", Fixture.fmt(channels: 2)), .init("data", [UInt8](repeating: 0, count: 400))]))
        #expect(info.container == .wav)
        #expect(info.coding?.pcm != nil)
        #expect(info.frames == 100)
        #expect(info.dataOffset == 44)
        #expect(info.coding?.pcm?.order == .littleEndian)
        #expect(info.repairs.isEmpty)
    }

    @Test func eightBitIsUnsigned() throws {
        let info = try Fixture.inspect(
            Fixture.wav([.init("fmt ", Fixture.fmt(bits: 8)), .init("data", [UInt8](repeating: 0x80, count: 10))]))
        #expect(info.coding?.pcm?.isSigned == false)
        #expect(info.frames == 10)
    }

    @Test func extensibleResolvesSubFormatAndValidBits() throws {
        var fmt = ByteWriter(order: .littleEndian)
        fmt.append(Fixture.fmt(tag: 0xFFFE, channels: 2, rate: 48000, bits: 32, blockAlign: 8))
        fmt.u16(22)
        fmt.u16(24)
        fmt.u32(3)
        fmt.u16(1)
        fmt.append([0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71])
        let info = try Fixture.inspect(
            Fixture.wav([.init("fmt ", fmt.bytes), .init("data", [UInt8](repeating: 0, count: 16))]))
        #expect(info.coding?.pcm != nil)
        #expect(info.bitsPerSample == 24)
        #expect(info.coding?.pcm?.bytesPerSample == 4)
        #expect(info.frames == 2)
    }

    @Test func compressedFormatsUseFact() throws {
        let info = try Fixture.inspect(
            Fixture.wav([
                .init("fmt ", Fixture.fmt(tag: 0x31, bits: 0, blockAlign: 65)),
                .init("fact", [0x40, 0x01, 0, 0]), .init("data", [UInt8](repeating: 0, count: 65))
            ]))
        #expect(info.coding == .codec(.gsm))
        #expect(info.frames == 320)
    }

    @Test func imaADPCMWithoutFactCountsBlocks() throws {
        // 256-byte mono blocks: 4-byte header sample plus 504 nibbles = 505 frames each.
        let info = try Fixture.inspect(
            Fixture.wav([
                .init("fmt ", Fixture.fmt(tag: 0x11, bits: 4, blockAlign: 256)),
                .init("data", [UInt8](repeating: 0, count: 512))
            ]))
        #expect(info.coding == .imaAdpcm)
        #expect(info.frames == 1010)
    }

    /// `fact` may trim IMA ADPCM's last block, never add frames the blocks do not hold.
    @Test(arguments: [(UInt32(1000), Int64(1000), false), (5000, 1010, true)])
    func imaADPCMFactIsBelievedUpToWhatTheBlocksHold(fact: UInt32, frames: Int64, repaired: Bool) throws {
        var factBytes = ByteWriter(order: .littleEndian)
        factBytes.u32(fact)
        let info = try Fixture.inspect(
            Fixture.wav([
                .init("fmt ", Fixture.fmt(tag: 0x11, bits: 4, blockAlign: 256)),
                .init("fact", factBytes.bytes), .init("data", [UInt8](repeating: 0, count: 512))
            ]))
        #expect(info.frames == frames)
        #expect(info.repairs.contains { $0.chunk == "fact" && $0.offset == 36 } == repaired, "\(info.repairs)")
    }

    /// `fact` is defined for compressed formats: linear PCM and G.711 are counted from the data.
    @Test(arguments: [(UInt16(1), UInt16(16)), (7, 8), (3, 32)])
    func uncompressedFormatsIgnoreFact(tag: UInt16, bits: UInt16) throws {
        let info = try Fixture.inspect(
            Fixture.wav([
                .init("fmt ", Fixture.fmt(tag: tag, bits: bits)), .init("fact", [5, 0, 0, 0]),
                .init("data", [UInt8](repeating: 0, count: 160))
            ]))
        #expect(info.frames == Int64(160 / (bits / 8)))
        #expect(info.repairs.isEmpty)
    }

    @Test func chunksBeforeDataAndOddChunksWithAndWithoutPad() throws {
        let bytes = Fixture.wav([
            .init("LIST", [1, 2, 3]), .init("JUNK", [0, 0, 0, 0, 0], omitPad: true),
            .init("fmt ", Fixture.fmt()), .init("data", [UInt8](repeating: 0, count: 20))
        ])
        let info = try Fixture.inspect(bytes)
        #expect(info.chunks.map(\.id) == ["LIST", "JUNK", "fmt ", "data"])
        #expect(info.frames == 10)
        // A pad left out before the audio is said: libsndfile and FFmpeg find no data past it.
        #expect(info.repairs.map(\.chunk) == ["JUNK"] && info.repairs[0].message.contains("no pad byte"))
    }

    /// Issue 47, item 4: a missing pad whose next chunk, read one byte late, starts with a printable
    /// name (`data` of 1,600 bytes read late is `ata@`) is still found by the size that fits; a pad
    /// missing after the audio changes nothing that plays and is not reported; a padded odd chunk
    /// is no repair at all.
    @Test func aMissingPadIsFoundByTheChunkThatFits() throws {
        let late = try Fixture.inspect(
            Fixture.wav([
                .init("fmt ", Fixture.fmt()), .init("LIST", Array("INFOabc".utf8), omitPad: true),
                .init("data", [UInt8](repeating: 0x10, count: 1600))
            ]))
        #expect(late.frames == 800 && late.chunks.map(\.id) == ["fmt ", "LIST", "data"])
        #expect(late.repairs.map(\.chunk) == ["LIST"] && late.repairs[0].offset == 36)
        let after = try Fixture.inspect(
            Fixture.wav([
                .init("fmt ", Fixture.fmt(bits: 8)), .init("data", [UInt8](repeating: 0x80, count: 801), omitPad: true),
                .init("LIST", Array("INFO".utf8))
            ]))
        #expect(after.frames == 801 && after.chunks.map(\.id) == ["fmt ", "data", "LIST"] && after.repairs.isEmpty)
        let padded = try Fixture.inspect(
            Fixture.wav([
                .init("fmt ", Fixture.fmt()), .init("LIST", Array("INFOabc".utf8)),
                .init("data", [UInt8](repeating: 0x10, count: 1600))
            ]))
        #expect(padded.frames == 800 && padded.repairs.isEmpty)
    }

    /// Issue 47, item 4: `data` before `fmt ` is read (FFmpeg reads it) and said (libsndfile refuses it).
    @Test func dataBeforeFormatIsReadAndSaid() throws {
        let info = try Fixture.inspect(
            Fixture.wav([.init("data", [UInt8](repeating: 0, count: 20)), .init("fmt ", Fixture.fmt())]))
        #expect(info.frames == 10)
        #expect(info.repairs.map(\.chunk) == ["data"] && info.repairs[0].message.contains("before 'fmt '"))
    }

    @Test func riffSizeWrongInEitherDirectionIsRepairedNotFatal() throws {
        for riffSize: Int64 in [10, 1_000_000] {
            let info = try Fixture.inspect(
                Fixture.wav([.init("fmt ", Fixture.fmt()), .init("data", [0, 0, 0, 0])], riffSize: riffSize))
            #expect(info.frames == 2)
            #expect(info.repairs.contains { $0.chunk == "RIFF" })
        }
    }

    @Test func dataPastEndOfFileIsClamped() throws {
        let info = try Fixture.inspect(
            Fixture.wav([.init("fmt ", Fixture.fmt()), .init("data", [0, 0, 0, 0, 0, 0], declaredSize: 0xFFFF_FFFF)]))
        #expect(info.frames == 3)
        #expect(info.repairs.contains { $0.chunk == "data" })
    }

    @Test func hugeChunkSizeBeforeFmtIsAnErrorNotAnAllocation() {
        // The shape of a real fuzzer find: one chunk that claims almost 3 GB in a 22-byte file.
        let bytes = Array("RIFFPIFFWAVEoooo".utf8) + [0x52, 0x49, 0x46, 0xB1, 0x46, 0x46]
        #expect { try Fixture.inspect(bytes) } throws: { error in
            let e = error as! AlertSoundError
            return e.message.contains("no 'fmt ' chunk") && e.message.contains("'oooo'")
        }
    }

    @Test func zeroChannelsAndZeroRateAreErrors() {
        #expect(throws: AlertSoundError.self) {
            try Fixture.inspect(Fixture.wav([.init("fmt ", Fixture.fmt(channels: 0)), .init("data", [0, 0])]))
        }
        #expect(throws: AlertSoundError.self) {
            try Fixture.inspect(Fixture.wav([.init("fmt ", Fixture.fmt(rate: 0)), .init("data", [0, 0])]))
        }
    }

    @Test func zeroBlockAlignIsRepairedFromBits() throws {
        let info = try Fixture.inspect(
            Fixture.wav([
                .init("fmt ", Fixture.fmt(tag: 3, bits: 32, blockAlign: 0)),
                .init("data", [UInt8](repeating: 0, count: 16))
            ]))
        #expect(info.frames == 4)
        #expect(!info.repairs.isEmpty)
    }

    @Test func rifxIsBigEndianAndRecognised() throws {
        let bytes = Fixture.wav(
            [
                .init("fmt ", Fixture.fmt(channels: 2, order: .bigEndian)),
                .init("data", [UInt8](repeating: 0, count: 8))
            ], magic: "RIFX")
        let info = try Fixture.inspect(bytes)
        #expect(info.container == .rifx)
        #expect(info.channels == 2)
        #expect(info.frames == 2)
        #expect(info.coding?.pcm?.order == .bigEndian)
    }

    @Test func rf64TakesDataSizeFromDS64() throws {
        var ds64 = ByteWriter(order: .littleEndian)
        ds64.u64(0)
        ds64.u64(8)
        ds64.u64(4)
        ds64.u32(0)
        let bytes = Fixture.wav(
            [
                .init("ds64", ds64.bytes), .init("fmt ", Fixture.fmt()),
                .init("data", [UInt8](repeating: 0, count: 8), declaredSize: 0xFFFF_FFFF)
            ],
            riffSize: 0xFFFF_FFFF, magic: "RF64")
        let info = try Fixture.inspect(bytes)
        #expect(info.container == .rf64)
        #expect(info.frames == 4)
    }

    @Test func otherRIFFTypesAreNotWAV() {
        let bytes = Fixture.iff("RIFF", "AVI ", order: .littleEndian, chunks: [])
        #expect { try Fixture.inspect(bytes) } throws: { ($0 as! AlertSoundError).kind == .unrecognized }
    }

    /// Found by fuzzing check's JSON round trip: a PCM fmt whose sample size is 0 was reported as
    /// lpcm with `bitsPerSample` null, a document no reader could tell the layout from (and that
    /// did not read back). Its block alignment gives the bits. The 47 bytes are the fuzzer's input.
    @Test func pcmWithoutASampleSizeTakesItsBlockAlignment() throws {
        let bytes: [UInt8] =
            Array("RIFF".utf8) + [0x33, 0, 0, 0] + Array("WAVEfmt ".utf8) + [
                0x10, 0, 0, 0, 1, 0, 2, 0, 0x80, 0xBB, 0, 0,
                0, 0xDC, 0x05, 0, 2, 0, 0, 0
            ] + Array("data".utf8) + [0x10, 0, 0xFF, 0, 0x6D, 0x80, 0]
        let info = try Fixture.inspect(bytes)
        #expect(info.bitsPerSample == 8 && info.coding?.pcm?.bits == 8)
        let json = CheckReport(files: [Checker().check(bytes: bytes, name: "fuzz.wav")]).jsonBytes()
        let again = try JSONDecoder().decode(CheckReport.self, from: Data(json))
        #expect(again.jsonBytes() == json)
    }
}
