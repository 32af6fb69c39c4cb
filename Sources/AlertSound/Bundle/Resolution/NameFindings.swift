import AlertSoundCore

/// What a bundle's names alone tell about its sounds, found before any sound is judged so that
/// each verdict can be written whole as soon as it is made: on iOS, names that differ only in case
/// and sounds only in a resource bundle; on Android, files that give one resource name. The
/// findings are ``SoundRule``s'.
struct NameFindings: Sendable {
    private let sounds: [FoundSound]
    private let shared: SharedNames
    /// The names of sounds in resource bundles that some reachable sound also has.
    private let alsoReachable: Set<String>

    init(sounds: [FoundSound], platform: Platform) {
        self.sounds = sounds
        switch platform {
        case .ios:
            shared = SharedNames(count: sounds.count) { i in
                sounds[i].location.isReachable ? sounds[i].location.rawValue + "/" + sounds[i].name.lowercased() : nil
            }
            let inResourceBundles = Set(sounds.lazy.filter { $0.location == .resourceBundle }.map(\.name))
            alsoReachable =
                inResourceBundles.isEmpty
                ? []
                : Set(sounds.lazy.filter { $0.location.isReachable && inResourceBundles.contains($0.name) }.map(\.name))
        case .android:
            shared = AndroidRules.duplicateNames(sounds)
            alsoReachable = []
        }
    }

    /// The other sounds whose names collide with sound `i`'s (on iOS, reachable names that differ
    /// only in case; on Android, files of one folder that give one resource name), with `i`, in order.
    func collision(of i: Int) -> [Int]? { shared.group(of: i) }

    /// Whether sound `i` is in a resource bundle and no reachable sound has its name.
    func onlyInResourceBundle(_ i: Int) -> Bool {
        sounds[i].location == .resourceBundle && !alsoReachable.contains(sounds[i].name)
    }
}
