import CAudioLibraries

/// Writes what our own writers do not, through libsndfile: MP3 (libsndfile 1.1+ encodes it with
/// LAME) and FLAC. Made in code so no binary fixture is committed.
public enum SoundWriter {
    public enum Kind {
        case mp3, flac

        var format: Int32 {
            switch self {
            case .mp3: return Int32(AS_SF_FORMAT_MPEG | AS_SF_FORMAT_MPEG_LAYER_III)
            case .flac: return Int32(AS_SF_FORMAT_FLAC | AS_SF_FORMAT_PCM_16)
            }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `samples` are interleaved, ±1.0 full scale.
    public static func write(_ kind: Kind, path: String, samples: [Double], rate: Int, channels: Int) throws {
        guard let library = as_load_sndfile()?.pointee else {
            throw Failure(description: "libsndfile is not installed")
        }
        var info = as_sf_info()
        info.samplerate = Int32(rate)
        info.channels = Int32(channels)
        info.format = kind.format
        guard let file = library.open(path, Int32(AS_SFM_WRITE), &info) else {
            throw Failure(
                description: "libsndfile cannot write \(kind) here: \(String(cString: library.strerror(nil)))")
        }
        defer { _ = library.close(file) }
        let written = samples.withUnsafeBufferPointer {
            library.writef_double(file, $0.baseAddress, as_sf_count_t(samples.count / channels))
        }
        guard written == samples.count / channels else {
            throw Failure(description: String(cString: library.strerror(file)))
        }
    }
}
