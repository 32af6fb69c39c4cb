/// A decoded input, read in blocks so memory stays bounded however long the file is.
/// Samples are interleaved doubles where ±1.0 is full scale; every value the input holds (any
/// integer width, 32- or 64-bit float) is exact.
package protocol FrameReader: AnyObject {
    var sampleRate: Double { get }
    var channels: Int { get }
    /// The true length, when the input states it.
    var frameCount: Int64? { get }
    /// How the input is coded, for `-v`.
    var formatDescription: String { get }
    /// Who decodes the samples.
    var backend: AudioDecoder { get }
    /// What afconvert carries from the input into a CAF output besides the audio.
    var sourceFacts: SourceFacts { get }
    /// Up to `maxFrames` frames; an empty array at the end.
    func read(maxFrames: Int) throws -> [Double]
    /// The input's coding when the frames can be read in their own units: 16-bit PCM with
    /// `readInt16`, G.711 with `readCodes`.
    var directCoding: SampleCoding? { get }
    /// Up to `maxFrames` frames of 16-bit samples (only when `directCoding` is 16-bit PCM).
    func readInt16(maxFrames: Int) throws -> [Int16]
    /// Up to `maxFrames` frames of G.711 codes (only when `directCoding` is a law).
    func readCodes(maxFrames: Int) throws -> [UInt8]
}

/// Who decodes an input's samples: our own readers, libsndfile, or the `ffmpeg` command.
public enum AudioDecoder: String, Sendable, Hashable, Codable {
    /// alertsound's own readers (AIFF, WAV, CAF with PCM, µLaw, aLaw, IMA4).
    case native
    /// libsndfile, for formats it decodes and alertsound does not.
    case libsndfile
    /// The `ffmpeg` command, for what neither reads (AAC, ALAC, Opus, MP3 in some containers).
    case ffmpeg
}

extension FrameReader {
    package var backend: AudioDecoder { .native }
    package var directCoding: SampleCoding? { nil }
    package func readInt16(maxFrames: Int) throws -> [Int16] { quantize16(try read(maxFrames: maxFrames)) }
    package func readCodes(maxFrames: Int) throws -> [UInt8] { [] }
}

/// Opens `path` with the native reader when our own parsers understand the data (AIFF, WAV,
/// CAF with PCM, µ/A-law or IMA4); through the AlertSound library's backends (``AudioBackends``),
/// when it is linked, with libsndfile for everything else it can decode, and with the `ffmpeg`
/// command, when there is one, for what libsndfile cannot (AAC, ALAC in MP4, Opus in CAF).
/// `opened`: the file already open and its header read (by `check --levels`), not read again.
package func openFrameReader(
    path: String, opened: (source: FileSource, info: SoundInfo)? = nil, ffmpeg: FFmpegUse = .environment
) throws -> FrameReader {
    let source: FileSource
    let info: SoundInfo
    do {
        source = try opened?.source ?? SoundFile.open(path: path)
        info = try opened?.info ?? SoundFile.inspect(source: source, name: path)
    } catch let error as AlertSoundError {
        // libsndfile reads some formats our header reader does not (e.g. Sphinx, VOC, W64), ffmpeg more.
        guard error.kind == .unrecognized, let backends = InstalledBackends.type else { throw error.about(path) }
        return try backends.openUnrecognized(path: path, ffmpeg: ffmpeg, nativeError: error.about(path))
    }
    // The header was parsed once; the native reader decodes from the same open file.
    if let reader = NativeReader(source: source, info: info) { return reader }
    let what = info.coding.map { "\(info.container.displayName) with \($0.code) data" } ?? info.container.displayName
    guard let backends = InstalledBackends.type else {
        throw AlertSoundError(
            .unsupported,
            "cannot decode \(what): AlertSoundCore decodes linear PCM, µ-law, A-law and IMA4; "
                + "the AlertSound library decodes more with libsndfile or ffmpeg", path: path)
    }
    return try backends.open(path: path, info: info, what: what, ffmpeg: ffmpeg)
}
