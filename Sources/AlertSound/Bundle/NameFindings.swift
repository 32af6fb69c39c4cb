import AlertSoundCore

/// What a bundle's names alone say about its sounds, found before any sound is judged so that
/// each verdict can be written whole as soon as it is made: on iOS, names that differ only in case
/// and sounds only in a resource bundle; on Android, files that give one resource name.
struct NameFindings: Sendable {
    private let sounds: [FoundSound]
    private let platform: Platform
    private let shared: SharedNames
    /// The names of sounds in resource bundles that some reachable sound also has.
    private let alsoReachable: Set<String>

    init(sounds: [FoundSound], platform: Platform) {
        self.sounds = sounds
        self.platform = platform
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

    /// The findings about sound `i`.
    func findings(for i: Int) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if let group = shared.group(of: i) {
            found.append(
                platform == .ios ? ambiguousName(group, at: i) : AndroidRules.duplicateFinding(group, at: i, in: sounds)
            )
        }
        if sounds[i].location == .resourceBundle, !alsoReachable.contains(sounds[i].name) {
            // Worth knowing before a payload names it (a sound also at a reachable place is fine).
            found.append(
                DiagnosticCode.resourceBundle.diagnostic(
                    "in a resource bundle (a Swift package's resources are copied into <Package>_<Target>.bundle): UNNotificationSound(named:) does not find"
                        + " '\(sounds[i].name)' there; to use it as a notification sound, add it to the app target's resources or copy it to Library/Sounds at run time"
                ))
        }
        return found
    }

    /// Two reachable sounds whose names differ only in case: on a device both exist, in the
    /// Simulator one shadows the other. The first of a group names every member once; the others
    /// name only the first, so the output grows with the number of files, not with its square.
    private func ambiguousName(_ group: [Int], at i: Int) -> Diagnostic {
        let first = group[0]
        if i == first {
            let others = group.dropFirst().map { "'\(sounds[$0].name)'" }.joined(separator: ", ")
            return DiagnosticCode.ambiguousName.diagnostic(
                "'\(sounds[first].name)' and \(others) differ only in case: the Simulator's case-insensitive file system sees one file"
            )
        }
        return DiagnosticCode.ambiguousName.diagnostic(
            "'\(sounds[i].name)' differs only in case from '\(sounds[first].name)'\(group.count > 2 ? " (and \(group.count - 2) more)" : ""):"
                + " the Simulator's case-insensitive file system sees one file")
    }
}
