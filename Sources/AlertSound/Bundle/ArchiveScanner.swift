/// Reads an `.ipa` in place: the central directory is streamed, and each sound entry is later
/// read through its own bounded source (`ZipArchive.source(for:)`), never extracted or held whole.
enum ArchiveScanner {
    static func scan(path: String, displayPath: String) throws -> BundleScan {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(path: path)
        } catch let error as ArchiveError {
            throw BundleError("\(path): not an .ipa (zip) archive, an app or a folder (\(error)); for a single sound use alertsound check")
        } catch {
            throw BundleError("\(path): cannot read the archive (\(error))")
        }
        // The app is the first `Payload/<name>.app` in directory order.
        var appName: String?
        do {
            try archive.forEachEntry { entry in
                appName = appFolder(entry.components)
                return appName == nil
            }
        } catch {
            throw BundleError("\(path): \(error)")
        }
        guard let appName else { throw BundleError("\(path): no Payload/<name>.app inside; is this an .ipa?") }
        let root = "Payload/" + appName

        var sounds: [FoundSound] = []
        do {
            try archive.forEachEntry { entry in
                let parts = entry.components
                guard parts.count > 2, parts[0] == "Payload", parts[1] == appName, entry.kind != .directory else { return true }
                let relative = parts.dropFirst(2).joined(separator: "/")
                let name = parts[parts.count - 1]
                let soundByName = SoundPaths.isSoundName(name)
                let found = { (content: FoundSound.Content) in
                    sounds.append(FoundSound(relativePath: relative, displayPath: displayPath + "!" + entry.path,
                                             location: SoundLocation.of(relativePath: relative, kind: .ipa), content: content))
                }
                func problem(_ message: String) { found(.problem(BundleCode.unreadable.diagnostic(message))) }
                if entry.kind == .symlink {
                    if soundByName { problem("a symbolic link inside the archive; links are not followed") }
                } else if entry.escapesRoot {
                    if soundByName { problem("the entry's name contains '..' and would be extracted outside the app") }
                } else if entry.uncompressedSize > Limits.maximumArchiveEntrySize {
                    if soundByName { problem("\(entry.uncompressedSize) bytes: too large for an alert sound, not decompressed") }
                } else if soundByName {
                    found(.archiveEntry(archive, entry))
                } else if let source = try? archive.source(for: entry),
                          looksLikeSound((try? (source as? InflatingSource)?.head(16) ?? source.read(at: 0, count: 16)) ?? []) {
                    // Content sniffing needs only the first bytes.
                    found(.archiveEntry(archive, entry))
                }
                return true
            }
        } catch {
            throw BundleError("\(path): \(error)")
        }
        return BundleScan(kind: .ipa, root: displayPath + "!" + root, sounds: sounds.sorted { $0.relativePath < $1.relativePath })
    }

    /// `<name>.app` when the entry is `Payload/<name>.app` or inside it.
    static func appFolder(_ components: [String]) -> String? {
        guard components.count >= 2, components[0] == "Payload", components[1].hasSuffix(".app") else { return nil }
        return components[1]
    }
}

/// A bundle that cannot be examined at all.
public struct BundleError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
