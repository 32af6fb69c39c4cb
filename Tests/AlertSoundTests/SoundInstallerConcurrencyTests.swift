import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `SoundInstaller` when an app and its Notification Service Extension install one name at once,
/// and when the folder holds files it did not write.
@Suite struct SoundInstallerConcurrencyTests {
    /// Two installs of one name with different content, 200 times: a version is always left, and
    /// it is one of the two. Before the folder lock, 13 pairs in 200 left none.
    @Test func twoInstallsOfOneNameAlwaysLeaveOne() async throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sounds = URL(fileURLWithPath: dir + "/Sounds")
        let installer = SoundInstaller(soundsDirectory: sounds)
        let a = try Data(
            contentsOf: try SoundInstallerTests.source(dir, "a.wav", level: -20, seconds: 0.02, channels: 1))
        let b = try Data(
            contentsOf: try SoundInstallerTests.source(dir, "b.wav", level: -10, seconds: 0.02, channels: 1))
        var empty = 0
        for _ in 0..<200 {
            async let first = installer.install(data: a, named: "chime")
            async let second = installer.install(data: b, named: "chime")
            let names = try await [first.fileName, second.fileName]
            let left = SoundInstallerTests.files(sounds).filter { SoundInstaller.isVersion($0, of: "chime") }
            if left.isEmpty { empty += 1 }
            #expect(left.count == 1 && names.contains(left[0]), "left \(left), installed \(names)")
        }
        #expect(empty == 0)
    }

    /// A file at the hash name is trusted only when it holds the very bytes: a truncated or foreign
    /// one is replaced.
    @Test func aFileAtTheHashNameIsVerified() async throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sounds = URL(fileURLWithPath: dir + "/Sounds")
        let installer = SoundInstaller(soundsDirectory: sounds)
        let source = try SoundInstallerTests.source(dir, "a.wav", seconds: 0.1, channels: 1)
        let installed = try await installer.install(contentsOf: source, named: "chime")
        let good = try Data(contentsOf: installed.url)
        for bad in [Data(good.prefix(good.count / 2)), Data(repeating: 0, count: good.count)] {
            try bad.write(to: installed.url)
            let again = try await installer.install(contentsOf: source, named: "chime")
            let bytes = try Data(contentsOf: again.url)
            #expect(again.fileName == installed.fileName && bytes == good)
        }
    }

    /// The mask outputs are created with is the process's, read without setting it (on Linux).
    @Test func theUmaskIsReadNotRaced() throws {
        #if os(Linux)
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        #expect(AtomicOutput.processUmask == mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8))
        #endif
        #expect(AtomicOutput.processUmask & ~0o777 == 0)
    }

    /// A stray file at the installer's old temporary name once passed its mode (and owner) on.
    @Test func aStrayTemporaryFilePassesNothingOn() async throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sounds = URL(fileURLWithPath: dir + "/Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        let stray = sounds.path + "/" + AtomicOutput.temporaryPrefix + "install-chime.caf"
        try Data("stray".utf8).write(to: URL(fileURLWithPath: stray))
        chmod(stray, 0o777)
        let installed = try await SoundInstaller(soundsDirectory: sounds).install(
            contentsOf: try SoundInstallerTests.source(dir, "a.wav", seconds: 0.1, channels: 1), named: "chime")
        var info = stat()
        #expect(stat(installed.url.path, &info) == 0)
        // Read without setting it: tests run in parallel, and another's umask(0) raced this one.
        let mask = AtomicOutput.processUmask
        #expect(info.st_mode & 0o777 == 0o666 & ~mask, "mode \(String(info.st_mode & 0o777, radix: 8))")
        let strayBytes = try Data(contentsOf: URL(fileURLWithPath: stray))
        #expect(strayBytes == Data("stray".utf8), "the stray file is not written through")
    }
}
