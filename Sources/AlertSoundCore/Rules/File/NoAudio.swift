extension Rule {
    package static let noAudio = Rule(
        RuleDescription(
            .noAudio, .warning, .file,
            step: .file,
            summary:
                "The file holds no audio frames: the alert would be silent."),
        evaluate: { subject in
            guard let info = subject.info, info.container.isAppleAlertContainer, info.frames == 0 else { return nil }
            return Finding("the file holds no audio frames; the alert would be silent")
        },
        triggering: [Example.sound(frames: 0)],
        passing: [Example.sound(frames: 1), Example.sound(frames: nil)])
}
