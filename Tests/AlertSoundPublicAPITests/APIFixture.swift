import AlertSound
import Foundation

/// What the public-API suites build their inputs from.
enum APIFixture {
    static let stereo = StreamFormat(sampleRate: 44100, channels: 2, coding: .integer(16, order: .littleEndian))

    /// An empty folder of its own under the temporary directory. (This suite uses the library alone,
    /// as a packaging tool would, so not the other suites' `Scratch`.)
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("alertsound-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A WAV of IMA ADPCM (format tag 0x11): readable, but decoded only by libsndfile, from a file.
    static let imaADPCMWAV: [UInt8] = {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        let fmt = le16(0x11) + le16(1) + le32(8000) + le32(4055) + le16(256) + le16(4) + le16(2) + le16(505)
        let data = [UInt8](repeating: 0, count: 512)
        let body =
            Array("WAVE".utf8) + Array("fmt ".utf8) + le32(fmt.count) + fmt + Array("data".utf8) + le32(data.count)
            + data
        return Array("RIFF".utf8) + le32(body.count) + body
    }()
}
