/// MPEG-4 (M4A, MP4, MOV): what the first audio track's boxes state, to report it. iOS does not
/// play it as a notification sound, so nothing here decides a verdict; `info` shows what it knows.
/// Only box headers and the few small boxes named below are read, never a sample table.
enum MP4Reader {
    static func read(_ source: ByteSource, coding: SampleCoding?) throws -> SoundInfo {
        var info = SoundInfo(container: .mp4, fileSize: source.size)
        info.coding = coding
        // A box cut short leaves what was read before it: this reading only informs.
        try? readTrack(source, into: &info)
        return info
    }

    private static func readTrack(_ source: ByteSource, into info: inout SoundInfo) throws {
        var budget = Limits.maximumChunks
        guard
            let moov = try boxes(in: source, from: 0, to: source.size, budget: &budget).first(where: {
                $0.type == "moov"
            })
        else { return }
        for trak in try boxes(in: source, from: moov.payload, to: moov.end, budget: &budget) where trak.type == "trak" {
            let inTrak = try children(of: trak, in: source, budget: &budget)
            guard let mdia = inTrak["mdia"] else { continue }
            let inMdia = try children(of: mdia, in: source, budget: &budget)
            guard let hdlr = inMdia["hdlr"], try source.read(at: hdlr.payload + 8, count: 4).elementsEqual("soun".utf8)
            else { continue }
            // mdhd: the track's length in units of its time scale.
            var length: (units: Int64, scale: Int64)?
            if let mdhd = inMdia["mdhd"] {
                var r = ByteReader(try source.read(at: mdhd.payload, count: 32), base: mdhd.payload, order: .bigEndian)
                let version = try r.u8()
                _ = try r.take(version == 1 ? 19 : 11)
                let scale = Int64(try r.u32())
                let units = version == 1 ? Int64(clamping: try r.u64()) : Int64(try r.u32())
                if scale > 0 { length = (units, scale) }
            }
            // An edit list's first media time is the encoder's priming (AAC's 1,024 or 2,112), which players skip.
            if let edts = inTrak["edts"], let elst = try children(of: edts, in: source, budget: &budget)["elst"],
                let units = length?.units
            {
                var r = ByteReader(try source.read(at: elst.payload, count: 24), base: elst.payload, order: .bigEndian)
                let version = try r.u8()
                _ = try r.take(3)
                if try r.u32() > 0 {
                    _ = try r.take(version == 1 ? 8 : 4)
                    let start = version == 1 ? Int64(bitPattern: try r.u64()) : Int64(Int32(bitPattern: try r.u32()))
                    if start > 0, start < units { length?.units = units - start }
                }
            }
            guard let minf = inMdia["minf"], let stbl = try children(of: minf, in: source, budget: &budget)["stbl"],
                let stsd = try children(of: stbl, in: source, budget: &budget)["stsd"]
            else { return }
            // stsd: version and flags, an entry count, then the first sample entry (a box).
            guard let entry = try boxes(in: source, from: stsd.payload + 8, to: stsd.end, budget: &budget).first else {
                return
            }
            info.formatID = entry.type.description
            info.coding =
                entry.type == "mp4a"
                ? .codec(.aac) : entry.type == ".mp3" ? .codec(.mp3) : .other(entry.type.otherCodingName)
            // AudioSampleEntry: 8 bytes reserved and reference, 8 reserved, channels, sample size, 4, rate as 16.16.
            var r = ByteReader(try source.read(at: entry.payload, count: 28), base: entry.payload, order: .bigEndian)
            _ = try r.take(16)
            let channels = try r.u16()
            let bits = try r.u16()
            _ = try r.take(4)
            let rate = Double(try r.u32() >> 16)
            if (1...Limits.maximumChannels).contains(Int(channels)) { info.channels = Int(channels) }
            if entry.type != "mp4a", bits > 0 { info.bitsPerSample = Int(bits) }
            guard Limits.readableSampleRates.contains(rate) else { return }
            info.sampleRate = rate
            // The time scale is the sample rate in what iTunes, afconvert and FFmpeg write; else converted.
            if let length {
                info.frames =
                    length.scale == Int64(rate)
                    ? length.units : Int64((Double(length.units) * rate / Double(length.scale)).rounded())
            }
            return
        }
    }

    struct Box {
        var type: FourCC
        var payload: Int64
        var end: Int64
    }

    /// The boxes between `from` and `to`, by their headers; a size that runs past `to` ends the list.
    static func boxes(in source: ByteSource, from: Int64, to: Int64, budget: inout Int) throws -> [Box] {
        var found: [Box] = []
        var at = from
        while at + 8 <= to, budget > 0 {
            budget -= 1
            var r = ByteReader(try source.read(at: at, count: 16), base: at, order: .bigEndian)
            var size = Int64(try r.u32())
            let type = try r.fourCC()
            var header: Int64 = 8
            if size == 1 {
                guard let large = try? r.u64(), large <= UInt64(Int64.max) else { break }
                size = Int64(large)
                header = 16
            } else if size == 0 {
                size = to - at
            }
            guard size >= header, size <= to - at else { break }
            found.append(Box(type: type, payload: at + header, end: at + size))
            at += size
        }
        return found
    }

    /// A box's children by type, each header read once (the first of a type counts).
    static func children(of box: Box, in source: ByteSource, budget: inout Int) throws -> [FourCC: Box] {
        try boxes(in: source, from: box.payload, to: box.end, budget: &budget).reduce(into: [:]) { found, child in
            if found[child.type] == nil { found[child.type] = child }
        }
    }
}
