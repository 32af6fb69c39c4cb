extension Rule {
    static let unsupportedContainer = Rule(
        RuleDescription(
            .unsupportedContainer, .error, .file,
            step: .file,
            summary:
                "Raw AAC, FLAC, Ogg, AU, AMR, RF64, RIFX, or an MPEG-4 file of other than AAC or ALAC: not AIFF, AIFF-C, WAV or CAF (MP3 and M4A are `undocumented-format`'s)."
        ),
        evaluate: { subject in
            guard let info = subject.info, !info.container.isAppleAlertContainer, UndocumentedFormat.of(info) == nil
            else { return nil }
            return Finding(
                "\(info.container.displayName) is not a notification sound container; iOS plays only AIFF, WAV or CAF"
                    + " and silently falls back to the default sound", suggestion: Suggestion(.fix, path: subject.path))
        },
        triggering: [
            Example.sound(.rf64), Example.sound(.rifx), Example.sound(.adts, .codec(.aac)),
            Example.sound(.mp4, .codec(.opus)), Example.sound(.ogg, .codec(.vorbis))
        ],
        passing: [
            Example.sound(.caf), Example.sound(.aiff), Example.sound(.aifc), Example.sound(.wav),
            // undocumented-format's
            Example.sound(.mp3, .codec(.mp3)), Example.sound(.mp4, .codec(.aac))
        ])
}
