import AlertSoundCore

/// Android Gradle projects that build an application (a module applying
/// `com.android.application`, directly, through a version-catalog alias or a convention plugin
/// named `….android.application`), rooted where `settings.gradle` is, else at the module. A
/// project that builds only libraries is passed over, and said. With none found, the folder
/// searched is judged by the `res/raw` folders in reach (a module or raw folder given, or a
/// project whose build files say it some other way).
struct GradleReader: ProjectReader {
    static let kind = ProjectKind(
        name: "Android Gradle project",
        detected:
            "a module whose `build.gradle` or `build.gradle.kts` applies `com.android.application` (directly, through a version catalog's `android.application` alias or a convention plugin); the project is the nearest folder above it with `settings.gradle`. With none, a folder with `res/raw` in reach",
        judged:
            "one Android app: every `res/raw/` within the Android search's depth (build output left out), its keep rules and resource shrinking, minSdk, its notification libraries and its code's channels",
        reports: [.androidProject])

    static let buildFiles: Set<String> = ["build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"]
    static func marks(_ name: String) -> Bool { buildFiles.contains(name) }
    static let rootMarkers = ["android"]

    private var gradleRoots: [String] = []
    private var applicationModules: [String] = []
    private var libraryProjects: [String] = []

    init() {}

    mutating func look(at folder: SearchedFolder, within confinement: Confinement, log: inout SearchLog) throws {
        if folder.names.contains("settings.gradle") || folder.names.contains("settings.gradle.kts") {
            gradleRoots.append(folder.path)
        }
        if let build = ["build.gradle", "build.gradle.kts"].first(where: folder.names.contains),
            let text = Self.text(joinPath(folder.path, build), within: confinement)
        {
            if AndroidAppFacts.appliesApplicationPlugin(text) {
                applicationModules.append(folder.path)
            } else if Self.appliesLibraryPlugin(text) {
                libraryProjects.append(folder.path)
            }
        }
    }

    /// The projects that build an app: an application module's project is the nearest Gradle root
    /// above it (a Flutter app's `android/`, holding `app/`); a module built on its own is its own.
    var roots: [String] {
        var roots: [String] = []
        for module in applicationModules {
            let root = gradleRoots.filter { module == $0 || isInside(module, $0) }.max { $0.count < $1.count } ?? module
            if !roots.contains(root) { roots.append(root) }
        }
        return roots
    }

    func apps(under root: String, within confinement: Confinement) throws -> ProjectApps {
        var found = ProjectApps()
        let roots = self.roots
        // A Unity project's raw resources are its Android plugins', which its own reader judges.
        if roots.isEmpty, !UnityReader.isProject(root) {
            // No Gradle file names an application module: a module or raw folder given, or a project
            // whose build files say it some other way, is judged by the res/raw folders in reach.
            if let rawFolders = AndroidProject.rawFoldersIfAndroid(root, through: confinement.door) {
                found.apps.append(
                    ProjectApp(
                        scan: Self.scan(root: root, rawFolders: rawFolders, within: confinement),
                        codeRoot: ProjectRegistry.codeRoot(of: root, within: confinement)))
            }
        } else {
            for android in roots {
                let scan = Self.scan(
                    root: android, rawFolders: AndroidProject.rawFolders(in: android, through: confinement.door),
                    within: confinement)
                found.apps.append(
                    ProjectApp(scan: scan, codeRoot: ProjectRegistry.codeRoot(of: android, within: confinement)))
            }
        }
        for project in libraryProjects + gradleRoots
        where !roots.contains(where: { project == $0 || isInside(project, $0) || isInside($0, project) }) {
            found.skipped.append(
                "\(project): an Android Gradle project that builds no app (no module applies com.android.application), so it ships no notification sound of its own"
            )
        }
        return found
    }

    /// An Android project's sounds, keep rules and the references its sources make.
    static func scan(root: String, rawFolders: AndroidProject.RawSearch, within confinement: Confinement) -> BundleScan
    {
        var (sounds, keep) = AndroidProject.scan(root: root, rawFolders: rawFolders, within: confinement)
        let sources = ResourceIDURIs.find(root: root, through: confinement.door)
        keep.referenced = sources.referenced
        keep.shrinks = sources.shrinks
        keep.shrinkReason = sources.shrinkReason
        keep.merge(sources.keepRules)
        var scan = BundleScan(kind: .androidProject, root: root, sounds: sounds, keep: keep, idURIs: sources.uses)
        let facts = AndroidAppFacts.read(root: root, within: confinement)
        scan.facts = facts
        scan.libraries = facts.libraries
        return scan
    }

    /// Whether it applies the library plugin instead (a Flutter plugin's or an SDK's module).
    static func appliesLibraryPlugin(_ text: String) -> Bool {
        let code = SourceText(text).text
        return code.contains("com.android.library") || code.contains("android.library")
            || code.contains("androidLibrary")
    }

    /// A build file's text, when it is a file inside `confinement` of at most
    /// `Limits.maximumAndroidSourceBytes`; otherwise nil (a link out is not read).
    static func text(_ path: String, within confinement: Confinement) -> String? {
        confinement.door.text(path, limit: Limits.maximumAndroidSourceBytes, what: "Gradle build file")
    }
}
