extension Rule {
    static let widePCM = Rule(
        RuleDescription(
            .widePCM, .note, .file,
            step: .file,
            summary:
                "Linear PCM wider than 16 bits, or floating point: valid, but larger than it needs to be."),
        evaluate: { subject in
            guard let info = subject.info, let pcm = info.coding?.pcm, pcm.isFloat || pcm.bits > 16 else { return nil }
            return Finding(
                "\(pcm.bits)-bit \(pcm.isFloat ? "float " : "")linear PCM plays, but 16-bit or IMA4 is as good on a phone speaker"
                    + " and much smaller",
                suggestion: Suggestion(.fix, path: subject.path, fileType: .caff, dataFormat: "ima4"))
        },
        triggering: [Example.sound(bits: 24), Example.sound(bits: 32, float: true)],
        passing: [Example.sound(bits: 16), Example.sound(bits: 8), Example.sound(.caf, .ulaw, bits: 8)])
}
