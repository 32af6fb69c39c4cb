import AlertSound
import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct ValidateBundle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate-bundle",
        abstract: "Check an app's sounds where the platform looks for them, and the sound names its payloads use.",
        discussion: """
            Each PATH is an iOS .app folder, .ipa (read in place), .xcarchive, app data container \
            (its Library/Sounds) or resources folder (with --package-resources, a Swift package \
            target's resources, which land in a separate resource bundle); an .xcodeproj or \
            .xcworkspace (judged by what each app target's Resources phase copies; nothing outside the \
            folder given is read); an Expo app's root (each file of expo-notifications' sounds list in \
            app.json, judged by iOS's rules and by Android's); an Android project or module folder \
            (every res/raw within 7 levels, build output and node_modules left out), .apk or .aab; or \
            any folder, searched 8 levels deep for every app in it (the kinds read: \
            \(ProjectRegistry.kinds.map(\.name).joined(separator: ", ")); node_modules, Pods, build \
            and hidden folders skipped), each judged on its own. A name meant for a platform no PATH is an app \
            of fails (no-app-for-platform) unless --platform leaves that platform out. An Xcode \
            project's app targets are judged for the system each is built for (SDKROOT, or each of \
            a multiplatform target's SUPPORTED_PLATFORMS): macOS apps as iOS apps are, their \
            resources in Contents/Resources; a watchOS app plays the default sound and a tvOS app \
            none whatever a name asks, so their sounds and names are not judged, and a note says \
            so (--platform ios, macos, watchos or tvos judges one system's apps). iOS sounds \
            are judged as `check` judges them and placed: bundle and library-sounds are reachable by \
            name; localized (.lproj) and subfolder are not. Android sounds are judged by Android's \
            rules (resource name, a format Android plays, a keep rule against resource shrinking); \
            res-raw is reachable. References come from --payload (APNs, FCM HTTP v1, legacy FCM), \
            --sound and --sounds-from (payloads up to 1 MiB, lists up to 100,000 names); each is \
            resolved on the platform it is meant for: aps.sound on iOS, android.notification.sound on \
            Android, legacy notification.sound and plain names on both (ios:NAME or android:NAME for \
            one). A critical alert is checked against the app's entitlements: the code signature of \
            its main executable, else embedded.mobileprovision, or --entitlements. An archive is \
            streamed: each sound entry is inflated only as far as its headers reach. See LIMITS in \
            alertsound(1). With --lock (alertsound export's lock file), each locked sound must be shipped and be the very file exported for its notification channel, and a payload's Android channel_id must be one of the lock's.
            Codes: \(DiagnosticCode.allCases.filter { ![.file, .levels].contains($0.topic) }.map(\.code).joined(separator: ", ")), plus every `check` code (the level codes need check --levels).
            \(CommandExits.validateBundle.sentence) With --format json, a run that stops prints a \
            document with "error" on standard output.
            """
    )

    @OptionGroup var report: BundleReportOptions
    @OptionGroup var configuration: ConfigurationOption
    @OptionGroup var iosMinimum: IOSMinimumOption
    @OptionGroup var entitlements: EntitlementsOption

    @Option(
        name: .customLong("payload"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "APNs or FCM payloads (JSON) or Xcode .apns files whose sound must resolve: every argument up to the next option, so a glob works; repeatable. "
                + "A folder or an .app, .ipa, .xcarchive, .apk or .aab among them is a PATH.", valueName: "file"))
    var payloadArguments: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("A sound name the app uses, e.g. alert.caf or \"default\". Repeatable.", valueName: "name"))
    var sound: [String] = []

    @Option(
        name: .customLong("sounds-from"),
        help: ArgumentHelp("A file listing sound names, one per line (# comments).", valueName: "file"))
    var soundsFrom: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The lock alertsound export wrote: each shipped sound it names must be the file exported for its channel (channel-stale), each must be shipped (lock-missing-sound), and payloads' Android channel IDs must be its own (unknown-channel).",
            valueName: "file"))
    var lock: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Judge only this platform (ios, android, macos, watchos or tvos; repeatable): the others' apps and the names meant for them are left out, and a note says so. By default a name meant for a platform no PATH is an app of fails (no-app-for-platform).",
            valueName: "platform"))
    var platform: [PlatformChoice] = []

    @Flag(
        name: .customLong("package-resources"),
        help:
            "The folders are Swift package resources, which SwiftPM copies into <Package>_<Target>.bundle: note each sound, and fail a reference that names one."
    )
    var packageResources = false

    @Argument(
        help: ArgumentHelp(
            "The .app, .ipa, .xcarchive, data container or resources folder; an Android project folder, .apk or .aab. Several are checked in one run.",
            valueName: "path"))
    var pathArguments: [String] = []

    /// `--payload a.json b.json MyApp.ipa`: what follows --payload up to the next option is read
    /// as payloads, but a bundle written there was meant as a PATH.
    var payload: [String] { payloadArguments.filter { !Self.isBundlePath($0) } }
    var paths: [String] { pathArguments + payloadArguments.filter(Self.isBundlePath) }

    static func isBundlePath(_ argument: String) -> Bool {
        let trimmed = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
        if let dot = trimmed.lastIndex(of: "."),
            ["app", "ipa", "xcarchive", "apk", "aab"].contains(trimmed[trimmed.index(after: dot)...].lowercased())
        {
            return true
        }
        var info = stat()
        return stat(argument, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    func validate() throws {
        if paths.isEmpty {
            throw ValidationError("give at least one .app, .ipa, .xcarchive, Android project, .apk or folder")
        }
        if !report.format.reporter.judgesBundles {
            throw ValidationError(
                "--format \(report.format.name) is check's (a page of waveforms and players); for a bundle, check its sound folder, or use markdown"
            )
        }
    }

    func run() throws {
        var references =
            payload.flatMap(SoundReference.payload(at:)) + sound.map { SoundReference.named($0, source: "--sound") }
        do {
            for list in soundsFrom { references += try SoundReference.list(at: list) }
            let configuration = try self.configuration.load()
            var validator = BundleValidator(
                strict: report.strict || configuration.strict == true,
                entitlements: try entitlements.read(), packageResources: packageResources)
            try validator.configure(configuration, iosMinimum: iosMinimum, platforms: platform, lock: lock)
            if lock != nil { validator.channelUses = payload.flatMap(SoundLock.channelUses(inPayloadAt:)) }
            // Every path is examined before anything is printed (a path that cannot be read stops
            // the run with exit 2 and nothing half-written); then each batch of verdicts is printed
            // as it is made and dropped, so memory stays bounded however many sounds (only the
            // Markdown tables, for people, are made whole).
            let run = try validator.prepare(paths: paths, references: references)
            // A platform left unjudged is said first: a pass below is not a pass for it.
            var reporter = report.format.make(
                ReportSettings(
                    labelled: run.kinds.contains { $0.platform != .ios } || !run.unjudged.isEmpty, paths: paths))
            reporter.add(notes: run.notes)
            let valid = try run.validate { reporter.add($0) }
            reporter.finish()
            Printers.flush()
            if !valid { throw ExitStatus.failure.code }
        } catch let error as AlertSoundError {
            // Nothing could be judged: exit 2, apart from 1 (judged and invalid). JSON readers get a document.
            throw error.stopRun(command: "validate-bundle", format: report.format, otherwise: .stopped)
        }
    }
}

extension Platform: ExpressibleByArgument {}
