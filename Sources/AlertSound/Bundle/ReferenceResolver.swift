/// Resolves sound names the way iOS does: the full file name, exactly, at a reachable place.
struct ReferenceResolver {
    let files: [BundleFileReport]

    func resolve(_ reference: SoundReference, strict: Bool) -> ReferenceReport {
        var diagnostics = reference.problems
        var resolved: String?
        if let name = reference.name, name != "default" {
            (resolved, diagnostics) = resolve(name, critical: reference.critical, into: diagnostics)
        }
        let valid = !diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        return ReferenceReport(name: reference.name, source: reference.source, critical: reference.critical,
                               resolvedPath: resolved, diagnostics: diagnostics, valid: valid)
    }

    private func resolve(_ name: String, critical: Bool, into found: [Diagnostic]) -> (String?, [Diagnostic]) {
        var diagnostics = found
        let reachable = files.filter { $0.location.isReachable }
        let fileName = String(name.split(separator: "/").last ?? "")
        if name.contains("/") {
            // iOS looks names up at the top level only; a path never resolves.
            let where_ = files.first { $0.relativePath == name }.map { " (\($0.report.path) exists, but in a sub-folder)" } ?? ""
            diagnostics.append(BundleCode.notReachable.diagnostic("'\(name)' is a path; iOS looks a sound up by file name at the bundle's top level or in Library/Sounds\(where_)"))
            return (nil, diagnostics)
        }
        guard fileName.contains("."), !fileName.hasSuffix(".") else {
            let candidate = reachable.first { stem($0.name) == name } ?? reachable.first { stem($0.name).lowercased() == name.lowercased() }
            let guess = candidate.map { ": did you mean '\($0.name)'?" } ?? ""
            diagnostics.append(BundleCode.missingExtension.diagnostic("'\(name)' has no extension; iOS needs the full file name\(guess)"))
            return (nil, diagnostics)
        }
        if let exact = reachable.first(where: { $0.name == name }) {
            if !exact.report.valid {
                let reasons = exact.report.diagnostics.filter { $0.severity == .error }.map { "[\($0.code)] \($0.message)" }
                diagnostics.append(BundleCode.invalidSound.diagnostic("'\(name)' is \(exact.report.path), which iOS will not play: "
                    + (reasons.isEmpty ? "it has warnings under --strict" : reasons.joined(separator: "; "))))
            }
            return (exact.report.path, diagnostics)
        }
        if let other = reachable.first(where: { $0.name.lowercased() == name.lowercased() }) {
            diagnostics.append(BundleCode.caseMismatch.diagnostic("'\(name)' matches '\(other.name)' only with different case: it plays in the Simulator"
                + " (case-insensitive file system) but not on a device, where the default sound plays instead"))
            return (nil, diagnostics)
        }
        if let hidden = files.first(where: { $0.name.lowercased() == name.lowercased() }) {
            if hidden.location == .localized {
                diagnostics.append(BundleCode.localized.diagnostic("'\(name)' exists only as \(hidden.report.path), inside a .lproj folder; notification sounds must be non-localized resources at the bundle's top level"))
            } else {
                diagnostics.append(BundleCode.notReachable.diagnostic("'\(name)' exists only as \(hidden.report.path), in a sub-folder; iOS finds sounds only at the bundle's top level\(critical ? "" : " or in Library/Sounds")"))
            }
            return (nil, diagnostics)
        }
        let sameStem = reachable.filter { stem($0.name).lowercased() == stem(name).lowercased() }.map { "'\($0.name)'" }
        let hint = sameStem.isEmpty ? "" : "; the bundle has \(sameStem.joined(separator: ", ")): the name must match the file, extension included"
        diagnostics.append(BundleCode.notFound.diagnostic("no sound named '\(name)' at the bundle's top level or in Library/Sounds\(hint); iOS will play the default sound"))
        return (nil, diagnostics)
    }

    private func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

extension BundleFileReport {
    var name: String { String(relativePath.split(separator: "/").last ?? "") }
}
