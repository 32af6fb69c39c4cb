import AlertSoundCore

/// Expo configs (`app.json`, `app.config.json`) whose notification plugin lists sounds: prebuild
/// copies each file into the iOS app and Android's `res/raw/`, so each is judged twice. A config
/// that is a program (`app.config.js`) is not run, and said.
struct ExpoReader: ProjectReader {
    static let kind = ProjectKind(
        name: "Expo app",
        detected:
            "`app.json` or `app.config.json` whose `expo-notifications` (or OneSignal's) plugin lists `sounds`; an `app.config.js` or `.ts` beside `package.json` is a program, not run, and said",
        judged:
            "each listed file twice, as prebuild copies it: at the iOS app's top level (minimum iOS from `expo-build-properties`) and in Android's `res/raw/`",
        reports: [.resources, .androidProject])

    static func marks(_ name: String) -> Bool { ExpoSounds.configFiles.contains(name) }
    static let rootMarkers = ["app.json", "package.json"]

    /// Folders holding an Expo config, in the order found.
    private(set) var folders: [String] = []

    init() {}

    mutating func look(at folder: SearchedFolder, within confinement: Confinement, log: inout SearchLog) throws {
        if !folder.names.isDisjoint(with: ExpoSounds.configFiles) {
            folders.append(folder.path)
        } else if let program = ["app.config.js", "app.config.ts"].first(where: folder.names.contains),
            folder.names.contains("package.json")
        {
            log.skipped.append(
                "\(joinPath(folder.path, program)): an Expo config that is a program is not run, so its notification sounds list (if any) is not read; give the sounds in app.json, or validate the prebuilt ios and android folders"
            )
        }
    }

    func apps(under root: String, within confinement: Confinement) throws -> ProjectApps {
        var found = ProjectApps()
        for folder in folders {
            do {
                guard let expo = try ExpoSounds.list(in: folder, within: confinement) else { continue }
                for scan in ExpoSounds.scans(
                    folder: folder, config: expo.config, plugin: expo.plugin, sounds: expo.sounds,
                    minimumIOS: expo.minimumIOS, within: confinement)
                {
                    // The app's JavaScript: its root is the config's folder.
                    found.apps.append(ProjectApp(scan: scan, codeRoot: folder))
                }
            } catch let error as AlertSoundError where folder != root {
                // Deeper down, an app.json need not be Expo's: said, not a stop.
                found.notes.append("\(error.path ?? folder) not read as an Expo config: \(error.message)")
            }
        }
        return found
    }
}
