extension Rule {
    static let notFound = Rule(
        RuleDescription(
            .notFound, .error, .file,
            step: .payloadKey,
            summary:
                "The path does not exist."),
        evaluate: { subject in
            switch subject.outcome {
            case .missing: return Finding("no such file or folder")
            case .failed(let error) where error.kind == .notFound:
                return Finding(error.reason, suggestion: error.suggestion)
            default: return nil
            }
        },
        triggering: [
            Example.missing,
            RuleSubject(path: "gone.caf", outcome: .failed(AlertSoundError(.notFound, "no such file or folder")))
        ],
        passing: [Example.sound(), Example.unreadable])
}
