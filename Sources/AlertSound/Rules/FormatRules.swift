extension Rule {
    static let unsupportedContainer = Rule(
        code: "unsupported-container", severity: .error,
        summary: "Not AIFF, AIFF-C, WAV or CAF: iOS plays the default sound instead.",
        evaluate: { subject in
            guard let info = subject.info, !info.container.isAppleAlertContainer else { return nil }
            return "\(info.container.displayName) is not a notification sound container; iOS plays only AIFF, WAV or CAF"
                + " and silently falls back to the default sound. Fix it: alertsound fix \(quoted(subject.path))"
        },
        triggering: [Example.sound(.mp3, .other("mp3")), Example.sound(.rf64), Example.sound(.rifx), Example.sound(.mp4, .other("aac"))],
        passing: [Example.sound(.caf), Example.sound(.aiff), Example.sound(.aifc), Example.sound(.wav)])

    static let unsupportedFormat = Rule(
        code: "unsupported-format", severity: .error,
        summary: "Data format other than linear PCM, IMA4, µLaw or aLaw.",
        evaluate: { subject in
            guard let info = subject.info, info.container.isAppleAlertContainer, let format = info.coding,
                  !format.isAppleAlertFormat, format != .imaAdpcm else { return nil }
            return "data format '\(format.code)' is not one iOS plays for notifications (linear PCM, IMA4, µLaw, aLaw);"
                + " fix it: alertsound fix \(quoted(subject.path))"
        },
        triggering: [Example.sound(.caf, .other("aac")), Example.sound(.aifc, .other("gsm")), Example.sound(.wav, .other("ms-adpcm"))],
        passing: [Example.sound(.caf, .ima4), Example.sound(.aifc, .ulaw), Example.sound(.wav, .alaw), Example.sound(.wav, .imaAdpcm),
                  Example.sound(.mp3, .other("mp3"))])

    static let imaAdpcmWAV = Rule(
        code: "ima-adpcm-wav", severity: .warning,
        summary: "WAV IMA ADPCM is Microsoft's block layout; CAF ima4 is the form Apple documents.",
        evaluate: { subject in
            guard let info = subject.info, info.coding == .imaAdpcm else { return nil }
            return "WAV IMA ADPCM (format 0x0011) is Microsoft's variant, not the IMA4 Apple documents for alert sounds;"
                + " convert it to CAF ima4: alertsound fix \(quoted(subject.path)) -d ima4"
        },
        triggering: [Example.sound(.wav, .imaAdpcm, bits: 4)],
        passing: [Example.sound(.caf, .ima4, bits: 4), Example.sound(.wav)])

    static let widePCM = Rule(
        code: "wide-pcm", severity: .note,
        summary: "Linear PCM wider than 16 bits, or float: valid, but costs space for nothing.",
        evaluate: { subject in
            guard let info = subject.info, let pcm = info.coding?.pcm, pcm.isFloat || pcm.bits > 16 else { return nil }
            let bits = pcm.bits
            return "\(bits)-bit \(pcm.isFloat ? "float " : "")linear PCM plays, but 16-bit or IMA4 is as good on a phone speaker"
                + " and much smaller: alertsound fix \(quoted(subject.path)) -d ima4"
        },
        triggering: [Example.sound(bits: 24), Example.sound(bits: 32, float: true)],
        passing: [Example.sound(bits: 16), Example.sound(bits: 8), Example.sound(.caf, .ulaw, bits: 8)])
}

func quoted(_ path: String) -> String {
    let safe = Set("0123456789/._-+@".utf8)
    // ASCII names (nearly all) without looking up Unicode properties.
    let plain = path.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || safe.contains($0) }
        || path.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789/._-+@".unicodeScalars.contains($0) }
    return plain ? path : "'" + path.replacingScalar("'", with: "'\\''") + "'"
}
