/// Native FLAC (RFC 9639) as far as `info` and Android's rules need it: the STREAMINFO block that
/// must follow `fLaC` (rate, channels, bits per sample and the total of samples when stated). A
/// STREAMINFO cut off, of another type first, or stating 0 Hz is `malformed`, as the same values
/// are in every container. No audio is decoded.
enum FLACReader {
    /// The chunk an error names: the stream's marker.
    private static let chunk: FourCC = "fLaC"

    static func read(_ source: ByteSource) throws -> SoundInfo {
        var info = SoundInfo(container: .flac, fileSize: source.size)
        info.coding = .codec(.flac)
        // "fLaC", then the first metadata block's header (last-block flag and type, 24-bit length) and STREAMINFO.
        let head = try source.read(at: 0, count: 4 + 4 + 34)
        guard head.count >= 8 else {
            throw AlertSoundError.malformed(
                "the STREAMINFO block's header is cut off: \(head.count) of the 8 bytes after the start", chunk: chunk,
                offset: Int64(head.count), chunkOffset: 0)
        }
        let type = head[4] & 0x7F
        let length = Int(head[5]) << 16 | Int(head[6]) << 8 | Int(head[7])
        guard type == 0, length >= 34 else {
            throw AlertSoundError.malformed(
                "the first metadata block is not a STREAMINFO of 34 bytes (type \(type), \(length) bytes)",
                chunk: chunk, offset: 4, chunkOffset: 0)
        }
        let stream = try streamInfo(head[8...], at: 8, chunk: chunk, chunkOffset: 0)
        info.sampleRate = stream.sampleRate
        info.channels = stream.channels
        info.bitsPerSample = stream.bits
        if stream.frames > 0 { info.frames = stream.frames }
        return info
    }

    /// What a STREAMINFO block's 34 bytes (from `offset` in the file) state; cut off or at 0 Hz, malformed.
    static func streamInfo(
        _ bytes: ArraySlice<UInt8>, at offset: Int64, chunk: FourCC, chunkOffset: Int64
    ) throws -> (sampleRate: Double, channels: Int, bits: Int, frames: Int64) {
        guard bytes.count >= 34 else {
            throw AlertSoundError.malformed(
                "the STREAMINFO block is cut off: \(bytes.count) of its 34 bytes", chunk: chunk,
                offset: offset + Int64(bytes.count), chunkOffset: chunkOffset)
        }
        let b = Array(bytes.prefix(34))
        // Block sizes (2 + 2 bytes), frame sizes (3 + 3), then rate (20 bits), channels - 1 (3),
        // bits - 1 (5) and the total of samples (36).
        let rate = Int(b[10]) << 12 | Int(b[11]) << 4 | Int(b[12]) >> 4
        let sampleRate = try checkSampleRate(
            Double(rate), chunk: chunk, offset: offset + 10, chunkOffset: chunkOffset)
        let channels = Int((b[12] >> 1) & 0x07) + 1
        let bits = Int((b[12] & 0x01) << 4 | b[13] >> 4) + 1
        let frames =
            Int64(b[13] & 0x0F) << 32 | Int64(b[14]) << 24 | Int64(b[15]) << 16 | Int64(b[16]) << 8 | Int64(b[17])
        return (sampleRate, channels, bits, frames)
    }
}
