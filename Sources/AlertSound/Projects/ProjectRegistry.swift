import AlertSoundCore

/// Every kind of project alertsound reads, in the order they are tried and their apps reported:
/// the one list. ``AppSearch`` asks each reader about each folder; what marks an app's files,
/// the repository markers, `--help`'s list of kinds, the documentation's table and the schemas'
/// `kind` enum are read from it. Adding a kind is its reader (a folder of `Projects/`) and its
/// line here.
package enum ProjectRegistry {
    static let readers: [any ProjectReader.Type] = [
        BuiltApps.self, ExpoReader.self, XcodeReader.self, XcodeGenReader.self, GradleReader.self, MauiReader.self,
        UnityReader.self, CordovaReader.self, NativeScriptReader.self, ResourcesFolder.self
    ]

    /// Frameworks whose apps are built by the Xcode and Gradle projects of their `ios/` and
    /// `android/` folders, with their code in the folder above: not kinds of their own (what ships
    /// is what those projects say), but where an app's code is read. The file that marks each,
    /// and a word it must hold (in the folder itself or a module folder in it) when the file
    /// alone does not tell the framework.
    package static let hosts: [(framework: String, marker: String, naming: String?)] = [
        ("Flutter", "pubspec.yaml", nil),
        (
            "React Native, Capacitor (its project two folders down: ios/App) and Expo's prebuilt folders",
            "package.json", nil
        ),
        // Kotlin Multiplatform's iOS app (`iosApp/iosApp.xcodeproj`) is built from the Kotlin of a
        // module beside it (`shared/src/iosMain`, `composeApp/src/commonMain`), which names its
        // sound (issue 57).
        (
            "Kotlin and Compose Multiplatform (iosApp/ beside a module applying kotlin(\"multiplatform\"))",
            "build.gradle.kts", "multiplatform"
        )
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
            if isHost(parent, within: confinement) { return parent }
            candidate = parent
        }
        return folder
    }

    /// Whether `folder` holds a host framework's marker (one holding its word, in the folder or
    /// in one of its first module folders: a Kotlin Multiplatform project's `shared/build.gradle.kts`).
    static func isHost(_ folder: String, within confinement: Confinement) -> Bool {
        hosts.contains { host in
            guard let word = host.naming else { return isFile(joinPath(folder, host.marker)) }
            let modules = FolderEntries.names(in: folder, .folder, through: confinement.door).sorted()
                .prefix(Limits.maximumHostModules).map { joinPath(folder, $0) }
            return ([folder] + modules).contains { module in
                confinement.door.text(
                    joinPath(module, host.marker), limit: Limits.maximumAndroidSourceBytes, what: "Gradle build file")?
                    .contains(word) == true
            }
        }
    }

    /// Whether a folder's entry is some kind's file.
    static func marks(_ name: String) -> Bool { readers.contains { $0.marks(name) } }

    /// Names at a repository root that say an app is expected there: every kind's and every host's.
    static var rootMarkers: [String] {
        var seen: Set<String> = []
        // A marker that needs its word (a Gradle build file) does not say an app of both platforms is expected.
        let markers = hosts.filter { $0.naming == nil }.map(\.marker)
        return (readers.flatMap { $0.rootMarkers } + markers).filter { seen.insert($0).inserted }
    }

    /// Every kind, for people.
    package static var kinds: [ProjectKind] { readers.map { $0.kind } }

    /// The bundle kinds apps are reported as, each once, in the registry's order.
    package static var bundleKinds: [BundleKind] {
        var seen: Set<BundleKind> = []
        return kinds.flatMap(\.reports).filter { seen.insert($0).inserted }
    }
}
