import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every app under a folder, wherever it lives (a Flutter app in `flutter/`, two apps under
/// `apps/` of a monorepo, a Kotlin Multiplatform `iosApp/` beside `androidApp/`): what the build
/// makes an app of, not the layouts seen so far. A breadth-first walk of the folder given, bounded
/// in depth and in folders looked into, never following a link, skipping dependencies and build
/// output; each folder it reaches is shown to every reader of ``ProjectRegistry`` (Xcode
/// projects and workspaces, Gradle builds, Expo configs, ...), which keep what is theirs.
/// What is passed over on purpose is said (a Gradle project that builds only libraries, an
/// `app.config.js` it does not run), so a pass never hides an app it did not look at.
struct AppSearch {
    /// The readers, each holding what it found, in the registry's order.
    var readers: [any ProjectReader] = []
    /// What was passed over, with why, for the run's notes.
    var skipped: [String] = []
    /// Notes found on the way (a workspace's, a folder that cannot be searched, one too deep).
    var notes: [String] = []
    /// Whether the walk stopped at its bound before it had looked everywhere (then it throws).
    private var incomplete = false
    /// Folders just past the depth searched that hold an app's files (a Gradle build, an Xcode
    /// project, an Expo config): not judged, and said (issue 55: an Android app nine folders down
    /// was never found and its sound judged as an iOS resource).
    var tooDeep: [String] = []

    /// Folders never searched: dependencies, build output, tool state. Their apps are someone else's
    /// (a package's example app in `node_modules`, `Pods.xcodeproj`) or made from the sources here.
    static let skippedFolders: Set<String> = [
        "node_modules", "Pods", "Carthage", "build", "Build", "DerivedData", "intermediates", ".git", ".gradle",
        ".idea",
        ".dart_tool", ".symlinks", ".build", ".swiftpm", ".expo", ".cxx", "vendor"
    ]
    /// Folders that are one thing to Xcode or a build, searched no further.
    static let opaqueExtensions: Set<String> = [
        "xcodeproj", "xcworkspace", "app", "xcarchive", "framework", "xcframework", "bundle", "xcassets", "lproj",
        "playground"
    ]

    /// The reader of kind `type`, as the search left it.
    func reader<R: ProjectReader>(_ type: R.Type) -> R? { readers.lazy.compactMap { $0 as? R }.first }

    /// The `.xcodeproj` folders found, and those workspaces open, each once, in the order found.
    var xcodeProjects: [String] { reader(XcodeReader.self)?.projects ?? [] }
    /// The Android Gradle projects found that build an app.
    var androidRoots: [String] { reader(GradleReader.self)?.roots ?? [] }

    /// Searches `root`, reading what the readers read only inside `confinement`; `readers` are
    /// the kinds looked for (the registry's unless a test gives its own).
    /// `ignored`: the configuration's `ignore` globs, asked of each entry: an entry they match is
    /// neither shown to the readers nor searched (a broken project skipped on purpose, issue 57).
    static func search(
        _ root: String, within confinement: Confinement, readers: [any ProjectReader.Type] = ProjectRegistry.readers,
        ignored: (String) -> Bool = { _ in false }
    ) throws -> AppSearch {
        var found = AppSearch()
        found.readers = readers.map { $0.init() }
        var log = SearchLog()
        var pending: [(path: String, depth: Int)] = [(root, 0)]
        var next = 0
        // Folders just past the depth looked into for an app's files: as many as the search's own
        // budget, so a wide tree at the limit cannot multiply the work.
        var peeked = 0
        while next < pending.count {
            guard next < Limits.appSearchFolders else {
                found.incomplete = true
                break
            }
            let (folder, depth) = pending[next]
            next += 1
            let entries: [(name: String, kind: FolderEntries.Kind)]
            do {
                entries = try FolderEntries.listing(folder, through: confinement.door).sorted { $0.name < $1.name }
                    .filter { !ignored(joinPath(folder, $0.name)) }
            } catch {
                // A folder that cannot be opened or entered hides whatever app it holds: said.
                log.notes.append(
                    "\(folder): cannot be searched for apps (\(error)); an app inside it is not judged")
                continue
            }
            let searched = SearchedFolder(path: folder, depth: depth, entries: entries, names: Set(entries.map(\.name)))
            for i in found.readers.indices {
                try found.readers[i].look(at: searched, within: confinement, log: &log)
            }
            for (name, kind) in entries where kind == .folder {
                let path = joinPath(folder, name)
                if skippedFolders.contains(name) || opaqueExtensions.contains(lowercasedExtension(name))
                    || (name.hasPrefix(".") && name != ".")
                {
                    continue
                }
                if depth + 1 <= Limits.appSearchDepth {
                    pending.append((path, depth + 1))
                } else if peeked < Limits.appSearchFolders {
                    peeked += 1
                    if Self.holdsAppFiles(path, through: confinement.door) {
                        found.tooDeep.append(path)
                        log.notes.append(
                            "\(path): holds an app's files \(depth + 1) folders down, past the search's depth of \(Limits.appSearchDepth); it is not judged: validate that folder"
                        )
                    }
                }
            }
        }
        found.notes = log.notes
        found.skipped = log.skipped
        if found.incomplete {
            // An app it did not reach would pass unjudged: nothing is reported rather than half.
            throw AlertSoundError(
                .tooLarge,
                "the search for apps stopped after \(Limits.appSearchFolders) folders, before it had looked everywhere; validate the folder of each app (its ios and android folders, say)",
                path: root)
        }
        return found
    }

    /// Whether the folder at `path` holds what makes an app: any registered kind's files (a Gradle
    /// build, an Xcode project or workspace, an Expo config), one listing, no deeper.
    static func holdsAppFiles(_ path: String, through door: Door) -> Bool {
        FolderEntries.list(path, through: door).contains { name, _ in ProjectRegistry.marks(name) }
    }
}
