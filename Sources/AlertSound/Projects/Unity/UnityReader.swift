import AlertSoundCore

/// Unity projects (`Assets/` beside `ProjectSettings/ProjectVersion.txt`). Unity generates each
/// platform's project at build time, so what ships is read from what the Unity project holds:
/// - Android: the raw resources of its Android plugins, `Assets/**/*.androidlib/…/res/raw`
///   (`res/raw` or `src/main/res/raw`) and the older `Assets/Plugins/Android/res/raw`, merged
///   into the app's `res/raw`; minSdk from `ProjectSettings/ProjectSettings.asset`; the
///   notification libraries `Packages/manifest.json` depends on (Unity Mobile Notifications'
///   channels have no sound: the default plays);
/// - iOS: Unity's generated `Unity-iPhone.xcodeproj` is not in the repository, and an audio
///   file in `Assets/` becomes part of Unity's data, not a file of the bundle. A file reaches
///   the bundle's top level only when an Editor script adds it to the project's main target
///   (`PBXProject.AddFileToBuild` with `GetUnityMainTargetGuid()`): the sound files such a script
///   names are the app's; one that adds to `UnityFramework` only lands in its framework, and
///   `Assets/StreamingAssets/` lands in `Data/Raw/`, a folder iOS does not search. With no such
///   script (the sound added by hand after each build, as Unity's package documents) or one
///   whose names are computed, the iOS app is not judged, and a note says where the file must go.
/// A committed export (`Unity-iPhone.xcodeproj` inside the project) is judged as the Xcode project
/// it is instead.
struct UnityReader: ProjectReader {
    static let kind = ProjectKind(
        name: "Unity project",
        detected: "a folder holding `Assets/` and `ProjectSettings/ProjectVersion.txt`",
        judged:
            "an Android app of its Android plugins' raw resources (`Assets/**/*.androidlib/…/res/raw`, `Assets/Plugins/Android/res/raw`), minSdk from `ProjectSettings/ProjectSettings.asset`, the libraries of `Packages/manifest.json`; an iOS app of the sound files an Editor script adds to the generated Xcode project's main target (`AddFileToBuild`, or `AddFileToBuildSection` with its Resources phase), at the bundle's top, and `Assets/StreamingAssets/` in `Data/Raw/` (not searched by iOS); with no such script, iOS is not judged and a note says where the file must go",
        reports: [.resources, .androidProject])

    static let settingsFile = "ProjectSettings/ProjectVersion.txt"

    /// Unity projects found, and folders holding an exported Xcode project, in the order found.
    private(set) var projects: [String] = []
    private var exported: [String] = []

    init() {}

    /// Whether `folder` is a Unity project's.
    static func isProject(_ folder: String) -> Bool {
        isFolder(joinPath(folder, "Assets")) && isFile(joinPath(folder, settingsFile))
    }

    mutating func look(at folder: SearchedFolder, within confinement: Confinement, log: inout SearchLog) throws {
        if folder.names.contains("Assets"), folder.names.contains("ProjectSettings"), Self.isProject(folder.path) {
            projects.append(folder.path)
        }
        if folder.names.contains("Unity-iPhone.xcodeproj") { exported.append(folder.path) }
    }

    func apps(under root: String, within confinement: Confinement) throws -> ProjectApps {
        var found = ProjectApps()
        // A Unity app's code is C#, which code reading does not read yet: no code root, so a channel
        // the code creates is not taken to be missing (``BundleScan/codeRead``). Once C# is read,
        // the project's folder is its code root.
        let codeRoot: String? = nil
        for project in projects {
            let settings = Self.settings(project, within: confinement)
            found.apps.append(
                ProjectApp(scan: Self.android(project, settings: settings, within: confinement), codeRoot: codeRoot))
            if let export = exported.first(where: { $0 == project || isInside($0, project) }) {
                found.notes.append(
                    "\(project): a Unity project whose exported Xcode project (\(joinPath(export, "Unity-iPhone.xcodeproj"))) is judged as its iOS app"
                )
                continue
            }
            let (scan, notes) = Self.ios(project, settings: settings, within: confinement)
            if let scan { found.apps.append(ProjectApp(scan: scan, codeRoot: codeRoot)) }
            found.notes += notes
        }
        return found
    }

    // MARK: Settings

    /// What `ProjectSettings/ProjectSettings.asset` says: minimum iOS and Android versions.
    struct Settings {
        var minimumIOS: MinimumIOS?
        var minSdk: Int?
    }

    static func settings(_ project: String, within confinement: Confinement) -> Settings {
        var settings = Settings()
        let path = joinPath(project, "ProjectSettings/ProjectSettings.asset")
        // A text asset (YAML); one serialised in binary says nothing here.
        guard let text = confinement.door.text(path, limit: Limits.maximumAndroidSourceBytes, what: "Unity settings")
        else { return settings }
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingWhitespace()
            guard let colon = trimmed.firstIndex(of: ":") else { continue }
            let key = trimmed[..<colon], value = trimmed[trimmed.index(after: colon)...].trimmingWhitespace()
            if key == "iOSTargetOSVersionString", settings.minimumIOS == nil, let version = IOSVersion(value) {
                settings.minimumIOS = MinimumIOS(version, source: "iOSTargetOSVersionString in \(path)")
            } else if key == "AndroidMinSdkVersion", settings.minSdk == nil, let value = Int(value), value > 0 {
                settings.minSdk = value
            }
        }
        return settings
    }

    // MARK: Android

    /// The Android app: its plugins' raw resources, minSdk and libraries.
    static func android(_ project: String, settings: Settings, within confinement: Confinement) -> BundleScan {
        let search = AndroidProject.rawFolders(in: joinPath(project, "Assets"), through: confinement.door)
        let folders = search.folders.filter(isPluginRaw).map { "Assets/" + $0 }
        var scan = GradleReader.scan(
            root: project, rawFolders: AndroidProject.RawSearch(folders: folders, incomplete: search.incomplete),
            within: confinement)
        let manifest = joinPath(project, "Packages/manifest.json")
        if let bytes = try? confinement.door.bytes(
            manifest, limit: Limits.maximumAndroidSourceBytes, what: "Unity package manifest")
        {
            scan.libraries.read(unityManifest: bytes, file: manifest)
            scan.facts?.libraries = scan.libraries
        }
        if let minSdk = settings.minSdk { scan.facts?.minSdk = minSdk }
        scan.root = "\(project) (Unity, Android)"
        return scan
    }

    /// Whether a raw folder (relative to `Assets/`) is merged into the app: one of an Android
    /// library plugin (`X.androidlib/res/raw`, `X.androidlib/src/main/res/raw`), or the older
    /// `Plugins/Android/res/raw`.
    static func isPluginRaw(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/").map { $0.lowercased() }
        if parts.starts(with: ["plugins", "android", "res", "raw"]) { return true }
        guard let lib = parts.lastIndex(where: { $0.hasSuffix(".androidlib") }) else { return false }
        let rest = Array(parts[(lib + 1)...])
        return rest == ["res", "raw"] || rest == ["src", "main", "res", "raw"]
    }

    // MARK: iOS

    /// A sound file an Editor script adds to the generated Xcode project.
    struct Added {
        var name: String
        var script: String
        var line: Int
        var mainTarget: Bool
    }

    /// The iOS app, when an Editor script says what the generated project gets; else notes only.
    static func ios(
        _ project: String, settings: Settings, within confinement: Confinement
    ) -> (scan: BundleScan?, notes: [String]) {
        var notes: [String] = []
        let (added, computed) = addedFiles(project, within: confinement)
        let streaming = streamingAssets(project, within: confinement)
        let streamingNote =
            streaming.isEmpty
            ? ""
            : "; Assets/StreamingAssets/ lands in the app's Data/Raw/, a folder iOS does not search for a notification sound"
        if let computed {
            notes.append(
                "\(project): a Unity project whose Editor script \(computed) adds files it computes to the generated Xcode project: its iOS app's sounds are not judged\(streamingNote)"
            )
            return (nil, notes)
        }
        guard !added.isEmpty else {
            notes.append(
                "\(project): a Unity project: iOS not judged. Unity generates the iOS app's Xcode project (Unity-iPhone.xcodeproj) at build time, and no Editor script here adds a file to it (PBXProject.AddFileToBuild); a notification sound reaches the app only when it is added to the Unity-iPhone target's Copy Bundle Resources (by hand after each build, or by a [PostProcessBuild] script)\(streamingNote): validate the exported Xcode project"
            )
            return (nil, notes)
        }
        var shipped: [MauiReader.Shipped] = []
        let located = locate(Set(added.map(\.name)), in: project, within: confinement)
        for file in added {
            guard let source = located[file.name] else {
                notes.append(
                    "\(file.script):\(file.line): adds '\(file.name)' to the generated Xcode project, but no file of that name is in \(project): it does not ship"
                )
                continue
            }
            // The main target's Resources phase copies it to the bundle's top; the framework
            // target's, into UnityFramework.framework, which iOS does not search.
            let name = lastComponent(file.name)
            shipped.append(
                MauiReader.Shipped(
                    source: source,
                    landing: file.mainTarget ? name : "Frameworks/UnityFramework.framework/" + name))
        }
        shipped += streaming
        var scan = BundleScan(
            kind: .resources, root: "\(project) (Unity, iOS)",
            sounds: shipped.map { MauiReader.sound($0, kind: .resources, within: confinement) })
        scan.minimumIOS = settings.minimumIOS
        return (scan, notes)
    }

    /// `Assets/StreamingAssets/**` sound files, landing in `Data/Raw/`.
    static func streamingAssets(_ project: String, within confinement: Confinement) -> [MauiReader.Shipped] {
        let base = joinPath(project, "Assets/StreamingAssets")
        return files(under: base, within: confinement) { ContainerKind.isSoundName($0) }.map {
            MauiReader.Shipped(source: $0, landing: "Data/Raw/" + String($0.dropFirst(base.count + 1)))
        }
    }

    /// The sound files Editor scripts (C# under a folder named `Editor`) add to the generated
    /// project: the literal sound file names of each script that calls `AddFileToBuild` (or
    /// `AddFileToBuildSection` with a Resources phase), with the target it names. `computed`: a script that adds files but names no sound file (its names
    /// are computed), at its first `AddFileToBuild`.
    static func addedFiles(
        _ project: String, within confinement: Confinement
    ) -> (added: [Added], computed: String?) {
        var added: [Added] = []
        var seen: Set<String> = []
        let scripts = files(under: joinPath(project, "Assets"), within: confinement) { name in
            lowercasedExtension(name) == "cs"
        }.filter { $0.split(separator: "/").contains("Editor") }
        var bytesRead = 0
        for script in scripts {
            guard
                let bytes = try? confinement.door.bytes(
                    script, limit: Limits.maximumAndroidSourceBytes, what: "Unity Editor script")
            else { continue }
            bytesRead += bytes.count
            guard bytesRead <= Limits.maximumSourceBytes else { break }
            guard SourceText.holds(bytes, ["AddFileToBuild"]) else { continue }
            let source = SourceText(String(decoding: bytes, as: UTF8.self))
            let text = source.text
            // `AddFileToBuildSection(target, phase, file)` adds to the phase given: a Resources
            // phase (`GetResourcesBuildPhaseByTarget`, `AddResourcesBuildPhase`) copies it as
            // `AddFileToBuild` does.
            let resourcesPhase =
                text.contains("GetResourcesBuildPhaseByTarget") || text.contains("AddResourcesBuildPhase")
            guard
                let first =
                    (source.occurrences(of: "AddFileToBuild")
                    + (resourcesPhase ? source.occurrences(of: "AddFileToBuildSection") : [])).min()
            else { continue }
            let main =
                text.contains("GetUnityMainTargetGuid") || text.contains("GetUnityTargetName")
                || text.contains("\"Unity-iPhone\"")
                || !(text.contains("GetUnityFrameworkTargetGuid") || text.contains("\"UnityFramework\""))
            let names = soundLiterals(source)
            if names.isEmpty { return ([], "\(script):\(source.line(at: first))") }
            for (name, line) in names where seen.insert(name).inserted {
                added.append(Added(name: name, script: script, line: line, mainTarget: main))
            }
        }
        return (added, nil)
    }

    /// The string literals of C# text (comments blanked) that name a sound file, with their lines.
    static func soundLiterals(_ source: SourceText) -> [(String, Int)] {
        var found: [(String, Int)] = []
        let scalars = source.scalars
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "\"" else {
                i += 1
                continue
            }
            var end = i + 1
            while end < scalars.count, scalars[end] != "\"", scalars[end] != "\n", end - i < 512 {
                end += scalars[end] == "\\" ? 2 : 1
            }
            guard end < scalars.count, scalars[end] == "\"" else {
                i = end + 1
                continue
            }
            let literal = String(String.UnicodeScalarView(scalars[(i + 1)..<end]))
            if ContainerKind.isSoundName(lastComponent(literal)), !literal.contains("{") {
                found.append((literal, source.line(at: i)))
            }
            i = end + 1
        }
        return found
    }

    /// Where each file the scripts name is in the project: the path as given below the project,
    /// else the first file of that name (Unity's scripts run with the project as the current
    /// folder), found in one walk of the project.
    static func locate(_ names: Set<String>, in project: String, within confinement: Confinement) -> [String: String] {
        var found: [String: String] = [:]
        var byName: [String: [String]] = [:]
        for name in names.sorted() {
            let direct = joinPath(project, name)
            if name.contains("/"), isFile(direct), confinement.contains(direct) {
                found[name] = direct
            } else {
                byName[lastComponent(name), default: []].append(name)
            }
        }
        guard !byName.isEmpty else { return found }
        for path in files(under: project, within: confinement, matching: { byName[$0] != nil }) {
            for name in byName[lastComponent(path)] ?? [] where found[name] == nil { found[name] = path }
        }
        return found
    }

    /// Folders never searched in a Unity project: Unity's caches and build output.
    static let skippedFolders: Set<String> = ["Library", "Temp", "Logs", "obj", "Build", "Builds", "UserSettings"]

    /// Files under `base` whose name `matches`, breadth first, bounded in depth and folders, links
    /// not followed.
    static func files(
        under base: String, within confinement: Confinement, matching matches: (String) -> Bool
    ) -> [String] {
        var found: [String] = []
        var pending: [(String, Int)] = [(base, 0)]
        var next = 0
        while next < pending.count, next < Limits.androidSearchFolders {
            let (folder, depth) = pending[next]
            next += 1
            for (name, kind) in FolderEntries.list(folder, through: confinement.door).sorted(by: { $0.name < $1.name })
            {
                let path = joinPath(folder, name)
                if kind == .folder {
                    if depth + 1 < Limits.sourceSearchDepth, !name.hasPrefix("."), !skippedFolders.contains(name) {
                        pending.append((path, depth + 1))
                    }
                } else if kind == .file, matches(name) {
                    found.append(path)
                }
            }
        }
        return found
    }
}
