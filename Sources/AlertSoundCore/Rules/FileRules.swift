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

    package static let unreadable = failure(
        RuleDescription(
            .unreadable, .error, .file,
            step: .file,
            summary:
                "The file or folder cannot be read: the system refuses, a symbolic link leads nowhere, an archive entry will not decompress."
        ), triggering: [Example.unreadable],
        passing: [Example.sound(), Example.missing, Example.unrecognized, Example.malformed])
    package static let unrecognized = failure(
        RuleDescription(
            .unrecognized, .error, .file,
            step: .file,
            summary:
                "Not a sound format alertsound recognises; the message says what the file starts with."),
        triggering: [Example.unrecognized],
        passing: [Example.sound(), Example.missing, Example.unreadable, Example.malformed])
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

    /// A rule for a file that could not be read as a sound, by the error's kind.
    private static func failure(
        _ description: RuleDescription, triggering: [RuleSubject], passing: [RuleSubject]
    ) -> Rule {
        Rule(
            description,
            evaluate: { subject in
                guard case .failed(let error) = subject.outcome, failureCode(error.kind) == description.code else {
                    return nil
                }
                return Finding(error.reason, suggestion: error.suggestion)
            }, triggering: triggering, passing: passing)
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

    package static let damagedHeader = Rule(
        RuleDescription(
            .damagedHeader, .warning, .file,
            step: .file,
            summary:
                "Readable, but a size disagreed with the file and was repaired.",
            details:
                "A RIFF or FORM size that is wrong, a chunk that runs past the end of the file, a CAF `data` size 4 bytes short (a libsndfile defect before 1.0.25), stray bytes after the last chunk."
        ),
        evaluate: { subject in
            guard let info = subject.info, !info.repairs.isEmpty else { return nil }
            return Finding(
                "header repaired while reading: " + info.repairs.map(\.description).joined(separator: "; ")
                    + "; other tools may read it differently", suggestion: Suggestion(.fix, path: subject.path))
        },
        triggering: [Example.sound(repairs: ["RIFF size 100 + 8 differs from the file size 120"])],
        passing: [Example.sound()])

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
