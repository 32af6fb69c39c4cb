extension Rule {
    package static let unreadable = failure(
        RuleDescription(
            .unreadable, .error, .file,
            step: .file,
            summary:
                "The file or folder cannot be read: the system refuses, a symbolic link leads nowhere, an archive entry will not decompress."
        ), triggering: [Example.unreadable],
        passing: [Example.sound(), Example.missing, Example.unrecognized, Example.malformed])
}
