/// An iOS version as a deployment target or a report names it: `13`, `15.1`, `18.5.1`.
public struct IOSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Major, minor and patch; missing parts are 0.
    public let major: Int, minor: Int, patch: Int

    /// A version from its numbers.
    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        (self.major, self.minor, self.patch) = (major, minor, patch)
    }

    /// `13`, `13.4` or `13.4.1` (quotes and spaces around it allowed); nil for anything else, or a
    /// major version outside 2-99 (no iOS before iPhone OS 2 ran apps).
    public init?(_ text: String) {
        var text = text.trimmingWhitespace()
        if let first = text.first, first == "\"" || first == "'", text.count >= 2, text.last == first {
            text = String(text.dropFirst().dropLast())
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = parts.map { Int($0)! }
        guard (2...99).contains(numbers[0]) else { return nil }
        self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    /// `13.0`, `18.5`, `18.5.1`: the patch only when there is one.
    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    public static func < (a: IOSVersion, b: IOSVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}

/// The lowest iOS version an app runs on, and where that was read (shown in findings).
public struct MinimumIOS: Sendable, Hashable {
    /// The version.
    public var version: IOSVersion
    /// Where it was read: `IPHONEOS_DEPLOYMENT_TARGET of Runner in ios/Runner.xcodeproj`, `--ios-minimum`.
    public var source: String

    /// A minimum and where it was read.
    public init(_ version: IOSVersion, source: String) {
        self.version = version
        self.source = source
    }
}

/// The formats Apple does not document for notification sounds but shipping apps use, and what is
/// known of each: the evidence table, in one place. `undocumented-format` is a warning for an app
/// whose minimum iOS is at or above a row's ``lowestObserved`` version, and an error below it or
/// when either is unknown; `check --explain undocumented-format` prints this table and the
/// documentation is made from it. Gathered 2026-11 (notes §1, "Beyond Apple's list"); first-hand
/// tests that name an iOS version are rare, so a row names a version only where shipping apps whose
/// every user runs that version or later depend on it.
public enum UndocumentedFormat: String, Sendable, CaseIterable {
    /// AAC data in a CAF file.
    case aacInCAF = "aac-caf"
    /// AAC in an MPEG-4 file (`.m4a`, `.m4r`).
    case aacInMP4 = "aac-m4a"
    /// MPEG audio layer III, in an MP3 file or inside a CAF or WAV.
    case mp3
    /// Apple Lossless, in CAF or MPEG-4.
    case alac

    /// What Apple documents for notification sounds (`UNNotificationSound`), for messages.
    public static let documented = "linear PCM, IMA4, µLaw and aLaw in AIFF, WAV or CAF"

    /// The format's name, for people.
    public var name: String {
        switch self {
        case .aacInCAF: return "AAC in CAF"
        case .aacInMP4: return "AAC in MPEG-4 (M4A)"
        case .mp3: return "MP3"
        case .alac: return "Apple Lossless (ALAC)"
        }
    }

    /// The lowest iOS version on which shipping apps show the format playing as a notification
    /// sound; nil when nothing first-hand names one.
    public var lowestObserved: IOSVersion? {
        switch self {
        // Element X (minimum iOS 18.5) converts imported tones to it, and a push app's built-in sounds
        // are it on current iOS; iOS 18 is where both meet. Before it nothing first-hand.
        case .aacInCAF: return IOSVersion(18)
        case .aacInMP4, .mp3, .alac: return nil
        }
    }

    /// What shipping apps and reports show, with their sources.
    public var evidence: String {
        switch self {
        case .aacInCAF:
            return "Element X (Matrix) converts imported tones to AAC in CAF \"for compatibility with the notification "
                + "system\" (merged 2026-05, minimum iOS 18.5); a widely used open-source push app's 32 built-in sounds "
                + "are AAC in CAF since 2025-11 (minimum iOS 13), played on current iOS. Nothing first-hand before iOS 18."
        case .aacInMP4:
            return "Telegram ships `.m4a` tones and names them in its notification extension; Signal named `.m4r` "
                + "files in 2018, then moved to `.aifc` as a precaution. Indirect, and no iOS version is named."
        case .mp3:
            return "Telegram copies MP3 tones into an app group's `Library/Sounds` and plays them by name; first-hand "
                + "reports conflict: a success in 2017 (version unknown), failures on iOS 8 (2015) and in 2020 and 2023."
        case .alac:
            return "No evidence either way."
        }
    }

    /// The row a sound's container and data format fall in; nil for the documented formats and for
    /// what no shipping app shows (FLAC, Ogg, raw AAC, GSM …).
    public static func of(_ info: SoundInfo) -> UndocumentedFormat? {
        guard let codec = info.coding?.codec else { return nil }
        switch (codec, info.container) {
        case (.aac, .caf): return .aacInCAF
        case (.aac, .mp4): return .aacInMP4
        case (.mp3, .mp3), (.mp3, .caf), (.mp3, .wav): return .mp3
        case (.alac, .caf), (.alac, .mp4): return .alac
        default: return nil
        }
    }

    /// Whether a finding on this format is a warning rather than an error for an app with this
    /// minimum: only at or above a version with first-hand evidence.
    public func isWarning(for minimum: MinimumIOS?) -> Bool {
        guard let lowest = lowestObserved, let minimum else { return false }
        return minimum.version >= lowest
    }

    /// The table as one paragraph, a sentence or two per format: the format, the lowest iOS version
    /// observed, the evidence (the man page, the guides and `--explain` print it).
    public static var evidenceText: String {
        allCases.map { row in
            "\(row.name), \(row.lowestObserved.map { "observed from iOS \($0)" } ?? "no version observed"): \(row.evidence)"
        }.joined(separator: " ")
    }
}
