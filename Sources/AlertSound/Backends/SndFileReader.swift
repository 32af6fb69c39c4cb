import AlertSoundCore
import CAudioLibraries

/// Decodes what our own readers leave to libsndfile: WAV IMA/MS ADPCM, GSM, MP3, FLAC, Ogg,
/// ALAC and the rest. Reads doubles, which hold every integer and float sample libsndfile decodes
/// exactly (it scales N-bit integers by 2^(N-1)), so rounding stays ours.
final class SndFileReader: FrameReader {
    let sampleRate: Double
    let channels: Int
    let frameCount: Int64?
    let formatDescription: String
    /// Inferred: what Apple's readers supply for these formats is not known, so nothing is carried.
    let sourceFacts = SourceFacts()
    let backend = AudioDecoder.libsndfile
    private let handle: OpaquePointer
    private let library: as_sndfile_api

    init(path: String) throws {
        library = try AudioLibraries.sndfile(for: "to decode formats it does not read itself")
        var info = as_sf_info()
        guard let handle = library.open(path, Int32(AS_SFM_READ), &info) else {
            throw AlertSoundError(.unreadable, String(cString: library.strerror(nil)))
        }
        guard info.channels > 0, info.samplerate > 0 else {
            _ = library.close(handle)
            throw AlertSoundError(.unsupported, "libsndfile reports \(info.channels) channels at \(info.samplerate) Hz")
        }
        self.handle = handle
        channels = Int(info.channels)
        sampleRate = Double(info.samplerate)
        frameCount = info.frames > 0 && info.frames < Int64.max / 2 ? info.frames : nil
        var format = as_sf_format_info(format: 0, name: nil, extension: nil)
        format.format = info.format & Int32(AS_SF_FORMAT_SUBMASK)
        let known =
            library.command(handle, Int32(AS_SFC_GET_FORMAT_INFO), &format, Int32(MemoryLayout<as_sf_format_info>.size))
            == 0
        let name = known ? format.name.map { String(cString: $0) } : nil
        formatDescription =
            "\(channels) ch, \(info.samplerate) Hz, \(name ?? "format 0x\(String(info.format, radix: 16))") (decoded by libsndfile)"
    }

    deinit { _ = library.close(handle) }

    func read(maxFrames: Int) throws -> [Double] {
        var buffer = [Double](repeating: 0, count: maxFrames * channels)
        let got = buffer.withUnsafeMutableBufferPointer {
            library.readf_double(handle, $0.baseAddress, as_sf_count_t(maxFrames))
        }
        if got < 0 { throw AlertSoundError(.unreadable, String(cString: library.strerror(handle))) }
        if Int(got) < maxFrames { buffer.removeLast((maxFrames - Int(got)) * channels) }
        return buffer
    }
}
