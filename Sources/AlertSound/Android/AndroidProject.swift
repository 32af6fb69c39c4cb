import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An Android module or project folder, as `validate-bundle` reads it: the `res/raw/` folders
/// within a few levels (every source set and module: `app/src/main/res/raw`,
/// `android/app/src/free/res/raw`), their sounds, and the keep rules beside them.
enum AndroidProject {
    /// Folders never searched: build output, dependencies, tool state and the iOS half of a
    /// cross-platform project.
    static let skippedFolders: Set<String> = [
        "build", "intermediates", "generated", ".gradle", ".git", ".idea", ".cxx", ".dart_tool", "node_modules", "Pods",
        "ios", "DerivedData"
    ]

    /// The `res/raw` folders of `folder` when it is Android's (it has some within reach, or the
    /// files of a Gradle module or project); `nil` when it is not.
    static func rawFoldersIfAndroid(_ folder: String) -> [String]? {
        let found = rawFolders(in: folder)
        let gradle = [
            "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "AndroidManifest.xml",
            "src/main/AndroidManifest.xml"
        ]
        .contains { isFolder(folder + "/" + $0) == false }
        return found.isEmpty && !gradle ? nil : found
    }

    /// `res/raw` folders below `root` (relative paths, sorted), at most `Limits.androidSearchDepth`
    /// levels down, without following links and looking into at most `Limits.androidSearchFolders`.
    static func rawFolders(in root: String) -> [String] {
        if lastComponent(root) == "raw", lastComponent(parentFolder(root)) == "res" { return [""] }
        var found: [String] = []
        var pending: [(String, Int)] = [("", 0)]
        var next = 0
        // Breadth first, so the budget is spent near the root, where res folders are.
        while next < pending.count, next < Limits.androidSearchFolders {
            let (relative, depth) = pending[next]
            next += 1
            for name in subfolders(of: relative.isEmpty ? root : root + "/" + relative)
            where !skippedFolders.contains(name) {
                let path = relative.isEmpty ? name : relative + "/" + name
                if name == "raw", lastComponent(relative) == "res" {
                    found.append(path)
                } else if depth + 1 < Limits.androidSearchDepth {
                    pending.append((path, depth + 1))
                }
            }
        }
        return found.sorted()
    }

    /// The sounds of every raw folder, with paths relative to `root`, and the keep rules found in
    /// the XML files of those folders.
    static func scan(root: String, rawFolders: [String]) -> (sounds: [FoundSound], keep: KeepRules) {
        let display = root
        var sounds: [FoundSound] = []
        var keep = KeepRules()
        for raw in rawFolders {
            // A folder given as `…/res/raw` itself is reported as such, so its files still sit in res/raw.
            let folder = raw.isEmpty ? root : root + "/" + raw
            let prefix = raw.isEmpty ? "res/raw" : raw
            let shownFolder = raw.isEmpty ? display : display + "/" + raw
            // Shown as found in the folder (`…/res/raw/x.wav`, or `…/x.wav` for a raw folder given itself).
            let shownRoot = display + "/"
            let hidden = raw.isEmpty ? prefix.utf8.count + 1 : 0
            // The core's walk: the location is worked out once, from the path within the project.
            for sound in FolderScanner.scan(root: folder, displayRoot: shownFolder) {
                let relative = prefix + "/" + sound.relativePath
                sounds.append(
                    FoundSound(
                        relativePath: relative, displayRoot: shownRoot, shownFrom: hidden,
                        location: SoundLocation.of(relativePath: relative, kind: .androidProject),
                        content: FoundSound.Content(sound.content)))
            }
            for name in files(in: folder) where lowercasedExtension(name) == "xml" {
                if let bytes = try? SoundReference.boundedContents(
                    of: folder + "/" + name, limit: Limits.maximumPlistBytes, what: "resource XML")
                {
                    keep.add(xml: String(decoding: bytes, as: UTF8.self), file: shownFolder + "/" + name)
                }
            }
        }
        sounds.sort { $0.relativePath < $1.relativePath }
        return (sounds, keep)
    }

    private static func subfolders(of path: String) -> [String] { entries(of: path, type: UInt8(DT_DIR)) }
    private static func files(in path: String) -> [String] { entries(of: path, type: UInt8(DT_REG)) }

    /// Names of one type in a folder, by their directory entries (links are not followed). Names
    /// that are not UTF-8 cannot be Android resources and are left to the sound walk to report.
    static func entries(of path: String, type: UInt8) -> [String] {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return [] }
        defer { close(folder) }
        return FolderScanner.entries(of: folder).compactMap { raw, entryType in
            guard let name = validUTF8(raw) else { return nil }
            var info = stat()
            // Some file systems do not fill in the entry's type.
            let known =
                entryType != UInt8(DT_UNKNOWN)
                ? entryType
                : !FolderScanner.statAt(folder, raw, &info, follow: false)
                    ? 0
                    : info.st_mode & S_IFMT == S_IFDIR
                        ? UInt8(DT_DIR) : info.st_mode & S_IFMT == S_IFREG ? UInt8(DT_REG) : 0
            return known == type ? name : nil
        }
    }
}
