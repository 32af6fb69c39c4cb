import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCore

@Suite struct CAFReaderTests {
    @Test func readsAfconvertLayoutIMA4() throws {
        let format = StreamFormat(sampleRate: 44100, channels: 2, coding: .ima4)
        let bytes =
            FileType.caff.carrying(format)!.header(frames: 100, audioBytes: 2 * 68) + [UInt8](repeating: 0, count: 136)
        let info = try Fixture.inspect(bytes)
        #expect(info.container == .caf)
        #expect(info.coding == .ima4)
        #expect(info.frames == 100)
        #expect(info.dataOffset == 4096)
        #expect(info.dataSize == 136)
        #expect(info.chunks.map(\.id) == ["desc", "chan", "pakt", "free", "data"])
        #expect(info.repairs.isEmpty)
    }

    @Test func pcmWithoutPaktCountsPackets() throws {
        let info = try Fixture.inspect(
            Fixture.caf([.init("desc", Fixture.desc(flags: 2)), .init("data", Fixture.cafData(20))]))
        #expect(info.frames == 10)
        #expect(info.coding?.pcm?.order == .littleEndian)
    }

    @Test func dataSizeMinusOneRunsToEndOfFile() throws {
        let info = try Fixture.inspect(
            Fixture.caf([.init("desc", Fixture.desc()), .init("data", Fixture.cafData(20), declaredSize: -1)]))
        #expect(info.frames == 10)
        #expect(info.repairs.isEmpty)
    }

    @Test func minusOneIsOnlyForData() {
        #expect(throws: AlertSoundError.self) {
            try Fixture.inspect(
                Fixture.caf([
                    .init("desc", Fixture.desc()), .init("free", [0, 0], declaredSize: -1),
                    .init("data", Fixture.cafData(2))
                ]))
        }
    }

    @Test(arguments: [Int64(-2), Int64.min])
    func negativeSizesAreErrors(size: Int64) {
        #expect {
            try Fixture.inspect(
                Fixture.caf([
                    .init("desc", Fixture.desc()), .init("free", [], declaredSize: size),
                    .init("data", Fixture.cafData(2))
                ]))
        } throws: { ($0 as! AlertSoundError).message.contains("negative") }
    }

    @Test func chunkSizePastEndBeforeDataIsAnError() {
        #expect {
            try Fixture.inspect(
                Fixture.caf([.init("desc", Fixture.desc()), .init("free", [0], declaredSize: Int64.max)]))
        } throws: { ($0 as! AlertSoundError).chunk == "free" }
    }

    @Test func chunkAfterDataPastEndIsRepaired() throws {
        let info = try Fixture.inspect(
            Fixture.caf([
                .init("desc", Fixture.desc()), .init("data", Fixture.cafData(4)), .init("info", [0], declaredSize: 1000)
            ]))
        #expect(info.frames == 2)
        #expect(info.repairs.contains { $0.chunk == "info" })
    }

    @Test func libsndfileShortDataSizeIsRepaired() throws {
        // Before 1.0.25 libsndfile wrote the data size without the 4-byte edit count.
        let bytes = Fixture.caf([.init("desc", Fixture.desc()), .init("data", Fixture.cafData(20), declaredSize: 20)])
        let info = try Fixture.inspect(bytes)
        #expect(info.frames == 10)
        #expect(info.repairs.contains { $0.message.contains("libsndfile") })
    }

    @Test func paktBeyondDataIsClamped() throws {
        let format = StreamFormat(sampleRate: 44100, channels: 1, coding: .ima4)
        let bytes =
            FileType.caff.carrying(format)!.header(frames: 1000, audioBytes: 34) + [UInt8](repeating: 0, count: 34)
        let info = try Fixture.inspect(bytes)
        #expect(info.frames == 64)
        #expect(info.repairs.contains { $0.chunk == "pakt" })
    }

    /// The packet table's valid frames are the length when the data holds more (the last packet's
    /// remainder frames), as Apple's CAF specification defines them.
    @Test func paktShorterThanDataIsTheLength() throws {
        let format = StreamFormat(sampleRate: 44100, channels: 1, coding: .ima4)
        let bytes =
            FileType.caff.carrying(format)!.header(frames: 100, audioBytes: 2 * 34)
            + [UInt8](repeating: 0, count: 2 * 34)
        let info = try Fixture.inspect(bytes)
        #expect(info.frames == 100 && info.repairs.isEmpty)
    }

    /// Found by the fuzzer: a format ID `Lpcm` was reported as `lpcm`, and its report's JSON, read
    /// back, failed (lpcm without a layout). A code that only looks like a known one keeps its case.
    @Test(arguments: ["Lpcm", "ULAW", "Ima4"])
    func aCodeThatOnlyLooksLikeAKnownOneKeepsItsCase(_ id: String) throws {
        let bytes = Fixture.caf([.init("desc", Fixture.desc(format: id)), .init("data", Fixture.cafData(8))])
        let report = Checker().check(bytes: bytes, name: "x.caf")
        #expect(report.info?.coding == .other(id) && report.diagnostics.map(\.code).contains(.unsupportedFormat))
        let json = CheckReport(files: [report]).jsonBytes()
        #expect(try JSONDecoder().decode(CheckReport.self, from: Data(json)).jsonBytes() == json)
    }

    @Test func descMustComeFirst() {
        #expect {
            try Fixture.inspect(
                Fixture.caf([.init("free", []), .init("desc", Fixture.desc()), .init("data", Fixture.cafData(2))]))
        } throws: { ($0 as! AlertSoundError).message.contains("must start with 'desc'") }
    }

    @Test func versionOtherThanOneIsAnError() {
        #expect(throws: AlertSoundError.self) {
            try Fixture.inspect(Fixture.caf([.init("desc", Fixture.desc())], version: 2))
        }
    }

    @Test(arguments: [0.0, .infinity, .nan])
    func unusableRateIsAnError(rate: Double) {
        #expect(throws: AlertSoundError.self) {
            try Fixture.inspect(
                Fixture.caf([.init("desc", Fixture.desc(rate: rate)), .init("data", Fixture.cafData(2))]))
        }
    }

    @Test func zeroAndAbsurdChannelCountsAreErrors() {
        for channels: UInt32 in [0, 0xFFFF_FFFF] {
            #expect(throws: AlertSoundError.self) {
                try Fixture.inspect(
                    Fixture.caf([.init("desc", Fixture.desc(channels: channels)), .init("data", Fixture.cafData(2))]))
            }
        }
    }

    @Test func thousandChannels() throws {
        let info = try Fixture.inspect(
            Fixture.caf([
                .init("desc", Fixture.desc(bytesPerPacket: 2000, channels: 1000)), .init("data", Fixture.cafData(4000))
            ]))
        #expect(info.channels == 1000)
        #expect(info.frames == 2)
    }

    @Test func aacWithPaktIsNamedWithTrueLength() throws {
        let bytes = Fixture.caf([
            .init("desc", Fixture.desc(format: "aac ", bytesPerPacket: 0, framesPerPacket: 1024, bits: 0)),
            .init("pakt", Fixture.pakt(packets: 3, valid: 533, priming: 2112, remainder: 427) + [1, 2, 3]),
            .init("data", Fixture.cafData(30))
        ])
        let info = try Fixture.inspect(bytes)
        #expect(info.coding == .codec(.aac))
        #expect(info.frames == 533)
    }

    @Test func descCutShortIsAnError() {
        #expect { try Fixture.inspect(Fixture.caf([.init("desc", Array(Fixture.desc().prefix(20)))])) } throws: {
            ($0 as! AlertSoundError).chunk == "desc"
        }
    }
}
