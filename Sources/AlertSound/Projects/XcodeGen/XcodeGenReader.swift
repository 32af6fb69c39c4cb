import AlertSoundCore

/// XcodeGen projects: a `project.yml` spec from which `xcodegen` generates the `.xcodeproj`, kept
/// out of the repository (issue 57). Its apps are what the generated project would build
/// (``XcodeGenSpec``), judged as an Xcode project's are: the same scan, notes and code root.
struct XcodeGenReader: ProjectReader {
    static let kind = ProjectKind(
        name: "XcodeGen spec",
        detected:
            "a `project.yml` (XcodeGen's spec, with the files its `include:` names) and no `.xcodeproj` holding a `project.pbxproj` beside it",
        judged:
            "as the Xcode project it generates: one app per target of `type: application` and system its `platform` names; each folder of its `sources` a group whose every file lands at the bundle's top level (but `excludes`, `.lproj` folders, and folders with an extension such as `.bundle`, copied whole), `type: folder` a folder reference; its minimum iOS from `deploymentTarget`",
        reports: [.xcodeProject])

    static let specName = "project.yml"

    static func marks(_ name: String) -> Bool { name == specName }

    /// Specs found, each once, in the order found.
    private(set) var specs: [String] = []

    init() {}

    mutating func look(at folder: SearchedFolder, within confinement: Confinement, log: inout SearchLog) throws {
        guard folder.names.contains(Self.specName) else { return }
        // A project generated and committed beside its spec is what was built and is read instead
        // (``XcodeReader``): the spec may have changed since, but the committed project is what
        // Xcode opens, and the spec alone cannot say what a later generation would differ in. One
        // holding only shared schemes (no `project.pbxproj`) is no project: the spec is read.
        let generated = folder.entries.contains { name, kind in
            kind == .folder && lowercasedExtension(name) == "xcodeproj"
                && isFile(joinPath(joinPath(folder.path, name), "project.pbxproj"))
        }
        guard !generated else { return }
        let spec = joinPath(folder.path, Self.specName)
        if confinement.contains(spec), isFile(spec) { specs.append(spec) }
    }

    func apps(under root: String, within confinement: Confinement) throws -> ProjectApps {
        var found = ProjectApps()
        for path in specs {
            let spec: XcodeGenSpec
            do {
                spec = try XcodeGenSpec.read(path, within: confinement)
            } catch let error as AlertSoundError {
                // A spec that cannot be read is said; the rest of the tree is judged.
                found.notes.append("\(error.path ?? path): \(error.message): the apps it describes are not judged")
                found.unreadable.append(Self.refusal(path, because: error.message))
                continue
            }
            found.notes += spec.notes
            guard !spec.project.apps.isEmpty else {
                found.notes.append(
                    "\(path): the XcodeGen spec has no target of type application, so nothing it copies ships in one")
                found.unreadable.append(Self.refusal(path, because: "it has no target of type application"))
                continue
            }
            found.apps += try XcodeReader.apps(of: [spec.project], within: confinement)
        }
        return found
    }

    /// What is thrown when no app is found anywhere (``ProjectApps/unreadable``): a spec that gave
    /// none is no reason to judge the folder's files as if they all shipped; what ships is the
    /// generated project's.
    static func refusal(_ spec: String, because reason: String) -> AlertSoundError {
        AlertSoundError(
            .invalidRequest,
            "\(spec) describes an Xcode project that XcodeGen generates, and \(reason): what ships is decided by the "
                + "generated project; generate it, then validate it (or the built .app)",
            path: parentFolder(spec))
    }
}
