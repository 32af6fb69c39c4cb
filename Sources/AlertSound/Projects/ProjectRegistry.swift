import AlertSoundCore

/// Every kind of project alertsound reads, in the order they are tried and their apps reported:
/// the one list. ``AppSearch`` asks each reader about each folder; what marks an app's files,
/// the repository markers, `--help`'s list of kinds, the documentation's table and the schemas'
/// `kind` enum are read from it. Adding a kind is its reader (a folder of `Projects/`) and its
/// line here.
package enum ProjectRegistry {
    static let readers: [any ProjectReader.Type] = [
        BuiltApps.self, ExpoReader.self, XcodeReader.self, GradleReader.self, MauiReader.self, CordovaReader.self,
        NativeScriptReader.self, ResourcesFolder.self
    ]

    /// Frameworks whose apps are built by the Xcode and Gradle projects of their `ios/` and
    /// `android/` folders, with their code in the folder above: not kinds of their own (what ships
    /// is what those projects say), but where an app's code is read. The file that marks each.
    package static let hosts: [(framework: String, marker: String)] = [
        ("Flutter", "pubspec.yaml"),
        ("React Native, Capacitor (its project two folders down: ios/App) and Expo's prebuilt folders", "package.json")
    ]

    /// The root whose code an app at `folder` (an Xcode project's folder, a Gradle project) is
    /// built from: the nearest of the two folders above that holds a host framework's marker
    /// (``hosts``), else `folder`.
    static func codeRoot(of folder: String, within confinement: Confinement) -> String {
        // One level up for Flutter and React Native (`ios/Runner.xcodeproj`), two for Capacitor,
        // whose project is `ios/App/App.xcodeproj` (issue 57: its code was never read).
        var candidate = folder
        for _ in 0..<2 {
            let parent = parentFolder(candidate)
            guard confinement.contains(parent), parent != candidate else { break }
            if hosts.contains(where: { isFile(joinPath(parent, $0.marker)) }) { return parent }
            candidate = parent
        }
        return folder
    }

    /// Whether a folder's entry is some kind's file.
    static func marks(_ name: String) -> Bool { readers.contains { $0.marks(name) } }

    /// Names at a repository root that say an app is expected there: every kind's and every host's.
    static var rootMarkers: [String] {
        var seen: Set<String> = []
        return (readers.flatMap { $0.rootMarkers } + hosts.map(\.marker)).filter { seen.insert($0).inserted }
    }

    /// Every kind, for people.
    package static var kinds: [ProjectKind] { readers.map { $0.kind } }

    /// The bundle kinds apps are reported as, each once, in the registry's order.
    package static var bundleKinds: [BundleKind] {
        var seen: Set<BundleKind> = []
        return kinds.flatMap(\.reports).filter { seen.insert($0).inserted }
    }
}
