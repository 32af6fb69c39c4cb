/// A decoded input, read in blocks so memory stays bounded however long the file is.
/// Samples are interleaved doubles where ±1.0 is full scale; every value the input holds (any
/// integer width, 32- or 64-bit float) is exact.
protocol FrameReader: AnyObject {
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
    var backend: AudioDecoder { .native }
    var directCoding: SampleCoding? { nil }
    func readInt16(maxFrames: Int) throws -> [Int16] { quantize16(try read(maxFrames: maxFrames)) }
    func readCodes(maxFrames: Int) throws -> [UInt8] { [] }
}

/// Opens `path` with the native reader when our own parsers understand the data (AIFF, WAV,
/// CAF with PCM, µ/A-law or IMA4), with libsndfile for everything else it can decode, and with
/// the `ffmpeg` command, when there is one, for what libsndfile cannot (AAC, ALAC in MP4, Opus in CAF).
/// `opened`: the file already open and its header read (by `check --levels`), not read again.
func openFrameReader(path: String, opened: (source: FileSource, info: SoundInfo)? = nil, ffmpeg: FFmpegUse = .environment) throws -> FrameReader {
    let source: FileSource
    let info: SoundInfo
    do {
        source = try opened?.source ?? SoundFile.open(path: path)
        info = try opened?.info ?? SoundFile.inspect(source: source, name: path)
    } catch let error as AlertSoundError {
        // libsndfile reads some formats our header reader does not (e.g. Sphinx, VOC, W64), ffmpeg more.
        guard error.kind == .unrecognized else { throw error.about(path) }
        if let reader = try? SndFileReader(path: path) { return reader }
        guard let ffmpeg = FFmpegReader.locate(ffmpeg) else { throw error.about(path) }
        do {
            return try FFmpegReader(path: path, executable: ffmpeg)
        } catch let failure as AlertSoundError {
            var combined = error.about(path)
            combined.message += "; " + failure.message
            throw combined
        }
    }
    // The header was parsed once; the native reader decodes from the same open file.
    if let reader = NativeReader(source: source, info: info) { return reader }
    let what = info.coding.map { "\(info.container.displayName) with \($0.code) data" } ?? info.container.displayName
    do {
        return try SndFileReader(path: path)
    } catch let error as AlertSoundError {
        guard let ffmpeg = FFmpegReader.locate(ffmpeg) else {
            // A missing libsndfile is the lighter install of the two that would decode it.
            throw AlertSoundError(.unsupported, "cannot decode \(what): libsndfile cannot (\(error.message)), and ffmpeg, "
                + "which can, is not installed", path: path, suggestion: error.suggestion ?? Suggestion(.installDecoder))
        }
        let priming = info.container == .caf ? info.primingFrames ?? 0 : nil
        return try FFmpegReader(path: path, executable: ffmpeg, frames: info.frames, priming: priming, what: what)
    }
}