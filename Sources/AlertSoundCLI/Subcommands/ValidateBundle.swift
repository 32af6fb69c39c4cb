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
        abstract: "Check an app's sounds where iOS looks for them, and the sound names its payloads use.",
        discussion: """
            PATH is an .app folder, an .ipa (read in place), an .xcarchive, an app data container \
            (its Library/Sounds) or a plain resources folder. Every sound is judged as `check` judges \
            it and placed: bundle and library-sounds are reachable by name; localized (.lproj) and \
            subfolder are not. References come from --payload, --sound and --sounds-from \
            (payloads up to 1 MiB, lists up to 100,000 names). An .ipa is streamed: each sound entry \
            is inflated only as far as its headers reach. See LIMITS in alertsound(1).
            Codes: \(BundleCode.allCases.map(\.code).joined(separator: ", ")), plus every `check` code.
            Exit status: 0 when every sound and reference is valid, 1 otherwise (or when PATH cannot \
            be examined), 64 for a usage error.
            """
    )

    @OptionGroup var report: ReportOptions

    @Option(name: .long, help: ArgumentHelp("An APNs payload (JSON) or Xcode .apns file whose aps.sound must resolve. Repeatable.", valueName: "file"))
    var payload: [String] = []

    @Option(name: .long, help: ArgumentHelp("A sound name the app uses, e.g. alert.caf or \"default\". Repeatable.", valueName: "name"))
    var sound: [String] = []

    @Option(name: .customLong("sounds-from"), help: ArgumentHelp("A file listing sound names, one per line (# comments).", valueName: "file"))
    var soundsFrom: [String] = []

    @Argument(help: "The .app, .ipa, .xcarchive, data container or resources folder.")
    var path: String

    func run() throws {
        var references = payload.flatMap(SoundReference.payload(at:)) + sound.map(SoundReference.named)
        do {
            for list in soundsFrom { references += try SoundReference.list(at: list) }
            let result = try BundleValidator(strict: report.strict).validate(path: path, references: references)
            print(Printers.render(result, as: report.format), terminator: "")
            if !result.valid { throw ExitCode(1) }
        } catch let error as BundleError {
            // Like `check` with a missing path: the gate fails (1), it is not a usage error.
            fputs("alertsound validate-bundle: \(error.message)\n", stderr)
            throw ExitCode(1)
        }
    }
}
