import AlertSound

/// GitHub Actions workflow commands: `::error file=path,title=code::message`.
struct GitHubReporter: FindingLines {
    static let name = "github"
    static let purpose = "for workflow annotations"
    /// What the man page says of it after its name (generated into `--format`'s description).
    static let manual =
        ": `::error file=``path``,title=``code``::``message` workflow commands (notes become `::notice`)."

    var findings: BundleFindings

    static func note(_ text: String) -> String { "::notice title=alertsound::\(data(text.escapedForDisplay))\n" }

    /// A stopped run is an error annotation on the file it is about.
    static func stopped(_ error: AlertSoundError, command: String) -> String? {
        "::error\(error.path.map { " file=" + property($0.escapedForDisplay) } ?? "")::\(data(("alertsound \(command): " + error.advisedDescription).escapedForDisplay))\n"
    }

    static func render(_ findings: [Finding]) -> String {
        findings.map { f in
            let line = f.line.map { ",line=\($0)" } ?? ""
            // Control characters from names (ESC, TAB, U+2028) are shown escaped, as text and xcode show them.
            return
                "::\(command(f.diagnostic.severity)) file=\(property(f.path.escapedForDisplay))\(line),title=\(property(f.diagnostic.code.rawValue))::\(data(f.diagnostic.advisedMessage.escapedForDisplay))\n"
        }.joined()
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "notice"
        }
    }

    // The escapes GitHub's runner decodes in workflow command data and properties.
    static func data(_ s: String) -> String {
        escape(s, ["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    static func property(_ s: String) -> String {
        escape(data(s), [":": "%3A", ",": "%2C"])
    }

    /// Replaces scalars, not characters: the CR of a CRLF is one `Character` with the LF.
    private static func escape(_ s: String, _ table: [Unicode.Scalar: String]) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            if let replacement = table[scalar] { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
