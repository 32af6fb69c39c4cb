import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// The line between AlertSoundCore (no C library) and the AlertSound library above it: the core
/// finds the library's decoders and resamplers at run time (`InstalledBackends`), and a program
/// that links the core alone (InstallProbe) has only the core's own.
@Suite struct CoreBoundaryTests {
    /// Runs InstallProbe with these arguments; its exit status and standard output.
    static func probe(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = try SoundInstallerTests.installProbe()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func theLibraryIsFoundByTheCore() {
        // The core looks `AlertSound.SystemBackends` up by its mangled name: renamed, this fails.
        let found = InstalledBackends.type
        #expect(found != nil)
        #expect(found.map { String(reflecting: $0) } == "AlertSound.SystemBackends")
    }

    /// Debug builds keep every type; an optimised build drops an internal type nothing names, and
    /// did drop this one. It must stay visible beyond its module (`package`), which this holds.
    @Test func theBackendsSurviveAnOptimisedBuild() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/AlertSound/Backends/SystemBackends.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        #expect(
            text.contains("\npackage enum SystemBackends: AudioBackends {")
                || text.contains("\npublic enum SystemBackends: AudioBackends {"))
    }

    @Test func theCoreAloneDecodesItsOwnAndNamesWhatItLacks() throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tone = (0..<8000).map { 0.3 * sin(Double($0) * 0.05) }
        try SoundWriter.write(.flac, path: dir + "/ding.flac", samples: tone, rate: 8000, channels: 1)
        try FixTests.write(dir + "/ding.wav", rate: 8000, channels: 1, samples: tone)

        // Linked with the library (this test), libsndfile decodes the FLAC.
        let converted = try Converter().convert(input: dir + "/ding.flac", output: dir + "/here.caf")
        #expect(converted.frames == 8000)

        // The core alone: a WAV converts; the FLAC is refused as unsupported, and the error says why.
        let (wavStatus, wavOutput) = try Self.probe(["--convert", dir + "/ding.wav", dir + "/core.caf"])
        #expect(wavStatus == 0 && wavOutput.hasPrefix("converted 8000"), "\(wavOutput)")
        let (flacStatus, flacOutput) = try Self.probe(["--convert", dir + "/ding.flac", dir + "/core2.caf"])
        #expect(flacStatus == 1)
        #expect(
            flacOutput.hasPrefix("unsupported") && flacOutput.contains("AlertSoundCore decodes linear PCM"),
            "\(flacOutput)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/core2.caf"))
    }

    @Test func theCoreAloneResamplesUsualRatiosOnly() throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 44.1 -> 48 kHz is a usual pair: the core's own polyphase filter takes it.
        let own = try Resampler(from: 44_100, to: 48_000, channels: 2)
        #expect(try own.process([Double](repeating: 0.5, count: 2 * 4410), end: true).count > 2 * 4700)
        // An odd ratio needs libsamplerate, which this test's process has (the library is linked).
        let odd = try Resampler(from: 44_100, to: 44_101, channels: 1)
        #expect(try odd.process([Double](repeating: 0.25, count: 44_100), end: true).count > 44_000)
    }
}
