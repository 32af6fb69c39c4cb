import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// Findings from shared/attack/README.md that only show in a whole run of the command.
@Suite struct HardeningCommandTests {
    let cli = CommandLineTests()

    func folder() throws -> URL { try ConvertCommandTests().folder() }

    /// F5: 16 entries that inflate to 60 MB each took 1 GB. Each is now read through a bounded
    /// window, so the whole run stays far below one entry's size.
    // portable: enabled only where /proc exists.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "reads Linux's /proc"))
    func f5LargeArchiveEntriesDoNotAccumulate() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A WAV whose data chunk is 60 MB and whose last chunk follows it: the header walk inflates it all.
        var wav =
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVEfmt ".utf8) + [
                16, 0, 0, 0, 1, 0, 1, 0, 0x40, 0x1F, 0, 0, 0x80, 0x3E, 0, 0, 2, 0, 16, 0
            ]
        let audio = 60 << 20
        wav +=
            Array("data".utf8) + withUnsafeBytes(of: UInt32(audio).littleEndian, Array.init)
            + [UInt8](repeating: 0, count: audio)
        wav += Array("LIST".utf8) + [4, 0, 0, 0] + Array("INFO".utf8)
        let riff = UInt32(wav.count - 8).littleEndian
        withUnsafeBytes(of: riff) { for i in 0..<4 { wav[4 + i] = $0[i] } }
        var zip = ZipWriter()
        for i in 0..<16 { zip.add("Payload/App.app/big\(i).wav", wav) }
        let ipa = dir.appendingPathComponent("App.ipa").path
        try Data(zip.archive()).write(to: URL(fileURLWithPath: ipa))
        wav = []

        // The child's own peak (VmHWM never falls), read while it runs: rusage would count the
        // test runner's memory too, because Linux carries a parent's high-water mark into a child.
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = ["validate-bundle", ipa, "--format", "json"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var peakKB = 0
        while process.isRunning {
            // portable: the test is enabled only where /proc exists.
            if let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kb = Int(line.split(separator: " ").dropFirst().first ?? "")
            {
                peakKB = max(peakKB, kb)
            }
            usleep(2000)
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "16 sounds that are readable but too long")
        #expect(peakKB > 0, "the child's memory was observed")
        let peakMB = peakKB / 1024
        #expect(peakMB < 200, "peak memory \(peakMB) MB for an archive of 16 × 60 MB entries")
    }

    /// F15: a newline in a payload's sound name injected a fake Xcode issue line.
    @Test func f15NamesCannotInjectLines() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = dir.appendingPathComponent("My.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let payload = dir.appendingPathComponent("push.apns")
        try Data(#"{"aps":{"sound":"x.caf\n/etc/passwd:1: error: [fake] injected\u001b[2J"}}"#.utf8).write(to: payload)
        for format in ["xcode", "text"] {
            let r = try cli.run(["validate-bundle", app.path, "--payload", payload.path, "--format", format])
            #expect(r.status == 1)
            #expect(!r.stdout.split(separator: "\n").contains { $0.hasPrefix("/etc/passwd") }, "\(format): \(r.stdout)")
            #expect(!r.stdout.contains("\u{1B}"))
            #expect(r.stdout.contains(#"x.caf\n/etc/passwd"#))
        }
    }
}
