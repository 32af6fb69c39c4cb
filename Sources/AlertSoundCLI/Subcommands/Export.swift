import AlertSound
import ArgumentParser

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make one set of sounds into iOS alert sounds and Android raw resources, with a lock of channel IDs.",
        discussion: """
            Each source (files, and folders searched for sounds; anything fix takes) gets a name both \
            platforms accept, made from its file name (Order Ready!.wav -> order_ready): the iOS \
            sound NAME.caf (CAF ima4, as fix makes it, shaped by the same options) in --ios, and the \
            Android raw resource NAME.ogg (Ogg Vorbis; --android-format wav for 16-bit PCM) in \
            --android. Two sources with one name are both refused. Files are written only when \
            their content changes. The iOS sound is cut to under \(Formatting.number(maximumAlertDuration)) s as fix cuts it (--max-duration); \
            the Android one keeps its full length unless --android-max-duration cuts it too. \
            Export never writes over or removes a source, and refuses to replace a file of a \
            sound's name it did not write (--force takes it over); --dry-run says what would be \
            written, replaced and removed, and writes nothing.
            --both DIR writes instead one file per sound that both platforms play, NAME.wav (16-bit \
            PCM, shaped and cut as the iOS sound): for Expo's expo-notifications (or OneSignal's) \
            sounds list, which copies each listed file unchanged to iOS and to res/raw.
            The lock (--lock, default alertsound.lock.json) records per sound its names, a hash of \
            its audio and the shaping options, a channel ID made from that hash (order_ready_3f9a1c2e) \
            and a hash of each file. It changes only for the sources exported: the lock's other sounds \
            keep their entries, except one whose source lay in a folder given and is gone (dropped from \
            the lock, its files left in place). An export stopped halfway finishes when run again. \
            Android fixes a channel's sound when the channel is created: create channels from these \
            IDs (--swift, --kotlin, --typescript, --dart write them as constants) and a changed sound \
            gets a new channel by itself. Unchanged sources leave the \
            lock byte for byte; validate-bundle --lock tells when a shipped file is not the locked one.
            \(CommandExits.export.sentence)
            """
    )

    @Argument(help: "Source sounds, or folders of them.")
    var paths: [String]

    @Option(name: .long, help: ArgumentHelp("Write the iOS sounds (NAME.caf) here.", valueName: "dir"))
    var ios: String?

    @Option(
        name: .long, help: ArgumentHelp("Write the Android raw resources here (a res/raw folder).", valueName: "dir"))
    var android: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write one file both platforms play here instead (NAME.wav, 16-bit PCM, under \(Formatting.number(maximumAlertDuration)) s): for the sounds list of Expo's expo-notifications or OneSignal's plugin, which copies each file to iOS and Android.",
            valueName: "dir"))
    var both: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The Android file: ogg (Ogg Vorbis, the default) or wav (16-bit PCM).", valueName: "ogg|wav")
    )
    var androidFormat: AndroidSoundFormat = .ogg

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Cut the Android sound to this long (10, 10s, 90000ms); by default it keeps its full length.",
            valueName: "duration"))
    var androidMaxDuration: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The lock file, read and written (default alertsound.lock.json).", valueName: "file"))
    var lock = "alertsound.lock.json"

    @Option(
        name: .long, help: ArgumentHelp("Write the names and channel IDs as Swift constants here.", valueName: "file"))
    var swift: String?

    @Option(name: .long, help: ArgumentHelp("Write them as Kotlin constants here.", valueName: "file"))
    var kotlin: String?

    @Option(name: .long, help: ArgumentHelp("The Kotlin file's package.", valueName: "name"))
    var kotlinPackage: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Write them as TypeScript constants here (React Native, Expo, Notifee).", valueName: "file"))
    var typescript: String?

    @Option(name: .long, help: ArgumentHelp("Write them as Dart constants here (Flutter).", valueName: "file"))
    var dart: String?

    @OptionGroup var shaping: ShapingOptions

    @Flag(
        name: .long,
        help:
            "Replace a file of a sound's name that export did not write (an iOS NAME.caf, an Android NAME.wav beside the NAME.ogg it writes). A source is never replaced or removed."
    )
    var force = false

    @Flag(name: .long, help: "Write nothing; say what would be written, replaced and removed.")
    var dryRun = false

    @Option(name: .long, help: "Output: text for people, json for machines.")
    var format: DocumentFormat = .text

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Name at least one sound or folder to export.") }
        guard ios != nil || android != nil || both != nil else {
            throw ValidationError(
                "Name where the sounds go: --ios DIR, --android DIR, or both; or --both DIR for Expo.")
        }
        if both != nil, ios != nil || android != nil || androidMaxDuration != nil {
            throw ValidationError(
                "--both writes the one file both platforms play (for Expo's sounds list); it goes without --ios, --android and --android-max-duration."
            )
        }
        if let androidMaxDuration {
            guard android != nil else {
                throw ValidationError(
                    "--android-max-duration cuts the Android sound: name its folder with --android DIR.")
            }
            guard (Fix.seconds(androidMaxDuration) ?? 0) > 0 else {
                throw ValidationError(
                    "--android-max-duration takes a duration above 0: 10, 10s or 10000ms; got '\(androidMaxDuration.escapedForDisplay)'."
                )
            }
        }
        if let kotlinPackage,
            kotlinPackage.split(separator: ".", omittingEmptySubsequences: false).contains(where: { part in
                part.isEmpty || !(part.first!.isLetter || part.first == "_")
                    || !part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            })
        {
            throw ValidationError(
                "--kotlin-package takes a package name such as com.example.app; got '\(kotlinPackage.escapedForDisplay)'."
            )
        }
    }

    func run() throws {
        installCleanupOnSignals()
        var options = ExportOptions()
        options.iosFolder = ios
        options.androidFolder = android
        options.bothFolder = both
        options.androidFormat = androidFormat
        options.lockPath = lock
        options.force = force
        options.dryRun = dryRun
        options.androidMaxDuration = androidMaxDuration.flatMap(Fix.seconds)
        var report: ExportReport
        do {
            try shaping.apply(to: &options.fix)
            report = try Exporter(options: options).export(paths: paths)
            for (path, language) in report.nothingWritten
                ? []
                : [(swift, SoundConstants.Language.swift), (kotlin, .kotlin), (typescript, .typescript), (dart, .dart)]
            {
                guard let path else { continue }
                report.constants.append(
                    (
                        path,
                        try SoundConstants.write(
                            report.lock, language: language, to: path, package: kotlinPackage, dryRun: dryRun)
                    ))
            }
        } catch let error as AlertSoundError {
            throw error.stopRun(command: "export", json: format == .json, otherwise: .stopped)
        }
        switch format {
        case .json:
            Printers.document(JSONPrinter.render(report) + "\n")
        case .text:
            for outcome in report.outcomes { Printers.line(Self.line(outcome, dryRun: dryRun)) }
            for entry in report.dropped {
                Printers.line(
                    "\(entry.name.escapedForDisplay): its source \(entry.source.escapedForDisplay) is gone: "
                        + "\(dryRun ? "would be removed" : "removed") from the lock (channel \(entry.channelId.escapedForDisplay)); its files are left for you to delete"
                )
            }
            let count = { (status: ExportOutcome.Status) in report.outcomes.count { $0.status == status } }
            let written = dryRun ? "to write" : "written"
            var summary =
                (dryRun ? "dry run, nothing written: " : "")
                + "\(report.outcomes.count) sound\(report.outcomes.count == 1 ? "" : "s"): \(count(.written)) \(written), \(count(.unchanged)) unchanged"
            if count(.failed) > 0 { summary += ", \(count(.failed)) could not be exported" }
            if report.nothingWritten { summary += "; nothing \(written) (the lock and constants are as they were)" }
            if !report.kept.isEmpty {
                summary +=
                    "; \(report.kept.count) other sound\(report.kept.count == 1 ? "" : "s") of the lock kept as \(report.kept.count == 1 ? "it was" : "they were")"
            }
            Printers.line(
                summary
                    + (report.nothingWritten
                        ? "" : "; \(lock.escapedForDisplay) \(report.lockWritten ? written : "unchanged")")
                    + (report.keepPath.map { "; \($0.escapedForDisplay) \(report.keepWritten ? written : "unchanged")" }
                        ?? "")
                    + report.constants.map { "; \($0.path.escapedForDisplay) \($0.written ? written : "unchanged")" }
                    .joined())
        }
        if !report.succeeded { throw ExitStatus.failure.code }
    }

    /// Every string from the lock or a file name is escaped: a hand-edited lock once printed raw.
    static func line(_ outcome: ExportOutcome, dryRun: Bool = false) -> String {
        let source = outcome.source.escapedForDisplay
        let name = (outcome.name ?? "?").escapedForDisplay,
            channel = (outcome.entry?.channelId ?? "?").escapedForDisplay
        switch outcome.status {
        case .failed:
            if let error = outcome.error {
                return "\(source): could not export: \(error.advisedDescription.escapedForDisplay)"
            }
            return "\(source): could not export: \(Findings.line(outcome.blockers, output: false).escapedForDisplay)"
        case .unchanged:
            return "\(source) -> \(name) (channel \(channel)): unchanged"
        case .written:
            let renamed =
                outcome.previousChannelId.map { "new channel \($0.escapedForDisplay) -> \(channel)" }
                ?? "channel \(channel)"
            var files = outcome.written.map { outcome.replaced.contains($0) ? "\($0) (replacing it)" : $0 }
            files = files.isEmpty ? [] : [(dryRun ? "would write " : "wrote ") + files.joined(separator: ", ")]
            if !outcome.removed.isEmpty {
                files.append((dryRun ? "would remove " : "removed ") + outcome.removed.joined(separator: ", "))
            }
            let done = files.isEmpty ? "no file changed" : files.joined(separator: "; ")
            return "\(source) -> \(name) (\(renamed)): \(done.escapedForDisplay)\(shaping(outcome).escapedForDisplay)"
        }
    }

    /// What fix changed, said once when both platforms got the same and per platform when not
    /// (the iOS sound cut to under 30 s, the Android one whole).
    static func shaping(_ outcome: ExportOutcome) -> String {
        let ios = outcome.changes.map(\.description)
        // The Android file is made from a 16-bit master, not the iOS coding: that is no news.
        let shaped = { (changes: [FixChange]) in changes.filter { $0.kind != "converted" } }
        guard outcome.entry?.ios != nil, outcome.entry?.android != nil,
            shaped(outcome.androidChanges) != shaped(outcome.changes)
        else {
            return ios.isEmpty ? "" : "; " + ios.joined(separator: "; ")
        }
        var android = shaped(outcome.androidChanges).map(\.description)
        if outcome.changes.contains(where: { $0.kind == "trimmed" }),
            !outcome.androidChanges.contains(where: { $0.kind == "trimmed" })
        {
            android.append("full length kept")
        }
        return
            "; iOS: \(ios.isEmpty ? "as it is" : ios.joined(separator: ", ")); Android: \(android.isEmpty ? "as it is" : android.joined(separator: ", "))"
    }
}

extension AndroidSoundFormat: ExpressibleByArgument {}
