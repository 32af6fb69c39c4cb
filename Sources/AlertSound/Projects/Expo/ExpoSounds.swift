import AlertSoundCore

/// The `sounds` list of an Expo app's notification config plugin (`expo-notifications`, or
/// OneSignal's `onesignal-expo-plugin`) in `app.json` / `app.config.json`: at `expo prebuild` each
/// file is copied unchanged into the iOS app's resources *and* into Android's `res/raw/` (notes §8),
/// so one file must play on both platforms (a 16-bit PCM WAV under 30 s with a valid resource name;
/// a CAF fails the Android build). Judged as two bundles, one per platform, by each platform's rules.
/// `app.config.js`/`.ts` are programs, not data: they are not run.
enum ExpoSounds {
    /// The plugins whose `sounds` are copied to both platforms.
    static let plugins: Set<String> = ["expo-notifications", "onesignal-expo-plugin"]

    /// The config files read, in order.
    static let configFiles = ["app.json", "app.config.json"]

    /// The sounds listed in `folder`'s Expo config, as paths (relative to the folder, as given),
    /// and the config file; `nil` when there is no such list. A config that leads outside
    /// `confinement` (a link) is not read.
    static func list(
        in folder: String, within confinement: Confinement
    ) throws -> (
        config: String, plugin: String, sounds: [String], minimumIOS: MinimumIOS?
    )? {
        for name in configFiles {
            let path = joinPath(folder, name)
            guard isFile(path) else { continue }
            guard confinement.contains(path) else {
                throw AlertSoundError(
                    .unreadable, "not read: it leads outside \(confinement.shown), the folder given", path: path)
            }
            let bytes = try confinement.door.contents(path, limit: Limits.maximumPayloadBytes, what: "Expo config")
            guard case .object(let top)? = try? JSONParser.parse(bytes) else {
                throw AlertSoundError(.malformed, "not JSON, so its notification sounds cannot be read", path: path)
            }
            let expo: [String: JSONValue]
            if case .object(let inner)? = top["expo"] { expo = inner } else { expo = top }
            guard case .array(let entries)? = expo["plugins"] else { continue }
            for entry in entries {
                guard case .array(let pair) = entry, pair.count >= 2, case .string(let plugin) = pair[0],
                    plugins.contains(plugin),
                    case .object(let options) = pair[1], case .array(let sounds)? = options["sounds"]
                else { continue }
                let paths = sounds.compactMap { value -> String? in
                    if case .string(let path) = value { return path } else { return nil }
                }
                return (
                    path, plugin, paths,
                    DeploymentTarget.ofExpo(config: expo, configPath: path, folder: folder, within: confinement)
                )
            }
        }
        return nil
    }

    /// The two bundles the list makes: the files as iOS gets them (at the app's top level) and as
    /// Android gets them (in `res/raw/`), each shown by its path in the project.
    /// A file listed twice is copied once, so it is judged once. What the list names outside
    /// `confinement` is not read: it is reported as a sound that cannot be judged.
    static func scans(
        folder: String, config: String, plugin: String, sounds: [String], minimumIOS: MinimumIOS? = nil,
        within confinement: Confinement
    ) -> [BundleScan] {
        var ios: [FoundSound] = [], android: [FoundSound] = []
        var seen: Set<String> = []
        for listed in sounds {
            let path =
                listed.hasPrefix("/")
                ? listed : joinPath(folder, listed.hasPrefix("./") ? String(listed.dropFirst(2)) : listed)
            guard seen.insert(collapsedPath(path)).inserted else { continue }
            func problem(_ kind: AlertSoundError.Kind, _ why: String) -> FoundSound.Content {
                .problem(
                    Rule.judge(
                        failure: AlertSoundError(kind, "\(config) lists \(listed) in \(plugin)'s sounds, and \(why)")))
            }
            let content: FoundSound.Content
            switch confinement.place(of: path) {
            case .inside(let resolved?) where isFile(resolved):
                content =
                    confinement.door.file(resolved).map { .file($0) }
                    ?? problem(.unreadable, "it cannot be resolved")
            case .inside: content = problem(.notFound, "there is no such file")
            case .outside:
                content = problem(
                    .unreadable,
                    "it lies outside \(confinement.shown), the folder given: not read (validate a folder that holds it)"
                )
            case .invalid(let reason): content = problem(.notFound, reason)
            }
            let name = lastComponent(path)
            let shown = parentFolder(path) + "/"
            ios.append(FoundSound(relativePath: name, displayRoot: shown, location: .bundle, content: content))
            android.append(
                FoundSound(
                    relativePath: "res/raw/" + name, displayRoot: shown, shownFrom: "res/raw/".utf8.count,
                    location: .rawResource, content: content))
        }
        var androidScan = BundleScan(
            kind: .androidProject, root: "\(config) (\(plugin) sounds, Android res/raw)", sounds: android)
        androidScan.listed = true
        androidScan.libraries = AndroidAppFacts.read(root: folder, within: confinement).libraries
        for library in AndroidLibrary.allCases where library.coordinates.expoPlugins.contains(plugin) {
            androidScan.libraries.add(library, in: config)
        }
        var iosScan = BundleScan(kind: .resources, root: "\(config) (\(plugin) sounds, iOS)", sounds: ios)
        iosScan.listed = true
        iosScan.minimumIOS = minimumIOS
        return [iosScan, androidScan]
    }
}
