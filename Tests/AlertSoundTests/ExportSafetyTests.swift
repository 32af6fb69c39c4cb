import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// `export` never replaces, removes or duplicates a file it was not asked to: the first command a
/// user of a project that keeps its sounds in res/raw types overwrote a 40 s source with its cut,
/// deleted it on a format switch, and wrote x.ogg beside x.wav (aapt2 fails on two).
@Suite struct ExportSafetyTests {
    static func tone(_ path: String, seconds: Double = 0.5) throws {
        try FixTests.write(
            path, rate: 44_100, channels: 1,
            samples: Signals.clean(dBFS: -18, seconds: seconds).enumerated().filter { $0.offset % 2 == 0 }.map(
                \.element))
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// A folder with `src/chime.wav`, and options that export it for iOS with a lock beside it.
    static func oneSource() throws -> (String, ExportOptions) {
        let dir = try FixTests.folder()
        try FileManager.default.createDirectory(atPath: dir + "/src", withIntermediateDirectories: true)
        try tone(dir + "/src/chime.wav")
        var options = ExportOptions()
        options.iosFolder = dir + "/ios"
        options.lockPath = dir + "/lock.json"
        return (dir, options)
    }

    /// `src/chime.wav` to export for both platforms, and files of its name export did not write in
    /// the way: `res/raw/chime.mp3` and `ios/chime.caf`.
    static func othersInTheWay() throws -> (String, ExportOptions) {
        let dir = try FixTests.folder()
        for folder in ["src", "res/raw", "ios"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
        }
        try tone(dir + "/src/chime.wav")
        try Data("someone's mp3".utf8).write(to: URL(fileURLWithPath: dir + "/res/raw/chime.mp3"))
        try Data("someone's caf".utf8).write(to: URL(fileURLWithPath: dir + "/ios/chime.caf"))
        var options = ExportOptions()
        options.androidFolder = dir + "/res/raw"
        options.iosFolder = dir + "/ios"
        options.lockPath = dir + "/lock.json"
        return (dir, options)
    }

    @Test func aSourceInResRawIsNeverItsOwnOutput() throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let raw = dir + "/res/raw"
        try FileManager.default.createDirectory(atPath: raw, withIntermediateDirectories: true)
        try Self.tone(raw + "/x.wav", seconds: 1)
        let before = bytes(raw + "/x.wav")
        for format in AndroidSoundFormat.allCases {
            var options = ExportOptions()
            options.androidFolder = raw
            options.androidFormat = format
            options.lockPath = dir + "/lock.json"
            let report = try Exporter(options: options).export(paths: [raw + "/x.wav"])
            #expect(report.outcomes.map(\.status) == [.failed], "\(format)")
            #expect(
                report.outcomes.first?.error?.message.contains("source") == true,
                "\(report.outcomes.first?.error?.message ?? "")")
            #expect(bytes(raw + "/x.wav") == before, "the source is untouched (\(format))")
            #expect(!FileManager.default.fileExists(atPath: raw + "/x.ogg"), "no second file of the resource name")
            // Every source failed: nothing written, not even an empty lock.
            #expect(report.nothingWritten && !FileManager.default.fileExists(atPath: options.lockPath))
        }
    }

    @Test func anotherFileOfTheNameIsRefusedUnlessForced() throws {
        var (dir, options) = try Self.othersInTheWay()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let refused = try Exporter(options: options).export(paths: [dir + "/src/chime.wav"])
        #expect(refused.outcomes.map(\.status) == [.failed])
        #expect(
            refused.outcomes.first?.error?.message.contains("chime.mp3") == true,
            "\(refused.outcomes.first?.error?.message ?? "")")
        #expect(
            !FileManager.default.fileExists(atPath: dir + "/res/raw/chime.ogg")
                && bytes(dir + "/ios/chime.caf") == Data("someone's caf".utf8))

        try FileManager.default.removeItem(atPath: dir + "/res/raw/chime.mp3")
        let ios = try Exporter(options: options).export(paths: [dir + "/src/chime.wav"])
        #expect(
            ios.outcomes.first?.error?.message.contains("ios/chime.caf") == true,
            "an iOS file it did not write: \(ios.outcomes.first?.error?.message ?? "")")

        try Data("someone's mp3".utf8).write(to: URL(fileURLWithPath: dir + "/res/raw/chime.mp3"))
        options.force = true
        let forced = try Exporter(options: options).export(paths: [dir + "/src/chime.wav"])
        #expect(forced.outcomes.map(\.status) == [.written])
        #expect(
            forced.outcomes.first?.removed == [dir + "/res/raw/chime.mp3"], "\(forced.outcomes.first?.removed ?? [])")
        #expect(
            FileManager.default.fileExists(atPath: dir + "/res/raw/chime.ogg")
                && bytes(dir + "/ios/chime.caf") != Data("someone's caf".utf8))
        // Its own files are its to replace: a second run needs no --force.
        options.force = false
        #expect(
            try Exporter(options: options).export(paths: [dir + "/src/chime.wav"]).outcomes.map(\.status) == [
                .unchanged
            ])
    }

    @Test func theSameSourceTwiceIsOneSound() throws {
        let (dir, options) = try Self.oneSource()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let report = try Exporter(options: options).export(paths: [
            dir + "/src", dir + "/src/chime.wav", dir + "/src/../src/chime.wav"
        ])
        #expect(
            report.outcomes.map(\.status) == [.written],
            "\(report.outcomes.map { ($0.source, $0.status, $0.error?.message ?? "") })")
    }

    /// A settings change that gives a sound a new channel ID was reported as `unchanged`.
    @Test func aNewChannelIsReportedAsSuch() throws {
        let (dir, made) = try Self.oneSource()
        var options = made
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = try Exporter(options: options).export(paths: [dir + "/src/chime.wav"])
        let old = try #require(first.lock["chime"]?.channelId)
        // A fade that changes nothing in a sound too short to be cut: same files, new settings, new ID.
        options.fix.fade = 0.07
        let second = try Exporter(options: options).export(paths: [dir + "/src/chime.wav"])
        let outcome = try #require(second.outcomes.first)
        #expect(outcome.entry?.channelId != old)
        #expect(
            outcome.status == .written && outcome.previousChannelId == old,
            "\(outcome.status) \(String(describing: outcome.previousChannelId))")
    }

    /// The length of a sound file as read back.
    func seconds(_ path: String) throws -> Double {
        let info = try SoundFile.inspect(path: path)
        return Double(try #require(info.frames)) / (try #require(info.sampleRate))
    }

    /// A prayer app's 134 s adhan became 29.5 s on Android, which has no length limit: only the
    /// iOS copy is cut now, and --android-max-duration cuts the Android one when asked.
    @Test func androidKeepsTheFullLength() throws {
        let (dir, made) = try Self.oneSource()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.tone(dir + "/src/chime.wav", seconds: 32)
        var options = made
        options.androidFolder = dir + "/raw"
        options.androidFormat = .wav
        let report = try Exporter(options: options).export(paths: [dir + "/src/chime.wav"])
        let outcome = try #require(report.outcomes.first)
        #expect(outcome.status == .written, "\(outcome.error?.message ?? "") \(outcome.blockers)")
        #expect(abs(try seconds(dir + "/ios/chime.caf") - 29.5) < 0.01)
        #expect(abs(try seconds(dir + "/raw/chime.wav") - seconds(dir + "/src/chime.wav")) < 0.01)
        #expect(
            outcome.changes.contains { $0.kind == "trimmed" }
                && !outcome.androidChanges.contains { $0.kind == "trimmed" })

        options.androidMaxDuration = 31
        let cut = try #require(try Exporter(options: options).export(paths: [dir + "/src/chime.wav"]).outcomes.first)
        #expect(abs(try seconds(dir + "/raw/chime.wav") - 31) < 0.01)
        #expect(cut.androidChanges.contains { $0.kind == "trimmed" })
        #expect(cut.previousChannelId != nil, "a cut Android sound is new audio: a new channel")
    }

    /// `--dry-run` writes nothing (no folder, lock, keep file or removal) and says what would be
    /// written, replaced and removed, as the real run then does.
    @Test func aDryRunWritesNothingAndSaysWhatWould() throws {
        var (dir, options) = try Self.othersInTheWay()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        options.force = true
        options.dryRun = true
        let listing = { try FileManager.default.subpathsOfDirectory(atPath: dir).sorted() }
        let before = try listing()
        let planned = try Exporter(options: options).export(paths: [dir + "/src/chime.wav"])
        #expect(try listing() == before && bytes(dir + "/ios/chime.caf") == Data("someone's caf".utf8))
        let outcome = try #require(planned.outcomes.first)
        #expect(planned.dryRun && outcome.status == .written && planned.lockWritten && planned.keepWritten)
        #expect(
            outcome.written == [dir + "/ios/chime.caf", dir + "/res/raw/chime.ogg"]
                && outcome.replaced == [dir + "/ios/chime.caf"])
        #expect(outcome.removed == [dir + "/res/raw/chime.mp3"])

        options.dryRun = false
        let done = try #require(try Exporter(options: options).export(paths: [dir + "/src/chime.wav"]).outcomes.first)
        #expect(done.written == outcome.written && done.replaced == outcome.replaced && done.removed == outcome.removed)
        #expect(done.entry == outcome.entry, "the dry run's lock entry is the real one")
    }
}

/// Issue 44, items 4 and 5: the lock changes only for the sources exported, and an export that
/// stops halfway finishes when run again.
extension ExportSafetyTests {
    /// `src/a.wav` and `src/b.wav` exported for both platforms with a lock; `b`'s channel ID set by hand.
    static func twoSounds() throws -> (String, ExportOptions) {
        let dir = try FixTests.folder()
        try FileManager.default.createDirectory(atPath: dir + "/src", withIntermediateDirectories: true)
        try tone(dir + "/src/a.wav")
        try tone(dir + "/src/b.wav", seconds: 0.7)
        var options = ExportOptions()
        options.iosFolder = dir + "/ios"
        options.androidFolder = dir + "/res/raw"
        options.androidFormat = .wav
        options.lockPath = dir + "/lock.json"
        _ = try Exporter(options: options).export(paths: [dir + "/src"])
        var lock = try SoundLock.read(path: options.lockPath)
        lock.sounds[1].channelId = "b_set_by_hand"
        try Data(lock.bytes()).write(to: URL(fileURLWithPath: options.lockPath))
        return (dir, options)
    }

    /// `export design/a.wav` removed `b` from the lock, the keep file and the constants, its
    /// hand-set channel ID for good.
    @Test(.bug(id: 44, "item 4")) func exportingOneSourceKeepsTheOthers() throws {
        let (dir, options) = try Self.twoSounds()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.tone(dir + "/src/a.wav", seconds: 0.6)
        let report = try Exporter(options: options).export(paths: [dir + "/src/a.wav"])
        #expect(report.outcomes.map(\.status) == [.written] && report.kept == ["b"] && report.dropped.isEmpty)
        let lock = try SoundLock.read(path: options.lockPath)
        #expect(lock.sounds.map(\.name) == ["a", "b"])
        #expect(lock["b"]?.channelId == "b_set_by_hand")
        let keep = String(decoding: try #require(bytes(dir + "/res/raw/" + Exporter.keepFileName)), as: UTF8.self)
        #expect(keep.contains("@raw/b"))
        #expect(SoundConstants.source(lock, language: .swift).contains("b_set_by_hand"))
        // A full export again: nothing of b moves.
        let again = try Exporter(options: options).export(paths: [dir + "/src"])
        #expect(
            again.outcomes.map(\.status) == [.unchanged, .written]
                || again.outcomes.map(\.status) == [.unchanged, .unchanged])
        #expect(try SoundLock.read(path: options.lockPath)["b"]?.channelId != nil)
    }

    /// A sound whose source is gone from a folder given leaves the lock, said; its files stay.
    @Test(.bug(id: 44, "item 4")) func aDeletedSourceLeavesTheLockOnAFullExport() throws {
        let (dir, options) = try Self.twoSounds()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.removeItem(atPath: dir + "/src/b.wav")
        // Not given: kept.
        #expect(try Exporter(options: options).export(paths: [dir + "/src/a.wav"]).kept == ["b"])
        let report = try Exporter(options: options).export(paths: [dir + "/src"])
        #expect(report.dropped.map(\.name) == ["b"] && report.kept.isEmpty)
        #expect(try SoundLock.read(path: options.lockPath).sounds.map(\.name) == ["a"])
        #expect(FileManager.default.fileExists(atPath: dir + "/ios/b.caf"))
    }

    /// A `kill -9` during an export, then the same command: sounds written but not yet in the lock
    /// were refused ("the lock has no such file") and --force was needed. A file that holds what
    /// export makes is not in the way; one that holds anything else still is.
    @Test(.bug(id: 44, "item 5")) func anExportStoppedHalfwayFinishesWhenRunAgain() throws {
        let (dir, options) = try Self.twoSounds()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // As a run killed after writing the sounds and before the lock: no lock.
        try FileManager.default.removeItem(atPath: options.lockPath)
        let report = try Exporter(options: options).export(paths: [dir + "/src"])
        #expect(report.succeeded, "\(report.outcomes.map { $0.error?.message ?? "" })")
        #expect(report.outcomes.allSatisfy { $0.replaced.isEmpty })
        // Someone's own file at an output is still refused, with the reason that holds.
        try FileManager.default.removeItem(atPath: options.lockPath)
        try Data("someone's caf".utf8).write(to: URL(fileURLWithPath: dir + "/ios/a.caf"))
        try Data("someone's wav".utf8).write(to: URL(fileURLWithPath: dir + "/res/raw/b.wav"))
        let refused = try Exporter(options: options).export(paths: [dir + "/src"])
        #expect(refused.outcomes.map(\.status) == [.failed, .failed])
        #expect(
            refused.outcomes[0].error?.message.contains("the lock has no sound 'a'") == true,
            "\(refused.outcomes[0].error?.message ?? "")")
        #expect(bytes(dir + "/ios/a.caf") == Data("someone's caf".utf8))
        #expect(bytes(dir + "/res/raw/b.wav") == Data("someone's wav".utf8))
    }

    /// `--lock cfg/x.json` with no `cfg/`: the sounds were written, none reported, exit 2.
    @Test(.bug(id: 44, "item 5")) func theLocksFolderIsMadeFirst() throws {
        let (dir, options) = try Self.oneSource()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var nested = options
        nested.lockPath = dir + "/cfg/deeper/x.json"
        let report = try Exporter(options: nested).export(paths: [dir + "/src"])
        #expect(report.succeeded && report.lockWritten)
        #expect(try SoundLock.read(path: nested.lockPath).sounds.map(\.name) == ["chime"])
    }
}

extension ExportSafetyTests {
    /// A committed file at an output that export never wrote (the lock has no hash of it) was
    /// replaced by `--android` and `--both` ("wrote … (replacing it)"); only `--ios` refused. In
    /// every mode it is refused and left as it was, and `--force` takes it over.
    @Test(.bug(id: 44, "item 4"), arguments: ["ios", "android-ogg", "android-wav", "both"])
    func aCommittedFileIsNeverReplaced(mode: String) throws {
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/src", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        try Self.tone(dir + "/src/notification.wav")
        var options = ExportOptions()
        options.lockPath = dir + "/lock.json"
        let committed: String
        switch mode {
        case "ios": (options.iosFolder, committed) = (dir + "/out", "notification.caf")
        case "both": (options.bothFolder, committed) = (dir + "/out", "notification.wav")
        default:
            options.androidFolder = dir + "/out"
            options.androidFormat = mode == "android-wav" ? .wav : .ogg
            committed = mode == "android-wav" ? "notification.wav" : "notification.ogg"
        }
        let mine = Data("the app's own sound".utf8)
        try mine.write(to: URL(fileURLWithPath: dir + "/out/" + committed))
        let report = try Exporter(options: options).export(paths: [dir + "/src"])
        #expect(report.outcomes.map(\.status) == [.failed], "\(mode): \(report.outcomes.map(\.written))")
        #expect(report.outcomes.first?.error?.message.contains("is not the file export wrote for it") == true)
        #expect(bytes(dir + "/out/" + committed) == mine)
        options.force = true
        let forced = try Exporter(options: options).export(paths: [dir + "/src"])
        #expect(forced.outcomes.first?.replaced == [dir + "/out/" + committed], "\(mode)")
    }
}
