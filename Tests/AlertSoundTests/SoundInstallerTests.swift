import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `SoundInstaller` as an app or a Notification Service Extension uses it: install, install the same
/// content again, new content under the same name, a 10-minute input in a few MB, a broken input,
/// and a folder it cannot write.
@Suite struct SoundInstallerTests {
    static func source(
        _ dir: String, _ name: String, level: Double = -20, seconds: Double = 1, rate: Double = 48_000,
        channels: Int = 2
    ) throws -> URL {
        let path = dir + "/" + name
        try FixTests.write(
            path, rate: rate, channels: channels,
            samples: FixTests.tone(seconds: seconds, rate: rate, channels: channels, amplitude: pow(10, level / 20)))
        return URL(fileURLWithPath: path)
    }

    static func files(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func installsReinstallsAndReplaces() async throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sounds = URL(fileURLWithPath: dir + "/Library/Sounds")
        let installer = SoundInstaller(soundsDirectory: sounds)

        let first = try await installer.install(contentsOf: try Self.source(dir, "in.wav"), named: "Order ready!")
        #expect(
            first.fileName.hasPrefix(try SoundInstaller.stem("Order ready!") + "-") && first.fileName.hasSuffix(".caf")
                && first.replaced.isEmpty)
        #expect(Self.files(sounds) == [first.fileName])
        let report = Checker().check(path: first.url.path)
        #expect(report.valid && report.info?.coding == .ima4 && report.info?.channels == 2)
        let inode = try FileManager.default.attributesOfItem(atPath: first.url.path)[.systemFileNumber] as? Int

        // The same content again: the same name, the file left as it was (iOS's cache stays right).
        let again = try await installer.install(
            data: try Data(contentsOf: try Self.source(dir, "copy.wav")), named: "Order ready!")
        #expect(again.fileName == first.fileName && again.replaced.isEmpty && Self.files(sounds) == [first.fileName])
        #expect(try FileManager.default.attributesOfItem(atPath: first.url.path)[.systemFileNumber] as? Int == inode)

        // New content under the name: a new file name, the old one removed once the new is in place.
        let louder = try await installer.install(
            contentsOf: try Self.source(dir, "new.wav", level: -10), named: "Order ready!")
        #expect(louder.fileName != first.fileName && louder.replaced == [first.fileName])
        #expect(Self.files(sounds) == [louder.fileName])
        #expect(try installer.installed(named: "Order ready!").map(\.fileName) == [louder.fileName])

        // Another name lives beside it, untouched.
        let other = try await installer.install(contentsOf: try Self.source(dir, "b.wav", channels: 1), named: "ding")
        #expect(Self.files(sounds) == [other.fileName, louder.fileName].sorted())
    }

    @Test func longAndWideInputsBecomeAlerts() async throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let installer = SoundInstaller(soundsDirectory: URL(fileURLWithPath: dir + "/Sounds"))
        let long = try await installer.install(
            contentsOf: try Self.source(dir, "long.wav", seconds: 31, rate: 96_000, channels: 6), named: "theme")
        #expect(long.sampleRate == 48_000 && abs((long.duration ?? 0) - 29.5) < 0.01)
        let info = try SoundFile.inspect(path: long.url.path)
        #expect(info.channels == 2 && info.coding == .ima4 && Checker().check(path: long.url.path).valid)
    }

    @Test func whatItCannotTakeIsAnErrorAndLeavesNothing() async throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sounds = URL(fileURLWithPath: dir + "/Sounds")
        let installer = SoundInstaller(soundsDirectory: sounds)
        await #expect(throws: AlertSoundError.self) {
            try await installer.install(data: Data("ID3 not really an mp3".utf8), named: "x")
        }
        await #expect(throws: AlertSoundError.self) {
            try await installer.install(contentsOf: URL(fileURLWithPath: dir + "/missing.wav"), named: "x")
        }
        // A WAV cut short in its header.
        let whole = try Data(contentsOf: try Self.source(dir, "ok.wav"))
        await #expect(throws: AlertSoundError.self) { try await installer.install(data: whole.prefix(30), named: "x") }
        #expect(Self.files(sounds).isEmpty)
        // A name is text, never a path: `../` is a file of its own inside the folder.
        let dots = try await installer.install(contentsOf: try Self.source(dir, "ok2.wav"), named: "../")
        #expect(dots.fileName.hasPrefix("sound-") && Self.files(sounds) == [dots.fileName])
        #expect(parentFolder(dots.url.path) == sounds.path)
    }

    @Test func aFolderItCannotWriteIsAnError() async throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = try Self.source(dir, "in.wav")
        // A file where the folder should be: no folder can be made there.
        try Data().write(to: URL(fileURLWithPath: dir + "/NotAFolder"))
        await #expect(throws: AlertSoundError.self) {
            try await SoundInstaller(soundsDirectory: URL(fileURLWithPath: dir + "/NotAFolder/Sounds")).install(
                contentsOf: input, named: "x")
        }
        // Read-only: only when permissions bind this process (root ignores them).
        if geteuid() != 0 {
            try FileManager.default.createDirectory(atPath: dir + "/ro", withIntermediateDirectories: true)
            chmod(dir + "/ro", 0o555)
            defer { chmod(dir + "/ro", 0o755) }
            await #expect(throws: AlertSoundError.self) {
                try await SoundInstaller(soundsDirectory: URL(fileURLWithPath: dir + "/ro")).install(
                    contentsOf: input, named: "x")
            }
            #expect(Self.files(URL(fileURLWithPath: dir + "/ro")).isEmpty)
        }
    }

    #if os(Linux)
    /// A full folder: a 64 KiB tmpfs (root only, where mounting is allowed), filled up by the write.
    @Test(.enabled(if: geteuid() == 0 && SoundInstallerTests.canMount, "needs root to mount a small tmpfs"))
    func aFullFolderIsAnErrorAndLeavesNothing() async throws {
        let dir = try FixTests.folder()
        defer {
            umount(dir + "/full")
            try? FileManager.default.removeItem(atPath: dir)
        }
        try FileManager.default.createDirectory(atPath: dir + "/full", withIntermediateDirectories: true)
        guard mount("tmpfs", dir + "/full", "tmpfs", 0, "size=64k") == 0 else {
            Issue.record("mount failed")
            return
        }
        let input = try Self.source(dir, "big.wav", seconds: 20)
        await #expect(throws: AlertSoundError.self) {
            try await SoundInstaller(soundsDirectory: URL(fileURLWithPath: dir + "/full")).install(
                contentsOf: input, named: "x")
        }
        #expect(Self.files(URL(fileURLWithPath: dir + "/full")).isEmpty)
    }

    static let canMount: Bool = {
        guard let probe = try? Scratch.kept().url.path else { return false }
        guard mount("tmpfs", probe, "tmpfs", 0, "size=16k") == 0 else { return false }
        umount(probe)
        return true
    }()
    #endif

    /// A 10-minute stereo 48 kHz input (110 MB) installed by a process of its own: its peak memory
    /// stays a few MB above what the same process uses for a 1-second input, not 110 MB or more.
    @Test func aTenMinuteInputInAFewMegabytes() throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Written in pieces: the test itself must not hold 10 minutes of samples either.
        let path = dir + "/ten.wav"
        let frames = 600 * 48_000
        var header = try SoundFileBuilder.make(
            .wave, format: StreamFormat(sampleRate: 48_000, channels: 2, coding: .integer(16, order: .littleEndian)),
            samples: [Int16]())
        let dataSize = UInt32(frames * 4)
        // RIFF size and data size, as the builder laid out a 44-byte header.
        header.replaceSubrange(
            4..<8, with: withUnsafeBytes(of: (dataSize + UInt32(header.count) - 8).littleEndian, Array.init))
        header.replaceSubrange(
            (header.count - 4)..<header.count, with: withUnsafeBytes(of: dataSize.littleEndian, Array.init))
        _ = FileManager.default.createFile(atPath: path, contents: Data(header))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        var block = [Int16](repeating: 0, count: 2 * 48_000)
        for second in 0..<600 {
            for f in 0..<48_000 {
                let v = Int16(8000 * sin(Double(second * 48_000 + f) * 0.05))
                block[2 * f] = v
                block[2 * f + 1] = v
            }
            try handle.write(contentsOf: block.withUnsafeBytes { Data($0) })
        }
        try handle.close()
        let small = try Self.source(dir, "small.wav")
        let (tenStatus, tenPeak) = try Self.probe(dir + "/Sounds", path, "ten")
        let (smallStatus, smallPeak) = try Self.probe(dir + "/Sounds2", small.path, "small")
        #expect(tenStatus == 0 && smallStatus == 0)
        #expect(
            tenPeak - smallPeak < 16 * 1024 * 1024,
            "peak \(tenPeak / 1024) KiB for 10 minutes vs \(smallPeak / 1024) KiB for 1 s")
        let installed = Self.files(URL(fileURLWithPath: dir + "/Sounds"))
        #expect(installed.count == 1 && Checker().check(path: dir + "/Sounds/" + installed[0]).valid)
    }

    /// InstallProbe, which SwiftPM builds beside the test bundle (a folder or two up from it).
    static func installProbe() throws -> URL {
        // macOS runs the tests through swiftpm-testing-helper, whose bundle is not beside them.
        guard let found = BuiltProducts.executable("InstallProbe") else {
            throw AlertSoundError(.notFound, "InstallProbe is not built beside the tests")
        }
        return found
    }

    /// Runs InstallProbe and returns its exit status and peak resident memory in bytes.
    static func probe(_ folder: String, _ file: String, _ name: String) throws -> (Int32, Int) {
        let found = try installProbe()
        var pid: pid_t = 0
        let toolPath: String = found.path
        let words: [String] = [toolPath, folder, file, name]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { word in word.withCString { strdup($0) } } + [nil]
        // Darwin's Swift has no `environ`: the environment is passed as ProcessInfo has it.
        let envp: [UnsafeMutablePointer<CChar>?] =
            ProcessInfo.processInfo.environment.map { entry in "\(entry.key)=\(entry.value)".withCString { strdup($0) }
            } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        guard posix_spawn(&pid, toolPath, nil, nil, argv, envp) == 0 else {
            throw AlertSoundError(.unreadable, "cannot start InstallProbe")
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)  // bytes
        #else
        let peak = Int(usage.ru_maxrss) * 1024  // kilobytes
        #endif
        return ((status >> 8) & 0xff, peak)
    }
}

extension SoundInstallerTests {
    /// Names that folded into one stem removed each other's sound (`Order-Ready` deleted `Order
    /// Ready`; `日本1` and `中文1` were both `1`). Every name has its own, also where file names
    /// ignore case.
    @Test(.bug(id: 44, "item 4")) func namesNeverShareAStem() async throws {
        let names = [
            "Order-Ready", "Order Ready", "order_ready", "Order_Ready", "日本1", "中文1", "Chime", "chime", "日本", "中文"
        ]
        let stems = try names.map(SoundInstaller.stem)
        #expect(Set(stems).count == names.count, "\(stems)")
        #expect(Set(stems.map { $0.lowercased() }).count == names.count, "two differ only in case: \(stems)")
        #expect(try SoundInstaller.stem("order_ready") == "order_ready")
        #expect(
            stems.allSatisfy {
                $0.utf8.allSatisfy {
                    ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D
                }
            })
        // No stem is another's version (`stem-` and 8 hex digits).
        for stem in stems {
            for other in stems where other != stem {
                #expect(!SoundInstaller.isVersion(other + "-1a2b3c4d.caf", of: stem))
            }
        }
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sounds = URL(fileURLWithPath: dir + "/Library/Sounds")
        let installer = SoundInstaller(soundsDirectory: sounds)
        var installed: [String] = []
        for (i, name) in names.enumerated() {
            let sound = try await installer.install(
                contentsOf: try Self.source(dir, "in\(i).wav", level: -30 + Double(i)), named: name)
            #expect(sound.replaced.isEmpty, "\(name) removed \(sound.replaced)")
            installed.append(sound.fileName)
        }
        #expect(Self.files(sounds) == installed.sorted())
        for bad in ["", String(repeating: "a", count: 201), "a\u{0}b"] {
            #expect(throws: AlertSoundError.self) { try SoundInstaller.stem(bad) }
        }
    }
}
