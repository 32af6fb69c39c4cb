import AlertSoundCore

/// .NET MAUI and Xamarin apps: a `.csproj` that builds an app (`OutputType` `Exe`, or Xamarin.Android's
/// `AndroidApplication`) for iOS or Android (`TargetFrameworks` naming `-ios`/`-android`, Xamarin's
/// project type or targets). What ships is what its items say, as the .NET SDKs build them:
/// - `BundleResource` lands in the iOS app under its logical name: `LogicalName`, else its `Link`
///   or path with the resource prefix taken off (`Platforms/iOS/Resources` in a MAUI single
///   project, `Resources` otherwise), so `Platforms/iOS/Resources/x.caf` is at the bundle's top;
/// - `AndroidResource` lands in `res/` under its path with the prefix taken off
///   (`Platforms/Android/Resources`, or `Resources`): `…/Resources/raw/x.mp3` is a raw resource;
/// - `MauiAsset` (`Resources/Raw/**` in the template) lands in the iOS app under its logical name,
///   and in the Android package's `assets/`, which is not `res/raw`: no channel or builder plays it;
/// - an item under a condition naming a platform (`$(TargetFramework.Contains('-android'))`) is
///   that platform's only, so an Android-only MP3 is never judged by iOS's rules.
/// In an SDK-style project the files of the platform resource folders are items without being
/// listed (the SDKs' default items); a legacy Xamarin project ships only what it lists. Its C# is
/// read for sound names and channels (``CSharpSounds``), from the project's folder (or the one above
/// it, when it references a sibling project).
struct MauiReader: ProjectReader {
    static let kind = ProjectKind(
        name: ".NET MAUI or Xamarin project",
        detected:
            "a `.csproj` that builds an app (`OutputType` `Exe`, or `AndroidApplication`) for iOS or Android: `UseMaui`, `TargetFrameworks` naming `-ios` or `-android`, or Xamarin.iOS's or Xamarin.Android's project type",
        judged:
            "one app per platform it targets: `BundleResource` and `MauiAsset` items where they land in the iOS app (`Platforms/iOS/Resources/x.caf` at the top), `AndroidResource` items in `res/` (`Platforms/Android/Resources/raw/`), `MauiAsset` in Android's `assets/` (not a raw resource); an Android resource by the folder it lands in (lowercased, as the build does); a bundle resource named `Resources/…` stops the iOS build; an item under a platform's condition only on that platform; minimum iOS and Android from `SupportedOSPlatformVersion`; its C# read for sound names and channels (strings built as C# builds them, a helper's channel for each call of it in any of the app's C# files); a message's sound compared with its channel's as the build lowercases resource names",
        reports: [.resources, .androidProject])

    static func marks(_ name: String) -> Bool { lowercasedExtension(name) == "csproj" }

    /// Project files that build an app, and what each says, in the order found.
    private(set) var projects: [(path: String, project: MSBuildProject)] = []

    init() {}

    mutating func look(at folder: SearchedFolder, within confinement: Confinement, log: inout SearchLog) throws {
        for (name, kind) in folder.entries where kind != .folder && Self.marks(name) {
            let path = joinPath(folder.path, name)
            guard
                let bytes = try? confinement.door.contents(
                    path, limit: Limits.maximumAndroidSourceBytes, what: ".NET project")
            else {
                log.notes.append(
                    "\(path): not read (larger than \(Limits.maximumAndroidSourceBytes >> 20) MiB, unreadable or outside the folder given); an app it builds is not judged"
                )
                continue
            }
            let project: MSBuildProject
            do {
                project = try MSBuildProject.parse(bytes, path: path)
            } catch let error as AlertSoundError {
                log.notes.append(
                    "\(path): not read as a .NET project: \(error.message); an app it builds is not judged")
                continue
            }
            let platforms = Self.targets(project)
            guard !platforms.isEmpty else { continue }
            if Self.buildsApp(project) {
                projects.append((path, project))
            } else {
                log.skipped.append(
                    "\(path): a .NET project for \(platforms.map(\.displayName).sorted().joined(separator: " and ")) that builds no app (its OutputType is not Exe), so it ships no notification sound of its own"
                )
            }
        }
    }

    func apps(under root: String, within confinement: Confinement) throws -> ProjectApps {
        var found = ProjectApps()
        for (path, project) in projects {
            let (scans, notes) = Self.scans(path: path, project: project, within: confinement)
            let root = Self.codeRoot(path: path, project: project, within: confinement)
            found.apps += scans.map { ProjectApp(scan: $0, codeRoot: root) }
            found.notes += notes
        }
        return found
    }

    // MARK: What the project is

    /// Where the app's C# is read: the project's folder, or the folder above it when the project
    /// references a sibling project (`..\\App.Core\\App.Core.csproj`, a Xamarin or Avalonia
    /// solution's shared code, where the platform heads' constants and helpers often live).
    static func codeRoot(path: String, project: MSBuildProject, within confinement: Confinement) -> String {
        let folder = parentFolder(path)
        let sibling = project.items.contains { item in
            guard item.type == "ProjectReference", let include = item.include else { return false }
            let parts = normalized(include).split(separator: "/")
            return parts.count == 3 && parts[0] == ".."
        }
        let above = parentFolder(folder)
        return sibling && above != folder && confinement.contains(above) ? above : folder
    }

    /// The notification libraries the project references: its `PackageReference`s, and a
    /// `ProjectReference` to a library's own project (`…/Plugin.LocalNotification.csproj`, as its
    /// samples build it), and the same of the projects it references directly.
    static func libraries(
        path: String, project: MSBuildProject, within confinement: Confinement
    )
        -> AndroidLibraries
    {
        var libraries = AndroidLibraries()
        var files = [path]
        for item in project.items where item.type == "ProjectReference" {
            guard let include = item.include, !include.contains("$(") else { continue }
            files.append(joinPath(parentFolder(path), normalized(include)))
        }
        for file in files.prefix(16) {
            guard confinement.contains(file), isFile(file),
                let bytes = try? confinement.door.bytes(
                    file, limit: Limits.maximumAndroidSourceBytes, what: ".NET project")
            else { continue }
            libraries.read(csproj: String(decoding: bytes, as: UTF8.self), file: file)
        }
        return libraries
    }

    static let xamarinIOSType = "feacfbd2-3405-455c-9665-78fe426c6842"
    static let xamarinAndroidType = "efba0ad7-5a72-4c68-af49-83d382785dcf"

    /// The platforms judged here that the project builds for.
    static func targets(_ project: MSBuildProject) -> Set<Platform> {
        var found: Set<Platform> = []
        let frameworks = (project.values("TargetFrameworks") + project.values("TargetFramework")).joined(separator: ";")
            .lowercased()
        let types = project.values("ProjectTypeGuids").joined().lowercased()
        let imports = project.imports.joined(separator: ";").lowercased()
        if frameworks.contains("-ios") || frameworks.contains("xamarin.ios") || frameworks.contains("xamarinios")
            || types.contains(xamarinIOSType) || imports.contains("xamarin.ios.")
        {
            found.insert(.ios)
        }
        if frameworks.contains("-android") || frameworks.contains("monoandroid") || types.contains(xamarinAndroidType)
            || imports.contains("xamarin.android.")
        {
            found.insert(.android)
        }
        return found
    }

    /// Whether it builds an app rather than a library.
    static func buildsApp(_ project: MSBuildProject) -> Bool {
        project.values("OutputType").contains { ["exe", "winexe"].contains($0.lowercased()) }
            || project.values("AndroidApplication").contains { $0.lowercased() == "true" }
    }

    static func isTrue(_ project: MSBuildProject, _ name: String) -> Bool {
        project.values(name).contains { $0.lowercased() == "true" }
    }

    /// A MAUI single project: its platform files live under `Platforms/`.
    static func isSingleProject(_ project: MSBuildProject) -> Bool {
        isTrue(project, "UseMaui") && !project.values("SingleProject").contains { $0.lowercased() == "false" }
    }

    /// The platforms an item under `conditions` is built for: a condition naming one platform
    /// keeps it to that one (or, negated, to the others); one naming only Mac Catalyst, Windows or
    /// Tizen to none judged here; any other (a configuration) to every one.
    static func platforms(of conditions: [String]) -> Set<Platform> {
        var platforms = Set(Platform.allCases)
        for condition in conditions {
            let text = condition.lowercased()
            let negated = text.contains("!=") || text.contains("!$(") || text.contains("!'")
            let named: Set<Platform>
            if text.contains("android") {
                named = [.android]
            } else if text.contains("ios") {
                named = [.ios]
            } else if ["maccatalyst", "windows", "tizen", "macos"].contains(where: text.contains) {
                named = []
            } else {
                continue
            }
            platforms.formIntersection(negated ? Set(Platform.allCases).subtracting(named) : named)
        }
        return platforms
    }

    // MARK: What ships

    /// A file an item puts in an app: where it is in the project and where it lands.
    struct Shipped {
        var source: String
        var landing: String
        /// Its name in the iOS app, and the reserved part of it, which stops the build.
        var reserved: (name: String, part: String)? = nil
    }

    /// The part of a bundle resource's name the .NET iOS build refuses (error E0102, dotnet/macios
    /// `BundleResource.IsIllegalName`): a top folder `Resources` or `_CodeSignature`, or the
    /// bundle's own files; nil when it is allowed.
    static func reservedName(_ name: String) -> String? {
        let files = [
            "info.plist", "embedded.mobileprovision", "resourcerules.plist", "pkginfo", "coderesources",
            "_codesignature"
        ]
        if files.contains(name.lowercased()) { return name }
        let top = name.split(separator: "/").first.map(String.init) ?? name
        return ["resources", "_codesignature"].contains(top.lowercased()) ? top : nil
    }

    /// Where an Android resource lands: its path (`Link` or where it is) with each resource
    /// prefix it starts with taken off, in order (dotnet/android `AndroidComputeResPaths`), under
    /// `res/`. aapt2 compiles each file by the folder it is in (`compile` takes a resource's type
    /// from its path's last folder, `ExtractResourcePathData`), so `Resources/raw/x.wav` under a
    /// MAUI project's `Platforms/Android/Resources` prefix, or `values/raw/x.mp3`, is `raw/x`;
    /// the path is lowercased first.
    static func androidLanding(_ named: String, prefixes: [String]) -> String {
        var relative = named
        for prefix in prefixes where relative.lowercased().hasPrefix(prefix.lowercased() + "/") {
            relative = String(relative.dropFirst(prefix.count + 1))
        }
        // Lowercased whole (`LowercaseFilenames="True"` in Xamarin.Android.Common.targets): C#'s
        // `Resource.Raw.notifMessage` reaches `notifmessage` through the build's case map.
        let parts = relative.lowercased().split(separator: "/")
        return "res/" + parts.suffix(2).joined(separator: "/")
    }

    /// The two apps a project makes (one per platform it targets), and what could not be read.
    static func scans(
        path: String, project: MSBuildProject, within confinement: Confinement
    ) -> (scans: [BundleScan], notes: [String]) {
        let folder = parentFolder(path)
        let single = isSingleProject(project)
        // The SDKs' prefixes (`;`-separated): MAUI sets its platform folder's alone
        // (SingleProject.Before.targets), so `Resources/` is no prefix in a single project.
        let prefixes = { (name: String, fallback: String) -> [String] in
            let given = project.values(name).last { !$0.isEmpty && !$0.contains("$(") }
            return (given ?? fallback).split(separator: ";").map { normalized(String($0)) }.filter { !$0.isEmpty }
        }
        let iosPrefixes = prefixes("IPhoneResourcePrefix", single ? "Platforms/iOS/Resources" : "Resources")
        let androidPrefixes = prefixes(
            "MonoAndroidResourcePrefix", single ? "Platforms/Android/Resources" : "Resources")
        var notes: [String] = []
        var ios: [String: Shipped] = [:], android: [String: Shipped] = [:]
        var iosOrder: [String] = [], androidOrder: [String] = []
        func ship(_ platform: Platform, _ file: Shipped) {
            if platform == .ios {
                if ios.updateValue(file, forKey: file.source) == nil { iosOrder.append(file.source) }
            } else if android.updateValue(file, forKey: file.source) == nil {
                androidOrder.append(file.source)
            }
        }
        var budget = Limits.androidSearchFolders
        // The SDKs' default items: a platform's resource folder, for an SDK-style project.
        let targets = targets(project)
        var items = project.items
        if project.sdk != nil, !project.values("EnableDefaultItems").contains(where: { $0.lowercased() == "false" }) {
            if targets.contains(.ios), let prefix = iosPrefixes.first {
                items.insert(.init(type: "BundleResource", include: prefix + "/**"), at: 0)
            }
            if targets.contains(.android), let prefix = androidPrefixes.first {
                items.insert(.init(type: "AndroidResource", include: prefix + "/**"), at: 0)
            }
        }
        for item in items where ["BundleResource", "AndroidResource", "MauiAsset"].contains(item.type) {
            let platforms = Self.platforms(of: item.conditions).intersection(targets)
            if let remove = item.remove {
                for file in files(remove, in: folder, of: path, within: confinement, budget: &budget, notes: &notes) {
                    if item.type != "AndroidResource" { ios[file.path] = nil }
                    if item.type != "BundleResource" { android[file.path] = nil }
                }
            }
            guard let include = item.include, !platforms.isEmpty else { continue }
            for file in files(include, in: folder, of: path, within: confinement, budget: &budget, notes: &notes)
            where ContainerKind.isSoundName(lastComponent(file.path)) {
                let relative = String(file.path.dropFirst(folder.count + 1))
                let named = item.metadata["Link"].map(normalized) ?? relative
                func logical(_ prefixes: [String]) -> String {
                    if let name = item.metadata["LogicalName"] {
                        return normalized(
                            name.replacingAll("%(RecursiveDir)", with: file.recursiveDir)
                                .replacingAll("%(Filename)%(Extension)", with: lastComponent(file.path)))
                    }
                    // The longest prefix it starts with is taken off (dotnet/macios
                    // BundleResource.GetLogicalName).
                    let matched = prefixes.filter { named.lowercased().hasPrefix($0.lowercased() + "/") }
                    guard let prefix = matched.max(by: { $0.count < $1.count }) else { return named }
                    return String(named.dropFirst(prefix.count + 1))
                }
                switch item.type {
                case "BundleResource" where platforms.contains(.ios):
                    let name = logical(iosPrefixes)
                    if let reserved = reservedName(name) {
                        // The build stops: said of the file the name was meant for, where it was meant to be.
                        ship(.ios, Shipped(source: file.path, landing: lastComponent(name), reserved: (name, reserved)))
                    } else {
                        ship(.ios, Shipped(source: file.path, landing: name))
                    }
                case "AndroidResource" where platforms.contains(.android):
                    ship(
                        .android, Shipped(source: file.path, landing: androidLanding(named, prefixes: androidPrefixes)))
                case "MauiAsset":
                    if platforms.contains(.ios) { ship(.ios, Shipped(source: file.path, landing: logical([]))) }
                    if platforms.contains(.android) {
                        ship(.android, Shipped(source: file.path, landing: "assets/" + logical([])))
                    }
                default: break
                }
            }
        }
        let what = isTrue(project, "UseMaui") ? ".NET MAUI" : "Xamarin/.NET"
        var scans: [BundleScan] = []
        if targets.contains(.ios) {
            var scan = BundleScan(
                kind: .resources, root: "\(path) (\(what), iOS)",
                sounds: iosOrder.compactMap { ios[$0] }.map { sound($0, kind: .resources, within: confinement) })
            scan.minimumIOS = minimumIOS(project, path: path)
            scans.append(scan)
        }
        if targets.contains(.android) {
            var scan = BundleScan(
                kind: .androidProject, root: "\(path) (\(what), Android)",
                sounds: androidOrder.compactMap { android[$0] }.map {
                    sound($0, kind: .androidProject, within: confinement)
                })
            scan.libraries = libraries(path: path, project: project, within: confinement)
            scan.facts = AndroidAppFacts(
                minSdk: minimumAndroid(project, targets: targets), defaultChannel: nil, libraries: scan.libraries,
                lowercasesResourceNames: true)
            scans.append(scan)
        }
        return (scans, notes)
    }

    /// The shipped file as a found sound: placed by where it lands, shown by its path in the project.
    static func sound(_ file: Shipped, kind: BundleKind, within confinement: Confinement) -> FoundSound {
        let content: FoundSound.Content
        if let reserved = file.reserved {
            content = .problem(
                Rule.judge(
                    failure: AlertSoundError(
                        .unreadable,
                        "its name in the iOS app would be \(reserved.name), and the .NET iOS build refuses '\(reserved.part)' as reserved (error E0102): the app does not build; give it a Link or LogicalName without it",
                        path: file.source)))
            return FoundSound(
                relativePath: file.landing, displayRoot: parentFolder(file.source) + "/",
                shownFrom: file.landing.utf8.count - lastComponent(file.landing).utf8.count,
                location: SoundLocation.of(relativePath: file.landing, kind: kind), content: content)
        }
        switch confinement.place(of: file.source) {
        case .inside(let resolved?):
            content =
                confinement.door.file(resolved).map { .file($0) }
                ?? .problem(Rule.judge(failure: AlertSoundError(.unreadable, "cannot be resolved", path: file.source)))
        default:
            content = .problem(
                Rule.judge(
                    failure: AlertSoundError(
                        .unreadable, "lies outside \(confinement.shown), the folder given: not read", path: file.source)
                ))
        }
        let name = lastComponent(file.landing)
        return FoundSound(
            relativePath: file.landing, displayRoot: parentFolder(file.source) + "/",
            shownFrom: file.landing.utf8.count - name.utf8.count,
            location: SoundLocation.of(relativePath: file.landing, kind: kind), content: content)
    }

    /// `SupportedOSPlatformVersion` (an API level) under a condition naming Android, or without a
    /// condition in a project for Android alone.
    static func minimumAndroid(_ project: MSBuildProject, targets: Set<Platform>) -> Int? {
        for property in project.properties where property.name == "SupportedOSPlatformVersion" {
            let platforms = property.condition.map { Self.platforms(of: [$0]) } ?? targets
            guard platforms == [.android], let level = Int(property.value.split(separator: ".").first ?? "")
            else { continue }
            return level
        }
        return nil
    }

    /// `SupportedOSPlatformVersion` under a condition naming iOS.
    static func minimumIOS(_ project: MSBuildProject, path: String) -> MinimumIOS? {
        for property in project.properties where property.name == "SupportedOSPlatformVersion" {
            guard let condition = property.condition, platforms(of: [condition]) == [.ios],
                let version = IOSVersion(property.value)
            else { continue }
            return MinimumIOS(version, source: "SupportedOSPlatformVersion in \(path)")
        }
        return nil
    }

    // MARK: Items' files

    /// An item's path as `/`-separated, without `./`.
    static func normalized(_ path: String) -> String {
        var parts = path.split(whereSeparator: { $0 == "\\" || $0 == "/" }).map(String.init)
        parts.removeAll { $0 == "." }
        return parts.joined(separator: "/")
    }

    /// The files an item's `Include` (or `Remove`) names under the project's folder: paths
    /// separated by `;`, each literal or a glob (`*`, `?`, `**`), with what `**` matched (its
    /// `%(RecursiveDir)`). Walked through the door, bounded by the Android search's depth and
    /// `budget` folders; a path naming a property (`$(…)`) cannot be known, and is said.
    static func files(
        _ spec: String, in folder: String, of project: String, within confinement: Confinement, budget: inout Int,
        notes: inout [String]
    ) -> [(path: String, recursiveDir: String)] {
        var found: [(path: String, recursiveDir: String)] = []
        for part in spec.split(separator: ";").map({ normalized(String($0)) }) where !part.isEmpty {
            if part.contains("$(") || part.contains("@(") || part.contains("%(") {
                notes.append(
                    "\(project): an item names \(part), which a property decides: its files are not judged")
                continue
            }
            let segments = part.split(separator: "/").map(String.init)
            guard let wild = segments.firstIndex(where: { $0.contains("*") || $0.contains("?") }) else {
                let path = joinPath(folder, part)
                if isFile(path) { found.append((path, "")) }
                continue
            }
            let base = joinPath(folder, segments[..<wild].joined(separator: "/"))
            let pattern = Array(segments[wild...])
            // Case folded, as the volumes these projects are built on are: the configuration's glob,
            // compiled once per item.
            let glob = PathGlob(pattern.joined(separator: "/").lowercased())
            // Breadth-first over the base folder, bounded: never following a link.
            var pending: [(path: String, relative: [String])] = [(base, [])]
            var next = 0
            while next < pending.count, budget > 0 {
                let (current, relative) = pending[next]
                next += 1
                budget -= 1
                for (name, kind) in FolderEntries.list(current, through: confinement.door).sorted(by: {
                    $0.name < $1.name
                }) {
                    let path = relative + [name]
                    if kind == .folder {
                        if path.count < Limits.androidSearchDepth, !name.hasPrefix("."),
                            !["bin", "obj"].contains(name)
                        {
                            pending.append((joinPath(current, name), path))
                        }
                    } else if kind == .file, glob.matches(Array(path.joined(separator: "/").lowercased().utf8)) {
                        let recursive =
                            pattern.first == "**" || pattern.contains("**")
                            ? path.dropLast().dropFirst(pattern.prefix { $0 != "**" }.count).joined(separator: "/")
                            : ""
                        found.append((joinPath(current, name), recursive.isEmpty ? "" : recursive + "/"))
                    }
                }
            }
        }
        return found
    }
}

extension String {
    /// The string with every `target` replaced.
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
