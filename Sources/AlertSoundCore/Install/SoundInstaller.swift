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

/// Installs a sound an app got at run time (downloaded, or picked by the user) where iOS finds
/// notification sounds: the `Library/Sounds` folder of the app's container or of its App Group,
/// written by the app or by a Notification Service Extension.
///
/// ```swift
/// let installer = SoundInstaller(soundsDirectory: librarySoundsURL)   // the app's or App Group's Library/Sounds
/// let sound = try await installer.install(contentsOf: sourceURL, named: "chime")
/// content.sound = UNNotificationSound(named: UNNotificationSoundName(sound.fileName))
/// ```
///
/// What it takes is what the library's own readers decode, with no C library: WAV, AIFF, AIFF-C
/// and CAF holding linear PCM, µLaw, aLaw or IMA4. It makes a valid alert sound of it as `fix`
/// does (CAF IMA4; mono and stereo kept, more channels mixed to stereo; above 48 kHz resampled; 30 s
/// or more cut to 29.5 s with a fade-out), names it `chime-1a2b3c4d.caf` from the name given and a
/// hash of the result (iOS caches sounds by file name: new content gets a new name, the same
/// content the same one), writes it atomically, and only then removes earlier versions of that
/// name. Two names never share a file stem (see ``stem(_:)``), so one name's install never removes
/// another's sound. It streams: memory stays at a few MB however long the input, well inside the about 24 MB
/// a Notification Service Extension may use. Anything it cannot take throws ``AlertSoundError``.
public struct SoundInstaller: Sendable {
    /// The `Library/Sounds` folder sounds go to (made if missing).
    public var soundsDirectory: URL
    /// Sounds at or over iOS's 30 s limit are cut to this many seconds, with ``fade``.
    public var maxDuration = FixOptions.defaultMaxDuration
    /// Seconds of fade-out before a cut.
    public var fade = 0.05
    /// Which IMA4 encoder (``EncoderQuality/high`` costs time an extension may not have).
    public var quality = EncoderQuality.standard

    /// An installer writing into `soundsDirectory`.
    public init(soundsDirectory: URL) {
        self.soundsDirectory = soundsDirectory
    }

    /// Installs the sound file at `url` as `name` (any text of 1 to 200 bytes; see ``stem(_:)`` for
    /// the file name it gives). Runs off the caller's thread; cancelling the task stops it between
    /// blocks and leaves nothing behind.
    public func install(contentsOf url: URL, named name: String) async throws -> InstalledSound {
        try await Self.detached { control in
            let source: FileSource
            do {
                source = try FileSource(path: url.path)
            } catch {
                throw AlertSoundError.wrapping(error, as: .unreadable, path: url.path)
            }
            return try installSync(source: source, shownAs: url.path, named: name, control: control)
        }
    }

    /// Installs a sound held in memory (a download's body, say) as `name`.
    public func install(data: Data, named name: String) async throws -> InstalledSound {
        let bytes = [UInt8](data)
        return try await Self.detached {
            try installSync(source: MemorySource(bytes), shownAs: name, named: name, control: $0)
        }
    }

    /// The installed versions of `name` in the folder, newest first (normally one).
    public func installed(named name: String) throws -> [InstalledSound] {
        let stem = try Self.stem(name)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: soundsDirectory.path)) ?? []).filter {
            Self.isVersion($0, of: stem)
        }
        return names.map {
            InstalledSound(
                fileName: $0, url: soundsDirectory.appendingPathComponent($0), frames: nil, sampleRate: nil,
                replaced: [])
        }
        .sorted { (modified($0.url.path) ?? 0) > (modified($1.url.path) ?? 0) }
    }

    // MARK: the work

    private static func detached<T: Sendable>(
        _ body: @escaping @Sendable (OperationControl) throws -> T
    ) async throws -> T {
        let control = OperationControl(unit: .frames, progress: nil)
        return try await OperationControl.run(control) { try body(control) }
    }

    /// The work, on the calling thread; `control` (from the `async` entry points) can stop it.
    func installSync(
        source: ByteSource, shownAs path: String, named name: String, control: OperationControl? = nil
    ) throws -> InstalledSound {
        let stem = try Self.stem(name)
        let folder = soundsDirectory.path
        let info: SoundInfo
        do {
            info = try SoundFile.inspect(source: source, name: path)
        } catch let error as AlertSoundError {
            throw AlertSoundError(
                error.kind == .unrecognized ? .unsupported : error.kind,
                error.message
                    + (error.kind == .unrecognized ? "; the installer takes WAV, AIFF, AIFF-C and CAF" : ""), path: path
            )
        }
        guard let reader = NativeReader(source: source, info: info) else {
            throw AlertSoundError(
                .unsupported,
                "\(info.container.displayName) with \(info.coding?.code ?? "unknown") data: the installer takes WAV, AIFF, AIFF-C "
                    + "and CAF holding linear PCM, µLaw, aLaw or IMA4", path: path)
        }
        guard let frames = reader.frameCount, frames > 0 else {
            throw AlertSoundError(.invalidRequest, "holds no audio frames: nothing to play", path: path)
        }
        if !(maxDuration > 0 && maxDuration < maximumAlertDuration) || !(fade >= 0 && fade < maxDuration) {
            throw AlertSoundError(
                .invalidRequest, "the maximum duration must be above 0 and under 30 s, and the fade shorter than it")
        }
        do {
            try makeFolders(folder)
        } catch {
            throw AlertSoundError(.outputFailed, "cannot make the sounds folder: \(error)", path: folder)
        }

        // As fix decides: the input's rate up to 48 kHz, mono and stereo kept, wider mixed to stereo.
        let rate = FixOptions().outputRate(forInput: reader.sampleRate)
        var options = ConversionOptions(
            dataFormat: OutputDataFormat(.ima4, sampleRate: rate), fileType: .caff, quality: quality)
        if reader.channels > 2 {
            options.channels = 2
            options.mix = true
        }
        // The output's name is known only once its bytes are: it goes to a temporary name first.
        let temporary = folder + "/" + AtomicOutput.temporaryPrefix + "install-" + stem + ".caf"
        let plan = try ConversionPlan.make(
            input: path, output: temporary, rate: reader.sampleRate, channels: reader.channels, options: options)
        let seconds = Double(frames) / reader.sampleRate
        let cut = seconds >= maximumAlertDuration
        let edits =
            cut
            ? Edits(
                start: 0, length: Int64((maxDuration * rate).rounded(.down)), fadeFrames: Int((fade * rate).rounded()),
                gain: 1) : Edits()
        // Nothing at the temporary name is trusted: the data goes to a file created exclusively,
        // and takes no mode or owner from a stray file there.
        let output = try AtomicOutput(path: temporary, replacing: true, inheritingAttributes: false)
        let result = try Converter(options: options).write(
            reader: reader, plan: plan, edits: edits, sink: HeldOutput(output), control: control)
        let contents = output.contents()
        let digest = try SHA256.hex(reading: contents)
        let fileName = stem + "-" + digest.prefix(8) + ".caf"
        let final = folder + "/" + fileName
        try control?.check()
        // An app and its Notification Service Extension may install the same name at once: the
        // folder is locked from putting the file in place to removing older versions, so one
        // install's removal never takes the other's file and a version is always left.
        let replaced = try Self.whileLocked(folder) { () throws -> [String] in
            if Self.holds(final, size: contents.size, digest: digest) {
                // The same content is there already: nothing to replace, and iOS's cached copy is right.
                output.abandon()
            } else {
                // Nothing there, or a file of that name that is not this content (truncated, or
                // not ours): ours replaces it.
                try output.commit(to: final)
            }
            var replaced: [String] = []
            for other in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where other != fileName && Self.isVersion(other, of: stem) {
                if unlink(folder + "/" + other) == 0 { replaced.append(other) }
            }
            return replaced
        }
        return InstalledSound(
            fileName: fileName, url: URL(fileURLWithPath: final), frames: result.frames, sampleRate: rate,
            replaced: replaced.sorted())
    }

    /// Whether the regular file at `path` holds `size` bytes whose SHA-256 is `digest`.
    static func holds(_ path: String, size: Int64, digest: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int64(info.st_size) == size,
            let file = try? FileSource(path: path)
        else { return false }
        return (try? SHA256.hex(reading: file)) == digest
    }

    /// Runs `body` holding an exclusive `flock` on the folder itself (no lock file is left in
    /// Library/Sounds); other processes that install into it, an extension included, wait.
    static func whileLocked<T>(_ folder: String, _ body: () throws -> T) throws -> T {
        let fd = open(folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw AlertSoundError(
                .outputFailed, "cannot open the sounds folder to lock it (errno \(errno))", path: folder)
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw AlertSoundError(.outputFailed, "cannot lock the sounds folder (errno \(errno))", path: folder)
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The name's file stem, different for every name, also where file names ignore case (macOS,
    /// and iOS's Simulator): a name of lower-case ASCII letters, digits and single inner `_` is
    /// its own stem (`order_ready`); any other gets a readable form (those characters, the rest as
    /// `_`, lower-cased; `sound` when nothing is left) and `-` and 16 hex digits of the SHA-256 of
    /// its UTF-8: `Order Ready` is `order_ready-1f0c…`, `Order-Ready` another, `日本1` and `中文1`
    /// two more. (A stem that folded names together once had one name's install remove another's
    /// sound.) Versions add `-` and 8 hex digits of the file's hash, so no stem is another's version.
    public static func stem(_ name: String) throws -> String {
        guard !name.isEmpty, name.utf8.count <= 200, !name.utf8.contains(0) else {
            throw AlertSoundError(
                .invalidRequest, "a sound name needs 1 to 200 bytes of text; got '\(TextSafety.escaped(name))'")
        }
        var readable = ""
        for scalar in name.unicodeScalars {
            let lower = scalar >= "A" && scalar <= "Z" ? Unicode.Scalar(scalar.value + 32)! : scalar
            let keep = (lower >= "a" && lower <= "z") || (lower >= "0" && lower <= "9")
            if keep {
                readable.unicodeScalars.append(lower)
            } else if !readable.isEmpty, !readable.hasSuffix("_") {
                readable += "_"
            }
        }
        while readable.hasSuffix("_") { readable.removeLast() }
        if readable == name { return name }
        let digest = SHA256.hex(Array(name.utf8))
        return (readable.isEmpty ? "sound" : readable) + "-" + digest.prefix(16)
    }

    /// Whether `file` is a version of `stem`: `stem-` and 8 hex digits, `.caf`.
    static func isVersion(_ file: String, of stem: String) -> Bool {
        guard file.hasPrefix(stem + "-"), file.hasSuffix(".caf") else { return false }
        let digits = file.dropFirst(stem.count + 1).dropLast(4)
        return digits.count == 8 && digits.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    private func modified(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }
}

/// An output the converter finishes but does not put in place: its name is chosen afterwards.
private final class HeldOutput: OutputSink {
    let file: AtomicOutput
    init(_ file: AtomicOutput) { self.file = file }
    var bytesWritten: Int64 { file.bytesWritten }
    func append(_ bytes: [UInt8]) throws { try file.append(bytes) }
    func overwrite(_ bytes: [UInt8], at offset: Int64) throws { try file.overwrite(bytes, at: offset) }
    func contents() -> ByteSource { file.contents() }
    func commit() throws {}
}

/// A sound ``SoundInstaller`` put in place.
public struct InstalledSound: Sendable, Hashable {
    /// The file's name in the sounds folder, for `UNNotificationSoundName`: `chime-1a2b3c4d.caf`.
    public var fileName: String
    /// Where it is.
    public var url: URL
    /// Frames written (`nil` for one listed by ``SoundInstaller/installed(named:)``).
    public var frames: Int64?
    /// Its sample rate, in hertz.
    public var sampleRate: Double?
    /// Earlier versions of the name removed once this one was in place.
    public var replaced: [String]

    /// Its length in seconds, when known.
    public var duration: Double? { zip(frames, sampleRate).map { Double($0) / $1 } }
}

private func zip(_ a: Int64?, _ b: Double?) -> (Int64, Double)? {
    guard let a, let b else { return nil }
    return (a, b)
}
