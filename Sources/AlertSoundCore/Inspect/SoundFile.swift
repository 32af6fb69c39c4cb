#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads what a sound file's headers say, without decoding its audio.
///
/// ```swift
/// let info = try SoundFile.inspect(at: URL(fileURLWithPath: "alert.caf"))
/// print(info.container, info.coding?.code ?? "?", info.duration ?? 0)
/// ```
public enum SoundFile {
    /// Inspects the file at `url`. Throws `AlertSoundError` naming the file when it cannot be read.
    public static func inspect(at url: URL) throws -> SoundInfo {
        try inspect(path: url.path)
    }

    /// Inspects the file at `path`.
    public static func inspect(path: String) throws -> SoundInfo {
        try inspect(source: try open(path: path), name: path)
    }

    /// Opens `path` for reading, with errors that name it.
    static func open(path: String) throws -> FileSource {
        try open(name: path) { try FileSource(path: path) }
    }

    /// Runs `opening` and turns the system's refusal into an `AlertSoundError` that names `name`.
    static func open(name: String, _ opening: () throws -> FileSource) throws -> FileSource {
        do {
            return try opening()
        } catch {
            throw AlertSoundError.wrapping(error, as: .unreadable, path: name)
        }
    }

    /// Inspects a file's contents held in memory; `name` is used in error messages.
    public static func inspect(bytes: [UInt8], name: String? = nil) throws -> SoundInfo {
        try inspect(source: MemorySource(bytes), name: name)
    }

    /// Inspects any random-access source of bytes.
    package static func inspect(source: ByteSource, name: String? = nil) throws -> SoundInfo {
        do {
            let found = try Sniffer.identify(source)
            switch found.container {
            case .aiff, .aifc: return try AIFFReader.read(source)
            case .wav, .rf64, .rifx: return try WAVReader.read(source)
            case .caf: return try CAFReader.read(source)
            case .au: return try AUReader.read(source)
            case .mp3:
                return try MPEGFrames.read(source, coding: found.coding)
            case .mp4:
                return try MP4Reader.read(source, coding: found.coding)
            case .ogg:
                return try OggReader.read(source, coding: found.coding)
            case .flac:
                return try FLACReader.read(source)
            // Recognised, not read further: what the first bytes say is all there is.
            case .adts, .amr:
                var info = SoundInfo(container: found.container, fileSize: source.size)
                info.coding = found.coding
                return info
            }
        } catch {
            throw AlertSoundError.wrapping(error, as: .unreadable, path: name)
        }
    }
}
