import AlertSoundTestSupport
import CSystemShims
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

@Suite struct ConvertCommandTests {
    let cli = CommandLineTests()

    func folder() throws -> URL {
        let url = try Scratch.kept().url
        return url
    }

    func aiff(frames: Int, channels: Int = 1, rate: Double = 44100) -> [UInt8] {
        let samples = (0..<frames * channels).map { Int16(truncatingIfNeeded: ($0 &* 2654435761) >> 20) }
        return try! SoundFileBuilder.make(
            .aiff, format: StreamFormat(sampleRate: rate, channels: channels, coding: .integer(16, order: .bigEndian)),
            samples: samples)
    }

    @Test func documentedAfconvertCommandWorksVerbatim() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(aiff(frames: 4410)).write(to: dir.appendingPathComponent("Submarine.aiff"))
        let r = try cli.run([
            "convert", dir.appendingPathComponent("Submarine.aiff").path, dir.appendingPathComponent("sub.caf").path,
            "-d", "ima4", "-f", "caff", "-v"
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Input file: \(dir.path)/Submarine.aiff, 4410 frames"))
        #expect(
            r.stdout.contains(
                "Output file    1 ch, 44100 Hz, 'ima4' (0x00000000) 0 bits/channel, 34 bytes/packet, 64 frames/packet"))
        #expect(r.stdout.contains("69 packets, 4410 valid frames"))
        #expect(r.stdout.contains("Encode SNR: "))
        // The output's true peak, as decoded: what a player will hear.
        let peak = r.stdout.split(separator: "\n").first { $0.hasPrefix("Output true peak: ") }.flatMap {
            Double($0.split(separator: " ")[3])
        }
        let measured = try SoundLevels.measure(path: dir.appendingPathComponent("sub.caf").path).truePeak
        #expect(peak != nil && abs(peak! - measured!) < 0.051, "\(r.stdout)")
        let info = try SoundFile.inspect(path: dir.appendingPathComponent("sub.caf").path)
        #expect(info.coding == .ima4 && info.frames == 4410)
    }

    @Test func outputDefaultsBesideInputAndDashO() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("ding.aiff").path
        try Data(aiff(frames: 100)).write(to: URL(fileURLWithPath: input))
        #expect(try cli.run(["convert", input]).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("ding.caf").path))
        #expect(try cli.run(["convert", input, "-o", dir.appendingPathComponent("other.wav").path]).status == 0)
        #expect(try SoundFile.inspect(path: dir.appendingPathComponent("other.wav").path).coding?.pcm != nil)
        #expect(try cli.run(["convert", input, "a.caf", "-o", "b.caf"]).status == 64)
    }

    @Test func refusalsExit64AndSayWhatWorks() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.aiff").path
        try Data(aiff(frames: 100, channels: 2)).write(to: URL(fileURLWithPath: input))
        let r = try cli.run(["convert", input, dir.appendingPathComponent("x.wav").path, "-d", "ima4"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("WAVE files cannot hold ima4") && r.stderr.contains("-f caff"))
        #expect(try cli.run(["convert", input, input, "-f", "AIFF", "-d", "BEI16"]).status == 64)
        #expect(try cli.run(["convert", input, "-c", "3"]).status == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.aiff"])
    }

    @Test func unreadableInputExitsOne() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("junk.caf").path
        try Data("junk junk junk".utf8).write(to: URL(fileURLWithPath: input))
        let r = try cli.run(["convert", input, dir.appendingPathComponent("out.caf").path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("junk.caf"))
        #expect(try cli.run(["convert", "/nonexistent/in.wav"]).status == 1)
    }

    /// Ten minutes of stereo at 48 kHz: long enough that a signal arrives mid-conversion.
    static func longInput(in dir: URL) throws -> URL {
        let input = dir.appendingPathComponent("long.wav")
        let frames = 48000 * 600
        let header = FileType.wave.carrying(
            StreamFormat(sampleRate: 48000, channels: 2, coding: .integer(16, order: .littleEndian)))!.header(
                frames: Int64(frames), audioBytes: Int64(frames * 4))
        #expect(FileManager.default.createFile(atPath: input.path, contents: Data(header)))
        let handle = try FileHandle(forWritingTo: input)
        handle.seekToEndOfFile()
        let block = Data((0..<(48000 * 4)).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        for _ in 0..<600 { handle.write(block) }
        try handle.close()
        return input
    }

    /// Starts a conversion of `input` into `dir` and returns once its output is being written: a
    /// temporary file in `dir`, or (O_TMPFILE, Linux) an open descriptor on an unnamed file there.
    static func conversionInProgress(_ input: URL, in dir: URL) throws -> Process {
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = ["convert", input.path, dir.appendingPathComponent("out.caf").path]
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        func writing() -> Bool {
            if ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).contains(where: {
                $0.hasPrefix(".alertsound-")
            }) {
                return true
            }
            // portable: on macOS the folder does not exist and only the named temporary file is looked for.
            let fds = "/proc/\(process.processIdentifier)/fd"
            // The kernel names the resolved folder: the temporary folder may be reached through a link
            // (TMPDIR=/tmp/link, as /var is on a Mac).
            let folder = dir.resolvingSymlinksInPath().path + "/"
            return ((try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? []).contains { fd in
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + fd)) ?? ""
                return target.hasPrefix(folder) && !target.hasSuffix("long.wav")
            }
        }
        while Date() < deadline, !writing() { usleep(2000) }
        return process
    }

    @Test func interruptedConversionLeavesNoPartialFile() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = try Self.conversionInProgress(try Self.longInput(in: dir), in: dir)
        process.terminate()
        process.waitUntilExit()
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM,
            "the conversion was interrupted, not finished")
        #expect(left == ["long.wav"], "an interrupted conversion must leave no file behind")
    }

    /// Whether the temporary folder's file system takes unnamed files (Linux, and not every file system).
    static let unnamedFilesWork: Bool = {
        let flag = alertsound_o_tmpfile()
        // portable: a run-time test
        guard flag != 0, FileManager.default.fileExists(atPath: "/proc/self/fd") else { return false }
        let fd = open(FileManager.default.temporaryDirectory.path, flag | O_WRONLY, 0o600)
        if fd >= 0 { close(fd) }
        return fd >= 0
    }()

    /// `-d` and `-f` are parsed by ArgumentParser from the one table of names: a wrong value is a
    /// usage error (64) before anything is read, and says which values there are.
    @Test func dataFormatsAndFileTypesAreParsedFromTheTable() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("missing.wav").path
        let type = try cli.run(["convert", input, dir.appendingPathComponent("x.caf").path, "-f", "FOO"])
        #expect(
            type.status == 64 && type.stderr.contains("unknown file type 'FOO'; use caff, AIFF, AIFC, WAVE"),
            "\(type.stderr)")
        let data = try cli.run(["fix", input, "-d", "mp3"])
        #expect(
            data.status == 64 && data.stderr.contains("unknown data format 'mp3'") && data.stderr.contains("LEI16"),
            "\(data.stderr)")
        // Valid values in any case, and the rate with them, reach the command (here: a missing input).
        let good = try cli.run([
            "convert", input, dir.appendingPathComponent("x.caf").path, "-f", "CAFF", "-d", "IMA4@22050"
        ])
        #expect(good.status != 64 && good.stderr.contains("missing.wav"), "\(good.stderr)")
    }

    /// The core states Linux's O_TMPFILE as a number (it may not depend on a C target); it must be
    /// the C library's own value.
    @Test func theCoreKnowsTheUnnamedFileFlag() {
        #expect(AtomicOutput.unnamedFileFlag == alertsound_o_tmpfile())
    }

    /// F11: SIGKILL cannot be caught; with an unnamed temporary file there is nothing to clean up.
    // portable: the trait's text names O_TMPFILE; unnamedFilesWork is false on macOS.
    @Test(.enabled(if: unnamedFilesWork, "needs O_TMPFILE (Linux) in the temporary folder's file system"))
    func killedConversionLeavesNothingVisible() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = try Self.conversionInProgress(try Self.longInput(in: dir), in: dir)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["long.wav"])
    }

    /// F11: past `ulimit -f` the write fails; the conversion reports it and leaves nothing behind.
    @Test(
        .disabled(
            if: ProcessInfo.processInfo.environment["ALERTSOUND_SANITIZER"] == "thread",
            "ThreadSanitizer's own runtime dies of SIGBUS under ulimit -f, before alertsound runs"))
    func fileSizeLimitIsAnErrorNotALeftover() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try Self.longInput(in: dir)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit -f 64; exec \"$0\" convert \"$1\" \"$2\"", CommandLineTests.binary.path, input.path,
            dir.appendingPathComponent("out.caf").path
        ]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1)
        #expect(message.contains("cannot write"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["long.wav"])
    }
}

extension ConvertCommandTests {
    @Test func qualityHighAndAfconvertsQFlag() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.aiff").path
        try Data(aiff(frames: 3000, channels: 2)).write(to: URL(fileURLWithPath: input))
        func convert(_ name: String, _ extra: [String]) throws -> (Run: CommandLineTests.Run, bytes: Data) {
            let out = dir.appendingPathComponent(name).path
            let r = try cli.run(["convert", input, out, "-v"] + extra)
            return (r, (try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data())
        }
        let standard = try convert("std.caf", [])
        let high = try convert("high.caf", ["--quality", "high"])
        let q127 = try convert("q127.caf", ["-q", "127"])
        let q64 = try convert("q64.caf", ["-q", "64"])
        #expect(high.Run.status == 0 && q127.Run.status == 0 && q64.Run.status == 0)
        #expect(high.bytes == q127.bytes, "-q 96 and above select --quality high")
        #expect(q64.bytes == standard.bytes, "below 96, afconvert's encoder")
        #expect(high.bytes != standard.bytes && high.bytes.count == standard.bytes.count)
        func snr(_ text: String) -> Double? {
            text.split(separator: "\n").first { $0.contains("Encode SNR: ") }.flatMap {
                Double($0.split(separator: " ")[2])
            }
        }
        let gain = try #require(snr(high.Run.stdout)) - #require(snr(standard.Run.stdout))
        #expect(gain >= 0, "-v shows the SNR each encoder reached")
        #expect(try cli.run(["convert", input, dir.appendingPathComponent("x.caf").path, "-q", "200"]).status == 64)
        #expect(
            try cli.run(["convert", input, dir.appendingPathComponent("x.caf").path, "-q", "127", "--quality", "high"])
                .status == 64)
        #expect(
            try cli.run(["convert", input, dir.appendingPathComponent("x.caf").path, "--quality", "best"]).status == 64)
    }
}

extension ConvertCommandTests {
    /// `--output-dir Sounds` had to exist; a missing folder for one output was "cannot create a
    /// temporary file".
    @Test(.bug(id: 20, "item 6")) func outputFoldersAreMade() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let many = try cli.run(["convert", dir + "/chime.wav", dir + "/chime.aiff", "--output-dir", dir + "/Sounds/new"]
        )
        #expect(many.status == 1, "chime.wav and chime.aiff both want chime.caf: the second is refused")
        #expect(FileManager.default.fileExists(atPath: dir + "/Sounds/new/chime.caf"))
        let one = try cli.run(["convert", dir + "/chime.wav", dir + "/nodir/deeper/chime.caf"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(try cli.run(["check", dir + "/nodir/deeper/chime.caf"]).status == 0)
    }

    /// afconvert's options with a value got "Name one input and one output…".
    @Test(.bug(id: 20, "item 7")) func afconvertOptionsAreNamed() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let bitRate = try cli.run(["convert", dir + "/chime.wav", dir + "/o.caf", "-b", "128000"])
        #expect(bitRate.status == 64 && bitRate.stderr.contains("afconvert's -b (bit rate)"))
        let long = try cli.run([
            "convert", dir + "/chime.wav", dir + "/o.caf", "--data", "ima4", "--file", "caff", "--channels", "1",
            "--quality", "127", "--verbose"
        ])
        #expect(long.status == 0, "\(long.stderr)")
        #expect(long.stdout.contains("'ima4'"))
    }

    /// `-v`'s packet and frame counts contradicted each other.
    @Test(.bug(id: 20, "item 13")) func verboseCountsAgree() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let run = try cli.run(["convert", dir + "/chime-stereo.caf", dir + "/l24.caf", "-d", "LEI24", "-v"])
        let info = try SoundFile.inspect(at: URL(fileURLWithPath: dir + "/l24.caf"))
        let frames = try #require(info.frames)
        #expect(run.stdout.contains("\(frames) packets, \(frames) valid frames"), "\(run.stdout)")
    }

    /// An output type it does not write is refused before anything is written.
    @Test(.bug(id: 20, "item 16")) func anOutputTypeItDoesNotWriteIsRefused() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let mp3 = try cli.run(["convert", dir + "/chime.wav", dir + "/x.mp3"])
        #expect(
            mp3.status == 64 && mp3.stderr.contains("not .mp3")
                && !FileManager.default.fileExists(atPath: dir + "/x.mp3"))
    }
}
