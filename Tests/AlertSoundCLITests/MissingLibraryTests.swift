import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// The release binary starts without libsndfile and libsamplerate (loaded on first use); a
/// conversion that needs one names the package to install.
@Suite(.bug(id: 20, "a self-contained binary")) struct MissingLibraryTests {
    let cli = CommandLineTests()

    @Test func whatNeedsNoLibraryWorksWithoutThem() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let none = ["ALERTSOUND_LIBSNDFILE": "", "ALERTSOUND_LIBSAMPLERATE": "", "ALERTSOUND_FFMPEG": ""]
        #expect(try cli.run(["check", dir + "/chime.wav"], environment: none).status == 0)
        let converted = try cli.run(
            ["convert", dir + "/chime.wav", dir + "/out.caf", "-d", "ima4@22050"], environment: none)
        #expect(converted.status == 0, "our own resampler needs no library: \(converted.stderr)")
    }

    @Test func aMissingLibraryIsNamed() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let tone = (0..<4000).map { 0.5 * sin(2 * Double.pi * 441 * Double($0) / 8000) }
        try SoundWriter.write(.flac, path: dir + "/song.flac", samples: tone, rate: 8000, channels: 1)
        let decode = try cli.run(
            ["convert", dir + "/song.flac", dir + "/song.caf"],
            environment: ["ALERTSOUND_LIBSNDFILE": "", "ALERTSOUND_FFMPEG": ""])
        #expect(decode.status == 1)
        #expect(
            decode.stderr.contains(
                "libsndfile, which alertsound uses to decode formats it does not read itself, is not installed"))
        #expect(
            decode.stderr.contains("sudo apt-get install libsndfile1; macOS: brew install libsndfile"),
            "\(decode.stderr)")
        let resample = try cli.run(
            [
                "convert", dir + "/chime.wav", dir + "/best.caf", "-d", "ima4@22050", "--src-quality", "best",
                "--format", "json"
            ],
            environment: ["ALERTSOUND_LIBSAMPLERATE": ""])
        #expect(resample.status == 1)
        #expect(
            resample.stdout.contains("\"action\" : \"install-library\"")
                && resample.stdout.contains("\"library\" : \"libsamplerate\""), "\(resample.stdout)")
        // And with the libraries where the system keeps them, both work.
        #expect(
            try cli.run(["convert", dir + "/song.flac", dir + "/song2.caf"], environment: ["ALERTSOUND_FFMPEG": ""])
                .status == 0)
    }
}
