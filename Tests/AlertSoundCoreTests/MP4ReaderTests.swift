import Foundation
import Testing

@testable import AlertSoundCore

/// What `info` shows of an M4A: the first sound track's codec, rate, channels and length.
@Suite struct MP4ReaderTests {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter(order: .bigEndian)
        w.u32(UInt32(8 + payload.count))
        w.append(Array(type.utf8))
        w.append(payload)
        return w.bytes
    }

    static func full(_ type: String, version: UInt8 = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version, 0, 0, 0] + payload)
    }

    static func u32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// An M4A as FFmpeg writes one: an edit list skipping 1,024 priming frames, a video track first when asked.
    static func m4a(
        entry: String = "mp4a", rate: UInt32 = 44_100, scale: UInt32 = 44_100, units: UInt32 = 133_324,
        priming: UInt32? = 1024,
        channels: UInt16 = 2, videoFirst: Bool = false, moovLast: Bool = false
    ) -> [UInt8] {
        func trak(handler: String, entry: String) -> [UInt8] {
            let mdhd = full("mdhd", u32(0) + u32(0) + u32(scale) + u32(units) + [0x55, 0xC4, 0, 0])
            let hdlr = full("hdlr", u32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
            let sampleEntry = box(
                entry,
                [0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8) + [
                    UInt8(channels >> 8), UInt8(channels & 0xFF), 0, 16, 0, 0, 0, 0
                ]
                    + u32(rate << 16))
            let stbl = box("stbl", full("stsd", u32(1) + sampleEntry))
            let edts =
                priming.map { box("edts", full("elst", u32(1) + u32(units - $0) + u32($0) + u32(0x10000))) } ?? []
            return box(
                "trak",
                box("tkhd", [UInt8](repeating: 0, count: 84)) + edts + box("mdia", mdhd + hdlr + box("minf", stbl)))
        }
        let tracks = (videoFirst ? trak(handler: "vide", entry: "avc1") : []) + trak(handler: "soun", entry: entry)
        let moov = box("moov", full("mvhd", [UInt8](repeating: 0, count: 96)) + tracks)
        let ftyp = box("ftyp", Array("M4A ".utf8) + u32(0) + Array("M4A isom".utf8))
        let mdat = box("mdat", [UInt8](repeating: 0, count: 64))
        return ftyp + (moovLast ? mdat + moov : moov + mdat)
    }

    @Test(arguments: [false, true])
    func ffmpegsAACHasItsPrimingSkipped(moovLast: Bool) throws {
        let info = try SoundFile.inspect(bytes: Self.m4a(moovLast: moovLast))
        #expect(info.container == .mp4 && info.coding == .codec(.aac) && info.formatID == "mp4a")
        #expect(info.sampleRate == 44_100 && info.channels == 2 && info.frames == 132_300 && info.duration == 3)
    }

    @Test func alacWithoutAnEditListAndAfterAVideoTrack() throws {
        let info = try SoundFile.inspect(
            bytes: Self.m4a(entry: "alac", units: 88_200, priming: nil, channels: 1, videoFirst: true))
        #expect(
            info.coding == .other("alac") && info.bitsPerSample == 16 && info.channels == 1 && info.frames == 88_200)
    }

    @Test func aTimeScaleOtherThanTheRateIsConverted() throws {
        let info = try SoundFile.inspect(bytes: Self.m4a(rate: 48_000, scale: 1000, units: 2500, priming: nil))
        #expect(info.sampleRate == 48_000 && info.frames == 120_000)
    }

    /// A box whose size runs past its parent, or a file cut inside the sample entry: what was read stays, nothing throws.
    @Test func damagedBoxesLeaveWhatWasRead() throws {
        let whole = Self.m4a()
        for cut in stride(from: 40, to: whole.count, by: 7) {
            let info = try SoundFile.inspect(bytes: Array(whole.prefix(cut)))
            #expect(info.container == .mp4)
        }
        var lying = whole
        lying[27] = 0xFF  // moov's size (after the 24-byte ftyp) now runs past the file
        #expect(try SoundFile.inspect(bytes: lying).frames == nil)
    }
}
