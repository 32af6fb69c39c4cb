extension Rule {
    package static let malformed = failure(
        RuleDescription(
            .malformed, .error, .file,
            step: .file,
            summary:
                "A recognised format whose headers are unusable; the message says why, in which chunk and at which byte.",
            details:
                "For example an empty file, a header cut short, 0 channels, a sample rate of 0, infinity or NaN, a negative CAF chunk size, a missing `fmt`, `COMM` or `desc` chunk. The byte is the bad field's (or where a read stopped), with the chunk's own offset: (byte 20, in chunk 'COMM' at byte 12)."
        ), triggering: [Example.malformed, Example.tooLarge],
        passing: [Example.sound(), Example.missing, Example.unreadable, Example.unrecognized])
}
