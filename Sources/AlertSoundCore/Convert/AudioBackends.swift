/// Decoders and resamplers that need a C library or a program, which the AlertSound library adds
/// to the core's own (libsndfile and ffmpeg for what our parsers do not decode, libsamplerate for
/// unusual rate ratios). AlertSoundCore cannot depend on that library, and an app that links the core
/// alone must not carry it, so the core finds it at run time: the AlertSound module's
/// `SystemBackends` conforms, and its type is looked up by its mangled name. When only the core is
/// linked there is none, and what needs it fails with an error of kind `unsupported`. A test of
/// the AlertSound library checks that the lookup finds it.
package protocol AudioBackends: Sendable {
    /// A reader for a file our header reader did not recognise (`nativeError`), or that error.
    static func openUnrecognized(path: String, ffmpeg: FFmpegUse, nativeError: AlertSoundError) throws -> FrameReader
    /// A reader for a file whose header we read but whose data our codecs cannot decode (`what`).
    static func open(path: String, info: SoundInfo, what: String, ffmpeg: FFmpegUse) throws -> FrameReader
    /// libsamplerate's sinc at this ratio, as a stage.
    static func sincResampler(
        ratio: Double, channels: Int, quality: ResamplerQuality, purpose: String
    ) throws -> any Stage
}

/// The AlertSound library's backends when it is linked into this program, else nil.
enum InstalledBackends {
    /// `AlertSound.SystemBackends` (an enum: `O`), looked up once.
    package static let type = _typeByName("10AlertSound14SystemBackendsO") as? any AudioBackends.Type
}

/// Whether to decode with the `ffmpeg` command what neither alertsound nor libsndfile reads (AAC,
/// ALAC in MP4, Opus), and which one.
public enum FFmpegUse: Sendable, Hashable {
    /// `ALERTSOUND_FFMPEG` when set (empty: never), else `ffmpeg` on `PATH`: the command's default.
    case environment
    /// Never start ffmpeg: such inputs fail with an error of kind `unsupported`.
    case never
    /// This executable.
    case at(String)
}
