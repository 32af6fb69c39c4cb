extension Rule {
    package static let extensionMismatch = Rule(
        RuleDescription(
            .extensionMismatch, .warning, .file,
            step: .file,
            summary:
                "The content is not what the extension says (CAF data in `x.wav`): iOS sniffs the content, but people, scripts and payloads go by the name."
        ),
        evaluate: { subject in
            guard case .inspected(let info) = subject.outcome else { return nil }
            let named = subject.fileExtension
            guard let expected = ContainerKind(fileExtension: named), !expected.admits(info.container) else {
                return nil
            }
            return Finding("named .\(named) but the content is \(info.container.displayName)")
        },
        triggering: [Example.sound(.caf, path: "Violet.wav"), Example.sound(.mp3, .codec(.mp3), path: "order.caf")],
        passing: [
            Example.sound(.aiff, path: "NewMessage.aifc"), Example.sound(.caf, path: "alert.caf"),
            Example.sound(.caf, path: "noextension")
        ])
}
