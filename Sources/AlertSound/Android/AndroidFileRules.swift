import AlertSoundCore

extension Rule {
    /// A raw resource whose name aapt2 refuses (not `[a-z][a-z0-9_]*`, or a Java keyword): the
    /// build fails. Silent for a sound that is not a raw resource.
    static let androidBadName = Rule(
        RuleDescription(
            .androidBadName, .error, .android,
            summary:
                "A file in `res/raw/` whose resource name is not `[a-z][a-z0-9_]*` or is a Java keyword, or two files of one folder that give the same name: the build fails.",
            details:
                "The message suggests a name."),
        evaluate: { subject in
            guard let name = subject.resourceName else { return nil }
            return AndroidRules.nameProblem(lastComponent(subject.path), resourceName: name).map { Finding($0) }
        },
        triggering: [
            raw("res/raw/Alert-Tone.mp3"), raw("res/raw/class.ogg"), raw("res/raw/2chime.wav"),
            raw("app.apk!res/Gh4.mp3", resourceName: "Order Ready")
        ],
        passing: [
            raw("res/raw/alert_tone.mp3"), raw("app.apk!res/Gh4.mp3", resourceName: "order_ready"),
            Example.sound(.mp3, .codec(.mp3), path: "assets/Alert-Tone.mp3")
        ])

    /// A format Android's media stack does not play (CAF, AIFF, a 64-bit float or ADPCM WAV, MP2, Ogg Speex).
    /// Suggests a 16-bit WAV beside it, except inside an .apk, where there is no file to convert.
    static let androidUnsupportedFormat = Rule(
        RuleDescription(
            .androidUnsupportedFormat, .error, .android,
            summary:
                "Android cannot play the file: CAF, AIFF, AU, RF64, a WAV its WAV extractor refuses, MPEG layer I or II, an Ogg codec other than Vorbis, Opus or FLAC.",
            details:
                "Android's WAV extractor takes 8/16/24/32-bit PCM, 32-bit float, µ-law, A-law and GSM in 1 to 8 channels, more than the developer guide's table lists. The message gives a `convert` line that writes a 16-bit WAV with a valid name."
        ),
        evaluate: { subject in
            guard let info = subject.info, let problem = AndroidRules.formatProblem(info) else { return nil }
            let convert =
                subject.path.contains("!")
                ? nil
                : Suggestion(
                    .convert, path: subject.path, output: AndroidRules.convertedPath(subject.path), fileType: .wave,
                    dataFormat: "LEI16")
            return Finding(problem, suggestion: convert)
        },
        triggering: [
            Example.sound(.caf, .ima4, path: "res/raw/chime.caf"), Example.sound(.aiff, path: "res/raw/chime.aiff"),
            Example.sound(
                .wav, .pcm(PCMFormat(.float, bits: 64, order: .littleEndian)), bits: 64, path: "res/raw/double.wav"),
            Example.sound(.wav, .imaAdpcm, bits: 4, path: "res/raw/adpcm.wav"),
            Example.sound(.mp3, .codec(.mp2), path: "res/raw/old.mp3"),
            Example.sound(.ogg, .codec(.speex), path: "res/raw/talk.ogg")
        ],
        passing: [
            Example.sound(.wav, .integer(16, order: .littleEndian), path: "res/raw/ok.wav"),
            Example.sound(.mp3, .codec(.mp3), path: "res/raw/ok.mp3"),
            Example.sound(
                .wav, .pcm(PCMFormat(.signed, bits: 24, order: .littleEndian)), bits: 24, path: "res/raw/deep.wav"),
            Example.sound(
                .wav, .pcm(PCMFormat(.float, bits: 32, order: .littleEndian)), bits: 32, path: "res/raw/float.wav"),
            Example.sound(.wav, .ulaw, bits: 8, path: "res/raw/phone.wav"),
            Example.sound(.ogg, .codec(.vorbis), path: "res/raw/ok.ogg"),
            Example.sound(.flac, .codec(.flac), path: "res/raw/ok.flac")
        ])

    /// A raw resource's subject: an MP3 Android plays, named `path`.
    private static func raw(_ path: String, resourceName: String? = nil) -> RuleSubject {
        var subject = Example.sound(.mp3, .codec(.mp3), path: path)
        subject.resourceName = resourceName ?? SoundName(lastComponent(path)).resourceName
        return subject
    }
}
