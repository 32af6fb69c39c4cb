import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCore

@Suite struct AIFFReaderTests {
    @Test func readsPlainAIFF() throws {
        let info = try Fixture.inspect(
            Fixture.aiff([.init("COMM", Fixture.comm(channels: 2, frames: 100)), .init("SSND", Fixture.ssnd(400))]))
        #expect(info.container == .aiff)
        #expect(info.coding?.pcm != nil)
        #expect(info.channels == 2)
        #expect(info.sampleRate == 44100)
        #expect(info.bitsPerSample == 16)
        #expect(info.frames == 100)
        #expect(info.dataOffset == Int64(12 + 26 + 16))
        #expect(info.dataSize == 400)
        #expect(info.coding?.pcm?.order == .bigEndian)
        #expect(info.repairs.isEmpty)
        #expect(info.chunks.map(\.id) == ["COMM", "SSND"])
    }

    @Test func aifcIMA4CountsPacketsInCOMM() throws {
        let bytes = Fixture.aiff(
            [
                .init("FVER", [0xA2, 0x80, 0x51, 0x40]),
                .init("COMM", Fixture.comm(channels: 2, frames: 3, bits: 0, compression: "ima4")),
                .init("SSND", Fixture.ssnd(3 * 68))
            ], aifc: true)
        let info = try Fixture.inspect(bytes)
        #expect(info.container == .aifc)
        #expect(info.coding == .ima4)
        #expect(info.frames == Int64(3 * 64))
        #expect(info.bytesPerPacket == 68)
        #expect(info.framesPerPacket == 64)
    }

    @Test(arguments: [
        ("sowt", false, 16), ("twos", true, 16), ("in24", true, 24), ("fl32", true, 32), ("FL64", true, 64)
    ])
    func aifcPCMCompressionTypes(type: String, bigEndian: Bool, bits: Int) throws {
        let width = bits / 8
        let info = try Fixture.inspect(
            Fixture.aiff(
                [
                    .init("COMM", Fixture.comm(frames: 10, bits: 16, compression: type)),
                    .init("SSND", Fixture.ssnd(10 * width))
                ], aifc: true))
        #expect(info.coding?.pcm != nil)
        #expect((info.coding?.pcm?.order == .bigEndian) == bigEndian)
        #expect(info.bitsPerSample == (type == "sowt" || type == "twos" ? 16 : bits))
        #expect(info.frames == 10)
    }

    @Test func aifcCompanded() throws {
        for (type, coding) in [("ulaw", SampleCoding.ulaw), ("alaw", .alaw)] {
            let info = try Fixture.inspect(
                Fixture.aiff(
                    [
                        .init("COMM", Fixture.comm(channels: 2, frames: 50, compression: type)),
                        .init("SSND", Fixture.ssnd(100))
                    ], aifc: true))
            #expect(info.coding == coding)
            #expect(info.frames == 50)
        }
    }

    /// AudioToolbox refuses upper-case 'ULAW' and 'ALAW' (fmt?, macOS 14.4): alertsound called them
    /// valid, and iOS would play the default sound.
    @Test(arguments: ["ULAW", "ALAW"])
    func upperCaseCompandingIsNotRead(_ type: String) throws {
        let path = try Self.write(
            Fixture.aiff(
                [.init("COMM", Fixture.comm(frames: 50, compression: type)), .init("SSND", Fixture.ssnd(50))],
                aifc: true))
        let report = Checker().check(path: path)
        #expect(
            report.info?.coding == .other(type) && report.diagnostics.map(\.code) == [.unsupportedFormat],
            "\(report.diagnostics)")
        #expect(report.diagnostics.first?.message.contains("'\(type)'") == true)
    }

    /// QuickTime 5's µ-law AIFF-C with a `wave` chunk whose `frma` names in32: AudioToolbox opens it
    /// but cannot decode it. With `frma` naming the type COMM names, it is an ordinary file.
    @Test func quickTimeFormatThatDisagreesIsNotPlayed() throws {
        func file(frma: String) -> [UInt8] {
            let atoms: [UInt8] = [0, 0, 0, 12] + Array("frma".utf8) + Array(frma.utf8) + [0, 0, 0, 8] + [0, 0, 0, 0]
            return Fixture.aiff(
                [
                    .init("COMM", Fixture.comm(frames: 50, compression: "ulaw")), .init("wave", atoms),
                    .init("SSND", Fixture.ssnd(50))
                ], aifc: true)
        }
        let odd = try Fixture.inspect(file(frma: "in32"))
        #expect(
            odd.coding?.code.contains("frma 'in32'") == true && odd.frames == 50, "\(String(describing: odd.coding))")
        #expect(try Fixture.inspect(file(frma: "ulaw")).coding == .ulaw)
        // A wave chunk of atoms that lie about their size is not read past its end.
        let broken = Fixture.aiff(
            [
                .init("COMM", Fixture.comm(frames: 50, compression: "ulaw")),
                .init("wave", [0xFF, 0xFF, 0xFF, 0xFF] + Array("junkfrma".utf8)),
                .init("SSND", Fixture.ssnd(50))
            ], aifc: true)
        #expect(try Fixture.inspect(broken).coding == .ulaw)
    }

    /// AudioToolbox counts the frames SSND holds, not COMM's: the 30-second rule is judged on what
    /// plays. (macOS 14.4: 12,603 where COMM said 4,411; 4,411 where it said 4,410, SSND first; IMA4
    /// 69 packets where COMM said 34.)
    @Test func framesAreWhatSSNDHolds() throws {
        let more = try Fixture.inspect(
            Fixture.aiff([.init("COMM", Fixture.comm(frames: 100)), .init("SSND", Fixture.ssnd(2 * 300))]))
        #expect(more.frames == 300 && more.repairs.first?.message.contains("read as 300") == true)
        let first = try Fixture.inspect(
            Fixture.aiff([.init("SSND", Fixture.ssnd(101)), .init("COMM", Fixture.comm(frames: 100, bits: 8))]))
        #expect(first.frames == 101)
        let ima = try Fixture.inspect(
            Fixture.aiff(
                [
                    .init("COMM", Fixture.comm(channels: 2, frames: 34, compression: "ima4")),
                    .init("SSND", Fixture.ssnd(69 * 68))
                ], aifc: true))
        #expect(ima.frames == Int64(69 * 64), "\(String(describing: ima.frames))")
        // 40 s stated as 20: too long, as iOS counts it.
        let path = try Self.write(
            Fixture.aiff([
                .init("COMM", Fixture.comm(frames: 20 * 8_000, bits: 8, rate: 8_000)),
                .init("SSND", Fixture.ssnd(40 * 8_000))
            ]))
        #expect(Checker().check(path: path).diagnostics.contains { $0.code == .tooLong })
    }

    /// AIFF-C `raw ` is offset binary: 0x80 is silence, 0x00 the most negative value.
    @Test func rawIsUnsigned() throws {
        let bytes = Fixture.aiff(
            [
                .init("COMM", Fixture.comm(frames: 3, bits: 8, compression: "raw ")),
                .init("SSND", Fixture.ssnd(0) + [0x80, 0x00, 0xFF])
            ], aifc: true)
        let source = MemorySource(bytes)
        let reader = try #require(
            NativeReader(source: source, info: try SoundFile.inspect(source: source, name: "raw.aifc")))
        let samples = try reader.read(maxFrames: 3)
        #expect(samples.count == 3 && samples[0] == 0 && samples[1] == -1 && samples[2] > 0.99, "\(samples)")
    }

    @Test func otherCompressionIsNamedAndNotGuessed() throws {
        let info = try Fixture.inspect(
            Fixture.aiff(
                [.init("COMM", Fixture.comm(frames: 50, compression: "GSM ")), .init("SSND", Fixture.ssnd(33))],
                aifc: true))
        #expect(info.coding == .codec(.gsm))
        #expect(info.frames == nil)
    }

    @Test func oddLastChunkWithoutPadIsNotAnError() throws {
        // iTunes appends an odd-sized 'ID3 ' chunk and leaves out the final pad byte.
        let bytes = Fixture.aiff([
            .init("COMM", Fixture.comm(frames: 2)), .init("SSND", Fixture.ssnd(4)),
            .init("ID3 ", [1, 2, 3], omitPad: true)
        ])
        let info = try Fixture.inspect(bytes)
        #expect(info.frames == 2)
        #expect(info.repairs.isEmpty)
        #expect(info.chunks.map(\.id) == ["COMM", "SSND", "ID3 "])
    }

    /// Issue 47, item 4: a pad left out before SSND is read past and said; one after the audio is not.
    @Test func aMissingPadBeforeTheSoundIsSaid() throws {
        let info = try Fixture.inspect(
            Fixture.aiff([
                .init("COMM", Fixture.comm(frames: 10)), .init("NAME", [65, 66, 67], omitPad: true),
                .init("SSND", Fixture.ssnd(20))
            ]))
        #expect(info.frames == 10 && info.repairs.map(\.chunk) == ["NAME"])
    }

    @Test func formSizeLeavingOutFinalPadIsAccepted() throws {
        let chunks: [Fixture.Chunk] = [
            .init("COMM", Fixture.comm(frames: 101, bits: 8, compression: "NONE")), .init("SSND", Fixture.ssnd(101))
        ]
        let honest = Fixture.aiff(chunks, aifc: true)
        let bytes = Fixture.aiff(chunks, aifc: true, formSize: Int64(honest.count - 8 - 1))
        #expect(try Fixture.inspect(bytes).repairs.isEmpty)
    }

    @Test func ssndPastEndOfFileIsClampedAndReported() throws {
        let bytes = Fixture.aiff([
            .init("COMM", Fixture.comm(frames: 1000)), .init("SSND", Fixture.ssnd(200), declaredSize: 2008)
        ])
        let info = try Fixture.inspect(bytes)
        #expect(info.frames == 100)
        #expect(info.repairs.contains { $0.chunk == "SSND" && $0.message.contains("file ends") })
    }

    @Test func zeroChannelsIsAnError() {
        let bytes = Fixture.aiff([.init("COMM", Fixture.comm(channels: 0)), .init("SSND", Fixture.ssnd(200))])
        #expect { try Fixture.inspect(bytes) } throws: { error in
            let e = error as! AlertSoundError
            // The field that is wrong (COMM's channel count, the first byte after its 8-byte header),
            // and where its chunk starts: a packager reading `offset` lands on the bad bytes.
            return e.message.contains("channel count is 0") && e.chunk == "COMM" && e.offset == 20
                && e.chunkOffset == 12 && e.path == "test"
                && e.reason.hasSuffix("(byte 20, in chunk 'COMM' at byte 12)")
        }
    }

    @Test func aCutShortChunkNamesTheByteTheReadStoppedAt() {
        // A COMM of 10 bytes: the sample rate starts at byte 28; its exponent is there, its 8-byte
        // mantissa (from byte 30) is not.
        let bytes = Fixture.aiff([.init("COMM", Array(Fixture.comm().prefix(10))), .init("SSND", Fixture.ssnd(200))])
        #expect { try Fixture.inspect(bytes) } throws: { error in
            let e = error as! AlertSoundError
            return e.kind == .malformed && e.chunk == "COMM" && e.chunkOffset == 12 && e.offset == 30
        }
    }

    @Test(arguments: [0.0, .infinity, .nan, -44100])
    func unusableSampleRateIsAnError(rate: Double) {
        let bytes = Fixture.aiff([.init("COMM", Fixture.comm(rate: rate)), .init("SSND", Fixture.ssnd(200))])
        #expect { try Fixture.inspect(bytes) } throws: { ($0 as! AlertSoundError).message.contains("sample rate") }
    }

    /// AudioToolbox reads AIFF at 0.01 Hz and 2.9 MHz as stated; so does alertsound, and judges them.
    @Test(arguments: [0.01, 2_900_000])
    func oddSampleRatesAreReadAsStatedAndJudged(rate: Double) throws {
        let frames: UInt32 = rate < 1 ? 50 : 29_000
        let bytes = Fixture.aiff([
            .init("COMM", Fixture.comm(frames: frames, rate: rate)), .init("SSND", Fixture.ssnd(Int(frames) * 2))
        ])
        let info = try Fixture.inspect(bytes)
        #expect(info.sampleRate == rate && info.frames == Int64(frames) && info.repairs.isEmpty)
        let path = try Self.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = Checker().check(path: path)
        // 50 frames at 0.01 Hz play 5,000 s; 29,000 at 2.9 MHz 10 ms.
        #expect(
            report.diagnostics.map(\.code) == (rate < 1 ? [.tooLong, .unusualSampleRate] : [.unusualSampleRate]),
            "\(report.diagnostics)")
        #expect(report.info?.duration == Double(frames) / rate)
        // The report for people decodes it too; a copy to play exists only at a rate a WAV and a player take.
        let preview = try SoundPreview.make(path: path)
        #expect(preview.frames == Int64(frames) && (preview.wav == nil) == (rate < 1))
    }

    @Test func fixRefusesARateAtWhichNoFrameFitsUnderTheLimit() throws {
        let path = try Self.write(
            Fixture.aiff([.init("COMM", Fixture.comm(frames: 50, rate: 0.01)), .init("SSND", Fixture.ssnd(100))]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try #require(try Fixer(options: FixOptions()).fix(paths: [path]).outcomes.first)
        #expect(outcome.status == .failed, "\(outcome.status)")
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingPathExtension + ".caf"))
        #expect(outcome.error?.message.contains("not one frame fits") == true, "\(outcome.error?.description ?? "")")
    }

    @Test(arguments: [0.0001, 5e9])
    func ratesBeyondAnyWriterAreMalformed(rate: Double) {
        let bytes = Fixture.aiff([.init("COMM", Fixture.comm(rate: rate)), .init("SSND", Fixture.ssnd(200))])
        #expect { try Fixture.inspect(bytes) } throws: { ($0 as! AlertSoundError).message.contains("not plausible") }
    }

    @Test func thousandChannelsReadsWithoutHugeAllocation() throws {
        let bytes = Fixture.aiff([
            .init("COMM", Fixture.comm(channels: 1000, frames: 3)), .init("SSND", Fixture.ssnd(6000))
        ])
        let info = try Fixture.inspect(bytes)
        #expect(info.channels == 1000)
        #expect(info.frames == 3)
    }

    @Test func commCutShortIsAnErrorNamingTheChunk() {
        let bytes = Fixture.aiff([.init("COMM", Array(Fixture.comm().prefix(10)))])
        #expect { try Fixture.inspect(bytes) } throws: { error in
            let e = error as! AlertSoundError
            return e.chunk == "COMM" && e.message.contains("too short")
        }
    }

    @Test func missingCOMMIsAnError() {
        #expect(throws: AlertSoundError.self) { try Fixture.inspect(Fixture.aiff([.init("SSND", Fixture.ssnd(10))])) }
    }

    @Test func aifcWithoutCompressionTypeIsReadAsPCMAndReported() throws {
        let info = try Fixture.inspect(
            Fixture.aiff([.init("COMM", Fixture.comm(frames: 5, bits: 8)), .init("SSND", Fixture.ssnd(5))], aifc: true))
        #expect(info.coding?.pcm != nil)
        #expect(info.repairs.contains { $0.message.contains("no compression type") })
    }

    @Test func otherFormTypesAreNotAIFF() {
        let bytes = Fixture.iff(
            "FORM", "8SVX", order: .bigEndian, chunks: [.init("VHDR", [UInt8](repeating: 0, count: 20))])
        #expect { try Fixture.inspect(bytes) } throws: { ($0 as! AlertSoundError).kind == .unrecognized }
    }

    @Test func sampleDataOffsetBeyondChunkIsAnError() {
        var ssnd = Fixture.ssnd(4)
        ssnd[3] = 200
        #expect(throws: AlertSoundError.self) {
            try Fixture.inspect(Fixture.aiff([.init("COMM", Fixture.comm(frames: 2)), .init("SSND", ssnd)]))
        }
    }

    /// `bytes` in a file of their own, for the checker.
    static func write(_ bytes: [UInt8]) throws -> String {
        let path = try Scratch.kept().path("test.aifc")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
