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
    case criticalNotEntitled = "critical-not-entitled"
    case entitlementsUnknown = "entitlements-unknown"
    case androidBadName = "android-bad-name"
    case androidUnsupportedFormat = "android-unsupported-format"
    case androidMayBeShrunk = "android-may-be-shrunk"
    case resourceBundle = "resource-bundle"

    public var code: String { rawValue }

    public var severity: Severity {
        switch self {
        case .ambiguousName, .androidMayBeShrunk: return .warning
        // resource-bundle is an error on a reference that names such a sound (see `diagnostic(_:severity:)`).
        case .unreferenced, .entitlementsUnknown, .resourceBundle: return .note
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
        case .criticalNotEntitled: return "A payload asks for a critical alert, but the app lacks the critical-alerts entitlement: it arrives as an ordinary alert."
        case .entitlementsUnknown: return "A payload asks for a critical alert, and the app's entitlements could not be read (pass --entitlements)."
        case .androidBadName: return "Not a valid Android resource name ([a-z][a-z0-9_]*, not a Java keyword), or two files give the same name: the build fails."
        case .androidUnsupportedFormat: return "Android cannot play this format (it plays WAV PCM 8/16-bit, MP3, Ogg Vorbis/Opus, FLAC, AAC, AMR; not CAF or AIFF)."
        case .resourceBundle: return "A sound only inside a *.bundle resource bundle (a Swift package's resources), where UNNotificationSound(named:) never looks: a note on the file, an error on a reference that names it."
        case .androidMayBeShrunk: return "No keep rule (res/raw/keep.xml, tools:keep=\"@raw/...\") covers this sound: release resource shrinking may drop it."
        }
    }

    func diagnostic(_ message: String, severity: Severity? = nil) -> Diagnostic {
        Diagnostic(severity: severity ?? self.severity, code: code, message: message)
    }
}
