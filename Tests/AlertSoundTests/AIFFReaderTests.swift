import Testing
@testable import AlertSound
@testable import AlertSoundCore

@Suite struct AIFFReaderTests {
    @Test func readsPlainAIFF() throws {
        let info = try Fixture.inspect(Fixture.aiff([.init("COMM", Fixture.comm(channels: 2, frames: 100)), .init("SSND", Fixture.ssnd(400))]))
        #expect(info.container == .aiff)
        #expect(info.coding?.pcm != nil)
        #expect(info.channels == 2)
        #expect(info.sampleRate == 44100)
        #expect(info.bitsPerSample == 16)
        #expect(info.frames == 100)
        #expect(info.dataOffset == Int64(12 + 26 + 16))
        #expect(info.dataSize == 400)
        #expect(info.coding?.pcm?.isBigEndian == true)
        #expect(info.repairs.isEmpty)
        #expect(info.chunks.map(\.id) == ["COMM", "SSND"])
    }

    @Test func aifcIMA4CountsPacketsInCOMM() throws {
        let bytes = Fixture.aiff([.init("FVER", [0xA2, 0x80, 0x51, 0x40]),
                                  .init("COMM", Fixture.comm(channels: 2, frames: 3, bits: 0, compression: "ima4")),
                                  .init("SSND", Fixture.ssnd(3 * 68))], aifc: true)
        let info = try Fixture.inspect(bytes)
        #expect(info.container == .aifc)
        #expect(info.coding == .ima4)
        #expect(info.frames == Int64(3 * 64))
        #expect(info.bytesPerPacket == 68)
        #expect(info.framesPerPacket == 64)
    }

    @Test(arguments: [("sowt", false, 16), ("twos", true, 16), ("in24", true, 24), ("fl32", true, 32), ("FL64", true, 64)])
    func aifcPCMCompressionTypes(type: String, bigEndian: Bool, bits: Int) throws {
        let width = bits / 8
        let info = try Fixture.inspect(Fixture.aiff([.init("COMM", Fixture.comm(frames: 10, bits: 16, compression: type)),
                                                     .init("SSND", Fixture.ssnd(10 * width))], aifc: true))
        #expect(info.coding?.pcm != nil)
        #expect(info.coding?.pcm?.isBigEndian == bigEndian)
        #expect(info.bitsPerSample == (type == "sowt" || type == "twos" ? 16 : bits))
        #expect(info.frames == 10)
    }

    @Test func aifcCompanded() throws {
        let info = try Fixture.inspect(Fixture.aiff([.init("COMM", Fixture.comm(channels: 2, frames: 50, compression: "ULAW")),
                                                     .init("SSND", Fixture.ssnd(100))], aifc: true))
        #expect(info.coding == .ulaw)
        #expect(info.frames == 50)
    }

    @Test func otherCompressionIsNamedAndNotGuessed() throws {
        let info = try Fixture.inspect(Fixture.aiff([.init("COMM", Fixture.comm(frames: 50, compression: "GSM ")), .init("SSND", Fixture.ssnd(33))], aifc: true))
        #expect(info.coding == .codec(.gsm))
        #expect(info.frames == nil)
    }

    @Test func oddLastChunkWithoutPadIsNotAnError() throws {
        // iTunes appends an odd-sized 'ID3 ' chunk and leaves out the final pad byte.
        let bytes = Fixture.aiff([.init("COMM", Fixture.comm(frames: 2)), .init("SSND", Fixture.ssnd(4)),
                                  .init("ID3 ", [1, 2, 3], omitPad: true)])
        let info = try Fixture.inspect(bytes)
        #expect(info.frames == 2)
        #expect(info.repairs.isEmpty)
        #expect(info.chunks.map(\.id) == ["COMM", "SSND", "ID3 "])
    }

    @Test func formSizeLeavingOutFinalPadIsAccepted() throws {
        let chunks: [Fixture.Chunk] = [.init("COMM", Fixture.comm(bits: 8, compression: "NONE")), .init("SSND", Fixture.ssnd(101))]
        let honest = Fixture.aiff(chunks, aifc: true)
        let bytes = Fixture.aiff(chunks, aifc: true, formSize: Int64(honest.count - 8 - 1))
        #expect(try Fixture.inspect(bytes).repairs.isEmpty)
    }

    @Test func ssndPastEndOfFileIsClampedAndReported() throws {
        let bytes = Fixture.aiff([.init("COMM", Fixture.comm(frames: 1000)), .init("SSND", Fixture.ssnd(200), declaredSize: 2008)])
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
            return e.message.contains("channel count is 0") && e.chunk == "COMM" && e.offset == 20 && e.chunkOffset == 12 && e.path == "test"
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

    @Test func thousandChannelsReadsWithoutHugeAllocation() throws {
        let bytes = Fixture.aiff([.init("COMM", Fixture.comm(channels: 1000, frames: 3)), .init("SSND", Fixture.ssnd(6000))])
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
        let info = try Fixture.inspect(Fixture.aiff([.init("COMM", Fixture.comm(frames: 5, bits: 8)), .init("SSND", Fixture.ssnd(5))], aifc: true))
        #expect(info.coding?.pcm != nil)
        #expect(info.repairs.contains { $0.message.contains("no compression type") })
    }

    @Test func otherFormTypesAreNotAIFF() {
        let bytes = Fixture.iff("FORM", "8SVX", order: .bigEndian, chunks: [.init("VHDR", [UInt8](repeating: 0, count: 20))])
        #expect { try Fixture.inspect(bytes) } throws: { ($0 as! AlertSoundError).kind == .unrecognized }
    }

    @Test func sampleDataOffsetBeyondChunkIsAnError() {
        var ssnd = Fixture.ssnd(4)
        ssnd[3] = 200
        #expect(throws: AlertSoundError.self) { try Fixture.inspect(Fixture.aiff([.init("COMM", Fixture.comm(frames: 2)), .init("SSND", ssnd)])) }
    }
}
