extension Rule {
    static let unsupportedFormat = Rule(
        RuleDescription(
            .unsupportedFormat, .error, .file,
            step: .file,
            summary:
                "A data format other than linear PCM, IMA4, µLaw or aLaw, and not one shipping apps play either (GSM, MS ADPCM, Opus, AAC in a WAV …; AAC, MP3 and ALAC in a CAF are `undocumented-format`'s)."
        ),
        evaluate: { subject in
            guard let info = subject.info, info.container.isAppleAlertContainer, let format = info.coding,
                !format.isAppleAlertFormat, format != .imaAdpcm, UndocumentedFormat.of(info) == nil
            else { return nil }
            return Finding(
                "data format '\(format.code)' is not one iOS plays for notifications (linear PCM, IMA4, µLaw, aLaw)",
                suggestion: Suggestion(.fix, path: subject.path))
        },
        triggering: [
            Example.sound(.caf, .codec(.opus)), Example.sound(.aifc, .codec(.gsm)),
            Example.sound(.wav, .codec(.msAdpcm)),
            Example.sound(.wav, .codec(.aac))
        ],
        passing: [
            Example.sound(.caf, .ima4), Example.sound(.aifc, .ulaw), Example.sound(.wav, .alaw),
            Example.sound(.wav, .imaAdpcm),
            // undocumented-format's
            Example.sound(.mp3, .codec(.mp3)), Example.sound(.caf, .codec(.aac)), Example.sound(.caf, .codec(.alac))
        ])
}
