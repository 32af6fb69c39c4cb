/// Sun/NeXT `.snd` headers: recognised so the message can say what the file is; a rate or channel
/// count no container may state is `malformed`, as in every other reader.
enum AUReader {
    static func read(_ source: ByteSource) throws -> SoundInfo {
        var r = ByteReader(try source.read(at: 0, count: 24), order: .bigEndian)
        var info = SoundInfo(container: .au, fileSize: source.size)
        try parsing(".snd", at: 0) {
            _ = try r.fourCC()
            let offset = Int64(try r.u32())
            let size = try r.u32()
            let encoding = try r.u32()
            let rate = try r.u32()
            let channels = try r.u32()
            let formats: [UInt32: (SampleCoding, Int)] = [
                1: (.ulaw, 8), 2: (.integer(8, order: .bigEndian), 8), 3: (.integer(16, order: .bigEndian), 16),
                4: (.integer(24, order: .bigEndian), 24),
                5: (.integer(32, order: .bigEndian), 32), 6: (.float(32, order: .bigEndian), 32),
                7: (.float(64, order: .bigEndian), 64), 27: (.alaw, 8)
            ]
            info.formatID = String(encoding)
            info.coding = formats[encoding]?.0 ?? .other("au-encoding-\(encoding)")
            info.bitsPerSample = formats[encoding]?.1
            // What is not a sound in any other container (0 Hz, 0 channels) is not one here either.
            info.sampleRate = try checkSampleRate(Double(rate), chunk: ".snd", offset: 16, chunkOffset: 0)
            info.channels = try checkChannels(channels, chunk: ".snd", offset: 20, chunkOffset: 0)
            guard offset <= source.size else { return }
            info.dataOffset = offset
            let available = source.size - offset
            info.dataSize = size == 0xFFFF_FFFF ? available : min(Int64(size), available)
            if let bits = info.bitsPerSample, let ch = info.channels, let dataSize = info.dataSize {
                info.frames = dataSize / Int64(bits / 8 * ch)
            }
        }
        return info
    }
}
