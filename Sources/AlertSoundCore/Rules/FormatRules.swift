extension Rule {
    static let unsupportedContainer = Rule(
        RuleDescription(
            .unsupportedContainer, .error, .file,
            step: .file,
            summary:
                "Raw AAC, FLAC, Ogg, AU, AMR, RF64, RIFX, or an MPEG-4 file of other than AAC or ALAC: not AIFF, AIFF-C, WAV or CAF (MP3 and M4A are `undocumented-format`'s)."
        ),
        evaluate: { subject in
            guard let info = subject.info, !info.container.isAppleAlertContainer, UndocumentedFormat.of(info) == nil
            else { return nil }
            return Finding(
                "\(info.container.displayName) is not a notification sound container; iOS plays only AIFF, WAV or CAF"
                    + " and silently falls back to the default sound", suggestion: Suggestion(.fix, path: subject.path))
        },
        triggering: [
            Example.sound(.rf64), Example.sound(.rifx), Example.sound(.adts, .codec(.aac)),
            Example.sound(.mp4, .codec(.opus)), Example.sound(.ogg, .codec(.vorbis))
        ],
        passing: [
            Example.sound(.caf), Example.sound(.aiff), Example.sound(.aifc), Example.sound(.wav),
            // undocumented-format's
            Example.sound(.mp3, .codec(.mp3)), Example.sound(.mp4, .codec(.aac))
        ])

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

    static let undocumentedFormat = Rule(
        RuleDescription(
            .undocumentedFormat, .error, .file,
            step: .file,
            summary:
                "AAC (in CAF or M4A), MP3 or Apple Lossless: not among the formats Apple documents, played by current iOS in shipping apps; a warning when the app's minimum iOS is at or above the version its evidence names, otherwise an error.",
            details:
                "The app's minimum iOS version is read from the project (`IPHONEOS_DEPLOYMENT_TARGET` of the app target, "
                + "the Podfile's `platform :ios`, Expo's `expo-build-properties` `ios.deploymentTarget`, "
                + "`MinimumOSVersion` in a built app's `Info.plist`) or given with `--ios-minimum` or the configuration "
                + "file's `ios-minimum`; `check` knows it only from those two. `fix` and `export` write CAF IMA4, "
                + "which every iOS plays. The evidence (`check --explain undocumented-format` prints it): "
                + UndocumentedFormat.evidenceText),
        evaluate: { subject in
            guard let info = subject.info, let format = UndocumentedFormat.of(info) else { return nil }
            let minimum = subject.minimumIOS
            let warning = format.isWarning(for: minimum)
            let observed =
                format.lowestObserved.map { "shipping apps play it on iOS \($0) and later" }
                ?? "nothing first-hand says from which iOS version it plays"
            let app: String
            switch (minimum, format.lowestObserved) {
            case (let minimum?, _) where warning:
                app = "this app's minimum is iOS \(minimum.version) (\(minimum.source)), so a warning"
            case (let minimum?, let lowest?):
                app =
                    "this app's minimum is iOS \(minimum.version) (\(minimum.source)), below iOS \(lowest): "
                    + "a device on an older version may play the default sound"
            case (let minimum?, nil):
                app =
                    "this app's minimum is iOS \(minimum.version) (\(minimum.source)): any device may play the default sound"
            case (nil, _):
                app = "the app's minimum iOS version is not known, so an error"
            }
            return Finding(
                "\(format.name) is not among the formats Apple documents for notification sounds "
                    + "(\(UndocumentedFormat.documented)); \(observed); \(app). "
                    + "`fix` makes CAF IMA4 of it, which every iOS plays",
                severity: warning ? .warning : nil,
                suggestion: Suggestion(.fix, path: subject.path))
        },
        triggering: [
            Example.sound(.caf, .codec(.aac)), Example.sound(.mp4, .codec(.aac)), Example.sound(.mp3, .codec(.mp3)),
            Example.sound(.caf, .codec(.mp3)), Example.sound(.caf, .codec(.alac)), Example.sound(.mp4, .codec(.alac))
        ],
        passing: [
            Example.sound(.caf, .ima4), Example.sound(.wav), Example.sound(.adts, .codec(.aac)),
            Example.sound(.caf, .codec(.opus)), Example.sound(.flac, .codec(.flac))
        ])

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

    static let unusualSampleRate = Rule(
        RuleDescription(
            .unusualSampleRate, .warning, .file,
            step: .file,
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
