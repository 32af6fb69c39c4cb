import CSndFile

/// Writes what our own writers do not, through libsndfile: MP3 (libsndfile 1.1+ encodes it with
/// LAME) and FLAC. Made in code so no binary fixture is committed.
public enum SoundWriter {
    public enum Kind {
        case mp3, flac

        var format: Int32 {
            switch self {
            case .mp3: return Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
            case .flac: return Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
            }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `samples` are interleaved, ±1.0 full scale.
    public static func write(_ kind: Kind, path: String, samples: [Double], rate: Int, channels: Int) throws {
        var info = SF_INFO()
        info.samplerate = Int32(rate)
        info.channels = Int32(channels)
        info.format = kind.format
        guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
            throw Failure(description: "libsndfile cannot write \(kind) here: \(String(cString: sf_strerror(nil)))")
        }
        defer { sf_close(file) }
        let written = samples.withUnsafeBufferPointer { sf_writef_double(file, $0.baseAddress, sf_count_t(samples.count / channels)) }
        guard written == samples.count / channels else { throw Failure(description: String(cString: sf_strerror(file))) }
    }
}
