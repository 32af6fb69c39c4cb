import AlertSoundCore

/// Android's rules for a notification sound in `res/raw/` (notes §5): a valid resource name, and
/// a format the platform's media stack plays. The iOS rules (container, duration) do not apply.
enum AndroidRules {
    /// The file rules that hold on any platform: the file can be read, is what its name says, and
    /// has audio.
    /// A file in res/raw that is not a sound at all (a text placeholder named `.ogg`) is an error as
    /// in `check`: Android's player fails on it and the channel plays the default sound.
    static let platformNeutral: [Rule] = [
        .unreadable, .unrecognized, .malformed, .extensionMismatch, .damagedHeader, .noAudio
    ]

    /// Why aapt2 would refuse the file's resource name (`resourceName` when a table gives it), or nil.
    static func nameProblem(_ fileName: String, resourceName given: String? = nil) -> String? {
        let name = given ?? SoundName(fileName).resourceName
        let bytes = Array(name.utf8)
        guard let first = bytes.first else { return "'\(fileName)' gives an empty resource name" }
        let allowed = bytes.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
        if !allowed || !(first >= 0x61 && first <= 0x7A) {
            let suggestion = SoundName.validResourceName(from: name)
            return
                "'\(name)' (from \(fileName)) is not a valid Android resource name: lowercase a-z, digits and '_' only, starting with a letter;"
                + " the build fails. Rename it\(suggestion.map { " (for example to '\($0)')" } ?? "")"
        }
        if SoundName.javaKeywords.contains(name) {
            return "'\(name)' is a Java keyword, so R.raw.\(name) cannot exist and the build fails; rename the file"
        }
        return nil
    }

    /// Why Android will not play the file, or nil when it will.
    static func formatProblem(_ info: SoundInfo) -> String? {
        switch info.container {
        case .wav:
            // Android's WAV extractor (AOSP frameworks/av, media/extractors/wav/WAVExtractor.cpp)
            // takes the format tags PCM at 8, 16, 24 or 32 bits, IEEE float at 32 bits, µ-law and
            // A-law at 8 bits and GSM 6.10, in 1 to 8 channels (also inside WAVE_FORMAT_EXTENSIBLE),
            // and hands all of it to the player as 16-bit PCM. The developer guide's table lists
            // only 8- and 16-bit PCM; the extractor is what plays the file.
            if let channels = info.channels, !(1...8).contains(channels) {
                return "WAV with \(channels) channels: Android's WAV extractor takes 1 to 8."
            }
            let bits = info.bitsPerSample
            switch info.coding {
            case .pcm(let pcm)? where pcm.isFloat: if bits == 32 { return nil }
            case .pcm? where [8, 16, 24, 32].contains(bits ?? 0): return nil
            case .ulaw?, .alaw?: return nil
            case .codec(.gsm)?: return nil
            default: break
            }
            let width = bits.map { "\($0)-bit " } ?? ""
            let what =
                info.coding?.pcm.map { width + ($0.isFloat ? "float" : "linear PCM") } ?? info.coding?.code
                ?? "unknown data"
            return
                "WAV holding \(what): Android's WAV extractor takes 8/16/24/32-bit PCM, 32-bit float, µ-law, A-law and GSM."
        case .mp3:
            if info.coding == .codec(.mp3) { return nil }
            return "MPEG audio \(info.coding?.code ?? "of an unknown layer"): Android plays layer III (MP3) only"
        case .mp4, .adts, .flac, .amr:
            return nil
        case .ogg:
            if let coding = info.coding, [SampleCoding.codec(.vorbis), .codec(.opus), .codec(.flac)].contains(coding) {
                return nil
            }
            return
                "Ogg holding \(info.coding?.code ?? "an unrecognised codec"): Android plays Ogg Vorbis, Opus and FLAC"
        case .caf, .aiff, .aifc, .au, .rf64, .rifx:
            return
                "\(info.container.displayName) is not a format Android plays; it plays WAV (PCM, float, µ-law, A-law), MP3, Ogg, FLAC, AAC and AMR"
        }
    }

    /// Android's own rules, after ``platformNeutral``: the resource name and the format.
    static let all: [Rule] = [.androidBadName, .androidUnsupportedFormat]

    /// The Android verdict on a sound of an Android project or `.apk`; `resourceName` is set for
    /// a raw resource.
    static func judge(_ sound: FoundSound, resourceName name: String?, strict: Bool) -> FileReport {
        var report = sound.judged(by: Checker(strict: strict, rules: platformNeutral))
        // Android's rules read the name and, when it was read, the header. A file that was not read
        // already has its finding in the report; to these rules it is simply a failed outcome.
        let unread = AlertSoundError(.unreadable, "could not be read", path: report.path)
        var subject = RuleSubject(path: report.path, outcome: report.info.map { .inspected($0) } ?? .failed(unread))
        subject.resourceName = name
        for finding in all.compactMap({ $0.check(subject) }) { report.append(finding) }
        return report
    }

    /// The resource name Android knows a sound by when it is a raw resource (`alarm` for
    /// `res/raw/alarm.mp3`, or what an optimised APK's table says); `nil` elsewhere.
    static func resourceName(of sound: FoundSound) -> String? {
        sound.location == .rawResource ? sound.resourceName ?? SoundName(sound.name).resourceName : nil
    }

    /// Files in one `res/raw/` folder that give the same resource name: aapt2 stops the build
    /// with "Duplicate resources". What is no file there (a listed sound that is missing, a name
    /// with a NUL, a link not followed) has its own finding and takes no name.
    static func duplicateNames(_ sounds: [FoundSound]) -> SharedNames {
        SharedNames(count: sounds.count) { i in
            if case .problem = sounds[i].content { return nil }
            return resourceName(of: sounds[i]).map { parentFolder(sounds[i].relativePath) + "/" + $0 }
        }
    }

    /// Where a 16-bit WAV made from `path` can go: beside it, under a valid resource name that is
    /// not the input's own (`Alert-Tone.caf` → `alert_tone.wav`, `deep.wav` → `deep_16bit.wav`).
    static func convertedPath(_ path: String) -> String {
        let name = lastComponent(path)
        let resource = SoundName(name).resourceName
        var base = nameProblem(name) == nil ? resource : SoundName.validResourceName(from: resource) ?? "sound"
        if lowercasedExtension(name) == "wav" { base += "_16bit" }
        let folder = path.contains("/") ? parentFolder(path) + "/" : ""
        return folder + base + ".wav"
    }
}
