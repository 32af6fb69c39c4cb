import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// `alertsound export` from the command line: what a team puts in its build.
@Suite struct ExportCommandTests {
    let cli = CommandLineTests()

    @Test func exportThenValidateWithTheLock() throws {
        let dir = try Scratch.kept().url.path
        try FileManager.default.createDirectory(atPath: dir + "/sounds", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tone = (0..<22_050).map { i -> Double in
            0.25 * sin(Double(i) * 0.06) * min(1, Double(i) / 200, Double(22_049 - i) / 200)
        }
        for name in ["Order Ready!.wav", "new message.wav"] {
            try Data(
                try SoundFileBuilder.make(
                    .wave,
                    format: StreamFormat(sampleRate: 22_050, channels: 1, coding: .integer(16, order: .littleEndian)),
                    fullScale: name.hasPrefix("new") ? tone.map { $0 * 0.5 } : tone)
            ).write(to: URL(fileURLWithPath: dir + "/sounds/" + name))
        }
        let arguments = [
            "export", dir + "/sounds", "--ios", dir + "/ios", "--android", dir + "/android/app/src/main/res/raw",
            "--lock", dir + "/sounds.lock.json",
            "--swift", dir + "/AlertSounds.swift", "--kotlin", dir + "/AlertSounds.kt", "--typescript",
            dir + "/alertSounds.ts", "--dart", dir + "/alert_sounds.dart"
        ]
        let first = try cli.run(arguments + ["--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect((document["summary"] as? [String: Int])?["written"] == 2)
        let lockText = try String(contentsOfFile: dir + "/sounds.lock.json", encoding: .utf8)
        let problems = CommandLineTests.schemas?.problems(lockText, schema: "lock.schema.json") ?? ["no schemas"]
        #expect(problems.isEmpty, "\(problems)")
        let lock = try SoundLock.read(path: dir + "/sounds.lock.json")
        #expect(lock.sounds.map(\.name) == ["new_message", "order_ready"])

        let again = try cli.run(arguments)
        #expect(
            again.status == 0
                && again.stdout.contains("2 sounds: 0 written, 2 unchanged; \(dir)/sounds.lock.json unchanged"),
            "\(again.stdout)")
        #expect(again.stdout.contains("(channel \(lock["order_ready"]!.channelId)): unchanged"))

        // The build's check: the project and a payload against the lock.
        let channel = lock["order_ready"]!.channelId
        try
            "{\"message\": {\"android\": {\"notification\": {\"sound\": \"order_ready\", \"channel_id\": \"\(channel)\"}}}}"
            .write(toFile: dir + "/push.json", atomically: true, encoding: .utf8)
        let valid = try cli.run([
            "validate-bundle", dir + "/android", "--lock", dir + "/sounds.lock.json", "--payload", dir + "/push.json"
        ])
        #expect(valid.status == 0, "\(valid.stdout)")
        // Export keeps what it wrote through resource shrinking, so its own project raises no
        // android-may-be-shrunk; the keep file is written once and then left as it is.
        #expect(!valid.stdout.contains("android-may-be-shrunk"), "\(valid.stdout)")
        let keep = try String(
            contentsOfFile: dir + "/android/app/src/main/res/raw/alertsound_sounds.keep.xml", encoding: .utf8)
        #expect(keep.contains("tools:keep=\"@raw/new_message,@raw/order_ready\""))
        #expect(((document["keep"] as? [String: Any])?["written"] as? Bool) == true)
        #expect(again.stdout.contains("alertsound_sounds.keep.xml unchanged"), "\(again.stdout)")
        try FileManager.default.copyItem(
            atPath: dir + "/android/app/src/main/res/raw/new_message.ogg", toPath: dir + "/replacement.ogg")
        try FileManager.default.removeItem(atPath: dir + "/android/app/src/main/res/raw/order_ready.ogg")
        try FileManager.default.copyItem(
            atPath: dir + "/replacement.ogg", toPath: dir + "/android/app/src/main/res/raw/order_ready.ogg")
        let stale = try cli.run([
            "validate-bundle", dir + "/android", "--lock", dir + "/sounds.lock.json", "--format", "json"
        ])
        #expect(stale.status == 1 && stale.stdout.contains("\"channel-stale\""))
        #expect(try cli.run(["validate-bundle", dir + "/android", "--lock", dir + "/missing.lock.json"]).status == 2)
    }

    @Test func usageErrors() throws {
        #expect(try cli.run(["export", "x.wav"]).status == 64)
        #expect(try cli.run(["export", "x.wav", "--android", "raw", "--kotlin-package", "1bad"]).status == 64)
        let scratch = try Scratch()
        let missing = try cli.run([
            "export", "/nonexistent/x.wav", "--android", scratch.path("raw"), "--lock", scratch.path("lock.json"),
            "--format", "json"
        ])
        #expect(missing.status == 1 && missing.stdout.contains("\"failed\" : 1"), "\(missing.stdout)")
    }

    /// The line says which platform was cut (the iOS copy under 30 s, the Android one whole), and
    /// a dry run says what it would write in text and in JSON that meets the schema.
    @Test func saysWhichPlatformWasCutAndWhatADryRunWouldDo() throws {
        let dir = try Scratch.kept().url.path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = 8_000 * 31
        let tone = (0..<frames).map { i -> Double in
            0.25 * sin(Double(i) * 0.3) * min(1, Double(i) / 80, Double(frames - 1 - i) / 80)
        }
        try Data(
            try SoundFileBuilder.make(
                .wave, format: StreamFormat(sampleRate: 8_000, channels: 1, coding: .integer(16, order: .littleEndian)),
                fullScale: tone)
        )
        .write(to: URL(fileURLWithPath: dir + "/adhan.wav"))
        let arguments = [
            "export", dir + "/adhan.wav", "--ios", dir + "/ios", "--android", dir + "/raw", "--android-format", "wav",
            "--lock", dir + "/lock.json"
        ]
        let planned = try cli.run(arguments + ["--dry-run", "--format", "json"])
        #expect(planned.status == 0, "\(planned.stderr)")
        let problems =
            CommandLineTests.schemas?.problems(planned.stdout, schema: "export.schema.json") ?? ["no schemas"]
        #expect(problems.isEmpty, "\(problems)")
        #expect(
            planned.stdout.contains("\"dryRun\" : true") && !FileManager.default.fileExists(atPath: dir + "/ios"),
            "\(planned.stdout)")
        let text = try cli.run(arguments + ["--dry-run"])
        #expect(
            text.stdout.contains("would write \(dir)/ios/adhan.caf, \(dir)/raw/adhan.wav")
                && text.stdout.contains("dry run, nothing written"), "\(text.stdout)")
        let done = try cli.run(arguments)
        #expect(
            done.status == 0 && done.stdout.contains("; iOS: converted")
                && done.stdout.contains("trimmed 31.0 -> 29.5 s"), "\(done.stdout)")
        #expect(done.stdout.contains("; Android: full length kept"), "\(done.stdout)")
        #expect(
            try cli.run(["export", dir + "/adhan.wav", "--ios", dir + "/ios", "--android-max-duration", "40"]).status
                == 64, "cuts only an Android sound")
        #expect(try cli.run(arguments + ["--android-max-duration", "0s"]).status == 64)
    }
}

extension ExportCommandTests {
    /// Issue 44, item 5: a `kill -9` during an export left its temporary Ogg files and fix's scratch
    /// folders in TMPDIR, and the same command then refused the sounds it had written. Export makes
    /// its files in memory (an Ogg's file has no name once libsndfile has it open), and finishes
    /// when run again.
    @Test(.bug(id: 44, "item 5")) func aKilledExportLeavesNothingAndFinishesWhenRunAgain() throws {
        let scratch = try Scratch()
        let temporary = scratch.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path("src"), withIntermediateDirectories: true)
        // 20 s each: Android keeps the full length, so encoding takes a moment to interrupt.
        for name in ["a", "b"] {
            try Data(FloatWAV.bytes((0..<(48_000 * 20)).map { 0.3 * sin(Double($0) * 0.05) })).write(
                to: URL(fileURLWithPath: scratch.path("src/\(name).wav")))
        }
        let arguments = [
            "export", scratch.path("src"), "--ios", scratch.path("ios"), "--android", scratch.path("raw"),
            "--lock", scratch.path("lock.json")
        ]
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Killed the moment anything of it shows in the temporary folder (an earlier export's
        // scratch folder appeared there within seconds), or once it has run a while.
        let start = Date()
        while process.isRunning, Date().timeIntervalSince(start) < 20,
            (try? FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty) ?? true
        {
            Thread.sleep(forTimeInterval: 0.005)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary).filter { name in
            // The one moment an Ogg's file has a name, between two system calls, is not worth a
            // flaky test; it is empty then.
            let size = (try? FileManager.default.attributesOfItem(atPath: temporary + "/" + name)[.size] as? Int) ?? 0
            return !(name.hasPrefix("alertsound-ogg-") && size == 0)
        }
        #expect(left.isEmpty, "\(left)")
        let again = try cli.run(arguments, environment: ["TMPDIR": temporary])
        #expect(again.status == 0, "\(again.stdout) \(again.stderr)")
        #expect(try SoundLock.read(path: scratch.path("lock.json")).sounds.map(\.name) == ["a", "b"])
    }
}
