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
                stems.insert(Self.stem(name).lowercased())
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
            let stem = Self.stem(name).lowercased()
            if stems.contains(stem) { reachableByLowercasedStem[stem, default: []].append(i) }
        }
    }

    func locate(_ reference: SoundReference) -> LocatedReference {
        var located = LocatedReference(reference, platform: .ios)
        guard let name = reference.name, name != "default" else { return located }
        if name.contains("/") {
            // iOS looks names up at the top level only; a path never resolves.
            let where_ = byRelativePath[name].map { " (\(sounds[$0].displayPath) exists, but in a sub-folder)" } ?? ""
            if let at = byRelativePath[name] { located.nearly(sounds[at]) }
            located.diagnostics.append(
                DiagnosticCode.notReachable.diagnostic(
                    "'\(name)' is a path; iOS looks a sound up by file name at the bundle's top level or in Library/Sounds\(where_)"
                ))
            return located
        }
        guard Self.hasExtension(name) else {
            let candidates = (reachableByLowercasedStem[name.lowercased()] ?? []).map { sounds[$0] }
            let candidate = candidates.first { Self.stem($0.name) == name } ?? candidates.first
            let guess = candidate.map { ": did you mean '\($0.name)'?" } ?? ""
            if let candidate { located.nearly(candidate) }
            located.diagnostics.append(
                DiagnosticCode.missingExtension.diagnostic(
                    "'\(name)' has no extension; iOS needs the full file name\(guess)"))
            return located
        }
        if let exact = reachableByName[name] {
            located.resolve(to: exact, in: sounds)
            return located
        }
        if let other = reachableByLowercasedName[name.lowercased()].map({ sounds[$0] }) {
            located.nearly(other)
            located.diagnostics.append(
                DiagnosticCode.caseMismatch.diagnostic(
                    "'\(name)' matches '\(other.name)' only with different case: it plays in the Simulator"
                        + " (case-insensitive file system) but not on a device, where the default sound plays instead"))
            return located
        }
        if let hidden = anywhereByLowercasedName[name.lowercased()].map({ sounds[$0] }) {
            located.nearly(hidden)
            if hidden.location == .resourceBundle {
                located.diagnostics.append(
                    DiagnosticCode.resourceBundle.diagnostic(
                        "'\(name)' exists only as \(hidden.displayPath), inside a resource bundle (SwiftPM copies a package's"
                            + " resources into <Package>_<Target>.bundle); UNNotificationSound(named:) searches only the main bundle's top level and Library/Sounds,"
                            + " so the default sound plays. Add the sound to the app target's own resources, or copy it to Library/Sounds at run time",
                        severity: .error))
            } else if hidden.location == .localized {
                located.diagnostics.append(
                    DiagnosticCode.localized.diagnostic(
                        "'\(name)' exists only as \(hidden.displayPath), inside a .lproj folder; notification sounds must be non-localized resources at the bundle's top level"
                    ))
            } else {
                located.diagnostics.append(
                    DiagnosticCode.notReachable.diagnostic(
                        "'\(name)' exists only as \(hidden.displayPath), in a sub-folder; iOS finds sounds only at the bundle's top level\(reference.critical ? "" : " or in Library/Sounds")"
                    ))
            }
            return located
        }
        if let path = uncopied[name.lowercased()] {
            located.diagnostics.append(
                DiagnosticCode.notInTarget.diagnostic(
                    "\(path) is in the project's folder, but no app target copies it, so the app has no such sound and iOS plays the default one: "
                        + "add it to the app target (Target Membership, or the Copy Bundle Resources phase)"))
            return located
        }
        let sameStem = (reachableByLowercasedStem[Self.stem(name).lowercased()] ?? []).map { "'\(sounds[$0].name)'" }
        let hint =
            sameStem.isEmpty
            ? ""
            : "; the bundle has \(sameStem.joined(separator: ", ")): the name must match the file, extension included"
        located.diagnostics.append(
            DiagnosticCode.noSuchSound.diagnostic(
                "no sound named '\(name)' at the bundle's top level or in Library/Sounds\(hint); iOS will play the default sound"
            ))
        return located
    }

    private static func hasExtension(_ name: String) -> Bool {
        name.contains(".") && !name.hasSuffix(".")
    }

    private static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

extension BundleFileReport {
    var name: String { String(relativePath.split(separator: "/").last ?? "") }
}
