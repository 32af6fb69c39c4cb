import AlertSoundCore

/// What the AlertSound library adds to the core's decoders and resamplers. The core finds this type
/// by its name at run time (see `AudioBackends` there): rename it and that lookup must change too,
/// which `CoreBoundaryTests` shows. It is `package`, not internal: nothing in this module names it,
/// so an optimised (whole-module) build removed an internal one, and a release binary lost
/// libsndfile, FFmpeg and libsamplerate without a word; `scripts/dist/release` converts through them.
package enum SystemBackends: AudioBackends {
    package static func openUnrecognized(
        path: String, ffmpeg: FFmpegUse, nativeError: AlertSoundError
    ) throws -> FrameReader {
        if let reader = try? SndFileReader(path: path) { return reader }
        guard let ffmpeg = FFmpegReader.locate(ffmpeg) else { throw nativeError }
        do {
            return try FFmpegReader(path: path, executable: ffmpeg)
        } catch let failure as AlertSoundError {
            var combined = nativeError
            combined.message += "; " + failure.message
            throw combined
        }
    }

    package static func open(path: String, info: SoundInfo, what: String, ffmpeg: FFmpegUse) throws -> FrameReader {
        do {
            let reader = try SndFileReader(path: path)
            return try wholeMPEG(reader, path: path, info: info, ffmpeg: ffmpeg) ?? reader
        } catch let error as AlertSoundError {
            guard let ffmpeg = FFmpegReader.locate(ffmpeg) else {
                // A missing libsndfile is the lighter install of the two that would decode it.
                throw AlertSoundError(
                    .unsupported,
                    "cannot decode \(what): libsndfile cannot (\(error.message)), and ffmpeg, "
                        + "which can, is not installed", path: path,
                    suggestion: error.suggestion ?? Suggestion(.installDecoder))
            }
            let priming = info.container == .caf ? info.primingFrames ?? 0 : nil
            return try FFmpegReader(path: path, executable: ffmpeg, frames: info.frames, priming: priming, what: what)
        }
    }

    /// libsndfile stops reading at the length mpg123 gives it, which for a variable-bit-rate MP3
    /// without a length tag is an estimate from the first frame's bit rate (a 2.9 s file read as
    /// 0.48 s). Where the frame headers count more, FFmpeg decodes it whole; without FFmpeg it is
    /// an error, not a silently shortened sound. `nil`: libsndfile's reader is fine.
    private static func wholeMPEG(
        _ reader: SndFileReader, path: String, info: SoundInfo, ffmpeg: FFmpegUse
    ) throws -> FrameReader? {
        guard info.container == .mp3, let got = reader.frameCount,
            let frames = try info.frames ?? MPEGFrames.walkedLength(FileSource(path: path)),
            got + Int64(info.framesPerPacket ?? 1152) < frames
        else { return nil }
        guard let executable = FFmpegReader.locate(ffmpeg) else {
            throw AlertSoundError(
                .unsupported,
                "libsndfile would decode only \(got) of this MP3's \(frames) frames (it estimates the length of a "
                    + "variable-bit-rate MP3 without a length tag from its first frame), and ffmpeg, which decodes it whole, is not installed",
                path: path, suggestion: Suggestion(.installDecoder))
        }
        return try FFmpegReader(path: path, executable: executable, frames: frames, what: "MP3")
    }

    package static func sincResampler(
        ratio: Double, channels: Int, quality: ResamplerQuality, purpose: String
    ) throws -> any Stage {
        try SincResampler(ratio: ratio, channels: channels, quality: quality, purpose: purpose)
    }
}
