extension Rule {
    static let unsupportedContainer = Rule(
        RuleDescription(
            .unsupportedContainer, .error, .file,
            summary:
                "MP3, MP4/M4A, raw AAC, FLAC, Ogg, AU, AMR, RF64 or RIFX: not AIFF, AIFF-C, WAV or CAF."),
        evaluate: { subject in
            guard let info = subject.info, !info.container.isAppleAlertContainer else { return nil }
            return Finding(
                "\(info.container.displayName) is not a notification sound container; iOS plays only AIFF, WAV or CAF"
                    + " and silently falls back to the default sound", suggestion: Suggestion(.fix, path: subject.path))
        },
        triggering: [
            Example.sound(.mp3, .codec(.mp3)), Example.sound(.rf64), Example.sound(.rifx),
            Example.sound(.mp4, .codec(.aac))
        ],
        passing: [Example.sound(.caf), Example.sound(.aiff), Example.sound(.aifc), Example.sound(.wav)])

    static let unsupportedFormat = Rule(
        RuleDescription(
            .unsupportedFormat, .error, .file,
            summary:
                "A data format other than linear PCM, IMA4, µLaw or aLaw (AAC, ALAC, GSM, MS ADPCM, MP3 in a CAF …)."),
        evaluate: { subject in
            guard let info = subject.info, info.container.isAppleAlertContainer, let format = info.coding,
                !format.isAppleAlertFormat, format != .imaAdpcm
            else { return nil }
            return Finding(
                "data format '\(format.code)' is not one iOS plays for notifications (linear PCM, IMA4, µLaw, aLaw)",
                suggestion: Suggestion(.fix, path: subject.path))
        },
        triggering: [
            Example.sound(.caf, .codec(.aac)), Example.sound(.aifc, .codec(.gsm)), Example.sound(.wav, .codec(.msAdpcm))
        ],
        passing: [
            Example.sound(.caf, .ima4), Example.sound(.aifc, .ulaw), Example.sound(.wav, .alaw),
            Example.sound(.wav, .imaAdpcm),
            Example.sound(.mp3, .codec(.mp3))
        ])

    static let imaAdpcmWAV = Rule(
        RuleDescription(
            .imaAdpcmWAV, .warning, .file,
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

    static let widePCM = Rule(
        RuleDescription(
            .widePCM, .note, .file,
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

    static let unusualSampleRate = Rule(
        RuleDescription(
            .unusualSampleRate, .warning, .file,
            summary:
                "A sample rate outside \(Formatting.range(Limits.outputSampleRates)) Hz, the rates afconvert and alertsound write: how iOS plays it is not documented.",
            details:
                "Above that range `fix` resamples to 44.1 or 48 kHz."),
        evaluate: { subject in
            guard let info = subject.info, info.container.isAppleAlertContainer, let rate = info.sampleRate,
                !Limits.outputSampleRates.contains(rate)
            else { return nil }
            let range =
                "\(Formatting.number(Limits.outputSampleRates.lowerBound))-\(Formatting.number(Limits.outputSampleRates.upperBound)) Hz"
            // Above the range fix resamples to 48 kHz; below it there is nothing to make better.
            return Finding(
                "\(Formatting.number(rate)) Hz is outside \(range), the rates afconvert and alertsound write; "
                    + "how iOS plays it is not documented, and a phone speaker gains nothing past 48 kHz",
                suggestion: rate > Limits.outputSampleRates.upperBound ? Suggestion(.fix, path: subject.path) : nil)
        },
        triggering: [Example.sound(rate: 500_000), Example.sound(rate: 768_000), Example.sound(.wav, rate: 500)],
        passing: [
            Example.sound(rate: 8000), Example.sound(rate: 48000), Example.sound(rate: 384_000),
            Example.sound(.mp3, .codec(.mp3), rate: 500_000)
        ])
}
