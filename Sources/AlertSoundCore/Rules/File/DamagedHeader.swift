extension Rule {
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
}
