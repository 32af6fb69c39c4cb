extension Rule {
    package static let unrecognized = failure(
        RuleDescription(
            .unrecognized, .error, .file,
            step: .file,
            summary:
                "Not a sound format alertsound recognises; the message says what the file starts with, or that it is a Git LFS pointer (a checkout without LFS)."
        ),
        triggering: [Example.unrecognized],
        passing: [Example.sound(), Example.missing, Example.unreadable, Example.malformed])
}
