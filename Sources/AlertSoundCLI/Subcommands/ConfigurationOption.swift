import AlertSound
import ArgumentParser

/// The repository's `.alertsound.yml` (or `--config`), for every command that judges sounds.
struct ConfigurationOption: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "The configuration file (\(Configuration.keys.joined(separator: ", "))); by default .alertsound.yml in the working folder, when there is one.",
            valueName: "file"))
    var path: String?

    /// The configuration: the file given, the working folder's, or none. One in the working folder
    /// that is not a readable file inside its repository stops the run (exit 2), never read as none.
    func load() throws -> Configuration {
        if let path { return try Configuration.read(path: path) }
        return try Configuration.found(in: ".")
    }
}

/// `--ios-minimum`, for the commands that judge iOS sounds: the app's lowest iOS version, which
/// decides whether AAC, MP3 and ALAC are warnings or errors (`undocumented-format`).
struct IOSMinimumOption: ParsableArguments {
    @Option(
        name: .customLong("ios-minimum"),
        help: ArgumentHelp(
            "The lowest iOS version the app runs on (as 15.0). AAC, MP3 and ALAC sounds are warnings at or above the version shipping apps show them playing on, errors below it or when it is not known (undocumented-format). Overrides the configuration's ios-minimum and what the project says.",
            valueName: "version"),
        transform: { text in
            guard let version = IOSVersion(text) else {
                throw ValidationError("--ios-minimum is an iOS version such as 15.0 or 17.4, not '\(text)'.")
            }
            return version
        })
    var version: IOSVersion?

    /// The minimum given here, as the library takes it.
    var given: MinimumIOS? { version.map { MinimumIOS($0, source: "--ios-minimum") } }

    /// The minimum given here, else the configuration's (a `BundleValidator` does this itself).
    func minimum(_ configuration: Configuration) -> MinimumIOS? { given ?? configuration.minimumIOS }
}

/// `--entitlements`, for the commands that judge a critical alert: the app's entitlements when they
/// are known better than the app says (a resources folder, a project before signing).
struct EntitlementsOption: ParsableArguments {
    @Option(
        name: .customLong("entitlements"),
        help: ArgumentHelp(
            "The iOS app's entitlements, instead of reading them from the app: an .entitlements plist, a provisioning profile or a signed executable.",
            valueName: "file"))
    var file: String?

    /// The entitlements read from the file given, if one was.
    func read() throws -> Entitlements? { try file.map(Entitlements.read(path:)) }
}

extension BundleValidator {
    /// What validate-bundle's and explain's shared options and the configuration set: the
    /// configuration, `--ios-minimum`, the platforms (`--platform`, else the configuration's) and
    /// `--lock`.
    mutating func configure(
        _ configuration: Configuration, iosMinimum: IOSMinimumOption, platforms: [PlatformChoice], lock: String?
    ) throws {
        self.configuration = configuration
        minimumIOS = iosMinimum.given
        if let platforms = platforms.isEmpty ? configuration.platforms : Set(platforms.map(\.platform)) {
            self.platforms = platforms
        }
        // `--platform macos` judges the macOS apps alone; `ios` the iOS apps, as before macOS,
        // watchOS and tvOS apps were read.
        let systems = Set(platforms.compactMap(\.system))
        if !systems.isEmpty { self.systems = systems }
        if let lock {
            self.lock = try SoundLock.read(path: lock)
            lockPath = lock
        }
    }
}

/// What `--platform` of validate-bundle and explain names: Android, or one Apple system (all of
/// which read `aps.sound`, judged by the rules of the system an Xcode project's target is built for).
enum PlatformChoice: String, ExpressibleByArgument, CaseIterable {
    case ios, android, macos, watchos, tvos

    /// The platform whose payload keys it reads.
    var platform: Platform { self == .android ? .android : .ios }

    /// The Apple system, for all but Android.
    var system: AppleOS? { AppleOS(rawValue: rawValue) }
}
