import AlertSoundCore

/// Resolves sound names the way Android does: a raw resource's name, without extension, exactly.
/// (Firebase's client looks the name up with `Resources.getIdentifier(name, "raw", package)` and
/// plays the default sound when that finds nothing.)
struct AndroidResolver {
    private let sounds: [FoundSound]
    private let kind: BundleKind
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
        if name.contains("/") {
            located.diagnostics.append(
                DiagnosticCode.noSuchSound.diagnostic(
                    "'\(name)' is a path; Android names a sound by its res/raw resource name alone"))
            return located
        }
        if let exact = byResourceName[name] {
            located.resolve(to: exact, in: sounds)
        } else {
            let (diagnostic, nearly) = finding(name)
            located.diagnostics.append(diagnostic)
            if let nearly { located.nearly(nearly) }
        }
        return located
    }

    /// Why `name`, which matches no raw resource exactly, plays the default sound, and the sound it
    /// nearly names.
    private func finding(_ name: String) -> (Diagnostic, FoundSound?) {
        let stem = AndroidRules.resourceName(name)
        if stem != name, let file = byResourceName[stem].map({ sounds[$0] }) {
            return (
                DiagnosticCode.noSuchSound.diagnostic(
                    "'\(name)' has an extension; Android names raw resources without one, so it finds nothing and plays"
                        + " the default sound. Send '\(stem)' (for \(file.displayPath)) to Android"), file
            )
        }
        if let other = byLowercasedResourceName[name.lowercased()].map({ sounds[$0] }) {
            return (
                DiagnosticCode.caseMismatch.diagnostic(
                    "'\(name)' matches @raw/\(AndroidRules.resourceName(of: other) ?? "") only with different case;"
                        + " resource names are case-sensitive (and lowercase), so Android plays the default sound"),
                other
            )
        }
        if let hidden = anywhereByResourceName[stem.lowercased()].map({ sounds[$0] }), hidden.location != .rawResource {
            return (
                DiagnosticCode.notReachable.diagnostic(
                    "'\(name)' exists only as \(hidden.displayPath), outside res/raw/; Android finds notification sounds only as raw resources"
                ), hidden
            )
        }
        let shrunk =
            kind == .apk
            ? " If the project has it, release resource shrinking removed it: add res/raw/keep.xml with tools:keep=\"@raw/\(stem)\""
            : ""
        return (
            DiagnosticCode.noSuchSound.diagnostic(
                "no res/raw resource named '\(name)'; Android plays the default sound.\(shrunk)"), nil
        )
    }
}
