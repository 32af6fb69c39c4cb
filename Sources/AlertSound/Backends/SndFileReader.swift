import CSndFile

/// Decodes what our own readers leave to libsndfile: WAV IMA/MS ADPCM, GSM, MP3, FLAC, Ogg,
/// ALAC and the rest. Reads doubles, which hold every integer and float sample libsndfile decodes
/// exactly (it scales N-bit integers by 2^(N-1)), so rounding stays ours.
final class SndFileReader: FrameReader {
    let sampleRate: Double
    let channels: Int
    let frameCount: Int64?
    let formatDescription: String
    /// Inferred: what Apple's readers supply for these formats is not known, so nothing is carried.
    let sourceInfo: [InfoEntry] = []
    let backend = AudioDecoder.libsndfile
    private let handle: OpaquePointer

    init(path: String) throws {
        var info = SF_INFO()
        guard let handle = sf_open(path, Int32(SFM_READ), &info) else {
            throw AlertSoundError(.unreadable, String(cString: sf_strerror(nil)))
        }
        guard info.channels > 0, info.samplerate > 0 else {
            sf_close(handle)
            throw AlertSoundError(.unsupported, "libsndfile reports \(info.channels) channels at \(info.samplerate) Hz")
        }
        self.handle = handle
        channels = Int(info.channels)
        sampleRate = Double(info.samplerate)
        frameCount = info.frames > 0 && info.frames < Int64.max / 2 ? info.frames : nil
        var format = SF_FORMAT_INFO()
        format.format = info.format & Int32(SF_FORMAT_SUBMASK)
        let name = sf_command(handle, Int32(SFC_GET_FORMAT_INFO), &format, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0 && format.name != nil
            ? String(cString: format.name) : "format 0x\(String(info.format, radix: 16))"
        formatDescription = "\(channels) ch, \(info.samplerate) Hz, \(name) (decoded by libsndfile)"
    }

    deinit { sf_close(handle) }

    func read(maxFrames: Int) throws -> [Double] {
        var buffer = [Double](repeating: 0, count: maxFrames * channels)
        let got = buffer.withUnsafeMutableBufferPointer { sf_readf_double(handle, $0.baseAddress, sf_count_t(maxFrames)) }
        if got < 0 { throw AlertSoundError(.unreadable, String(cString: sf_strerror(handle))) }
        if Int(got) < maxFrames { buffer.removeLast((maxFrames - Int(got)) * channels) }
        return buffer
    }
}
