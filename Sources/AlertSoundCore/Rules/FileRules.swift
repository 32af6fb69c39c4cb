extension Rule {
    /// A rule for a file that could not be read as a sound, by the error's kind.
    static func failure(
        _ description: RuleDescription, triggering: [RuleSubject], passing: [RuleSubject], file: String = #fileID
    ) -> Rule {
        Rule(
            description,
            evaluate: { subject in
                guard case .failed(let error) = subject.outcome, failureCode(error.kind) == description.code else {
                    return nil
                }
                return Finding(error.reason, suggestion: error.suggestion)
            }, triggering: triggering, passing: passing, file: file)
    }

    /// The finding about something that could not be read at all — a folder that will not open, a
    /// link to nowhere, an archive entry that will not inflate, a listed file that is not there —
    /// made by the rule for the error's kind, as a file whose reading failed is judged: the walks,
    /// the archive reader and the project readers have no other way to say `unreadable` or `not-found`.
    package static func judge(failure error: AlertSoundError) -> Diagnostic {
        let rule = named(failureCode(error.kind)) ?? unreadable
        // Every failure rule fires on an error of its kind (RuleTests holds it for every kind).
        return rule.check(RuleSubject(path: error.path ?? "", outcome: .failed(error)))
            ?? rule.description.diagnostic(error.reason)
    }

    /// The code for a file that could not be read: its content is not a sound, is a broken one, or
    /// could not be had at all.
    static func failureCode(_ kind: AlertSoundError.Kind) -> DiagnosticCode {
        switch kind {
        case .notFound: return .notFound
        case .unrecognized: return .unrecognized
        case .malformed, .tooLarge, .unsupported: return .malformed
        case .unreadable, .invalidRequest, .outputFailed, .cancelled: return .unreadable
        }
    }
}
