import Foundation
import ZIPFoundation

/// Reads an `.ipa` in place: entries are decompressed into memory one at a time, never to disk.
enum ArchiveScanner {
    /// Sounds larger than this inside an archive are reported rather than decompressed.
    static let maximumEntrySize: UInt64 = 64 * 1024 * 1024

    static func scan(path: String, displayPath: String) throws -> BundleScan {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw BundleError("\(path): not an .ipa (zip) archive, an app or a folder (\(error)); for a single sound use alertsound check")
        }
        let entries = Array(archive)
        // The app is the first `Payload/<name>.app/` folder.
        guard let appRoot = entries.lazy.compactMap({ appFolder(in: $0.path) }).first else {
            throw BundleError("\(path): no Payload/<name>.app inside; is this an .ipa?")
        }
        var sounds: [FoundSound] = []
        for entry in entries where entry.path.hasPrefix(appRoot + "/") {
            let relative = String(entry.path.dropFirst(appRoot.count + 1))
            guard !relative.isEmpty, !relative.hasSuffix("/") else { continue }
            let name = (relative as NSString).lastPathComponent
            let soundByName = SoundPaths.soundExtensions.contains((name as NSString).pathExtension.lowercased())
            let display = displayPath + "!" + entry.path
            let location = SoundLocation.of(relativePath: relative, kind: .ipa)
            switch entry.type {
            case .directory:
                continue
            case .symlink:
                if soundByName {
                    sounds.append(FoundSound(relativePath: relative, displayPath: display, location: location,
                                             content: .problem(BundleCode.unreadable.diagnostic("a symbolic link inside the archive; links are not followed"))))
                }
            case .file:
                if entry.uncompressedSize > maximumEntrySize {
                    if soundByName {
                        sounds.append(FoundSound(relativePath: relative, displayPath: display, location: location,
                                                 content: .problem(BundleCode.unreadable.diagnostic("\(entry.uncompressedSize) bytes: too large for an alert sound, not decompressed"))))
                    }
                    continue
                }
                if !soundByName {
                    // Content sniffing needs only the first bytes.
                    guard looksLikeSound(try prefix(of: entry, in: archive, count: 16)) else { continue }
                }
                do {
                    sounds.append(FoundSound(relativePath: relative, displayPath: display, location: location,
                                             content: .bytes(try contents(of: entry, in: archive))))
                } catch {
                    sounds.append(FoundSound(relativePath: relative, displayPath: display, location: location,
                                             content: .problem(BundleCode.unreadable.diagnostic("cannot decompress: \(error)"))))
                }
            }
        }
        return BundleScan(kind: .ipa, root: displayPath + "!" + appRoot, sounds: sounds.sorted { $0.relativePath < $1.relativePath })
    }

    static func appFolder(in entryPath: String) -> String? {
        let parts = entryPath.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0] == "Payload", parts[1].hasSuffix(".app") else { return nil }
        return "Payload/" + parts[1]
    }

    private struct Enough: Error {}

    private static func prefix(of entry: Entry, in archive: Archive, count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        do {
            _ = try archive.extract(entry, bufferSize: 4096, skipCRC32: true) { chunk in
                bytes.append(contentsOf: chunk.prefix(count - bytes.count))
                if bytes.count >= count { throw Enough() }
            }
        } catch is Enough {}
        return bytes
    }

    private static func contents(of entry: Entry, in archive: Archive) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(entry.uncompressedSize))
        _ = try archive.extract(entry, bufferSize: 64 * 1024) { chunk in
            // The declared size bounds what a damaged or hostile entry may inflate to.
            guard UInt64(bytes.count + chunk.count) <= maximumEntrySize else { throw BundleError("entry inflates past its size") }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }
}

/// A bundle that cannot be examined at all.
public struct BundleError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
