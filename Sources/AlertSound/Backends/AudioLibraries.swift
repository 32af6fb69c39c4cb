import AlertSoundCore
import CAudioLibraries

/// libsndfile and libsamplerate, loaded on first use (see `audio_libraries.h` for why). A feature
/// that needs a missing one throws an error that names it; everything else works without them.
enum AudioLibraries {
    /// Swift initialises a static once, thread-safely, on first access.
    private static let sndfileAPI: as_sndfile_api? = as_load_sndfile()?.pointee
    private static let samplerateAPI: as_samplerate_api? = as_load_samplerate()?.pointee

    /// libsndfile's entry points, or an error saying it is not installed.
    static func sndfile(for purpose: String) throws -> as_sndfile_api {
        guard let api = sndfileAPI else { throw missing("libsndfile", purpose) }
        return api
    }

    /// libsamplerate's entry points, or an error saying it is not installed.
    static func samplerate(for purpose: String) throws -> as_samplerate_api {
        guard let api = samplerateAPI else { throw missing("libsamplerate", purpose) }
        return api
    }

    private static func missing(_ library: String, _ purpose: String) -> AlertSoundError {
        AlertSoundError(
            .unsupported, "\(library), which alertsound uses \(purpose), is not installed",
            suggestion: Suggestion(.installLibrary, library: library))
    }
}
