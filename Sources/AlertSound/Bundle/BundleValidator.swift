#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Validates an app's sounds where they will be on a device, and the names that will ask for them:
/// iOS apps by iOS's rules, Android projects and `.apk` files by Android's.
///
/// ```swift
/// let references = SoundReference.payload(at: "push.apns") + [.named("alert.caf")]
/// let report = try BundleValidator(strict: true).validate(path: "Build/MyApp.ipa", references: references)
/// if !report.valid {
///     for file in report.files where !file.report.valid { print(file.report.path, file.report.diagnostics) }
///     for ref in report.references where !ref.valid { print(ref.source, ref.name ?? "?", ref.diagnostics) }
/// }
/// ```
public struct BundleValidator: Sendable {
    /// Whether warnings fail a sound or reference too.
    public var strict: Bool
    /// The iOS app's entitlements when they are known better than the app says (`--entitlements`);
    /// otherwise they are read from the app when a reference asks for a critical alert.
    public var entitlements: Entitlements?
    /// Folders are a Swift package target's resources (kind `package-resources`): every sound will
    /// sit in the package's resource bundle, not where iOS finds sounds by name.
    public var packageResources: Bool
    /// Set by the `async` entry point: cancellation in, progress out.
    var control: OperationControl?

    /// A validator; see the properties.
    public init(strict: Bool = false, entitlements: Entitlements? = nil, packageResources: Bool = false) {
        self.strict = strict
        self.entitlements = entitlements
        self.packageResources = packageResources
    }

    /// Validates several bundles in one run (an iOS app and an Android project, say); each
    /// reference is resolved on every bundle of the platform it is meant for.
    public func validate(paths: [String], references: [SoundReference] = []) throws -> ValidationReport {
        ValidationReport(bundles: try paths.map { try validate(path: $0, references: references) })
    }

    /// Validates bundles on a thread of its own. Cancelling the task stops the work between files
    /// and throws an error of kind `cancelled`; `progress` counts sounds judged (the total grows
    /// as each bundle is scanned).
    public func validate(urls: [URL], references: [SoundReference] = [],
                         progress: (@Sendable (ProgressUpdate) -> Void)? = nil) async throws -> ValidationReport {
        var validator = self
        let control = OperationControl(unit: .files, progress: progress)
        validator.control = control
        return try await OperationControl.run(control) { [validator] in
            try validator.validate(paths: urls.map(\.path), references: references)
        }
    }

    /// Validates an `.app`, `.ipa`, `.xcarchive`, app data container or resources folder (iOS), or
    /// an Android project folder, `.apk` or `.aab`. References meant for the other platform are
    /// left out. Throws `AlertSoundError` only when the bundle itself cannot be examined.
    public func validate(path: String, references: [SoundReference] = []) throws -> BundleReport {
        try control?.check()
        let scan = try self.scan(path)
        let platform = scan.kind.platform
        var files: [BundleFileReport]
        control?.expect(Int64(scan.sounds.count))
        let control = control
        switch platform {
        case .ios:
            let checker = Checker(strict: strict)
            files = parallelMap(scan.sounds) { sound in
                // Once cancelled, the rest are skipped, and the check below throws.
                if control?.isCancelled == true { return BundleFileReport(report: FileReport(path: sound.displayPath, info: nil, diagnostics: [], strict: false),
                                                                        location: sound.location, relativePath: sound.relativePath) }
                defer { try? control?.advance(1) }
                return BundleFileReport(report: Self.judge(sound, checker: checker), location: sound.location, relativePath: sound.relativePath)
            }
            Self.flagAmbiguousNames(&files)
            Self.flagResourceBundles(&files)
        case .android:
            files = parallelMap(scan.sounds) { [strict] sound in
                if control?.isCancelled == true { return BundleFileReport(report: FileReport(path: sound.displayPath, info: nil, diagnostics: [], strict: false),
                                                                        location: sound.location, relativePath: sound.relativePath) }
                defer { try? control?.advance(1) }
                // An optimised APK's table names the resource; otherwise its file name does.
                let resourceName = sound.location == .rawResource ? sound.resourceName ?? AndroidRules.resourceName(sound.name) : nil
                return BundleFileReport(report: AndroidRules.judge(sound, resourceName: resourceName, strict: strict, keep: scan.keep),
                                        location: sound.location, relativePath: sound.relativePath, resourceName: resourceName)
            }
            AndroidRules.flagDuplicateNames(&files)
        }
        try control?.check()

        let mine = references.filter { $0.platform == nil || $0.platform == platform }
        var resolved: [ReferenceReport]
        var entitlements: Entitlements?
        switch platform {
        case .ios:
            let resolver = ReferenceResolver(files: files)
            resolved = mine.map { resolver.resolve($0, strict: strict) }
            if resolved.contains(where: \.critical) {
                let lookup = self.entitlements.map(EntitlementsLookup.found) ?? scan.app.map(EntitlementsLookup.of)
                    ?? .unknown(reason: "a \(scan.kind == .dataContainer ? "data container" : "resources folder") has no executable or provisioning profile to read them from")
                entitlements = lookup.entitlements
                for i in resolved.indices where resolved[i].critical {
                    if let finding = Self.entitlementFinding(lookup, reference: resolved[i]) { resolved[i].append(finding) }
                }
            }
        case .android:
            let resolver = AndroidResolver(files: files, kind: scan.kind)
            resolved = mine.map { resolver.resolve($0, strict: strict) }
        }
        if !mine.isEmpty {
            let used = Set(resolved.compactMap(\.resolvedPath))
            for i in files.indices where files[i].location.isReachable && files[i].report.valid && !used.contains(files[i].report.path) {
                let name = files[i].resourceName.map { "@raw/" + $0 } ?? "'\(files[i].name)'"
                files[i].report.append(DiagnosticCode.unreferenced.diagnostic("no reference names \(name); is it still needed?"))
            }
        }
        return BundleReport(bundle: scan.root, kind: scan.kind, files: files, references: resolved, entitlements: entitlements)
    }

    /// What to say about a critical reference, given what is known of the app's entitlements.
    static func entitlementFinding(_ lookup: EntitlementsLookup, reference: ReferenceReport) -> Diagnostic? {
        let what = reference.name.map { "'\($0)'" } ?? "this sound"
        switch lookup {
        case .found(let entitlements) where entitlements.criticalAlerts:
            return nil
        case .found(let entitlements):
            return DiagnosticCode.criticalNotEntitled.diagnostic(
                "\(what) is asked for as a critical alert, but the app's entitlements (\(entitlements.source.rawValue): \(entitlements.path)) lack \(Entitlements.criticalAlertsKey):"
                + " iOS delivers it as an ordinary alert, silenced by the ringer switch and Focus. The entitlement is granted by Apple on request;"
                + " add it to the app's entitlements and provisioning profile")
        case .unknown(let reason):
            return DiagnosticCode.entitlementsUnknown.diagnostic(
                "\(what) is asked for as a critical alert, and whether the app holds \(Entitlements.criticalAlertsKey) cannot be told (\(reason));"
                + " the validator needs the app's entitlements file or provisioning profile", suggestion: Suggestion(.provideEntitlements))
        }
    }

    /// What `path` is, and the sounds in it.
    func scan(_ path: String) throws -> BundleScan {
        guard let isDirectory = isFolder(path) else {
            throw AlertSoundError(.notFound, "no such file or folder", path: path)
        }
        let display = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard isDirectory else { return try ArchiveScanner.scan(path: path, displayPath: display) }
        let (kind, root) = packageResources ? (.packageResources, display) : try Self.classify(folder: display)
        // A folder that is no app is Android's when it has res/raw folders (found once, used to scan).
        if kind == .resources, let rawFolders = AndroidProject.rawFoldersIfAndroid(root) {
            let (sounds, keep) = AndroidProject.scan(root: root, rawFolders: rawFolders)
            return BundleScan(kind: .androidProject, root: root, sounds: sounds, keep: keep)
        }
        let app: AppContents? = kind == .app || kind == .xcarchive ? .folder(root, display: root) : nil
        return BundleScan(kind: kind, root: root, sounds: FolderScanner.scan(root: root, kind: kind, displayRoot: root), app: app)
    }

    static func judge(_ sound: FoundSound, checker: Checker) -> FileReport {
        switch sound.content {
        case .file(let file):
            return checker.check(file: file, name: sound.displayPath)
        case let .archiveEntry(archive, entry):
            do {
                var report = checker.check(source: try archive.source(for: entry), name: sound.displayPath)
                // `MyApp.ipa!Payload/…` is no file anyone can fix: the suggestion keeps its action
                // (fix the sound the app was built from) and drops the path.
                for i in report.diagnostics.indices { report.diagnostics[i].suggestion?.path = nil }
                return report
            } catch {
                let reason = AlertSoundError.wrapping(error, as: .unreadable).reason
                return FileReport(path: sound.displayPath, info: nil, diagnostics: [DiagnosticCode.unreadable.diagnostic(reason)], strict: checker.strict)
            }
        case .problem(let diagnostic):
            return FileReport(path: sound.displayPath, info: nil, diagnostics: [diagnostic], strict: checker.strict)
        }
    }

    /// Which kind a folder is, and the root sounds are resolved against.
    static func classify(folder: String) throws -> (BundleKind, String) {
        let fm = FileManager.default
        switch lowercasedExtension(lastComponent(folder)) {
        case "app": return (.app, folder)
        case "xcarchive":
            let apps = folder + "/Products/Applications"
            guard let app = (try? fm.contentsOfDirectory(atPath: apps))?.sorted().first(where: { $0.hasSuffix(".app") }) else {
                throw AlertSoundError(.malformed, "no Products/Applications/*.app inside this archive", path: folder)
            }
            let appPath = apps + "/" + app
            // An app that is a link leaving the archive would have the walk scan whatever it points at.
            if let archive = FolderScanner.realPath(Array(folder.utf8)), let target = FolderScanner.realPath(Array(appPath.utf8)),
               !target.starts(with: archive + [UInt8(ascii: "/")]) {
                throw AlertSoundError(.unreadable, "\(appPath) is a symbolic link to \(displayName(target)), outside the archive; not followed")
            }
            return (.xcarchive, appPath)
        default:
            if isFolder(folder + "/Library/Sounds") == true {
                return (.dataContainer, folder)
            }
            return (.resources, folder)
        }
    }

    /// A sound only inside a resource bundle is not found by name: worth knowing before a payload
    /// names it (a sound also at a reachable place is fine).
    static func flagResourceBundles(_ files: inout [BundleFileReport]) {
        let reachable = Set(files.filter(\.location.isReachable).map(\.name))
        for i in files.indices where files[i].location == .resourceBundle && !reachable.contains(files[i].name) {
            files[i].report.append(DiagnosticCode.resourceBundle.diagnostic(
                "in a resource bundle (a Swift package's resources are copied into <Package>_<Target>.bundle): UNNotificationSound(named:) does not find"
                + " '\(files[i].name)' there; to use it as a notification sound, add it to the app target's resources or copy it to Library/Sounds at run time"))
        }
    }

    /// Two reachable sounds whose names differ only in case: on a device both exist, in the
    /// Simulator one shadows the other.
    static func flagAmbiguousNames(_ files: inout [BundleFileReport]) {
        var groups: [String: [Int]] = [:]
        for (i, file) in files.enumerated() where file.location.isReachable {
            groups[file.location.rawValue + "/" + file.name.lowercased(), default: []].append(i)
        }
        // The first of a group names every member once; the others name only the first, so the
        // output grows with the number of files, not with its square.
        for indices in groups.values where indices.count > 1 {
            let first = indices[0]
            let others = indices.dropFirst().map { "'\(files[$0].name)'" }.joined(separator: ", ")
            files[first].report.append(DiagnosticCode.ambiguousName.diagnostic(
                "'\(files[first].name)' and \(others) differ only in case: the Simulator's case-insensitive file system sees one file"))
            for i in indices.dropFirst() {
                files[i].report.append(DiagnosticCode.ambiguousName.diagnostic(
                    "'\(files[i].name)' differs only in case from '\(files[first].name)'\(indices.count > 2 ? " (and \(indices.count - 2) more)" : ""):"
                    + " the Simulator's case-insensitive file system sees one file"))
            }
        }
    }
}
