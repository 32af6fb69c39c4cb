/// Ogg (RFC 3533) as far as `info` and Android's rules need it: the codec's identification header
/// on the first page (Vorbis: channels and rate; Opus: channels, pre-skip, and the 48 kHz it always
/// decodes at; FLAC in Ogg: its STREAMINFO), and the length from the last page's granule position,
/// found by reading back from the end at most ``tailBytes`` (a page is at most 65,307 bytes). No
/// audio is decoded. Every offset read is checked against what was read; a file whose last page
/// cannot be found has no length (not an error: Android plays it anyway).
enum OggReader {
    /// Bytes read at the end for the last page: one page of the largest size, and a little more.
    static let tailBytes = 65_536 + 1_024
    /// Where a page's header fields are.
    private static let headerSize = 27

    static func read(_ source: ByteSource, coding: SampleCoding?) throws -> SoundInfo {
        var info = SoundInfo(container: .ogg, fileSize: source.size)
        info.coding = coding
        let head = try source.read(at: 0, count: Int(min(source.size, 4_096)))
        guard head.count > headerSize, head.starts(with: Array("OggS".utf8)) else { return info }
        let segments = Int(head[26])
        let packetStart = headerSize + segments
        guard packetStart <= head.count else { return info }
        let serial = u32(head, 14)
        let packet = Array(head[packetStart...])
        var preSkip: Int64 = 0
        var granuleRate: Double?
        if packet.starts(with: [0x01] + Array("vorbis".utf8)), packet.count >= 16 {
            info.channels = Int(packet[11])
            let rate = Double(u32(packet, 12))
            info.sampleRate = rate
            granuleRate = rate
        } else if packet.starts(with: Array("OpusHead".utf8)), packet.count >= 16 {
            info.channels = Int(packet[9])
            preSkip = Int64(packet[10]) | Int64(packet[11]) << 8
            // Opus decodes at 48 kHz whatever rate the input had; the granule counts 48 kHz samples.
            info.sampleRate = 48_000
            granuleRate = 48_000
        } else if packet.starts(with: [0x7F] + Array("FLAC".utf8)), packet.count >= 13 + 4 + 18 {
            // The mapping's header, then "fLaC" and the STREAMINFO block: rate (20 bits), channels (3), depth (5).
            let info0 = 13 + 4 + 4
            guard packet.count >= info0 + 18 else { return info }
            let rate = Int(packet[info0 + 10]) << 12 | Int(packet[info0 + 11]) << 4 | Int(packet[info0 + 12]) >> 4
            info.channels = Int((packet[info0 + 12] >> 1) & 0x07) + 1
            info.bitsPerSample = Int((packet[info0 + 12] & 0x01) << 4 | packet[info0 + 13] >> 4) + 1
            if rate > 0 {
                info.sampleRate = Double(rate)
                granuleRate = Double(rate)
            }
        }
        guard granuleRate != nil, let granule = try lastGranule(source, serial: serial) else { return info }
        let frames = granule - preSkip
        if frames >= 0 { info.frames = frames }
        return info
    }

    /// The granule position of the stream's last page that has one, read back from the end.
    static func lastGranule(_ source: ByteSource, serial: UInt32) throws -> Int64? {
        let count = Int(min(source.size, Int64(tailBytes)))
        let tail = try source.read(at: source.size - Int64(count), count: count)
        var i = tail.count - headerSize
        while i >= 0 {
            if tail[i] == 0x4F, tail[i + 1] == 0x67, tail[i + 2] == 0x67, tail[i + 3] == 0x53, tail[i + 4] == 0,
                u32(tail, i + 14) == serial
            {
                let granule = Int64(bitPattern: UInt64(u32(tail, i + 6)) | UInt64(u32(tail, i + 10)) << 32)
                // -1: no packet ends on this page.
                if granule >= 0 { return granule }
            }
            i -= 1
        }
        return nil
    }

    private static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        guard at >= 0, at + 4 <= b.count else { return 0 }
        return UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }
}
