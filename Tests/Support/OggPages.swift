/// Ogg streams built from bytes (RFC 3533), for the Ogg reader's and Android's tests: pages with a
/// CRC left 0 (alertsound does not check it), each packet one segment (< 255 bytes). No encoder
/// made them; nothing in them decodes to sound.
public enum OggPages {
    /// One page: capture pattern, version 0, `flags`, the granule, serial 7, sequence, CRC 0, and
    /// one segment of `packet`.
    public static func page(_ packet: [UInt8], granule: Int64, flags: UInt8 = 0, sequence: UInt32 = 0) -> [UInt8] {
        page(packets: [packet], granule: granule, flags: flags, sequence: sequence)
    }

    /// One page of several packets, each one segment.
    public static func page(packets: [[UInt8]], granule: Int64, flags: UInt8 = 0, sequence: UInt32 = 0) -> [UInt8] {
        func le(_ value: UInt64, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        return Array("OggS".utf8) + [0, flags] + le(UInt64(bitPattern: granule), 8) + le(7, 4) + le(UInt64(sequence), 4)
            + [0, 0, 0, 0] + [UInt8(packets.count)] + packets.map { UInt8($0.count) } + packets.flatMap { $0 }
    }

    /// A Vorbis identification header.
    public static func vorbisHeader(rate: UInt32, channels: UInt8) -> [UInt8] {
        [0x01] + Array("vorbis".utf8) + [0, 0, 0, 0, channels]
            + (0..<4).map { UInt8(truncatingIfNeeded: rate >> (8 * $0)) }
            + [UInt8](repeating: 0, count: 16)
    }

    /// A Vorbis comment header (vendor "x", no comments) and a setup header's first bytes: the
    /// second and third packets every Vorbis stream has.
    public static let vorbisComment: [UInt8] = [0x03] + Array("vorbis".utf8) + [1, 0, 0, 0, 0x78, 0, 0, 0, 0, 1]
    public static let vorbisSetup: [UInt8] = [0x05] + Array("vorbis".utf8) + [0, 0x42, 0x43, 0x56, 1]

    /// An Opus head (`channels`, pre-skip 312) and its tags header.
    public static func opusHead(channels: UInt8) -> [UInt8] {
        Array("OpusHead".utf8) + [1, channels, 0x38, 0x01] + [0x80, 0xBB, 0, 0] + [0, 0, 0]
    }
    public static let opusTags: [UInt8] = Array("OpusTags".utf8) + [1, 0, 0, 0, 0x78, 0, 0, 0, 0]

    /// A Vorbis stream of `frames` frames: its identification page, its comment and setup headers
    /// on the next page, and a last page whose granule says so.
    public static func vorbis(rate: UInt32 = 44_100, channels: UInt8 = 1, frames: Int64) -> [UInt8] {
        page(vorbisHeader(rate: rate, channels: channels), granule: 0, flags: 2)
            + page(packets: [vorbisComment, vorbisSetup], granule: 0, sequence: 1)
            + page([UInt8](repeating: 0x55, count: 100), granule: frames, flags: 4, sequence: 2)
    }
}
