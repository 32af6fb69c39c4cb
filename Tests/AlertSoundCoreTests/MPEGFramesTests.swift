import Foundation
import Testing

@testable import AlertSoundCore

/// MPEG audio lengths: stated by an encoder's tag, or counted frame by frame; never estimated.
@Suite struct MPEGFramesTests {
    /// MPEG-1 layer III, 128 kbit/s, 44.1 kHz, joint stereo: 417-byte frames of 1,152 samples.
    static let header: [UInt8] = [0xFF, 0xFB, 0x90, 0x64]

    static func frame(_ body: [UInt8] = []) -> [UInt8] {
        Self.header + body + [UInt8](repeating: 0, count: 417 - 4 - body.count)
    }

    /// A first frame carrying an Info tag for `frames` frames, and a LAME tag with `delay` and `padding`.
    static func infoFrame(
        frames: UInt32, delay: Int, padding: Int, tag: String = "Info", encoder: String = "LAME3.100"
    ) -> [UInt8] {
        var w = ByteWriter(order: .bigEndian)
        w.append([UInt8](repeating: 0, count: 32))
        w.append(Array(tag.utf8))
        w.u32(0x0F)
        w.u32(frames)
        w.u32(48_000)
        w.append([UInt8](repeating: 0, count: 100))
        w.u32(60)
        var lame = Array(encoder.utf8) + [UInt8](repeating: 0, count: 12)
        lame += [UInt8(delay >> 4), UInt8((delay & 0xF) << 4 | padding >> 8), UInt8(padding & 0xFF)]
        w.append(lame)
        return frame(w.bytes)
    }

    @Test(arguments: ["Info", "Xing"])
    func aLAMETagStatesTheGaplessLength(tag: String) throws {
        // What libsndfile's MP3 writer (LAME) gives for 3 s at 44.1 kHz: 116 frames, 576 + 756 samples dropped.
        let bytes = Self.infoFrame(frames: 116, delay: 576, padding: 756, tag: tag) + Self.frame() + Self.frame()
        let info = try SoundFile.inspect(bytes: bytes)
        #expect(info.container == .mp3 && info.frames == 132_300 && info.duration == 3)
    }

    @Test func ffmpegsLavcTagCountsToo() throws {
        let bytes =
            Self.infoFrame(frames: 10, delay: 1105, padding: 0, encoder: "Lavc61.19") + Self.frame() + Self.frame()
        #expect(try SoundFile.inspect(bytes: bytes).frames == 11_520 - 1105)
    }

    /// A constant-bitrate MP3 with no Xing, Info or VBRI tag had no length, so a 3-minute file
    /// passed iOS's 30-second rule unjudged (issue 57, an Expo app's azan.mp3). Its frames are
    /// counted; a stream that is lost on the way keeps the length unknown, never estimated.
    @Test(.bug(id: "57")) func withoutATagTheFramesAreCountedNotEstimated() throws {
        let bytes = [UInt8](Array(repeating: Self.frame(), count: 5).joined())
        let info = try SoundFile.inspect(bytes: bytes)
        #expect(info.frames == 5 * 1152 && info.sampleRate == 44_100 && info.channels == 2)
        let lost = bytes + [UInt8](repeating: 0x55, count: Int(MPEGFrames.trailerAllowance) + 1) + bytes
        #expect(try SoundFile.inspect(bytes: lost).frames == nil)
    }

    @Test func theWalkCountsEveryFrameAndToleratesAFinalTag() throws {
        let frames = [UInt8](Array(repeating: Self.frame(), count: 7).joined())
        let id3v1 = Array("TAG".utf8) + [UInt8](repeating: 0x20, count: 125)
        #expect(try MPEGFrames.walkedLength(MemorySource(frames + id3v1)) == 7 * 1152)
        // An ID3v2 tag before the first frame is skipped.
        let id3v2: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 20] + [UInt8](repeating: 0, count: 20)
        #expect(try MPEGFrames.walkedLength(MemorySource(id3v2 + frames)) == 7 * 1152)
        // Bytes that are not frames, far from the end: the stream is lost, the length unknown.
        let broken = frames + [UInt8](repeating: 0x41, count: 10_000) + frames
        #expect(try MPEGFrames.walkedLength(MemorySource(broken)) == nil)
    }

    /// Padding before the first frame (216 bytes of zeros in a real app's sound) is skipped as
    /// Android's extractor and FFmpeg skip it: the file is MP3, its frames counted from there.
    @Test(.bug(id: "57"), arguments: [216, 4097, 100_000])
    func paddingBeforeTheFirstFrameIsSkipped(padding: Int) throws {
        let frames = [UInt8](Array(repeating: Self.frame(), count: 7).joined())
        let padded = [UInt8](repeating: 0, count: padding) + frames
        let info = try SoundFile.inspect(bytes: padded)
        #expect(info.container == .mp3 && info.sampleRate == 44_100 && info.channels == 2)
        #expect(try MPEGFrames.walkedLength(MemorySource(padded)) == 7 * 1152)
        // Behind an ID3 tag too.
        let id3v2: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 20] + [UInt8](repeating: 0, count: 20)
        #expect(try SoundFile.inspect(bytes: id3v2 + padded).container == .mp3)
    }

    /// Past Android's 128 KiB, or with no run of frames that agree, it is not a sound.
    @Test(.bug(id: "57")) func junkWithoutAStreamIsNotMP3() throws {
        let frames = [UInt8](Array(repeating: Self.frame(), count: 7).joined())
        let far = [UInt8](repeating: 0, count: MPEGFrames.resyncWindow + 1) + frames
        #expect(throws: AlertSoundError.self) { try SoundFile.inspect(bytes: far) }
        // One lone header among text is not a stream.
        let text = Array("not a sound ".utf8) + Self.header + Array(" at all".utf8)
        #expect(throws: AlertSoundError.self) { try SoundFile.inspect(bytes: text) }
    }
}
