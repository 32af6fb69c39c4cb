import ArgumentParser

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
        version: "0.1.0",
        subcommands: [Check.self, Info.self, Convert.self, Fix.self, ValidateBundle.self]
    )
}
