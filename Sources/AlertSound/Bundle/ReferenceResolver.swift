/// Resolves sound names the way iOS does: the full file name, exactly, at a reachable place.
struct ReferenceResolver {
    private let files: [BundleFileReport]
    /// Indexes built once, so resolving many names against many files stays linear.
    private var reachableByName: [String: Int] = [:]
    private var reachableByLowercasedName: [String: Int] = [:]
    private var anywhereByLowercasedName: [String: Int] = [:]
    private var reachableByLowercasedStem: [String: [Int]] = [:]
    private var byRelativePath: [String: Int] = [:]

    init(files: [BundleFileReport]) {
        self.files = files
        for (i, file) in files.enumerated() {
            let name = file.name
            let lower = name.lowercased()
            byRelativePath[file.relativePath] = byRelativePath[file.relativePath] ?? i
            anywhereByLowercasedName[lower] = anywhereByLowercasedName[lower] ?? i
            guard file.location.isReachable else { continue }
            reachableByName[name] = reachableByName[name] ?? i
            reachableByLowercasedName[lower] = reachableByLowercasedName[lower] ?? i
            reachableByLowercasedStem[Self.stem(name).lowercased(), default: []].append(i)
        }
    }

    func resolve(_ reference: SoundReference, strict: Bool) -> ReferenceReport {
        var diagnostics = reference.problems
        var resolved: String?
        if let name = reference.name, name != "default" {
            (resolved, diagnostics) = resolve(name, critical: reference.critical, into: diagnostics)
        }
        return ReferenceReport(reference, platform: .ios, resolvedPath: resolved, diagnostics: diagnostics, strict: strict)
    }

    private func resolve(_ name: String, critical: Bool, into found: [Diagnostic]) -> (String?, [Diagnostic]) {
        var diagnostics = found
        let fileName = String(name.split(separator: "/").last ?? "")
        if name.contains("/") {
            // iOS looks names up at the top level only; a path never resolves.
            let where_ = byRelativePath[name].map { " (\(files[$0].report.path) exists, but in a sub-folder)" } ?? ""
            diagnostics.append(DiagnosticCode.notReachable.diagnostic("'\(name)' is a path; iOS looks a sound up by file name at the bundle's top level or in Library/Sounds\(where_)"))
            return (nil, diagnostics)
        }
        guard fileName.contains("."), !fileName.hasSuffix(".") else {
            let candidates = (reachableByLowercasedStem[name.lowercased()] ?? []).map { files[$0] }
            let candidate = candidates.first { Self.stem($0.name) == name } ?? candidates.first
            let guess = candidate.map { ": did you mean '\($0.name)'?" } ?? ""
            diagnostics.append(DiagnosticCode.missingExtension.diagnostic("'\(name)' has no extension; iOS needs the full file name\(guess)"))
            return (nil, diagnostics)
        }
        if let exact = reachableByName[name].map({ files[$0] }) {
            if !exact.report.valid {
                let reasons = exact.report.diagnostics.filter { $0.severity == .error }.map { "[\($0.code.rawValue)] \($0.message)" }
                diagnostics.append(DiagnosticCode.invalidSound.diagnostic("'\(name)' is \(exact.report.path), which iOS will not play: "
                    + (reasons.isEmpty ? "it has warnings, which fail in strict mode" : reasons.joined(separator: "; ")),
                    suggestion: reasons.isEmpty ? Suggestion(.relaxStrictness) : exact.report.diagnostics.lazy.compactMap(\.suggestion).first))
            }
            return (exact.report.path, diagnostics)
        }
        if let other = reachableByLowercasedName[name.lowercased()].map({ files[$0] }) {
            diagnostics.append(DiagnosticCode.caseMismatch.diagnostic("'\(name)' matches '\(other.name)' only with different case: it plays in the Simulator"
                + " (case-insensitive file system) but not on a device, where the default sound plays instead"))
            return (nil, diagnostics)
        }
        if let hidden = anywhereByLowercasedName[name.lowercased()].map({ files[$0] }) {
            if hidden.location == .resourceBundle {
                diagnostics.append(DiagnosticCode.resourceBundle.diagnostic("'\(name)' exists only as \(hidden.report.path), inside a resource bundle (SwiftPM copies a package's"
                    + " resources into <Package>_<Target>.bundle); UNNotificationSound(named:) searches only the main bundle's top level and Library/Sounds,"
                    + " so the default sound plays. Add the sound to the app target's own resources, or copy it to Library/Sounds at run time", severity: .error))
            } else if hidden.location == .localized {
                diagnostics.append(DiagnosticCode.localized.diagnostic("'\(name)' exists only as \(hidden.report.path), inside a .lproj folder; notification sounds must be non-localized resources at the bundle's top level"))
            } else {
                diagnostics.append(DiagnosticCode.notReachable.diagnostic("'\(name)' exists only as \(hidden.report.path), in a sub-folder; iOS finds sounds only at the bundle's top level\(critical ? "" : " or in Library/Sounds")"))
            }
            return (nil, diagnostics)
        }
        let sameStem = (reachableByLowercasedStem[Self.stem(name).lowercased()] ?? []).map { "'\(files[$0].name)'" }
        let hint = sameStem.isEmpty ? "" : "; the bundle has \(sameStem.joined(separator: ", ")): the name must match the file, extension included"
        diagnostics.append(DiagnosticCode.noSuchSound.diagnostic("no sound named '\(name)' at the bundle's top level or in Library/Sounds\(hint); iOS will play the default sound"))
        return (nil, diagnostics)
    }

    private static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

extension ReferenceReport {
    init(_ reference: SoundReference, platform: Platform, resolvedPath: String?, diagnostics: [Diagnostic], strict: Bool) {
        self.init(name: reference.name, source: reference.source, field: reference.field, platform: platform, critical: reference.critical,
                  resolvedPath: resolvedPath, diagnostics: diagnostics, strict: strict)
    }
}

extension BundleFileReport {
    var name: String { String(relativePath.split(separator: "/").last ?? "") }
}
