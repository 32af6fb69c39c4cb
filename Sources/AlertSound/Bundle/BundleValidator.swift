#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Validates an app's sounds where they will be on a device, and the names that will ask for them.
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
    public var strict: Bool

    public init(strict: Bool = false) {
        self.strict = strict
    }

    /// Validates an `.app`, `.ipa`, `.xcarchive`, app data container or resources folder.
    /// Throws `BundleError` only when the bundle itself cannot be examined.
    public func validate(path: String, references: [SoundReference] = []) throws -> BundleReport {
        let checker = Checker(strict: strict)
        guard let isDirectory = isFolder(path) else {
            throw BundleError("\(path): no such file or folder")
        }
        let display = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        var files: [BundleFileReport]
        let kind: BundleKind
        let root: String
        if isDirectory {
            let (folderKind, folderRoot) = try Self.classify(folder: display)
            kind = folderKind
            root = folderRoot
            let found = FolderScanner.scan(root: folderRoot, kind: kind, displayRoot: folderRoot)
            files = parallelMap(found) { sound in
                BundleFileReport(report: Self.judge(sound, checker: checker), location: sound.location, relativePath: sound.relativePath)
            }
        } else {
            let scan = try ArchiveScanner.scan(path: path, displayPath: display)
            kind = .ipa
            root = scan.root
            // Each entry has its own source over the shared, read-only archive: judged in parallel too.
            files = parallelMap(scan.sounds) { sound in
                BundleFileReport(report: Self.judge(sound, checker: checker), location: sound.location, relativePath: sound.relativePath)
            }
        }

        Self.flagAmbiguousNames(&files, strict: strict)
        let resolver = ReferenceResolver(files: files)
        let resolved = references.map { resolver.resolve($0, strict: strict) }
        if !references.isEmpty {
            let used = Set(resolved.compactMap(\.resolvedPath))
            for i in files.indices where files[i].location.isReachable && files[i].report.valid && !used.contains(files[i].report.path) {
                files[i].report.append(BundleCode.unreferenced.diagnostic("no reference names '\(files[i].name)'; is it still needed?"), strict: strict)
            }
        }
        return BundleReport(bundle: root, kind: kind, files: files, references: resolved)
    }

    static func judge(_ sound: FoundSound, checker: Checker) -> FileReport {
        switch sound.content {
        case .file(let file):
            return checker.check(file: file, name: sound.displayPath)
        case let .archiveEntry(archive, entry):
            do {
                return checker.check(source: try archive.source(for: entry), name: sound.displayPath)
            } catch {
                return FileReport(path: sound.displayPath, info: nil,
                                  diagnostics: [BundleCode.unreadable.diagnostic("cannot decompress: \(error)")], strict: checker.strict)
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
                throw BundleError("\(folder): no Products/Applications/*.app inside this archive")
            }
            let appPath = apps + "/" + app
            // An app that is a link leaving the archive would have the walk scan whatever it points at.
            if let archive = FolderScanner.realPath(Array(folder.utf8)), let target = FolderScanner.realPath(Array(appPath.utf8)),
               !target.starts(with: archive + [UInt8(ascii: "/")]) {
                throw BundleError("\(appPath) is a symbolic link to \(displayName(target)), outside the archive; not followed")
            }
            return (.xcarchive, appPath)
        default:
            if isFolder(folder + "/Library/Sounds") == true {
                return (.dataContainer, folder)
            }
            return (.resources, folder)
        }
    }

    /// Two reachable sounds whose names differ only in case: on a device both exist, in the
    /// Simulator one shadows the other.
    static func flagAmbiguousNames(_ files: inout [BundleFileReport], strict: Bool) {
        var groups: [String: [Int]] = [:]
        for (i, file) in files.enumerated() where file.location.isReachable {
            groups[file.location.rawValue + "/" + file.name.lowercased(), default: []].append(i)
        }
        // The first of a group names every member once; the others name only the first, so the
        // output grows with the number of files, not with its square.
        for indices in groups.values where indices.count > 1 {
            let first = indices[0]
            let others = indices.dropFirst().map { "'\(files[$0].name)'" }.joined(separator: ", ")
            files[first].report.append(BundleCode.ambiguousName.diagnostic(
                "'\(files[first].name)' and \(others) differ only in case: the Simulator's case-insensitive file system sees one file"), strict: strict)
            for i in indices.dropFirst() {
                files[i].report.append(BundleCode.ambiguousName.diagnostic(
                    "'\(files[i].name)' differs only in case from '\(files[first].name)'\(indices.count > 2 ? " (and \(indices.count - 2) more)" : ""):"
                    + " the Simulator's case-insensitive file system sees one file"), strict: strict)
            }
        }
    }
}
