import AlertSoundCore

/// Reads an `.ipa`, `.apk` or `.aab` in place: the central directory is streamed, and each sound
/// entry is later read through its own bounded source (`ZipArchive.source(for:)`), never
/// extracted or held whole. What the archive is, is told by its entries, not its name.
enum ArchiveScanner {
    static func scan(path: String, displayPath: String) throws -> BundleScan {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(path: path)
        } catch {
            let failure = AlertSoundError.wrapping(error, as: .unreadable, path: path)
            // No zip structure at all: probably not meant as a bundle. Anything else (unreadable,
            // too many entries) is said as it is.
            guard failure.kind == .malformed else { throw failure }
            throw AlertSoundError(
                .unrecognized, "not an .ipa or .apk (zip) archive, an app or a folder (\(failure.reason))", path: path,
                suggestion: Suggestion(.checkFile, path: path))
        }
        // An .ipa's app is the first `Payload/<name>.app` in directory order; an .apk has its
        // manifest at the top (an .aab in base/manifest/).
        var appName: String?
        var android = false
        do {
            try archive.forEachEntry { entry in
                appName = appFolder(entry.components)
                android = entry.path == "AndroidManifest.xml" || entry.path == "base/manifest/AndroidManifest.xml"
                return appName == nil && !android
            }
        } catch {
            throw AlertSoundError.wrapping(error, as: .unreadable, path: path)
        }
        if android { return try scanAndroid(archive, path: path, displayPath: displayPath) }
        guard let appName else {
            throw AlertSoundError(
                .unrecognized, "no Payload/<name>.app (an .ipa) or AndroidManifest.xml (an .apk) inside", path: path)
        }
        let root = "Payload/" + appName
        let shownRoot = displayPath + "!" + root + "/"

        var sounds: [FoundSound] = []
        do {
            try archive.forEachEntry { entry in
                let parts = entry.components
                guard parts.count > 2, parts[0] == "Payload", parts[1] == appName, entry.kind != .directory else {
                    return true
                }
                let relative = parts.dropFirst(2).joined(separator: "/")
                if let sound = sound(entry, in: archive, relative: relative, kind: .ipa, displayRoot: shownRoot) {
                    sounds.append(sound)
                }
                return true
            }
        } catch {
            throw AlertSoundError.wrapping(error, as: .unreadable, path: path)
        }
        let app = AppContents.archive(archive, app: appName, display: displayPath + "!" + root)
        sounds.sort { $0.relativePath < $1.relativePath }
        return BundleScan(kind: .ipa, root: displayPath + "!" + root, sounds: sounds, app: app)
    }

    /// Every sound of an .apk or .aab. Raw resources are those `resources.arsc` lists under the
    /// `raw` type (whatever their path: release builds shorten it), and any file directly in a
    /// `res/raw/` folder.
    private static func scanAndroid(_ archive: ZipArchive, path: String, displayPath: String) throws -> BundleScan {
        var sounds: [FoundSound] = []
        let shownRoot = displayPath + "!"
        var table: ZipEntry?
        do {
            try archive.forEachEntry { entry in
                guard entry.kind != .directory, !entry.components.isEmpty else { return true }
                if entry.path == "resources.arsc" { table = entry }
                if let sound = sound(entry, in: archive, relative: entry.path, kind: .apk, displayRoot: shownRoot) {
                    sounds.append(sound)
                }
                return true
            }
        } catch {
            throw AlertSoundError.wrapping(error, as: .unreadable, path: path)
        }
        if let table {
            do {
                let raw = try rawFiles(archive, table)
                for i in sounds.indices {
                    guard let name = raw[sounds[i].relativePath] else { continue }
                    sounds[i].location = .rawResource
                    sounds[i].resourceName = name
                }
            } catch {
                // A table that cannot be read is a broken APK: say so where the sounds are listed.
                sounds.append(
                    FoundSound(
                        relativePath: "resources.arsc", displayRoot: shownRoot, location: .subfolder,
                        content: .problem(
                            Rule.judge(
                                failure: AlertSoundError(
                                    .unreadable,
                                    "the resource table cannot be read, so raw resources are known only by their res/raw paths: \(error)"
                                )))))
            }
        }
        sounds.sort { $0.relativePath < $1.relativePath }
        return BundleScan(kind: .apk, root: displayPath, sounds: sounds)
    }

    private static func rawFiles(_ archive: ZipArchive, _ entry: ZipEntry) throws -> [String: String] {
        guard entry.uncompressedSize <= Limits.maximumResourceTableBytes else {
            throw ResourceTableError(
                "\(entry.uncompressedSize) bytes; alertsound reads at most \(Limits.maximumResourceTableBytes)")
        }
        let source = try archive.source(for: entry)
        return try ResourceTable.rawFiles(try source.read(at: 0, count: Int(source.size)))
    }

    /// The entry as a sound when it is named like one or its first bytes are one; problems
    /// (links, escaping names, oversized entries) are reported only for entries named like sounds.
    private static func sound(
        _ entry: ZipEntry, in archive: ZipArchive, relative: String, kind: BundleKind, displayRoot: String
    ) -> FoundSound? {
        let name = entry.components[entry.components.count - 1]
        let soundByName = ContainerKind.isSoundName(name)
        let found = { (content: FoundSound.Content) in
            FoundSound(
                relativePath: relative, displayRoot: displayRoot,
                location: SoundLocation.of(relativePath: relative, kind: kind), content: content)
        }
        func problem(_ message: String) -> FoundSound {
            found(.problem(Rule.judge(failure: AlertSoundError(.unreadable, message))))
        }
        if entry.kind == .symlink {
            return soundByName ? problem("a symbolic link inside the archive; links are not followed") : nil
        } else if entry.escapesRoot {
            return soundByName ? problem("the entry's name contains '..' and would be extracted outside the app") : nil
        } else if entry.uncompressedSize > Limits.maximumArchiveEntrySize {
            return soundByName
                ? problem("\(entry.uncompressedSize) bytes: too large for an alert sound, not decompressed") : nil
        } else if soundByName {
            return found(.archiveEntry(archive, entry.extent))
        } else if let source = try? archive.source(for: entry),
            looksLikeSound((try? (source as? InflatingSource)?.head(16) ?? source.read(at: 0, count: 16)) ?? [])
        {
            // Content sniffing needs only the first bytes.
            return found(.archiveEntry(archive, entry.extent))
        }
        return nil
    }

    /// `<name>.app` when the entry is `Payload/<name>.app` or inside it.
    static func appFolder(_ components: [String]) -> String? {
        guard components.count >= 2, components[0] == "Payload", components[1].hasSuffix(".app") else { return nil }
        return components[1]
    }
}
