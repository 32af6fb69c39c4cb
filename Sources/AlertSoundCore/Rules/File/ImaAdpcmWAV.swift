extension Rule {
    static let imaAdpcmWAV = Rule(
        RuleDescription(
            .imaAdpcmWAV, .warning, .file,
            step: .file,
            summary:
                "WAV IMA ADPCM (format 0x0011) is Microsoft's block layout; CAF ima4 is the form Apple documents."),
        evaluate: { subject in
            guard let info = subject.info, info.coding == .imaAdpcm else { return nil }
            return Finding(
                "WAV IMA ADPCM (format 0x0011) is Microsoft's variant, not the IMA4 Apple documents for alert sounds",
                suggestion: Suggestion(.fix, path: subject.path, fileType: .caff, dataFormat: "ima4"))
        },
        triggering: [Example.sound(.wav, .imaAdpcm, bits: 4)],
        passing: [Example.sound(.caf, .ima4, bits: 4), Example.sound(.wav)])
}
