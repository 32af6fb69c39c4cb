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
/// output; it finds
/// - Xcode projects (and the projects workspaces open), judged later by their app targets;
/// - Android Gradle projects that build an application (a module applying
///   `com.android.application`, directly, through a version-catalog alias or a convention plugin
///   named `….android.application`), rooted where `settings.gradle` is, else at the module;
/// - Expo configs (`app.json`, `app.config.json`), whose sounds list prebuild copies.
/// What it passes over on purpose is said (a Gradle project that builds only libraries, an
/// `app.config.js` it does not run), so a pass never hides an app it did not look at.
struct AppSearch {
    /// `.xcodeproj` folders found, and those workspaces open, each once, in the order found.
    var xcodeProjects: [String] = []
    /// Android Gradle projects that build an app.
    var androidRoots: [String] = []
    /// Folders holding an Expo config.
    var expoFolders: [String] = []
    /// What was passed over, with why, for the run's notes.
    var skipped: [String] = []
    /// Workspaces' notes (a project they name outside the folder, say).
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

    /// Searches `root`, reading Gradle files and workspaces only inside `confinement`.
    static func search(_ root: String, within confinement: Confinement) throws -> AppSearch {
        var found = AppSearch()
        var gradleRoots: [String] = []
        var applicationModules: [String] = []
        var libraryProjects: [String] = []
        var seenProjects: Set<String> = []
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
            } catch {
                // A folder that cannot be opened or entered hides whatever app it holds: said.
                found.notes.append(
                    "\(folder): cannot be searched for apps (\(error)); an app inside it is not judged")
                continue
            }
            let names = Set(entries.map(\.name))
            if names.contains("settings.gradle") || names.contains("settings.gradle.kts") {
                gradleRoots.append(folder)
            }
            if let build = ["build.gradle", "build.gradle.kts"].first(where: names.contains),
                let text = Self.text(joinPath(folder, build), within: confinement)
            {
                if Self.appliesApplicationPlugin(text) {
                    applicationModules.append(folder)
                } else if Self.appliesLibraryPlugin(text) {
                    libraryProjects.append(folder)
                }
            }
            if !names.isDisjoint(with: ExpoSounds.configFiles) {
                found.expoFolders.append(folder)
            } else if let program = ["app.config.js", "app.config.ts"].first(where: names.contains),
                names.contains("package.json")
            {
                found.skipped.append(
                    "\(joinPath(folder, program)): an Expo config that is a program is not run, so its notification sounds list (if any) is not read; give the sounds in app.json, or validate the prebuilt ios and android folders"
                )
            }
            for (name, kind) in entries {
                let path = joinPath(folder, name)
                let ext = lowercasedExtension(name)
                guard kind == .folder else { continue }
                if ext == "xcodeproj" {
                    if seenProjects.insert(collapsedPath(path)).inserted { found.xcodeProjects.append(path) }
                } else if ext == "xcworkspace", confinement.contains(path) {
                    let workspace = try XcodeWorkspace.read(path, within: confinement)
                    for project in workspace.projects where seenProjects.insert(collapsedPath(project)).inserted {
                        found.xcodeProjects.append(project)
                    }
                    found.notes += workspace.notes
                }
                if skippedFolders.contains(name) || opaqueExtensions.contains(ext)
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
                        found.notes.append(
                            "\(path): holds an app's files \(depth + 1) folders down, past the search's depth of \(Limits.appSearchDepth); it is not judged: validate that folder"
                        )
                    }
                }
            }
        }
        if found.incomplete {
            // An app it did not reach would pass unjudged: nothing is reported rather than half.
            throw AlertSoundError(
                .tooLarge,
                "the search for apps stopped after \(Limits.appSearchFolders) folders, before it had looked everywhere; validate the folder of each app (its ios and android folders, say)",
                path: root)
        }
        // An application module's project is the nearest Gradle root above it (a Flutter app's
        // `android/`, holding `app/`); a module built on its own is its own.
        var roots: [String] = []
        for module in applicationModules {
            let root = gradleRoots.filter { module == $0 || isInside(module, $0) }.max { $0.count < $1.count } ?? module
            if !roots.contains(root) { roots.append(root) }
        }
        found.androidRoots = roots
        for project in libraryProjects + gradleRoots
        where !roots.contains(where: { project == $0 || isInside(project, $0) || isInside($0, project) }) {
            found.skipped.append(
                "\(project): an Android Gradle project that builds no app (no module applies com.android.application), so it ships no notification sound of its own"
            )
        }
        return found
    }

    /// Whether the folder at `path` holds what makes an app: a Gradle build, an Xcode project or
    /// workspace, an Expo config (one listing, no deeper).
    static func holdsAppFiles(_ path: String, through door: Door) -> Bool {
        FolderEntries.list(path, through: door).contains { name, _ in
            ["build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"].contains(name)
                || ExpoSounds.configFiles.contains(name)
                || ["xcodeproj", "xcworkspace"].contains(lowercasedExtension(name))
        }
    }

    /// Whether a module's Gradle file applies Android's application plugin: `apply plugin:
    /// 'com.android.application'`, `id("com.android.application")`, a version catalog's
    /// `alias(libs.plugins.android.application)` or a convention plugin `….android.application`.
    static func appliesApplicationPlugin(_ text: String) -> Bool {
        // Comments blanked, so a commented-out plugin does not count.
        let source = SourceText(text)
        let code = source.text
        if code.contains("com.android.application") || code.contains("android.application")
            || code.contains("androidApplication")
        {
            return true
        }
        // A convention plugin of the project's own (`id("io.element.android-compose-application")`).
        return pluginIDs(source).contains { $0.contains("android") && $0.hasSuffix("application") }
    }

    /// The plugin IDs a build file applies with `id("…")` or `id '…'`.
    static func pluginIDs(_ source: SourceText) -> [String] {
        source.occurrences(of: "id").compactMap { offset in
            if let call = source.call(at: offset, name: "id") { return call.positional(0)?.literal }
            // Groovy's `id 'x'`.
            var i = offset + 2
            guard i < source.scalars.count, source.scalars[i] == " " else { return nil }
            while i < source.scalars.count, source.scalars[i] == " " { i += 1 }
            guard i < source.scalars.count, source.scalars[i] == "'" || source.scalars[i] == "\"" else { return nil }
            let quote = source.scalars[i]
            var end = i + 1
            while end < source.scalars.count, source.scalars[end] != quote, source.scalars[end] != "\n", end - i < 256 {
                end += 1
            }
            return String(String.UnicodeScalarView(source.scalars[(i + 1)..<end]))
        }
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
