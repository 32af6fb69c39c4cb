import AlertSoundCore

/// Resolves sound names the way Android does: a raw resource's name, without extension, exactly.
/// (Firebase's client looks the name up with `Resources.getIdentifier(name, "raw", package)` and
/// plays the default sound when that finds nothing.)
struct AndroidResolver {
    private let sounds: [FoundSound]
    let kind: BundleKind
    /// Only the keys the references ask for, as in ``ReferenceResolver``.
    private var byResourceName: [String: Int] = [:]
    private var byLowercasedResourceName: [String: Int] = [:]
    private var anywhereByResourceName: [String: Int] = [:]

    init(sounds: [FoundSound], kind: BundleKind, references: [SoundReference]) {
        self.sounds = sounds
        self.kind = kind
        var names = Set<String>(), lowercased = Set<String>(), stems = Set<String>()
        for name in references.compactMap(\.name) where name != "default" && !name.contains("/") {
            let stem = AndroidRules.resourceName(name)
            names.insert(name)
            names.insert(stem)
            lowercased.insert(name.lowercased())
            stems.insert(stem.lowercased())
        }
        guard !names.isEmpty else { return }
        for (i, sound) in sounds.enumerated() {
            let resourceName = AndroidRules.resourceName(of: sound)
            let name = resourceName ?? AndroidRules.resourceName(sound.name)
            let lower = name.lowercased()
            if stems.contains(lower) { anywhereByResourceName[lower] = anywhereByResourceName[lower] ?? i }
            guard resourceName != nil else { continue }
            if names.contains(name) { byResourceName[name] = byResourceName[name] ?? i }
            if lowercased.contains(lower) { byLowercasedResourceName[lower] = byLowercasedResourceName[lower] ?? i }
        }
    }

    func locate(_ reference: SoundReference) -> LocatedReference {
        var located = LocatedReference(reference, platform: .android)
        guard let name = reference.name, name != "default" else { return located }
        if !name.contains("/"), let exact = byResourceName[name] {
            located.resolve(to: exact, in: sounds)
        } else if let finding = ReferenceRule.judge(name, reference, self, by: Self.rules) {
            located.diagnostics.append(finding.diagnostic)
            if let nearly = finding.nearly { located.nearly(nearly) }
        }
        return located
    }

    // What the rules look up: only the names the references asked for are indexed.

    /// Whether the app has no sound at all (an Android project without `res/raw`).
    var shipsNoSound: Bool { sounds.isEmpty }

    /// The raw resource of exactly this name.
    func raw(named name: String) -> FoundSound? { byResourceName[name].map { sounds[$0] } }
    /// A raw resource of this name, ignoring case.
    func raw(ignoringCase name: String) -> FoundSound? {
        byLowercasedResourceName[name.lowercased()].map { sounds[$0] }
    }
    /// A sound anywhere whose resource name is `stem`, ignoring case.
    func anywhere(stem: String) -> FoundSound? { anywhereByResourceName[stem.lowercased()].map { sounds[$0] } }
}
