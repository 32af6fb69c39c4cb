import AlertSoundCore

/// Resolves sound names the way an Android app does: Android answers only an exact raw resource
/// name (`Resources.getIdentifier(name, "raw", package)`), and the library that handles the
/// message or call decides which names it asks for (``AndroidLibrary/lookups(_:)``): FCM's SDK
/// the name as given, expo-notifications the name without its extension, and so on. A name none
/// of whose lookups exists plays the default sound.
struct AndroidResolver {
    private let sounds: [FoundSound]
    let kind: BundleKind
    /// The libraries the app declares; their push handler resolves names that name no library.
    let libraries: AndroidLibraries
    /// Only the keys the references ask for, as in ``ReferenceResolver``.
    /// The rules a miss is judged by, in order (the rule tests run one alone).
    var rules = Self.rules
    private var byResourceName: [String: Int] = [:]
    private var byLowercasedResourceName: [String: Int] = [:]
    private var anywhereByResourceName: [String: Int] = [:]

    init(sounds: [FoundSound], kind: BundleKind, references: [SoundReference], libraries: AndroidLibraries = .init()) {
        self.sounds = sounds
        self.kind = kind
        self.libraries = libraries
        var names = Set<String>(), lowercased = Set<String>(), stems = Set<String>()
        for reference in references {
            guard let name = reference.name, name != "default" else { continue }
            // A library may take a path's last component (Capacitor's local notifications).
            names.formUnion(libraries.library(for: reference).lookups(name))
            guard !name.contains("/") else { continue }
            let stem = SoundName(name).resourceName
            names.insert(name)
            names.insert(stem)
            lowercased.insert(name.lowercased())
            stems.insert(stem.lowercased())
        }
        // A library's fallback resource, for the libraries in play.
        let inPlay = libraries.declared + references.compactMap(\.library)
        for fallback in inPlay.compactMap(\.fallbackResource) { names.insert(fallback) }
        guard !names.isEmpty else { return }
        for (i, sound) in sounds.enumerated() {
            let resourceName = AndroidRules.resourceName(of: sound)
            let name = resourceName ?? SoundName(sound.name).resourceName
            let lower = name.lowercased()
            if stems.contains(lower) { anywhereByResourceName[lower] = anywhereByResourceName[lower] ?? i }
            guard resourceName != nil else { continue }
            if names.contains(name) { byResourceName[name] = byResourceName[name] ?? i }
            if lowercased.contains(lower) { byLowercasedResourceName[lower] = byLowercasedResourceName[lower] ?? i }
        }
    }

    func locate(_ reference: SoundReference) -> LocatedReference {
        var located = LocatedReference(reference, platform: .android)
        let library = libraries.library(for: reference)
        located.library = library
        guard let name = reference.name, name != "default" else { return located }
        let lookups = library.lookups(name)
        if let found = lookups.lazy.compactMap({ byResourceName[$0] }).first {
            located.resolve(to: found, in: sounds)
        } else if let finding = ReferenceRule.judge(name, reference, self, by: rules) {
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

extension AndroidLibraries {

    /// The library that resolves `reference`: its own, else the app's push handler.
    func library(for reference: SoundReference) -> AndroidLibrary { reference.library ?? pushHandler }
}
