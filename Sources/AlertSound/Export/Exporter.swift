import AlertSoundCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One set of sound sources, made into iOS alert sounds and Android raw resources with names both
/// platforms accept and a lock that gives each sound a notification channel ID tied to its audio.
///
/// ```swift
/// var options = ExportOptions()
/// options.iosFolder = "ios/App/Sounds"
/// options.androidFolder = "android/app/src/main/res/raw"
/// let report = try Exporter(options: options).export(paths: ["design/sounds"])
/// for sound in report.lock.sounds { print(sound.name, sound.channelId) }
/// ```
public struct Exporter: Sendable {
    /// What to write and how.
    public var options: ExportOptions

    /// An exporter with these options.
    public init(options: ExportOptions) { self.options = options }

    /// Exports every sound in `paths` (files, and folders searched for sounds), then writes the
    /// lock. Throws for what stops the whole run (bad options, an unreadable lock, no output
    /// folder asked for); a source that fails is reported in its outcome.
    public func export(paths: [String]) throws -> ExportReport {
        if let problem = options.fix.problem() { throw problem }
        if let problem = resourceFix.problem() { throw problem }
        guard options.iosFolder != nil || options.androidFolder != nil || options.bothFolder != nil else {
            throw AlertSoundError(.invalidRequest, "name a folder for iOS sounds, for Android sounds, or both")
        }
        if options.bothFolder != nil, options.iosFolder != nil || options.androidFolder != nil {
            throw AlertSoundError(
                .invalidRequest,
                "one file for both platforms goes where the sounds list takes it from, not beside the iOS and Android folders: "
                    + "ask for the one, or for the others")
        }
        let previous: SoundLock? = !exists(options.lockPath) ? nil : try SoundLock.read(path: options.lockPath)
        var sources: [(path: String, problem: AlertSoundError?)] = []
        for path in paths {
            switch pathKind(path) {
            case .folder?:
                sources += SoundPaths.expand([path]).map {
                    ($0.path, $0.problem.map { AlertSoundError(.unreadable, $0.message, path: path) })
                }
            case .file?: sources.append((path, nil))
            case nil: sources.append((path, AlertSoundError(.notFound, "no such file or folder", path: path)))
            }
        }
        // The same file given twice (a folder and a file in it, two spellings) is one sound.
        var seen: Set<FolderScanner.FileID> = []
        sources = sources.filter { source in
            var info = stat()
            return stat(source.path, &info) != 0 || seen.insert(FolderScanner.FileID(info)).inserted
        }
        let names = sources.map { Self.name(for: $0.path) }
        var holders: [String: [String]] = [:]
        for (source, name) in zip(sources, names) { if let name { holders[name, default: []].append(source.path) } }
        if !options.dryRun {
            // The lock's folder too: found missing only after the sounds were written, it once
            // left them written, unrecorded, and the run stopped.
            for folder in [options.iosFolder, options.androidFolder, options.bothFolder, parentFolder(options.lockPath)]
                .compactMap({ $0 })
            {
                try makeFolders(folder)
            }
        }

        let outcomes = parallelMap(Array(zip(sources, names))) { source, name -> ExportOutcome in
            guard let name else {
                return ExportOutcome(
                    source: source.path, status: .failed,
                    error: AlertSoundError(
                        .invalidRequest,
                        "its file name has no letter or digit to make a resource name of; rename it", path: source.path)
                )
            }
            if let problem = source.problem {
                return ExportOutcome(source: source.path, name: name, status: .failed, error: problem)
            }
            let others = holders[name, default: []].filter { $0 != source.path }
            guard others.isEmpty else {
                return ExportOutcome(
                    source: source.path, name: name, status: .failed,
                    error: AlertSoundError(
                        .invalidRequest,
                        "its name '\(name)' is also made from \(others.joined(separator: ", ")): one resource name, two sounds; rename one",
                        path: source.path))
            }
            do {
                return try export(source.path, name: name, previous: previous?[name])
            } catch let blocked as FixBlocked {
                return ExportOutcome(source: source.path, name: name, status: .failed, blockers: blocked.blockers)
            } catch {
                return ExportOutcome(
                    source: source.path, name: name, status: .failed,
                    error: AlertSoundError.wrapping(error, as: .unreadable, path: source.path))
            }
        }
        // Nothing exported at all: the lock, keep file and constants stay as they were (an empty
        // lock would drop every channel the app has).
        if !outcomes.isEmpty, outcomes.allSatisfy({ $0.status == .failed }) {
            var report = ExportReport(outcomes: outcomes, lock: previous ?? SoundLock(sounds: []), lockWritten: false)
            report.lockPath = options.lockPath
            report.nothingWritten = true
            report.dryRun = options.dryRun
            return report
        }
        // A sound that failed keeps its earlier entry: the app's channels stay as they were.
        var entries = outcomes.compactMap(\.entry)
        let exported = Set(entries.map(\.name))
        for outcome in outcomes where outcome.status == .failed {
            if let name = outcome.name, !exported.contains(name), let old = previous?[name] { entries.append(old) }
        }
        // The lock changes only for the sources exported: `export design/a.wav` once removed every
        // other sound from the lock, a hand-set channel ID with it. A sound this run did not see
        // keeps its entry, unless its source lay where this run looked and is gone.
        let inRun = Set(outcomes.compactMap(\.name))
        var kept: [String] = [], dropped: [SoundLock.Entry] = []
        for old in previous?.sounds ?? [] where !inRun.contains(old.name) {
            if Self.covers(paths, old.source), !exists(old.source) {
                dropped.append(old)
            } else {
                entries.append(old)
                kept.append(old.name)
            }
        }
        let lock = SoundLock(sounds: entries)
        let lockWritten = try put(lock.bytes(), at: options.lockPath) != nil
        var report = ExportReport(outcomes: outcomes, lock: lock, lockWritten: lockWritten)
        report.lockPath = options.lockPath
        report.dryRun = options.dryRun
        report.kept = kept
        report.dropped = dropped
        if let folder = options.androidFolder, lock.sounds.contains(where: { $0.android != nil }) {
            let path = joinPath(folder, Self.keepFileName)
            report.keepPath = path
            report.keepWritten =
                try put(Self.keepFile(lock, lockName: lastComponent(options.lockPath)), at: path) != nil
        }
        return report
    }

    /// Whether `source` (a lock's, as given to an earlier export) lies where one of `paths` looks:
    /// it is one of them, or inside one, compared as absolute paths from the working folder.
    static func covers(_ paths: [String], _ source: String) -> Bool {
        guard !source.isEmpty else { return false }
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> String {
            collapsedPath(path.hasPrefix("/") ? path : cwd + "/" + path)
        }
        let wanted = absolute(source)
        return paths.contains { isInside(wanted, absolute($0)) }
    }

    /// `Order Ready!.wav` → `order_ready`: a valid Android resource name (which also suits an iOS
    /// file name), or nil when the name has nothing to make one of.
    public static func name(for path: String) -> String? { SoundName(path).exportName }

    /// One source's files and entry.
    private func export(_ source: String, name: String, previous: SoundLock.Entry?) throws -> ExportOutcome {
        // One file for both platforms is the Android raw resource that iOS plays too.
        let both = options.bothFolder != nil
        let format = resourceFormat
        let androidFile = resourceFolder.map { _ in format.fileName(name) }
        let ios = both ? androidFile : options.iosFolder.map { _ in name + ".caf" }
        let iosPath = options.iosFolder.map { joinPath($0, name + ".caf") }
        let androidPath = resourceFolder.map { joinPath($0, format.fileName(name)) }
        let displaced = try refuseClobbering(
            source: source, name: name, outputs: [iosPath, androidPath].compactMap { $0 }, previous: previous)
        let contentHash = try Self.contentHash(of: source, settings: settings, ffmpeg: options.fix.ffmpeg)
        // What is at an output and was not written by export (the lock's hash) is replaced only
        // with --force, unless it already holds what this export makes: then nothing is replaced,
        // so an export killed halfway finishes when run again.
        func refuseReplacing(_ path: String, with bytes: [UInt8], recorded: String?, lockField: String) throws {
            guard !options.force, isFile(path), let existing = Self.fileHash(path),
                existing != recorded, existing != SHA256.hex(bytes)
            else { return }
            let why =
                previous == nil
                ? "the lock has no sound '\(name)'"
                : recorded == nil
                    ? "the lock records no \(lockField) for '\(name)'" : "its content is not the file the lock records"
            throw AlertSoundError(
                .invalidRequest,
                "\(path) exists and is not the file export wrote for it (\(why)): remove it, or export with --force to replace it",
                path: source)
        }

        // Unchanged audio and settings, and the files on disk still the ones the lock records:
        // nothing to do, and nothing is decoded beyond the hash.
        if displaced.isEmpty, let previous, previous.contentHash == contentHash, previous.ios == ios,
            previous.androidFile == androidFile,
            Self.fileHash(iosPath) == previous.iosSHA256, Self.fileHash(androidPath) == previous.androidSHA256
        {
            return ExportOutcome(source: source, name: name, status: .unchanged, entry: previous)
        }
        var outcome = ExportOutcome(source: source, name: name, status: .written)
        func record(_ path: String, _ change: FileChange?) {
            if change != nil { outcome.written.append(path) }
            if change == .replaced { outcome.replaced.append(path) }
        }
        // Every output is made and checked before any is written: what export did not write is
        // never half replaced.
        var iosBytes: [UInt8]?, androidBytes: [UInt8]?
        if let iosPath {
            let (bytes, made) = try fixed(source, name: name, fix: options.fix, coding: .ima4)
            outcome.changes = made
            try refuseReplacing(
                iosPath, with: bytes, recorded: previous?.ios == name + ".caf" ? previous?.iosSHA256 : nil,
                lockField: "iOS file")
            iosBytes = bytes
        }
        if let androidPath {
            let (master, made) = try fixed(
                source, name: name, fix: resourceFix, coding: .integer(16, order: .littleEndian))
            // fix made a 16-bit CAF master; what ships is the file made from it.
            let shipped = made.map { change -> FixChange in
                guard case let .converted(container, format, _, _) = change else { return change }
                return .converted(
                    fromContainer: container, fromFormat: format, toFormat: resourceFormat.coding,
                    toContainer: resourceFormat.container)
            }
            if iosPath == nil { outcome.changes = shipped }
            outcome.androidChanges = shipped
            let bytes = try Self.resource(from: master, format: format, contentHash: contentHash, shownAs: androidPath)
            try refuseReplacing(
                androidPath, with: bytes,
                recorded: previous?.androidFile == format.fileName(name) ? previous?.androidSHA256 : nil,
                lockField: "Android file")
            androidBytes = bytes
        }
        if let iosPath, let iosBytes { record(iosPath, try put(iosBytes, at: iosPath)) }
        if let androidPath, let androidBytes {
            record(androidPath, try put(androidBytes, at: androidPath))
            // The other files of its resource name would make a second resource: they go once the
            // new one is in place (refuseClobbering let only export's own, or --force, through).
            outcome.removed = displaced.filter { options.dryRun || unlink($0) == 0 }
        }
        let androidHash = androidBytes.map(SHA256.hex)
        let iosHash = both ? androidHash : iosBytes.map(SHA256.hex)
        let entry = SoundLock.Entry(
            name: name, source: source, ios: ios, android: resourceFolder.map { _ in name }, androidFile: androidFile,
            contentHash: contentHash, iosSHA256: iosHash, androidSHA256: androidHash)
        // A new channel ID is a change the app must act on, whether or not a file's bytes moved.
        let newChannel = previous.map { $0.channelId != entry.channelId } ?? false
        outcome.entry = entry
        if outcome.written.isEmpty, outcome.removed.isEmpty, !newChannel { outcome.status = .unchanged }
        if newChannel { outcome.previousChannelId = previous?.channelId }
        return outcome
    }

    /// The Android file made from fix's 16-bit CAF `master`: a 16-bit WAV, or Ogg Vorbis whose
    /// stream serial comes from the content hash (the same audio gives the same bytes).
    private static func resource(
        from master: [UInt8], format: AndroidSoundFormat, contentHash: String, shownAs path: String
    ) throws -> [UInt8] {
        let source16 = MemorySource(master)
        guard let reader = NativeReader(source: source16, info: try SoundFile.inspect(source: source16, name: path))
        else {
            throw AlertSoundError(.outputFailed, "the 16-bit master could not be read back", path: path)
        }
        switch format {
        case .wav:
            var samples: [Int16] = []
            while case let block = try reader.readInt16(maxFrames: 1 << 16), !block.isEmpty { samples += block }
            return try SoundFileBuilder.make(
                .wave,
                format: StreamFormat(
                    sampleRate: reader.sampleRate, channels: reader.channels, coding: .integer(16, order: .littleEndian)
                ),
                samples: samples)
        case .ogg:
            let serial = contentHash.utf8.prefix(8).reduce(UInt32(0)) { $0 << 4 | UInt32(hexDigit($1) ?? 0) }
            return try OggVorbisWriter.encode(reader, serial: serial)
        }
    }

    /// Where the Android raw resource goes: the Android folder, or the one for both platforms.
    var resourceFolder: String? { options.androidFolder ?? options.bothFolder }
    /// Its format: 16-bit WAV when iOS plays the same file.
    var resourceFormat: AndroidSoundFormat { options.bothFolder != nil ? .wav : options.androidFormat }

    /// `fix`'s options for the Android sound: the iOS sound's shaping without iOS's length limit,
    /// cut only to ``ExportOptions/androidMaxDuration``; for one file both play, the iOS sound's.
    var resourceFix: FixOptions {
        guard options.bothFolder == nil else { return options.fix }
        var fix = options.fix
        fix.appliesIOSLengthLimit = false
        fix.maxDuration = options.androidMaxDuration ?? FixOptions.longestCut
        fix.maxDurationIsExplicit = options.androidMaxDuration != nil
        return fix
    }

    /// The source made into a CAF of `coding` by `fix` with these options, as bytes, and what fix changed.
    private func fixed(
        _ source: String, name: String, fix: FixOptions, coding: SampleCoding
    ) throws -> ([UInt8], [FixChange]) {
        var fix = fix
        fix.dataFormat = coding
        fix.outputFolder = nil
        fix.force = true
        // In memory: no scratch file, so an export killed halfway leaves nothing behind.
        let (outcome, bytes) = Fixer(options: fix).fixedBytes(
            FixJob(input: source, output: name + ".caf", refusal: nil, fromFolder: false))
        if let error = outcome.error { throw error }
        if !outcome.blockers.isEmpty { throw FixBlocked(blockers: outcome.blockers) }
        guard outcome.status == .fixed, let bytes else {
            throw AlertSoundError(.outputFailed, "fix made no output (\(outcome.status.rawValue))", path: source)
        }
        return (bytes, outcome.changes)
    }

    /// Refuses, before anything is read or written, what would replace or duplicate a file export
    /// did not make: the source as its own output (a `.caf` source in the iOS folder, a `.wav` in
    /// res/raw exported as WAV), a source that is another file of the sound's Android resource
    /// name, another such file export did not write (`x.mp3` beside the `x.ogg` it writes: aapt2
    /// fails on two). `force` takes over the last, never a source. Returns the other files of the
    /// resource name, to remove once the sound is written: only names made from the sound's own,
    /// never the lock's text. (A file at an output itself is judged once its new bytes are known.)
    private func refuseClobbering(
        source: String, name: String, outputs: [String], previous: SoundLock.Entry?
    ) throws -> [String] {
        func isSource(_ path: String) -> Bool {
            (try? Converter.refuseOverwritingInput(input: source, output: path)) == nil
        }
        if let output = outputs.first(where: isSource) {
            throw AlertSoundError(
                .invalidRequest,
                "its output \(output) is the source itself; export never writes over a source: "
                    + "keep sources outside the folders export writes (design/sounds, say)", path: source)
        }
        var displaced: [String] = []
        if let folder = resourceFolder {
            let mine = resourceFormat.fileName(name)
            for other in FolderEntries.names(in: folder, .file, through: .userNamed).sorted()
            where other != mine && SoundName(other).resourceName == name {
                let path = joinPath(folder, other)
                if isSource(path) {
                    throw AlertSoundError(
                        .invalidRequest,
                        "the source is \(other) in \(folder), where export writes \(mine): two files of the "
                            + "resource name '\(name)' fail the Android build; keep sources outside the folders export writes",
                        path: source)
                }
                let ours =
                    previous.map {
                        $0.androidFile == other && $0.androidSHA256 != nil && Self.fileHash(path) == $0.androidSHA256
                    } ?? false
                guard ours || options.force else {
                    throw AlertSoundError(
                        .invalidRequest,
                        "\(path) is another file of the resource name '\(name)' and export did not write it: "
                            + "with \(mine) beside it the build fails (duplicate resources); remove it, or export with --force to replace it",
                        path: source)
                }
                displaced.append(path)
            }
        }
        return displaced
    }

}

/// `fix` judged a source and no fix makes it play: its findings end the source's export as they are.
private struct FixBlocked: Error {
    let blockers: [Diagnostic]
}
