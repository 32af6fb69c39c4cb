import AlertSoundCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an app is entitled to, as far as notification sounds care, and where that was read.
public struct Entitlements: Sendable, Hashable, Codable {
    /// Where the entitlements came from, most authoritative first.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The entitlements blob of the main executable's code signature: what the device enforces.
        case codeSignature = "code-signature"
        /// The `__TEXT,__entitlements` section of a Simulator build (signed ad hoc).
        case simulatorSection = "simulator-section"
        /// The app's `embedded.mobileprovision`: what the profile allows.
        case provisioningProfile = "provisioning-profile"
        /// A file given with `--entitlements`.
        case file
    }

    /// The entitlement without which a critical alert is delivered as an ordinary one.
    public static let criticalAlertsKey = "com.apple.developer.usernotifications.critical-alerts"

    /// Where they were read.
    public var source: Source
    /// The file they were read from, as reported.
    public var path: String
    /// `com.apple.developer.usernotifications.critical-alerts` is present and true.
    public var criticalAlerts: Bool

    /// Entitlements as known; ``read(path:)`` reads them from a file.
    public init(source: Source, path: String, criticalAlerts: Bool) {
        self.source = source
        self.path = path
        self.criticalAlerts = criticalAlerts
    }

    /// Reads `--entitlements FILE`: an entitlements plist (XML or binary, as Xcode's `.entitlements`),
    /// a provisioning profile, or a signed Mach-O executable; the kind is told by content.
    public static func read(path: String) throws -> Entitlements {
        try read(url: URL(fileURLWithPath: path))
    }

    /// Reads an entitlements plist, provisioning profile or signed executable at `url`; see ``read(path:)``.
    public static func read(url: URL) throws -> Entitlements {
        // `--entitlements FILE` is the user's to name: read wherever it leads.
        try read(path: url.path, through: .userNamed)
    }

    /// The entitlements file at `path`, opened through `door` (a project's `CODE_SIGN_ENTITLEMENTS`
    /// through the door of the folder given).
    static func read(path: String, through door: Door) throws -> Entitlements {
        let source: FileSource
        do {
            source = try door.source(path)
        } catch {
            // Kept as the system said (not-found, unreadable), but said of the entitlements.
            var failure = AlertSoundError.wrapping(error, as: .unreadable, path: path)
            failure.message = "cannot read the entitlements: " + failure.message
            throw failure
        }
        do {
            guard let found = try read(source: source, path: path) else {
                throw AlertSoundError(
                    .malformed, "no entitlements in this executable's code signature or __entitlements section")
            }
            return Entitlements(source: .file, path: path, criticalAlerts: found.criticalAlerts)
        } catch {
            // A cut header (the byte reader's error) or a read that failed: still this file's problem.
            throw AlertSoundError.wrapping(error, as: .unreadable, path: path)
        }
    }

    /// Entitlements from any of the three kinds of file; `nil` for an executable that has none.
    static func read(source: ByteSource, path: String) throws -> Entitlements? {
        let head = try source.read(at: 0, count: 8)
        if MachO.recognises(head) {
            guard let found = try MachO.entitlements(in: source) else { return nil }
            return Entitlements(
                source: found.inSignature ? .codeSignature : .simulatorSection, path: path,
                criticalAlerts: try criticalAlerts(in: try dictionary(found.plist, what: "entitlements plist")))
        }
        if head.first == 0x30 { return try profile(source: source, path: path) }
        guard source.size <= Int64(Limits.maximumPlistBytes) else {
            throw AlertSoundError(
                .tooLarge,
                "\(source.size) bytes: not an entitlements plist alertsound reads (at most \(Limits.maximumPlistBytes))"
            )
        }
        let plist = try dictionary(try source.read(at: 0, count: Int(source.size)), what: "entitlements plist")
        // A profile's plist already taken out of its signature holds them under "Entitlements".
        if case .object(let inner)? = plist["Entitlements"] {
            return Entitlements(source: .provisioningProfile, path: path, criticalAlerts: try criticalAlerts(in: inner))
        }
        return Entitlements(source: .file, path: path, criticalAlerts: try criticalAlerts(in: plist))
    }

    /// A provisioning profile: a CMS signed-data container (DER) whose content is an XML plist.
    /// The signature is not verified; the plist is found by its first and last lines.
    static func profile(source: ByteSource, path: String) throws -> Entitlements {
        guard source.size <= Int64(Limits.maximumProfileBytes) else {
            throw AlertSoundError(
                .tooLarge,
                "\(source.size) bytes: larger than any provisioning profile (alertsound reads at most \(Limits.maximumProfileBytes))"
            )
        }
        let bytes = try source.read(at: 0, count: Int(source.size))
        guard let start = bytes.firstRange(of: Array("<?xml".utf8))?.lowerBound,
            let end = bytes[start...].firstRange(of: Array("</plist>".utf8))?.upperBound
        else {
            throw AlertSoundError(.malformed, "no XML property list inside this provisioning profile")
        }
        let plist = try dictionary(Array(bytes[start..<end]), what: "provisioning profile's plist")
        guard case .object(let entitlements)? = plist["Entitlements"] else {
            throw AlertSoundError(.malformed, "the provisioning profile's plist has no Entitlements dictionary")
        }
        return Entitlements(
            source: .provisioningProfile, path: path, criticalAlerts: try criticalAlerts(in: entitlements))
    }

    private static func criticalAlerts(in entitlements: [String: JSONValue]) throws -> Bool {
        switch entitlements[criticalAlertsKey] {
        case nil, .bool(false)?: return false
        case .bool(true)?: return true
        default: throw AlertSoundError(.malformed, "\(criticalAlertsKey) is not a boolean")
        }
    }

    /// A property list (XML or binary) whose top level is a dictionary.
    static func dictionary(_ bytes: [UInt8], what: String) throws -> [String: JSONValue] {
        guard bytes.count <= Limits.maximumPlistBytes else {
            throw AlertSoundError(
                .tooLarge, "the \(what) is \(bytes.count) bytes; alertsound reads at most \(Limits.maximumPlistBytes)")
        }
        let value: JSONValue
        do {
            value = try PropertyListParser.parse(bytes)
        } catch let error as StructureError where error.reason != .malformed {
            throw AlertSoundError(
                .tooLarge, "the \(what) is \(error.message) (at byte \(error.offset)); real ones are a few levels deep",
                offset: Int64(error.offset))
        } catch let error as StructureError {
            throw AlertSoundError(
                .unrecognized,
                "the \(what) is not a property list (\(error.message) at byte \(error.offset); it starts with \(Sniffer.preview(bytes)))",
                offset: Int64(error.offset))
        }
        guard case .object(let dictionary) = value else {
            throw AlertSoundError(.unrecognized, "the \(what) is a property list whose top level is not a dictionary")
        }
        return dictionary
    }

}
