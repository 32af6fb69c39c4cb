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
    /// cross-platform project; NativeScript's `App_Resources`, which its own reader places (its
    /// `Android/src/main/res/raw` is no module of a Gradle project: issue 57).
    static let skippedFolders: Set<String> = [
        "build", "intermediates", "generated", ".gradle", ".git", ".idea", ".cxx", ".dart_tool", "node_modules", "Pods",
        "ios", "DerivedData", "test", "androidTest", "testFixtures", "App_Resources"
    ]

    /// What a search for `res/raw` folders found.
    struct RawSearch: Sendable, Equatable {
        /// The folders, relative to where the search began (`""`: it began in one), sorted.
        var folders: [String]
        /// Whether the search gave up before it had looked everywhere (``Limits/androidSearchFolders``):
        /// a raw folder it did not reach is not judged, so the run cannot pass.
        var incomplete = false
    }

    /// The `res/raw` folders of `folder` when it is Android's (it has some within reach, or the
    /// files of a Gradle module or project); `nil` when it is not.
    static func rawFoldersIfAndroid(_ folder: String, through door: Door) -> RawSearch? {
        let found = rawFolders(in: folder, through: door)
        let gradle = [
            "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "AndroidManifest.xml",
            "src/main/AndroidManifest.xml"
        ]
        .contains { isFile(folder + "/" + $0) }
        return found.folders.isEmpty && !found.incomplete && !gradle ? nil : found
    }

    /// `res/raw` folders below `root` (relative paths, sorted), at most `Limits.androidSearchDepth`
    /// levels down, looking into at most `Limits.androidSearchFolders`. Links are not followed,
    /// but a `raw` that is one is a raw folder (the build reads through it; the scan decides
    /// whether it may be read).
    static func rawFolders(in root: String, through door: Door, budget: Int = Limits.androidSearchFolders) -> RawSearch
    {
        if lastComponent(root) == "raw", lastComponent(parentFolder(root)) == "res" { return RawSearch(folders: [""]) }
        var found: [String] = []
        var pending: [(String, Int)] = [("", 0)]
        var next = 0
        // Breadth first, so the budget is spent near the root, where res folders are.
        while next < pending.count, next < budget {
            let (relative, depth) = pending[next]
            next += 1
            let inRes = lastComponent(relative) == "res"
            for (name, kind) in FolderEntries.list(relative.isEmpty ? root : root + "/" + relative, through: door)
            where !skippedFolders.contains(name) {
                let path = relative.isEmpty ? name : relative + "/" + name
                if name == "raw", inRes, kind == .folder || kind == .link {
                    found.append(path)
                } else if kind == .folder, depth + 1 < Limits.androidSearchDepth {
                    pending.append((path, depth + 1))
                }
            }
        }
        return RawSearch(folders: found.sorted(), incomplete: next < pending.count)
    }

    /// The sounds of every raw folder, with paths relative to `root`, and the keep rules found in
    /// the XML files of those folders. A raw folder that leads outside `confinement` (a link) is
    /// not read, and a search that gave up is said: both as sounds that cannot be judged.
    static func scan(
        root: String, rawFolders search: RawSearch, within confinement: Confinement
    ) -> (sounds: [FoundSound], keep: KeepRules) {
        let display = root
        var sounds: [FoundSound] = []
        var keep = KeepRules()
        if search.incomplete {
            sounds.append(
                FoundSound(
                    relativePath: "res/raw", displayRoot: display + "/", location: .rawResource,
                    content: .problem(
                        Rule.judge(
                            failure: AlertSoundError(
                                .unreadable,
                                "the search for res/raw folders gave up after \(Limits.androidSearchFolders) folders, so the sounds of a module it did not reach are not judged: validate the module's folder (android/app, say)"
                            )))))
        }
        for raw in search.folders {
            // A folder given as `…/res/raw` itself is reported as such, so its files still sit in res/raw.
            let given = raw.isEmpty ? root : root + "/" + raw
            let prefix = raw.isEmpty ? "res/raw" : raw
            let shownFolder = raw.isEmpty ? display : display + "/" + raw
            // Shown as found in the folder (`…/res/raw/x.wav`, or `…/x.wav` for a raw folder given itself).
            let shownRoot = display + "/"
            let hidden = raw.isEmpty ? prefix.utf8.count + 1 : 0
            let place = confinement.place(of: given)
            guard case .inside(let folder?) = place else {
                // A link out of the folder given, or one that leads nowhere: said, not read.
                let problem =
                    place == .inside(resolved: nil)
                    ? Rule.judge(failure: AlertSoundError(.unreadable, "a symbolic link that leads nowhere"))
                    : Rule.judge(walk: .linkOutside(target: linkText(given) ?? given))
                sounds.append(
                    FoundSound(
                        relativePath: prefix, displayRoot: shownRoot, shownFrom: hidden, location: .rawResource,
                        content: .problem(problem)))
                continue
            }
            // The core's walk: the location is worked out once, from the path within the project.
            for sound in FolderScanner.scan(root: folder, displayRoot: shownFolder) {
                let relative = prefix + "/" + sound.relativePath
                sounds.append(
                    FoundSound(
                        relativePath: relative, displayRoot: shownRoot, shownFrom: hidden,
                        location: SoundLocation.of(relativePath: relative, kind: .androidProject),
                        content: FoundSound.Content(sound.content)))
            }
            for name in files(in: folder, through: confinement.door) where lowercasedExtension(name) == "xml" {
                if let bytes = try? confinement.door.bytes(
                    folder + "/" + name, limit: Limits.maximumPlistBytes, what: "resource XML")
                {
                    keep.add(xml: String(decoding: bytes, as: UTF8.self), file: shownFolder + "/" + name)
                }
            }
        }
        sounds.sort { $0.relativePath < $1.relativePath }
        return (sounds, keep)
    }

    private static func files(in path: String, through door: Door) -> [String] {
        FolderEntries.names(in: path, .file, through: door)
    }

    /// What a symbolic link says (its text, as the repository holds it), or nil for no link.
    static func linkText(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let length = buffer.withUnsafeMutableBytes {
            readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), 4096)
        }
        return length > 0 ? displayName(buffer.prefix(length)) : nil
    }
}
