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

extension BundleReport {
    var findings: [Finding] {
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
