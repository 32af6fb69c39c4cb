/// What kind of thing `validate-bundle` was pointed at.
public enum BundleKind: String, Sendable, Codable, CaseIterable {
    /// An `.app` folder: sounds are found by name at its top level.
    case app
    /// An `.ipa` archive: the `.app` inside `Payload/`, read in place.
    case ipa
    /// An `.xcarchive`: the `.app` in `Products/Applications/`.
    case xcarchive
    /// An app's data container: sounds are found by name in `Library/Sounds/`.
    case dataContainer = "data-container"
    /// A folder of resources that will be copied into the bundle's top level.
    case resources
    /// A Swift package target's resources: SwiftPM copies them into a separate
    /// `<Package>_<Target>.bundle` inside the app, where sounds are not found by name.
    case packageResources = "package-resources"
    /// An Android module or project folder: its sounds are the files of every `res/raw/` found
    /// within `Limits.androidSearchDepth` levels (build output and dependencies left out).
    case androidProject = "android-project"
    /// An Android `.apk` (or `.aab`), read in place: sounds in `res/raw/`.
    case apk
    /// An Xcode project (`.xcodeproj`, or the folder that holds one): its sounds are what the app
    /// target copies into the bundle, where the project says they land.
    case xcodeProject = "xcode-project"

    /// The platform whose rules apply.
    public var platform: Platform {
        switch self {
        case .androidProject, .apk: return .android
        default: return .ios
        }
    }
}

/// The platform a bundle is built for, and a reference is meant for.
public enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
    /// iOS (and iPadOS): the app bundle's top level and `Library/Sounds`.
    case ios
    /// Android: raw resources.
    case android

    /// "iOS" or "Android", for people.
    public var displayName: String { self == .ios ? "iOS" : "Android" }
}

/// The Apple operating system an app is built for (issue 57). A payload's `aps.sound` reaches
/// each alike (``Platform/ios`` is their rules' family), but what plays differs: iOS (with iPadOS,
/// visionOS and Mac Catalyst) and macOS look a custom sound up by its file name in the app's
/// `Library/Sounds` and its bundle's resources (a macOS app's `Contents/Resources`), with the same
/// formats and length; watchOS has no API to name a custom sound (`UNNotificationSound(named:)` is
/// unavailable there), so the default plays; tvOS plays no notification sound at all
/// (`UNNotificationSound` is unavailable there).
public enum AppleOS: String, Sendable, Hashable, Codable, CaseIterable {
    case ios
    case macos
    case watchos
    case tvos

    /// "iOS", "macOS", "watchOS", "tvOS", for people.
    public var displayName: String {
        switch self {
        case .ios: return "iOS"
        case .macos: return "macOS"
        case .watchos: return "watchOS"
        case .tvos: return "tvOS"
        }
    }

    /// Whether a notification there can play a custom sound the app names (iOS, macOS).
    public var playsCustomSounds: Bool { self == .ios || self == .macos }

    /// What plays there for every notification when no custom sound can: watchOS's default sound;
    /// nothing on tvOS. Nil where a custom sound plays.
    public var fixedOutcome: String? {
        switch self {
        case .ios, .macos: return nil
        case .watchos:
            return
                "watchOS plays the default sound for every notification: UNNotificationSound(named:) is unavailable there, so no custom sound can be named"
        case .tvos:
            return
                "tvOS plays no notification sound: UNNotificationSound and a notification's sound are unavailable there"
        }
    }
}

/// Where a sound sits, which decides whether iOS finds it by name.
public enum SoundLocation: String, Sendable, Codable {
    /// The bundle's top level: reachable.
    case bundle
    /// The top level of `Library/Sounds/` in a data container: reachable.
    case librarySounds = "library-sounds"
    /// Inside a `*.lproj` folder: sounds must be non-localized resources.
    case localized
    /// Any other sub-folder: not found by name.
    case subfolder
    /// Directly in an Android `res/raw/` folder: a raw resource, found by its resource name.
    case rawResource = "res-raw"
    /// Inside a `*.bundle` resource bundle (a Swift package's resources): not found by name.
    case resourceBundle = "resource-bundle"

    /// Whether the platform finds a sound here by its name.
    public var isReachable: Bool { self == .bundle || self == .librarySounds || self == .rawResource }

    /// Classifies a path relative to the bundle (or container) root.
    public static func of(relativePath: String, kind: BundleKind) -> SoundLocation {
        let parts = relativePath.utf8.split(separator: UInt8(ascii: "/"))
        if kind.platform == .android {
            return parts.count >= 3 && parts[parts.count - 3].elementsEqual("res".utf8)
                && parts[parts.count - 2].elementsEqual("raw".utf8)
                ? .rawResource : .subfolder
        }
        let lproj = Array(".lproj".utf8)
        if kind == .packageResources { return .resourceBundle }
        // Compared as bytes, ASCII case folded: this runs for every file of a bundle.
        func endsWith(_ suffix: [UInt8]) -> (Substring.UTF8View.SubSequence) -> Bool {
            { part in
                part.count >= suffix.count
                    && zip(part.suffix(suffix.count), suffix).allSatisfy { $0 == $1 || ($1 >= 0x61 && $0 | 0x20 == $1) }
            }
        }
        if parts.dropLast().contains(where: endsWith(Array(".bundle".utf8))) { return .resourceBundle }
        if parts.dropLast().contains(where: endsWith(lproj)) { return .localized }
        if kind == .dataContainer {
            return parts.count == 3 && parts[0].elementsEqual("Library".utf8) && parts[1].elementsEqual("Sounds".utf8)
                ? .librarySounds : .subfolder
        }
        return parts.count == 1 ? .bundle : .subfolder
    }
}
