import AlertSound
import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct AlertSoundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alertsound",
        abstract: "Prepare and check notification sounds for Apple platforms.",
        discussion: """
            iOS plays a custom notification sound only when it is linear PCM, IMA4, µLaw or aLaw \
            in an AIFF, WAV or CAF file shorter than 30 seconds; otherwise it silently plays the \
            default sound. alertsound reads the files on any machine, says what is wrong, and \
            (alertsound fix) turns any sound into one that plays.
            """,
        version: AlertSoundVersion.current,
        subcommands: [Check.self, Info.self, Convert.self, Fix.self, Export.self, ValidateBundle.self]
    )

    /// ArgumentParser's own loop, except that a usage error under `--format json` also prints the
    /// error document every JSON reader is promised (exit 64 as before).
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            if exitCode(for: error) == .validationFailure, wantsJSON(arguments) {
                print(JSONPrinter.render(ErrorDocument(AlertSoundError(.invalidRequest, message(for: error)))))
            }
            exit(withError: error)
        }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.contains("--format=json")
            || zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "json" }
    }
}

/// The version `--version` prints and CHANGELOG.md's latest entry names (a test keeps them equal).
enum AlertSoundVersion {
    static let current = "0.2.0"
}
