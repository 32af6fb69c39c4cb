extension Rule {
    static let unknownDuration = Rule(
        RuleDescription(
            .unknownDuration, .warning, .file,
            step: .file,
            summary:
                "The header does not state the number of frames, so the \(Formatting.number(maximumAlertDuration))-second limit cannot be checked."
        ),
        evaluate: { subject in
            guard let info = subject.info, info.container.isAppleAlertContainer,
                info.coding?.isAppleAlertFormat ?? false,
                info.duration == nil
            else { return nil }
            return Finding(
                "the header does not state the number of frames, so the \(Int(maximumAlertDuration)) s limit cannot be checked"
            )
        },
        triggering: [Example.sound(.caf, frames: nil)],
        passing: [Example.sound(), Example.sound(.caf, .codec(.aac), frames: nil)])
}
