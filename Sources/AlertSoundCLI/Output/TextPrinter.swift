import AlertSound

/// For people at a terminal: one line a file, its findings indented below.
enum TextPrinter {
    static func render(_ report: CheckReport) -> String {
        var out = ""
        for file in report.files { out += line(file) }
        return out + summary(files: report.files.count, invalid: report.files.filter { !$0.valid }.count)
    }

    /// The closing line of `check`.
    static func summary(files: Int, invalid: Int) -> String {
        files == 0 ? "no sound files found\n" : "\(files) \(files == 1 ? "file" : "files") checked: \(files - invalid) valid, \(invalid) invalid\n"
    }

    static func line(_ file: FileReport, location: SoundLocation? = nil) -> String {
        let verdict = file.valid ? "valid" : "invalid"
        let details = file.info.map { " (\($0.summary))" } ?? ""
        var out = "\(file.path.escapingControls): \(verdict)\(details)\(location.map { " [\($0.rawValue)]" } ?? "")\n"
        for d in file.diagnostics { out += "  \(d.severity.rawValue) [\(d.code.rawValue)] \(d.advisedMessage.escapingControls)\n" }
        return out
    }

    /// One bundle as it is; several one after another, and a line for all.
    static func render(_ report: ValidationReport) -> String {
        if report.bundles.count == 1 { return render(report.bundles[0]) }
        var out = report.bundles.map(render).joined(separator: "\n")
        let invalid = report.bundles.filter { !$0.valid }.count
        out += "\(report.bundles.count) bundles: \(report.bundles.count - invalid) valid, \(invalid) invalid\n"
        return out
    }

    static func render(_ report: BundleReport) -> String {
        var out = "\(report.bundle.escapingControls) (\(report.kind.rawValue), \(report.platform.displayName))\n"
        if let entitlements = report.entitlements {
            out += "entitlements (\(entitlements.source.rawValue), \(entitlements.path.escapingControls)):"
                + " critical alerts \(entitlements.criticalAlerts ? "allowed" : "not allowed")\n"
        }
        for file in report.files { out += line(file.report, location: file.location) }
        if !report.references.isEmpty {
            out += "references:\n"
            for reference in report.references {
                let name = reference.name.map { "'\($0.escapingControls)'" } ?? "(no name)"
                // "plays" only when it will: a reference to a sound that breaks a rule names it, no more.
                let target = reference.resolvedPath.map { "\(reference.valid ? "plays" : "names") \($0.escapingControls)" } ?? (reference.name == "default" ? "plays the default sound" : "resolves to nothing")
                let from = reference.source.escapingControls + (reference.field.map { " (\($0))" } ?? "")
                out += "  \(name)\(reference.critical ? " (critical)" : "") from \(from): \(target)\n"
                for d in reference.diagnostics { out += "    \(d.severity.rawValue) [\(d.code.rawValue)] \(d.advisedMessage.escapingControls)\n" }
            }
        }
        let invalidFiles = report.files.filter { !$0.report.valid }.count
        let badReferences = report.references.filter { !$0.valid }.count
        out += "\(report.files.count) sound\(report.files.count == 1 ? "" : "s"): \(report.files.count - invalidFiles) valid, \(invalidFiles) invalid"
        if !report.references.isEmpty { out += "; \(report.references.count) reference\(report.references.count == 1 ? "" : "s"): \(report.references.count - badReferences) resolved, \(badReferences) failing" }
        out += report.valid ? " — bundle valid\n" : " — bundle invalid\n"
        return out
    }
}
