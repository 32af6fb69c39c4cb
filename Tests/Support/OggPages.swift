/// Ogg streams built from bytes (RFC 3533), for the Ogg reader's and Android's tests: pages with a
/// CRC left 0 (alertsound does not check it), each packet one segment (< 255 bytes). No encoder
/// made them; nothing in them decodes to sound.
public enum OggPages {
    /// One page: capture pattern, version 0, `flags`, the granule, serial 7, sequence, CRC 0, and
    /// one segment of `packet`.
    public static func page(_ packet: [UInt8], granule: Int64, flags: UInt8 = 0, sequence: UInt32 = 0) -> [UInt8] {
        func le(_ value: UInt64, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        return Array("OggS".utf8) + [0, flags] + le(UInt64(bitPattern: granule), 8) + le(7, 4) + le(UInt64(sequence), 4)
            + [0, 0, 0, 0] + [1, UInt8(packet.count)] + packet
    }

    /// A Vorbis identification header.
    public static func vorbisHeader(rate: UInt32, channels: UInt8) -> [UInt8] {
        [0x01] + Array("vorbis".utf8) + [0, 0, 0, 0, channels]
            + (0..<4).map { UInt8(truncatingIfNeeded: rate >> (8 * $0)) }
            + [UInt8](repeating: 0, count: 16)
    }

    /// A Vorbis stream of `frames` frames: its header page, and a last page whose granule says so.
    public static func vorbis(rate: UInt32 = 44_100, channels: UInt8 = 1, frames: Int64) -> [UInt8] {
        page(vorbisHeader(rate: rate, channels: channels), granule: 0, flags: 2)
            + page([UInt8](repeating: 0x55, count: 100), granule: frames, flags: 4, sequence: 1)
    }
}
