import AlertSoundCore

/// Xcode projects (and the projects workspaces open), judged by their app targets: each app is
/// what its target copies into the bundle, where the project says it lands. A project generated
/// from a spec (XcodeGen, Tuist) and not generated yet stops the run rather than have the folder's
/// files judged as if they all shipped.
struct XcodeReader: ProjectReader {
    static let kind = ProjectKind(
        name: "Xcode project",
        detected:
            "an `.xcodeproj` folder, or the projects an `.xcworkspace` opens (given, or found in a folder)",
        judged:
            "one app per app target (product type application) and system its `SDKROOT` or `SUPPORTED_PLATFORMS` names: what its Copy Bundle Resources and copy-files phases copy, placed where they land (a macOS app's `Contents/Resources`); iOS and macOS apps by iOS's rules, watchOS apps play the default sound and tvOS apps none, whatever is named; its minimum iOS from `IPHONEOS_DEPLOYMENT_TARGET` or the Podfile; its entitlements file; named by the code in the project's folder that its own targets and the targets they depend on compile, and by code no target compiles (a host framework's); sounds in the project's folder that no app target copies are said",
        reports: [.xcodeProject])

    static func marks(_ name: String) -> Bool { ["xcodeproj", "xcworkspace"].contains(lowercasedExtension(name)) }
    static let rootMarkers = ["ios"]

    /// `.xcodeproj` folders found, and those workspaces open, each once, in the order found.
    private(set) var projects: [String] = []
    private var seen: Set<String> = []

    init() {}

    mutating func look(at folder: SearchedFolder, within confinement: Confinement, log: inout SearchLog) throws {
        for (name, kind) in folder.entries where kind == .folder {
            let path = joinPath(folder.path, name)
            switch lowercasedExtension(name) {
            case "xcodeproj":
                if seen.insert(collapsedPath(path)).inserted { projects.append(path) }
            case "xcworkspace" where confinement.contains(path):
                // One workspace that cannot be read (a checkout holding only its xcshareddata) is
                // said, and the rest of the tree judged: the projects beside it are found anyway
                // (issue 57: it ended the run at a repository's root).
                let workspace: XcodeWorkspace
                do {
                    workspace = try XcodeWorkspace.read(path, within: confinement)
                } catch {
                    log.notes.append(
                        "\(path): cannot be read as an Xcode workspace (\(error)); the projects it opens are judged where the search finds them"
                    )
                    continue
                }
                for project in workspace.projects where seen.insert(collapsedPath(project)).inserted {
                    projects.append(project)
                }
                log.notes += workspace.notes
            default: break
            }
        }
    }

    func apps(under root: String, within confinement: Confinement) throws -> ProjectApps {
        var found = ProjectApps()
        var unreadable: [(String, Error)] = []
        let projects = try XcodeProject.appProjects(self.projects, within: confinement) { unreadable.append(($0, $1)) }
        for (path, error) in unreadable {
            found.notes.append("\(path): cannot be read as an Xcode project (\(error)); its apps are not judged")
            found.unreadable.append(
                error as? AlertSoundError ?? AlertSoundError(.unreadable, "\(error)", path: path))
        }
        found.apps = try Self.apps(of: projects.apps, within: confinement)
        if projects.apps.isEmpty {
            try XcodeProject.refuseUngenerated(in: [root, joinPath(root, "ios")], given: root)
        }
        // Pods' project, which a workspace opens, builds no app and says nothing worth a note.
        for project in projects.others
        where !project.split(separator: "/").contains(where: { AppSearch.skippedFolders.contains(String($0)) }) {
            found.notes.append(
                "\(project): builds no app (no target of product type application), so nothing it copies ships in one"
            )
        }
        return found
    }

    /// Each app target's bundle, its code read under the project's folder (or a host framework's
    /// folder above it), and what no target copies said after it.
    static func apps(of projects: [XcodeProject], within confinement: Confinement) throws -> [ProjectApp] {
        try projects.flatMap { project in
            try zip(project.apps, XcodeProject.scans(project, within: confinement)).map { app, scan in
                // A host framework's shared code (Flutter's lib/, React Native's) is read as the iOS
                // app's: its sound names are the iOS app's, so a macOS, watchOS or tvOS app beside it
                // (Flutter's macos/Runner) is named only by its own project's code (issue 57: the
                // iOS app's names failed a Flutter app's Mac app, which ships no sound).
                ProjectApp(
                    scan: scan,
                    codeRoot: scan.os == .ios
                        ? ProjectRegistry.codeRoot(of: parentFolder(project.path), within: confinement)
                        : parentFolder(project.path),
                    notes: [
                        XcodeProject.systemNote(scan), XcodeProject.absentNote(scan), XcodeProject.uncopiedNote(scan)
                    ]
                    .compactMap { $0 },
                    compiles: app.compiles)
            }
        }
    }
}
