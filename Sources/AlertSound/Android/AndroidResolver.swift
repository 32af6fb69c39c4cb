/// Resolves sound names the way Android does: a raw resource's name, without extension, exactly.
/// (Firebase's client looks the name up with `Resources.getIdentifier(name, "raw", package)` and
/// plays the default sound when that finds nothing.)
struct AndroidResolver {
    private let files: [BundleFileReport]
    private let kind: BundleKind
    private var byResourceName: [String: Int] = [:]
    private var byLowercasedResourceName: [String: Int] = [:]
    private var anywhereByResourceName: [String: Int] = [:]

    init(files: [BundleFileReport], kind: BundleKind) {
        self.files = files
        self.kind = kind
        for (i, file) in files.enumerated() {
            let name = file.resourceName ?? AndroidRules.resourceName(file.name)
            anywhereByResourceName[name.lowercased()] = anywhereByResourceName[name.lowercased()] ?? i
            guard file.resourceName != nil else { continue }
            byResourceName[name] = byResourceName[name] ?? i
            byLowercasedResourceName[name.lowercased()] = byLowercasedResourceName[name.lowercased()] ?? i
        }
    }

    func resolve(_ reference: SoundReference, strict: Bool) -> ReferenceReport {
        var diagnostics = reference.problems
        var resolved: String?
        if let name = reference.name, name != "default" {
            let (path, finding) = resolve(name)
            resolved = path
            if let finding { diagnostics.append(finding) }
        }
        return ReferenceReport(reference, platform: .android, resolvedPath: resolved, diagnostics: diagnostics, strict: strict)
    }

    private func resolve(_ name: String) -> (String?, Diagnostic?) {
        if name.contains("/") {
            return (nil, DiagnosticCode.noSuchSound.diagnostic("'\(name)' is a path; Android names a sound by its res/raw resource name alone"))
        }
        if let exact = byResourceName[name].map({ files[$0] }) {
            guard exact.report.valid else {
                let reasons = exact.report.diagnostics.filter { $0.severity == .error }.map { "[\($0.code.rawValue)] \($0.message)" }
                return (exact.report.path, DiagnosticCode.invalidSound.diagnostic("'\(name)' is \(exact.report.path), which Android will not play: "
                    + (reasons.isEmpty ? "it has warnings, which fail in strict mode" : reasons.joined(separator: "; ")),
                    suggestion: reasons.isEmpty ? Suggestion(.relaxStrictness) : exact.report.diagnostics.lazy.compactMap(\.suggestion).first))
            }
            return (exact.report.path, nil)
        }
        let stem = AndroidRules.resourceName(name)
        if stem != name, let file = byResourceName[stem].map({ files[$0] }) {
            return (nil, DiagnosticCode.noSuchSound.diagnostic("'\(name)' has an extension; Android names raw resources without one, so it finds nothing and plays"
                + " the default sound. Send '\(stem)' (for \(file.report.path)) to Android"))
        }
        if let other = byLowercasedResourceName[name.lowercased()].map({ files[$0] }) {
            return (nil, DiagnosticCode.caseMismatch.diagnostic("'\(name)' matches @raw/\(other.resourceName ?? "") only with different case;"
                + " resource names are case-sensitive (and lowercase), so Android plays the default sound"))
        }
        if let hidden = anywhereByResourceName[stem.lowercased()].map({ files[$0] }), hidden.location != .rawResource {
            return (nil, DiagnosticCode.notReachable.diagnostic("'\(name)' exists only as \(hidden.report.path), outside res/raw/; Android finds notification sounds only as raw resources"))
        }
        let shrunk = kind == .apk ? " If the project has it, release resource shrinking removed it: add res/raw/keep.xml with tools:keep=\"@raw/\(stem)\"" : ""
        return (nil, DiagnosticCode.noSuchSound.diagnostic("no res/raw resource named '\(name)'; Android plays the default sound.\(shrunk)"))
    }
}
