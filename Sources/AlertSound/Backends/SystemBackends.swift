import AlertSoundCore

/// What the AlertSound library adds to the core's decoders and resamplers. The core finds this type
/// by its name at run time (see `AudioBackends` there): rename it and that lookup must change too,
/// which `CoreBoundaryTests` shows. It is `package`, not internal: nothing in this module names it,
/// so an optimised (whole-module) build removed an internal one, and a release binary lost
/// libsndfile, FFmpeg and libsamplerate without a word; `scripts/release` converts through them.
package enum SystemBackends: AudioBackends {
    package static func openUnrecognized(path: String, ffmpeg: FFmpegUse, nativeError: AlertSoundError) throws -> FrameReader {
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

    package static func sincResampler(ratio: Double, channels: Int, quality: ResamplerQuality, purpose: String) throws -> any Stage {
        try SincResampler(ratio: ratio, channels: channels, quality: quality, purpose: purpose)
    }
}
