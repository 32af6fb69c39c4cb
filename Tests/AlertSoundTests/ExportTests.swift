import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// `export`: names, collisions, a deterministic lock, one sound changed, files written only on a
/// change, and `validate-bundle --lock` catching a raw file replaced behind the lock.
@Suite struct ExportTests {
    /// A folder holding three sources: two tones and a chirp, made here from samples.
    static func sources() throws -> String {
        let dir = try FixTests.folder()
        try FileManager.default.createDirectory(atPath: dir + "/src", withIntermediateDirectories: true)
        try FixTests.write(
            dir + "/src/Order Ready!.wav", rate: 44_100, channels: 1,
            samples: Signals.clean(dBFS: -18, seconds: 0.8).enumerated().filter { $0.offset % 2 == 0 }.map(
                \.element))
        try FixTests.write(
            dir + "/src/chime.aiff", .aiff, rate: 48_000, channels: 2, coding: .integer(16, order: .bigEndian),
            samples: Signals.clean(dBFS: -20, seconds: 0.5))
        let chirp = (0..<11_025).map { (i: Int) -> Double in
            let t = Double(i)
            return 0.3 * sin(t * t * 1e-4) * (1 - t / 11_025)
        }
        try FixTests.write(dir + "/src/2 Bell.wav", rate: 22_050, channels: 1, samples: chirp)
        return dir
    }

    static func options(_ dir: String, format: AndroidSoundFormat = .ogg) -> ExportOptions {
        var options = ExportOptions()
        options.iosFolder = dir + "/ios"
        options.androidFolder = dir + "/res/raw"
        options.androidFormat = format
        options.lockPath = dir + "/alertsound.lock.json"
        return options
    }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func namesBothPlatformsAccept() {
        #expect(Exporter.name(for: "x/Order Ready!.wav") == "order_ready")
        #expect(Exporter.name(for: "2 Bell.wav") == "sound_2_bell")
        #expect(Exporter.name(for: "Class.caf") == "class_sound")
        #expect(Exporter.name(for: "ding.tar.wav") == "ding_tar")
        #expect(Exporter.name(for: "!!!.wav") == nil)
        #expect(SoundConstants.identifier("order_ready") == "orderReady")
        #expect(SoundConstants.identifier("a_1") == "a_1" && SoundConstants.identifier("a1") == "a1")
        #expect(SoundConstants.identifier("object") == "objectSound" && SoundConstants.identifier("all") == "allSound")
    }

    @Test func exportIsDeterministicAndWritesOnlyChanges() throws {
        let dir = try Self.sources()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let exporter = Exporter(options: Self.options(dir))
        let first = try exporter.export(paths: [dir + "/src"])
        #expect(first.succeeded, "\(first.outcomes.compactMap(\.error))")
        #expect(first.lock.sounds.map(\.name) == ["chime", "order_ready", "sound_2_bell"])
        for entry in first.lock.sounds {
            #expect(entry.channelId == entry.name + "_" + entry.contentHash.prefix(8))
            #expect(
                entry.ios == entry.name + ".caf" && entry.android == entry.name
                    && entry.androidFile == entry.name + ".ogg")
            // What iOS gets plays as an alert; what Android gets decodes.
            #expect(Checker().check(path: dir + "/ios/" + entry.name + ".caf").valid)
            #expect(try SoundFile.inspect(path: dir + "/ios/" + entry.name + ".caf").coding == .ima4)
            let decoded = try SndFileReader(path: dir + "/res/raw/" + entry.name + ".ogg").frameCount ?? 0
            #expect(decoded > 0)
            #expect(SHA256.hex(Array(try Self.bytes(dir + "/res/raw/" + entry.name + ".ogg"))) == entry.androidSHA256)
        }
        let lockBytes = try Self.bytes(dir + "/alertsound.lock.json")
        #expect(try SoundLock.read(path: dir + "/alertsound.lock.json") == first.lock)

        // Unchanged sources: nothing written, the lock byte for byte.
        let second = try exporter.export(paths: [dir + "/src"])
        #expect(second.outcomes.allSatisfy { $0.status == .unchanged && $0.written.isEmpty })
        #expect(!second.lockWritten)
        #expect(try Self.bytes(dir + "/alertsound.lock.json") == lockBytes)

        // Made again from nothing: the same bytes, Ogg included (its serial comes from the hash).
        let ogg = try Self.bytes(dir + "/res/raw/chime.ogg"), caf = try Self.bytes(dir + "/ios/chime.caf")
        try FileManager.default.removeItem(atPath: dir + "/res")
        try FileManager.default.removeItem(atPath: dir + "/ios")
        try FileManager.default.removeItem(atPath: dir + "/alertsound.lock.json")
        _ = try exporter.export(paths: [dir + "/src"])
        #expect(try Self.bytes(dir + "/res/raw/chime.ogg") == ogg)
        #expect(try Self.bytes(dir + "/ios/chime.caf") == caf)
        #expect(try Self.bytes(dir + "/alertsound.lock.json") == lockBytes)
    }

    @Test func changingOneSoundChangesOnlyItsChannel() throws {
        let dir = try Self.sources()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let exporter = Exporter(options: Self.options(dir))
        let before = try exporter.export(paths: [dir + "/src"]).lock
        // Same name, new audio (and a new header: the hash is of the audio, not the bytes).
        try FixTests.write(
            dir + "/src/chime.aiff", .aiff, rate: 48_000, channels: 2, coding: .integer(16, order: .bigEndian),
            samples: Signals.clean(dBFS: -12, seconds: 0.5))
        let report = try exporter.export(paths: [dir + "/src"])
        let after = report.lock
        #expect(after["chime"]?.channelId != before["chime"]?.channelId)
        #expect(after["order_ready"] == before["order_ready"] && after["sound_2_bell"] == before["sound_2_bell"])
        #expect(report.outcomes.filter { $0.status == .written }.map(\.name) == ["chime"])

        // The same audio re-saved with other bytes around it keeps its channel.
        let samples = Signals.clean(dBFS: -18, seconds: 0.8).enumerated().filter { $0.offset % 2 == 0 }.map(
            \.element)
        try FixTests.write(dir + "/src/Order Ready!.wav", .caff, rate: 44_100, channels: 1, samples: samples)
        #expect(
            try exporter.export(paths: [dir + "/src"]).lock["order_ready"]?.channelId
                == before["order_ready"]?.channelId)

        // A shaping option is part of the sound: a new loudness, new channels for all.
        var louder = Self.options(dir)
        louder.fix.loudness = -14
        let relevelled = try Exporter(options: louder).export(paths: [dir + "/src"]).lock
        #expect(Set(relevelled.sounds.map(\.channelId)).isDisjoint(with: after.sounds.map(\.channelId)))
    }

    @Test func collidingNamesAreBothRefused() throws {
        let dir = try Self.sources()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: dir + "/src/chime.aiff", toPath: dir + "/src/Chime!.wav")
        let report = try Exporter(options: Self.options(dir)).export(paths: [dir + "/src"])
        let failed = report.outcomes.filter { $0.status == .failed }
        #expect(
            failed.count == 2
                && failed.allSatisfy { $0.name == "chime" && $0.error?.message.contains("is also made from") == true })
        #expect(!report.succeeded && report.lock.sounds.map(\.name) == ["order_ready", "sound_2_bell"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/ios/chime.caf"))
    }

    @Test func wavForAndroidReplacesTheOggItMadeBefore() throws {
        let dir = try Self.sources()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try Exporter(options: Self.options(dir)).export(paths: [dir + "/src/chime.aiff"])
        let report = try Exporter(options: Self.options(dir, format: .wav)).export(paths: [dir + "/src/chime.aiff"])
        #expect(report.lock["chime"]?.androidFile == "chime.wav")
        #expect(
            FileManager.default.fileExists(atPath: dir + "/res/raw/chime.wav")
                && !FileManager.default.fileExists(atPath: dir + "/res/raw/chime.ogg"))
        let info = try SoundFile.inspect(path: dir + "/res/raw/chime.wav")
        #expect(info.container == .wav && info.coding == .integer(16, order: .littleEndian) && info.channels == 2)
    }

    @Test func validateBundleCatchesAFileReplacedBehindTheLock() throws {
        let dir = try Self.sources()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var options = Self.options(dir)
        options.androidFolder = dir + "/app/src/main/res/raw"
        let lock = try Exporter(options: options).export(paths: [dir + "/src"]).lock
        try
            "{\"message\": {\"android\": {\"notification\": {\"sound\": \"chime\", \"channel_id\": \"\(lock["chime"]!.channelId)\"}}}}"
            .write(toFile: dir + "/good.json", atomically: true, encoding: .utf8)
        try "{\"message\": {\"android\": {\"notification\": {\"channel_id\": \"chime_00000000\"}}}}".write(
            toFile: dir + "/old.json", atomically: true, encoding: .utf8)

        var validator = BundleValidator()
        validator.lock = lock
        validator.lockPath = dir + "/alertsound.lock.json"
        validator.channelUses = SoundLock.channelUses(inPayloadAt: dir + "/good.json")
        let clean = try validator.validate(path: dir + "/app")
        #expect(
            !clean.files.contains {
                $0.report.diagnostics.contains { [.channelStale, .lockMissingSound].contains($0.code) }
            })
        #expect(!clean.references.contains { $0.diagnostics.contains { $0.code == .unknownChannel } })

        // A raw file replaced by hand, one removed, and a payload asking for an old channel.
        try FileManager.default.removeItem(atPath: dir + "/app/src/main/res/raw/order_ready.ogg")
        try FileManager.default.copyItem(
            atPath: dir + "/app/src/main/res/raw/sound_2_bell.ogg",
            toPath: dir + "/app/src/main/res/raw/order_ready.ogg")
        try FileManager.default.removeItem(atPath: dir + "/app/src/main/res/raw/sound_2_bell.ogg")
        validator.channelUses = SoundLock.channelUses(inPayloadAt: dir + "/old.json")
        let report = try validator.validate(path: dir + "/app")
        #expect(!report.valid)
        let stale = report.files.filter { $0.report.diagnostics.contains { $0.code == .channelStale } }.map {
            lastComponent($0.report.path)
        }
        #expect(stale == ["order_ready.ogg"])
        // The way out names the source and does not loop: export the new sound from there, or put the old one back.
        let staleMessage =
            report.files.first { $0.report.path.hasSuffix("order_ready.ogg") }?.report.diagnostics.first {
                $0.code == .channelStale
            }?.message ?? ""
        #expect(
            staleMessage.contains("make it its source \(dir)/src/Order Ready!.wav") && staleMessage.contains("forced"),
            "\(staleMessage)")
        #expect(
            report.references.filter { $0.diagnostics.contains { $0.code == .lockMissingSound } }.map(\.name) == [
                "sound_2_bell"
            ])
        let unknown = report.references.filter { $0.diagnostics.contains { $0.code == .unknownChannel } }
        #expect(
            unknown.map(\.name) == ["chime_00000000"]
                && unknown.first?.field == "message.android.notification.channel_id")
        #expect(unknown.first?.diagnostics.first?.message.contains(lock["chime"]!.channelId) == true)

        // The iOS folder against the same lock: its files are the locked ones.
        let ios = try validator.validate(path: dir + "/ios")
        #expect(ios.valid, "\(ios.files.flatMap(\.report.diagnostics))")
    }

    @Test func theLockHoldsForAnAPKAndARawFolder() throws {
        let dir = try Self.sources()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lock = try Exporter(options: Self.options(dir)).export(paths: [dir + "/src"]).lock
        var validator = BundleValidator()
        validator.lock = lock
        // The raw folder itself.
        #expect(try validator.validate(path: dir + "/res/raw").valid)
        // An .apk holding the exported files (Ogg stored, as aapt2 stores it; WAV deflated): entries hashed as read.
        var zip = ZipWriter()
        zip.add("AndroidManifest.xml", [0x03, 0x00, 0x08, 0x00])
        for entry in lock.sounds {
            zip.add(
                "res/raw/" + entry.androidFile!, Array(try Self.bytes(dir + "/res/raw/" + entry.androidFile!)),
                method: entry.name == "chime" ? .deflated : .stored)
        }
        try Data(zip.archive()).write(to: URL(fileURLWithPath: dir + "/app.apk"))
        let apk = try validator.validate(path: dir + "/app.apk")
        #expect(apk.valid, "\(apk.files.flatMap(\.report.diagnostics)) \(apk.references.flatMap(\.diagnostics))")
        // One entry swapped for another sound's bytes: stale; one left out: missing.
        var swapped = ZipWriter()
        swapped.add("AndroidManifest.xml", [0x03, 0x00, 0x08, 0x00])
        swapped.add("res/raw/chime.ogg", Array(try Self.bytes(dir + "/res/raw/order_ready.ogg")))
        swapped.add("res/raw/order_ready.ogg", Array(try Self.bytes(dir + "/res/raw/order_ready.ogg")))
        try Data(swapped.archive()).write(to: URL(fileURLWithPath: dir + "/swapped.apk"))
        let bad = try validator.validate(path: dir + "/swapped.apk")
        #expect(
            bad.files.filter { $0.report.diagnostics.contains { $0.code == .channelStale } }.map(\.relativePath) == [
                "res/raw/chime.ogg"
            ])
        #expect(
            bad.references.filter { $0.diagnostics.contains { $0.code == .lockMissingSound } }.map(\.name) == [
                "sound_2_bell"
            ])
    }

    @Test func aLockThatIsNotOneIsRefused() {
        #expect(throws: AlertSoundError.self) {
            try SoundLock.read(Array("{\"schemaVersion\": 2, \"sounds\": []}".utf8), path: "x")
        }
        #expect(throws: AlertSoundError.self) { try SoundLock.read(Array("[1]".utf8), path: "x") }
        #expect(throws: AlertSoundError.self) {
            try SoundLock.read(Array("{\"schemaVersion\": 1, \"sounds\": [{\"name\": 3}]}".utf8), path: "x")
        }
        // A required key that is null is refused, not read as absent (it was, and then unwrapped).
        let nullName =
            #"{"schemaVersion": 1, "sounds": [{"name": null, "contentHash": "00", "channelId": "a_00000000", "ios": "a.caf", "android": "a"}]}"#
        #expect(throws: AlertSoundError.self) { try SoundLock.read(Array(nullName.utf8), path: "x") }
        #expect(
            SoundLock(sounds: []).bytes() == Array("{\n  \"schemaVersion\" : 1,\n  \"sounds\" : [\n\n  ]\n}\n".utf8))
    }

    @Test func sha256MatchesTheStandardsVectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var hasher = SHA256()
        for _ in 0..<1000 { hasher.update([UInt8](repeating: 0x61, count: 1000)) }
        #expect(SHA256.hexString(hasher.finish()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func constantsParseInTheirOwnTools() throws {
        let dir = try Self.sources()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lock = try Exporter(options: Self.options(dir)).export(paths: [dir + "/src"]).lock
        let swift = dir + "/AlertSounds.swift"
        #expect(try SoundConstants.write(lock, language: .swift, to: swift))
        #expect(try !SoundConstants.write(lock, language: .swift, to: swift))
        let text = try String(contentsOfFile: swift, encoding: .utf8)
        #expect(
            text.contains("public static let orderReady = Sound(name: \"order_ready\"")
                && text.contains(lock["order_ready"]!.channelId))
        for (language, file, tool, arguments) in [
            (SoundConstants.Language.swift, "AlertSounds.swift", "swiftc", ["-typecheck"]),
            (.typescript, "AlertSounds.ts", "tsc", ["--noEmit", "--strict"]),
            (.kotlin, "AlertSounds.kt", "kotlinc", ["-d", dir + "/kotlin-out"])
        ] {
            let path = dir + "/" + file
            try SoundConstants.write(lock, language: language, to: path, package: "com.example.app")
            guard let executable = Self.which(tool) else {
                // scripts/setup --test installs them (Debian's kotlin and node-typescript); Dart has no Debian package.
                if ProcessInfo.processInfo.environment["CI"] == "true" {
                    Issue.record("\(tool) is not installed: the \(language) constants go unchecked")
                }
                continue
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments + [path]
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(tool) refused \(file): \(message)")
        }
    }

    static func which(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(tool)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}

/// `resource-id-uri`: sound URIs built from `R.raw`'s ID in Kotlin and Java, and the by-name ones left alone.
@Suite struct ResourceIDURITests {
    @Test func findsURIsBuiltFromIDs() {
        let kotlin = """
            // val old = Uri.parse("android.resource://" + packageName + "/" + R.raw.ignored)
            val bad = Uri.parse("android.resource://${context.packageName}/${R.raw.order_ready}")
            val good = Uri.parse("android.resource://${context.packageName}/raw/order_ready")
            val named = Uri.parse("android.resource://" + packageName + "/raw/" + resources.getResourceEntryName(R.raw.chime))
            val split = Uri.Builder().scheme(ContentResolver.SCHEME_ANDROID_RESOURCE)
                .authority(packageName)
                .appendPath(R.raw.bell.toString())
                .build()
            val unrelated = MediaPlayer.create(context, R.raw.music)
            """
        #expect(ResourceIDURIs.scan(kotlin).map { "\($0.line):\($0.resource)" } == ["2:order_ready", "7:bell"])
        let java = """
            Uri sound = Uri.parse("android.resource://" + getPackageName() + "/" +
                R.raw.ding);
            channel.setSound(sound, attributes);
            int id = R.raw.other;
            """
        #expect(ResourceIDURIs.scan(java).map { "\($0.line):\($0.resource)" } == ["2:ding"])
    }

    @Test func validateBundleWarnsOnTheProject() throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(
            atPath: dir + "/app/src/main/res/raw", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: dir + "/app/src/main/java/com/example/app", withIntermediateDirectories: true)
        try FixTests.write(
            dir + "/app/src/main/res/raw/ding.wav", rate: 44_100, channels: 1,
            samples: Signals.clean(seconds: 0.2).enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
        try "val uri = Uri.parse(\"android.resource://\" + packageName + \"/\" + R.raw.ding)\n"
            .write(toFile: dir + "/app/src/main/java/com/example/app/Channels.kt", atomically: true, encoding: .utf8)
        // Build output is not searched.
        try FileManager.default.createDirectory(atPath: dir + "/app/build/generated", withIntermediateDirectories: true)
        try "val uri = Uri.parse(\"android.resource://\" + packageName + \"/\" + R.raw.ding)\n".write(
            toFile: dir + "/app/build/generated/G.kt", atomically: true, encoding: .utf8)
        let report = try BundleValidator().validate(path: dir)
        let uses = report.references.filter { $0.diagnostics.contains { $0.code == .resourceIdUri } }
        #expect(uses.count == 1)
        #expect(
            uses.first?.source == dir + "/app/src/main/java/com/example/app/Channels.kt:1"
                && uses.first?.name == "R.raw.ding")
        #expect(uses.first?.resolvedPath == dir + "/app/src/main/res/raw/ding.wav")
        // A warning: the bundle stays valid unless strict.
        #expect(report.valid)
        #expect(!(try BundleValidator(strict: true).validate(path: dir)).valid)
    }

    /// A source copied into res/raw beside the .ogg export made of it: channel-stale said "export
    /// it again", which wrote the .ogg again beside it (a loop, and aapt2 fails on two files of one
    /// name). The finding names the other file to remove, and following it gives a valid project.
    @Test func theLockAdviceForASecondFileDoesNotLoop() throws {
        let dir = try ExportTests.sources()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var options = ExportTests.options(dir)
        options.iosFolder = nil
        _ = try Exporter(options: options).export(paths: [dir + "/src/2 Bell.wav"])
        try FileManager.default.copyItem(atPath: dir + "/src/2 Bell.wav", toPath: dir + "/res/raw/sound_2_bell.wav")
        var validator = BundleValidator()
        validator.lock = try SoundLock.read(path: options.lockPath)
        validator.lockPath = options.lockPath
        let report = try validator.validate(path: dir + "/res/raw")
        let message =
            report.files.first { $0.report.path.hasSuffix("sound_2_bell.wav") }?.report.diagnostics.first {
                $0.code == .channelStale
            }?.message ?? ""
        #expect(
            message.contains(
                "sound_2_bell.wav is another file of the sound 'sound_2_bell', whose exported file is sound_2_bell.ogg")
                && message.contains("remove sound_2_bell.wav"), "\(message)")
        // Exporting again without removing it is refused (the loop is gone) ...
        #expect(
            try Exporter(options: options).export(paths: [dir + "/src/2 Bell.wav"]).outcomes.map(\.status) == [.failed])
        // ... and doing what the finding says gives a project that passes.
        try FileManager.default.removeItem(atPath: dir + "/res/raw/sound_2_bell.wav")
        #expect(
            try Exporter(options: options).export(paths: [dir + "/src/2 Bell.wav"]).outcomes.map(\.status) == [
                .unchanged
            ])
        let after = try validator.validate(path: dir + "/res/raw")
        #expect(after.valid, "\(after.files.flatMap(\.report.diagnostics))")
    }
}
