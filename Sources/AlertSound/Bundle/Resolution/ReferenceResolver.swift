import AlertSoundCore

/// Resolves sound names the way iOS does: the full file name, exactly, at a reachable place.
struct ReferenceResolver {
    private let sounds: [FoundSound]
    /// Indexes of only the keys the references ask for: their size follows the references, not
    /// the bundle, and building them is one pass over the sounds.
    private var reachableByName: [String: Int] = [:]
    private var reachableByLowercasedName: [String: Int] = [:]
    private var anywhereByLowercasedName: [String: Int] = [:]
    private var reachableByLowercasedStem: [String: [Int]] = [:]
    private var byRelativePath: [String: Int] = [:]
    /// An Xcode project's sounds that no app target copies, by lower-cased file name.
    private let uncopied: [String: String]
    /// Where the app's code writes sounds into `Library/Sounds` at run time, when it does
    /// (``installedAtRunTime`` judges a miss by it).
    var installer: SourcePosition?
    /// The rules a miss is judged by, in order (the rule tests run one alone).
    var rules = Self.rules

    init(sounds: [FoundSound], references: [SoundReference], uncopied: [String: String] = [:]) {
        self.sounds = sounds
        self.uncopied = uncopied
        var paths = Set<String>(), names = Set<String>(), lowercased = Set<String>(), stems = Set<String>()
        for name in references.compactMap(\.name) where name != "default" {
            if name.contains("/") {
                paths.insert(name)
            } else if Self.hasExtension(name) {
                names.insert(name)
                lowercased.insert(name.lowercased())
                stems.insert(SoundName(name).stem.lowercased())
            } else {
                stems.insert(name.lowercased())
            }
        }
        guard !(paths.isEmpty && names.isEmpty && stems.isEmpty) else { return }
        for (i, sound) in sounds.enumerated() {
            if paths.contains(sound.relativePath) {
                byRelativePath[sound.relativePath] = byRelativePath[sound.relativePath] ?? i
            }
            let name = sound.name
            let lower = name.lowercased()
            let reachable = sound.location.isReachable
            if lowercased.contains(lower) {
                anywhereByLowercasedName[lower] = anywhereByLowercasedName[lower] ?? i
                if reachable { reachableByLowercasedName[lower] = reachableByLowercasedName[lower] ?? i }
            }
            guard reachable else { continue }
            if names.contains(name) { reachableByName[name] = reachableByName[name] ?? i }
            let stem = SoundName(name).stem.lowercased()
            if stems.contains(stem) { reachableByLowercasedStem[stem, default: []].append(i) }
        }
    }

    func locate(_ reference: SoundReference) -> LocatedReference {
        var located = LocatedReference(reference, platform: .ios)
        guard let name = reference.name, name != "default" else { return located }
        if !name.contains("/"), Self.hasExtension(name), let exact = reachableByName[name] {
            located.resolve(to: exact, in: sounds)
        } else if let finding = ReferenceRule.judge(name, reference, self, by: rules) {
            located.diagnostics.append(finding.diagnostic)
            if let nearly = finding.nearly { located.nearly(nearly) }
        }
        return located
    }

    // What the rules look up: only the names the references asked for are indexed.

    /// The sound at this path within the bundle.
    func sound(atPath path: String) -> FoundSound? { byRelativePath[path].map { sounds[$0] } }
    /// Reachable sounds whose name without extension is `stem`, ignoring case.
    func reachable(stem: String) -> [FoundSound] {
        (reachableByLowercasedStem[stem.lowercased()] ?? []).map { sounds[$0] }
    }
    /// A reachable sound of this name, ignoring case.
    func reachable(ignoringCase name: String) -> FoundSound? {
        reachableByLowercasedName[name.lowercased()].map { sounds[$0] }
    }
    /// A sound of this name anywhere in the bundle, ignoring case.
    func anywhere(ignoringCase name: String) -> FoundSound? {
        anywhereByLowercasedName[name.lowercased()].map { sounds[$0] }
    }
    /// The project path of a sound of this name that no app target copies.
    func uncopied(_ name: String) -> String? { uncopied[name.lowercased()] }

    static func hasExtension(_ name: String) -> Bool {
        name.contains(".") && !name.hasSuffix(".")
    }

}

extension BundleFileReport {
    var name: String { String(relativePath.split(separator: "/").last ?? "") }
}
