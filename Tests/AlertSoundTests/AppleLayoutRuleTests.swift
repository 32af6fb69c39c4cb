import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Apple's layout rules (notes §4) that the corpus does not show, each from bytes.
@Suite(.bug(id: 22)) struct AppleLayoutRuleTests {
    // AIFF-C ima4: Apple writes ceil(frames / 64) packets; only CAF adds a packet after whole ones.
    @Test func aifcIMA4HasNoExtraPacketAfterWholeOnes() throws {
        let format = StreamFormat(sampleRate: 8000, channels: 1, coding: .ima4)
        let samples = (0..<128).map { Int16(truncatingIfNeeded: $0 * 200) }
        let aifc = try SoundFileBuilder.make(.aifc, format: format, samples: samples)
        let caf = try SoundFileBuilder.make(.caff, format: format, samples: samples)
        let aifcInfo = try SoundFile.inspect(bytes: aifc, name: "x.aifc"),
            cafInfo = try SoundFile.inspect(bytes: caf, name: "x.caf")
        #expect(aifcInfo.dataSize == 2 * 34 && aifcInfo.frames == 128)
        #expect(cafInfo.dataSize == 3 * 34 && cafInfo.frames == 128)
        // A length that is not whole packets is padded in both.
        let odd = Array(samples.prefix(100))
        #expect(
            try SoundFile.inspect(bytes: try SoundFileBuilder.make(.aifc, format: format, samples: odd), name: "y.aifc")
                .dataSize == 2 * 34)
        #expect(
            try SoundFile.inspect(bytes: try SoundFileBuilder.make(.caff, format: format, samples: odd), name: "y.caf")
                .dataSize == 2 * 34)
    }
}

extension AppleLayoutRuleTests {
    /// `bytes` with a `chan` chunk (tag, bitmap, no descriptions) inserted after `desc`.
    static func withChannelLayout(_ caf: [UInt8], tag: UInt32, bitmap: UInt32) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) } }
        let chan = Array("chan".utf8) + [0, 0, 0, 0, 0, 0, 0, 12] + be32(tag) + be32(bitmap) + be32(0)
        let afterDesc = 8 + 12 + 32
        return Array(caf[..<afterDesc]) + chan + Array(caf[afterDesc...])
    }

    /// The body of the first `chan` chunk of a CAF, if any.
    static func channelLayout(_ caf: [UInt8]) -> [UInt8]? {
        guard let at = caf.firstRange(of: Array("chan".utf8))?.lowerBound else { return nil }
        let size = caf[(at + 4)..<(at + 12)].reduce(0) { $0 << 8 | Int($1) }
        return Array(caf[(at + 12)..<(at + 12 + size)])
    }

    static func descFlags(_ caf: [UInt8]) -> UInt32 {
        caf[(8 + 12 + 12)..<(8 + 12 + 16)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func convert(_ input: [UInt8], name: String, _ format: String, channels: Int? = nil) throws -> [UInt8] {
        let dir = try FixTests.folder()
        try Data(input).write(to: URL(fileURLWithPath: dir + "/" + name))
        _ = try Converter(
            options: ConversionOptions(
                dataFormat: try OutputDataFormat(parsing: format), fileType: .caff, channels: channels)
        )
        .convert(input: dir + "/" + name, output: dir + "/out.caf")
        return Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/out.caf")))
    }

    // A linear-PCM CAF converted from a CAF keeps the input's `chan` (two Apple 24-bit stereo CAFs
    // carry stereo with bitmap 3); from a WAV, or with fewer channels, there is none.
    @Test func aCAFInputsChannelLayoutIsKeptForLinearPCM() throws {
        let stereo = StreamFormat(sampleRate: 8000, channels: 2, coding: .integer(24, order: .littleEndian))
        let samples = (0..<400).map { 0.25 * sin(Double($0) / 10) }
        let plain = try SoundFileBuilder.make(.caff, format: stereo, fullScale: samples)
        #expect(Self.channelLayout(plain) == nil)
        let input = Self.withChannelLayout(plain, tag: 0x0065_0002, bitmap: 3)
        let expected: [UInt8] = [0x00, 0x65, 0x00, 0x02, 0, 0, 0, 3, 0, 0, 0, 0]
        #expect(Self.channelLayout(try Self.convert(input, name: "in.caf", "LEI24")) == expected)
        #expect(Self.channelLayout(try Self.convert(input, name: "in.caf", "BEI16")) == expected)
        #expect(
            Self.channelLayout(try Self.convert(input, name: "in.caf", "LEI16", channels: 1)) == nil,
            "a mono output keeps no stereo layout")
        let wav = try SoundFileBuilder.make(.wave, format: stereo, fullScale: samples)
        #expect(Self.channelLayout(try Self.convert(wav, name: "in.wav", "LEI24")) == nil)
        // ima4 keeps afconvert's own plain layout.
        #expect(
            Self.channelLayout(try Self.convert(input, name: "in.caf", "ima4")) == [
                0x00, 0x65, 0x00, 0x02, 0, 0, 0, 0, 0, 0, 0, 0
            ])
    }

    // An 8-bit CAF's little-endian flag follows the input's byte order: set from a WAV, clear from
    // a big-endian CAF or AIFF.
    @Test func eightBitFlagFollowsTheInput() throws {
        let samples = (0..<400).map { 0.25 * sin(Double($0) / 10) }
        let mono8 = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(8, order: .bigEndian))
        let fromWAV = try Self.convert(
            try SoundFileBuilder.make(
                .wave, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian)),
                fullScale: samples), name: "in.wav", "I8")
        #expect(Self.descFlags(fromWAV) == 2)
        var bigCAF = try SoundFileBuilder.make(.caff, format: mono8, fullScale: samples)
        bigCAF[8 + 12 + 15] = 0  // desc flags 0, as an Apple-written 8-bit CAF has them
        #expect(Self.descFlags(try Self.convert(bigCAF, name: "in.caf", "I8")) == 0)
        let aiff = try SoundFileBuilder.make(
            .aiff, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .bigEndian)),
            fullScale: samples)
        #expect(Self.descFlags(try Self.convert(aiff, name: "in.aiff", "I8")) == 0)
        // 16-bit keeps its own order whatever the input.
        #expect(Self.descFlags(try Self.convert(aiff, name: "in.aiff", "LEI16")) == 2)
    }
}
