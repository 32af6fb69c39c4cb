/// Findings about a bundle's layout and the sound names its payloads use. Unlike `Rule`, these
/// are judged across files and references, so they are emitted by `BundleValidator`; the codes are
/// as stable as the per-file ones.
public enum BundleCode: String, Sendable, CaseIterable {
    case unreadable = "unreadable"
    case linkOutsideBundle = "link-outside-bundle"
    case missingExtension = "missing-extension"
    case notFound = "not-found"
    case caseMismatch = "case-mismatch"
    case localized = "localized"
    case notReachable = "not-reachable"
    case invalidSound = "invalid-sound"
    case badPayload = "bad-payload"
    case ambiguousName = "ambiguous-name"
    case unreferenced = "unreferenced"

    public var code: String { rawValue }

    public var severity: Severity {
        switch self {
        case .ambiguousName: return .warning
        case .unreferenced: return .note
        default: return .error
        }
    }

    public var summary: String {
        switch self {
        case .unreadable: return "A sound in the bundle cannot be read (a broken link, an entry that will not decompress)."
        case .linkOutsideBundle: return "A symbolic link points outside the bundle; it is not followed and will not exist on a device."
        case .missingExtension: return "A referenced name has no extension; iOS needs the full file name."
        case .notFound: return "No reachable sound has the referenced name."
        case .caseMismatch: return "The name matches only with different case: plays in the Simulator, not on a device."
        case .localized: return "The referenced sound exists only inside a .lproj folder; sounds must be non-localized."
        case .notReachable: return "The referenced sound exists only in a sub-folder, where iOS does not look."
        case .invalidSound: return "The referenced sound exists but breaks a rule, so iOS plays the default sound."
        case .badPayload: return "A payload is not JSON, has no 'aps', or its 'sound' is malformed."
        case .ambiguousName: return "Two reachable sounds differ only in case; the Simulator cannot tell them apart."
        case .unreferenced: return "A valid reachable sound that no reference uses."
        }
    }

    func diagnostic(_ message: String) -> Diagnostic { Diagnostic(severity: severity, code: code, message: message) }
}
