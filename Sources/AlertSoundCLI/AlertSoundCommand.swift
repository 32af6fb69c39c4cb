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
        subcommands: [
            Check.self, Info.self, Convert.self, Fix.self, Export.self, ValidateBundle.self, Explain.self,
            GenerateReference.self
        ]
    )

    /// ArgumentParser's own loop, except that a usage error under `--format json` also prints the
    /// error document every JSON reader is promised (exit 64 as before), and that an error's
    /// message goes through ``Printers/errorLines(_:)``: it can hold an argument (a file name from a
    /// repository), which must not reach a CI log as a command.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            if exitCode(for: error) == .validationFailure, wantsJSON(arguments) {
                Printers.document(
                    JSONPrinter.render(ErrorDocument(AlertSoundError(.invalidRequest, message(for: error)))) + "\n")
            }
            stop(error)
        }
        do {
            try command.run()
        } catch {
            stop(error)
        }
    }

    /// Exits as ArgumentParser would for `error`, its message printed escaped. Help and version
    /// (status 0) are ArgumentParser's own text on standard output, and printed by it.
    static func stop(_ error: Error) -> Never {
        let code = exitCode(for: error)
        guard code != .success else { exit(withError: error) }
        let message = fullMessage(for: error)
        if !message.isEmpty { Printers.errorLines(message) }
        Printers.flush()
        #if canImport(Glibc)
        Glibc.exit(code.rawValue)
        #else
        Darwin.exit(code.rawValue)
        #endif
    }

    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.contains("--format=json")
            || zip(arguments, arguments.dropFirst()).contains { $0 == "--format" && $1 == "json" }
    }
}

/// The version `--version` prints and CHANGELOG.md's latest entry names (a test keeps them equal).
enum AlertSoundVersion {
    static let current = "0.2.0"
    /// The project's home, for links in documents alertsound writes (SARIF's rule help).
    static let homepage = "https://github.com/alertsound/alertsound"
}
