/// A mono 48 kHz WAV of 32-bit float samples (format tag 3), built byte by byte: the samples no
/// integer format holds (±inf, NaN, 1e18) that the hardening tests feed in.
public enum FloatWAV {
    public static func bytes(_ samples: [Double]) -> [UInt8] {
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        let data = samples.flatMap { le32(Float($0).bitPattern) }
        let fmt = le16(3) + le16(1) + le32(48_000) + le32(192_000) + le16(4) + le16(32)
        let body =
            Array("WAVE".utf8) + Array("fmt ".utf8) + le32(UInt32(fmt.count)) + fmt + Array("data".utf8)
            + le32(UInt32(data.count)) + data
        return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
    }
}
