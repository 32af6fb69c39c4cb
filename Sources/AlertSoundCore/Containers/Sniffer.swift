/// Identifies a file from its first bytes. The extension is never consulted. What it finds is said
/// in the format vocabulary: the container, and for a stream whose first bytes name it, the coding.
package enum Sniffer {
    /// What the first bytes show: the container (AIFF or AIFF-C, WAV, RF64 or RIFX told apart by
    /// their headers), and the coding where the bytes name it (FLAC, Vorbis, MP3 …); the readers of
    /// the containers alertsound reads learn the coding from their chunks.
    typealias Identified = (container: ContainerKind, coding: SampleCoding?)

    static func identify(_ source: ByteSource) throws -> Identified {
        guard source.size > 0 else { throw AlertSoundError(.malformed, "the file is empty") }
        var start: Int64 = 0
        // ID3v2 tags prefix MP3 (and occasionally other) streams; look behind them.
        var head = try source.read(at: 0, count: 64)
        if let audio = audioStart(head) {
            start = audio
            head = try source.read(at: start, count: 64)
            if let kind = frameSync(head) ?? streamMagic(head) { return kind }
            // Some writers leave bytes between the tag and the first frame, which decoders skip:
            // a run of frames that agree, found after the tag, is the stream. Text that merely
            // starts "ID3" has none.
            if let frames = try MPEGFrames.streamStart(source),
                let kind = frameSync(try source.read(at: frames, count: 4))
            {
                return kind
            }
            throw AlertSoundError(
                .unrecognized,
                "an ID3 tag with no MPEG audio after it: not a sound file alertsound recognises (the tag ends at byte \(start))"
            )
        }
        if let kind = try containerMagic(head) { return kind }
        if let kind = streamMagic(head) { return kind }
        // A sync word alone is two bytes text can hold too (UTF-16's byte-order mark): without an
        // ID3 tag, MPEG audio is recognised by a run of frames that agree.
        if let kind = frameSync(head) {
            if kind.container == .adts { return kind }
            let bytes = try source.read(at: 0, count: Int(min(source.size, Int64(MPEGFrames.bytesNeeded))))
            if MPEGFrames.isStream(bytes, complete: Int64(bytes.count) == source.size) { return kind }
        }
        // Padding or junk before the first frame, which Android's extractor and FFmpeg skip.
        if let frames = try MPEGFrames.streamStart(source), let kind = frameSync(try source.read(at: frames, count: 4)),
            kind.container == .mp3
        {
            return kind
        }
        // A checkout without Git LFS leaves the pointer where the sound should be: say so, since the
        // fix is in the checkout (CI's most common cause), not in the sound.
        if head.starts(with: Array("version https://git-lfs.github.com/spec/".utf8)) {
            throw AlertSoundError(
                .unrecognized,
                "a Git LFS pointer, not the sound: its bytes were never fetched (run `git lfs pull`; in CI, check out with LFS, e.g. actions/checkout's `lfs: true`)"
            )
        }
        throw AlertSoundError(.unrecognized, "not a sound file alertsound recognises (it starts with \(preview(head)))")
    }

    /// Where the audio starts behind an ID3v2 tag at the start of `head`; nil without one. A tag is
    /// `ID3`, a major version of 2 to 4, a revision below 0xFF and a size of four 7-bit bytes (the
    /// ID3v2 header); text that starts "ID3" is not one.
    static func audioStart(_ head: [UInt8]) -> Int64? {
        guard head.count >= 10, head.starts(with: Array("ID3".utf8)), (2...4).contains(head[3]), head[4] != 0xFF,
            head[6...9].allSatisfy({ $0 < 0x80 })
        else { return nil }
        let syncsafe = head[6...9].reduce(Int64(0)) { $0 << 7 | Int64($1 & 0x7F) }
        return 10 + syncsafe + (head[5] & 0x10 != 0 ? 10 : 0)
    }

    /// What the first bytes show, without a message when they show nothing: bundle walks sniff
    /// every file not named like a sound, and building the message for each cost more than the
    /// sniffing (callgrind, an .ipa of 5,000 other files). An ID3 tag counts as MP3; an MPEG sync
    /// word alone does not (text starts with one), so an MP3 with neither tag nor name is missed.
    static func kind(of head: [UInt8]) -> Identified? {
        guard head.count >= 4 else { return nil }
        if audioStart(head) != nil { return (.mp3, .codec(.mp3)) }
        if let found = (try? containerMagic(head)) ?? streamMagic(head) { return found }
        return frameSync(head).flatMap { $0.container == .adts ? $0 : nil }
    }

    private static func containerMagic(_ b: [UInt8]) throws -> Identified? {
        guard b.count >= 4 else {
            throw AlertSoundError(.malformed, "the file is only \(b.count) byte\(b.count == 1 ? "" : "s") long")
        }
        let magic = FourCC(b[0..<4])
        switch magic {
        case "caff": return (.caf, nil)
        // The form type says which; a short or odd one is the AIFF reader's to refuse.
        case "FORM": return (b.count >= 12 && FourCC(b[8..<12]) == "AIFC" ? .aifc : .aiff, nil)
        case "RIFF": return (.wav, nil)
        case "RIFX": return (.rifx, nil)
        case "RF64", "BW64": return (.rf64, nil)
        case ".snd": return (.au, nil)
        default: break
        }
        if b.count >= 12, FourCC(b[4..<8]) == "ftyp" { return (.mp4, nil) }
        return nil
    }

    private static func streamMagic(_ b: [UInt8]) -> Identified? {
        if b.starts(with: Array("fLaC".utf8)) { return (.flac, .codec(.flac)) }
        if b.starts(with: Array("OggS".utf8)) { return (.ogg, oggCodec(b)) }
        if b.starts(with: Array("#!AMR".utf8)) { return (.amr, .codec(.amr)) }
        return nil
    }

    /// MPEG audio and ADTS AAC frames start with an 11- or 12-bit sync word.
    private static func frameSync(_ b: [UInt8]) -> Identified? {
        guard b.count >= 4, b[0] == 0xFF, b[1] & 0xE0 == 0xE0 else { return nil }
        if b[1] & 0xF6 == 0xF0 { return (.adts, .codec(.aac)) }
        guard let header = MPEGFrames.Header(b[...]) else { return nil }
        return (.mp3, .codec([OtherCodec.mp3, .mp2, .mp1][Int(header.layer) - 1]))
    }

    private static func oggCodec(_ b: [UInt8]) -> SampleCoding? {
        // The first page's first packet names the codec; the page header is 27 bytes plus the segment table.
        guard b.count > 27 else { return nil }
        let packet = Array(b.dropFirst(27 + Int(b[26])))
        if packet.starts(with: [0x01] + Array("vorbis".utf8)) { return .codec(.vorbis) }
        if packet.starts(with: Array("OpusHead".utf8)) { return .codec(.opus) }
        if packet.starts(with: [0x7F] + Array("FLAC".utf8)) { return .codec(.flac) }
        if packet.starts(with: Array("Speex".utf8)) { return .codec(.speex) }
        return nil
    }

    package static func preview(_ b: [UInt8]) -> String {
        let first = b.prefix(8)
        let hex = first.map(hex2).joined(separator: " ")
        let text = String(first.map { (0x20...0x7E).contains($0) ? Character(UnicodeScalar($0)) : "." })
        return "\(hex) '\(text)'"
    }
}

/// Whether the first bytes of a file are audio, for sounds with a missing or unusual extension.
/// A magic number alone is not enough, since text and other formats start with the same four
/// letters (`RIFF` notes, an AVI, an `ID3 …` README): RIFF counts with its `WAVE` form type, FORM
/// with `AIFF` or `AIFC`, an ID3 tag with a valid header, CAF with its version 1, MPEG-4 with an
/// audio brand (so videos are not mistaken for sounds).
package func looksLikeSound(_ head: [UInt8]) -> Bool {
    guard let found = Sniffer.kind(of: head) else { return false }
    func form(_ types: [String]) -> Bool {
        head.count >= 12 && types.contains(String(decoding: head[8..<12], as: UTF8.self))
    }
    switch found.container {
    case .mp4: return form(["M4A ", "M4B ", "M4P "])
    case .wav: return form(["WAVE"])
    case .rf64: return form(["WAVE"])
    case .rifx: return form(["WAVE"])
    case .aiff, .aifc: return form(["AIFF", "AIFC"])
    case .caf: return head.count >= 6 && head[4] == 0 && head[5] == 1
    default: return true
    }
}
