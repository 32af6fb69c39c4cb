import AlertSound

/// One diagnostic and the place an editor or CI should point at.
struct Finding {
    var path: String
    var line: Int?
    var diagnostic: Diagnostic
}

extension CheckReport {
    var findings: [Finding] {
        files.flatMap { file in file.diagnostics.map { Finding(path: file.path, diagnostic: $0) } }
    }
}

extension ValidationReport {
    /// Labelled with their platform when the run checks more than iOS.
    var findings: [Finding] {
        let labelled = bundles.contains { $0.platform != .ios }
        return bundles.flatMap { $0.findings(labelled: labelled) }
    }
}

extension BundleReport {
    /// With `labelled`, each message starts with the platform it is about ("Android: ").
    fileprivate func findings(labelled: Bool) -> [Finding] {
        let all = plainFindings
        guard labelled else { return all }
        return all.map { finding in
            var labelled = finding
            labelled.diagnostic.message = platform.displayName + ": " + finding.diagnostic.message
            return labelled
        }
    }

    private var plainFindings: [Finding] {
        let fileFindings = files.flatMap { file in file.report.diagnostics.map { Finding(path: file.report.path, diagnostic: $0) } }
        let referenceFindings = references.flatMap { reference in
            reference.diagnostics.map { d -> Finding in
                // "--sound" names have no file: point at the bundle. Lists give "path:line".
                if reference.source == "--sound" { return Finding(path: bundle, diagnostic: d) }
                if let colon = reference.source.lastIndex(of: ":"), let line = Int(reference.source[reference.source.index(after: colon)...]) {
                    return Finding(path: String(reference.source[..<colon]), line: line, diagnostic: d)
                }
                return Finding(path: reference.source, diagnostic: d)
            }
        }
        return fileFindings + referenceFindings
    }
}
