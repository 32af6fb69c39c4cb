import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension PlayRules {
    static let invalidSound = PlayRule(
        RuleDescription(
            .invalidSound, .error, .bundle,
            step: .file,
            summary:
                "The referenced sound exists but breaks one of `check`'s rules, so iOS plays the default sound."),
        triggering: [.app([("long.wav", BundleExample.tooLong)], names: ["long.wav"])],
        passing: [.app([("chime.caf", sound), ("long.wav", BundleExample.tooLong)], names: ["chime.caf"])]
    ) { p in
        guard let verdict = p.verdict, !verdict.valid, let name = p.reference.name else { return nil }
        let errors = verdict.diagnostics.filter { $0.severity == .error }
        let reasons = errors.map { "[\($0.code.rawValue)] \($0.message)" }
        // A format Apple does not document, below the versions it is seen to play on: whether it
        // plays is not known (explain says so), though it fails the build (issue 56).
        let unknown = !errors.isEmpty && errors.allSatisfy { $0.code == .undocumentedFormat }
        // A file that could not be read, or that stops the app's build (a reserved .NET bundle
        // name): nothing is known of what a device plays (issue 57).
        let unread = !errors.isEmpty && errors.allSatisfy { $0.code == .unreadable }
        let plays =
            unread ? "could not be judged" : "\(p.platform.displayName) \(unknown ? "may not play" : "will not play")"
        return Rule.Finding(
            "'\(name)' is \(verdict.path), which \(plays): "
                + (reasons.isEmpty ? "it has warnings, which fail in strict mode" : reasons.joined(separator: "; ")),
            suggestion: reasons.isEmpty
                ? Suggestion(.relaxStrictness) : verdict.diagnostics.lazy.compactMap(\.suggestion).first)
    }
}
