import AlertSound

/// `path[:line]: error: [code] message`, the form Xcode's Issue navigator picks up from a Run Script phase.
struct XcodeReporter: FindingLines {
    static let name = "xcode"
    static let purpose = "for a Run Script phase"
    /// What the man page says of it after its name (generated into `--format`'s description).
    static let manual =
        ": `path``: error: [``code``] ``message` lines, which Xcode's Issue navigator shows when printed by a Run Script build phase."

    var findings: BundleFindings

    static func note(_ text: String) -> String { "note: alertsound validate-bundle: \(text.escapedForDisplay)\n" }

    /// A stopped run is an error on the file it is about, so the build log shows it as one.
    static func stopped(_ error: AlertSoundError, command: String) -> String? {
        "\(error.path.map { path($0) + ": " } ?? "")error: alertsound \(command): \(Advice.line(error.message, error.suggestion).escapedForDisplay)\n"
    }

    static func render(_ findings: [Finding]) -> String {
        findings.map { f in
            "\(path(f.path))\(f.line.map { ":\($0)" } ?? ""): \(f.diagnostic.severity.rawValue): [\(f.diagnostic.code.rawValue)] \(f.diagnostic.advisedMessage.escapedForDisplay)\n"
        }.joined()
    }

    /// Xcode reads everything up to the first `: error:`, `: warning:` or `:LINE:` as the file, so
    /// a file named `bad.caf: warning: x.caf` would turn an error into a warning. In a path that
    /// holds a colon, `%` and `:` are written `%25` and `%3A`; other paths are as they are.
    static func path(_ path: String) -> String {
        guard path.contains(":") else { return path.escapedForDisplay }
        return path.unicodeScalars.map { $0 == "%" ? "%25" : $0 == ":" ? "%3A" : String($0) }.joined().escapedForDisplay
    }
}
