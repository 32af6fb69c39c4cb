import AlertSound

/// The command line that acts on a library's `Suggestion`: the library says what would help, the
/// command-line tool says how to do it here.
enum Advice {
    /// `outputFolder`: where the user sent this command's output; a `fix` it suggests writes there
    /// too, over the file this command wrote there when `replacing` (it does not play).
    static func text(_ s: Suggestion, outputFolder: String? = nil, replacing: Bool = false) -> String {
        let path = s.path.map(shellQuoted) ?? "FILE"
        switch s.action {
        case .fix, .fixLevels:
            let levels = s.action == .fixLevels ? " --levels" : "", format = s.dataFormat.map { " -d \($0)" } ?? ""
            // No path: the sound sits in a built archive; its source in the project is what to fix.
            guard let input = s.path else {
                return "fix the sound the app is built from (alertsound fix\(levels) SOURCE\(format)) and rebuild"
            }
            if let outputFolder {
                return
                    "fix it: alertsound fix\(levels)\(replacing ? " --force" : "") --output-dir \(shellQuoted(outputFolder)) \(path)\(format)"
            }
            // fix writes beside its input: in res/raw a NAME.caf beside NAME.wav is a second file of
            // one resource name, and the Android build fails.
            if SoundLocation.of(relativePath: input, kind: .androidProject) == .rawResource {
                return
                    "fix it into your iOS target's sound folder, not res/raw (a .caf there fails the Android build): "
                    + "alertsound fix\(levels) --output-dir IOS_SOUNDS_DIR \(path)\(format)"
            }
            return "fix it: alertsound fix\(levels) \(path)\(format)"
        case .convert:
            var line = "convert it: alertsound convert \(path) \(s.output.map(shellQuoted) ?? "OUTPUT")"
            if let type = s.fileType { line += " -f \(type.rawValue)" }
            if let format = s.dataFormat { line += " -d \(format)" }
            return line + ", then remove the original"
        case .reduceChannels:
            let n = s.channels ?? 2
            return "keep the first \(n) with -c \(n), or mix them down with --mix -c \(n) (or --mix for mono)"
        case .resample:
            let rate = s.sampleRate.map(Formatting.number) ?? "RATE"
            return "use -f caff or -f AIFC, or resample with -d \(s.dataFormat ?? "FORMAT")@\(rate)"
        case .provideEntitlements:
            return "pass --entitlements with the app's .entitlements file or provisioning profile"
        case .replaceOutput:
            return "--force replaces it"
        case .chooseOutput:
            return "name another output, or use --output-dir"
        case .installDecoder:
            return
                "install FFmpeg (Debian/Ubuntu: sudo apt-get install ffmpeg; macOS: brew install ffmpeg) and run alertsound again; "
                + "it is found on PATH, or set ALERTSOUND_FFMPEG to its path"
        case .installLibrary:
            let library = s.library ?? "libsndfile"
            let debian =
                library == "libsamplerate" ? "libsamplerate0" : library == "libsndfile" ? "libsndfile1" : library
            return
                "install it (Debian/Ubuntu: sudo apt-get install \(debian); macOS: brew install \(library)) and run alertsound again"
        case .checkFile:
            return "for a single sound use alertsound check \(path)"
        case .relaxStrictness:
            return "warnings fail only with --strict"
        }
    }

    /// `message`, then what to do about it.
    static func line(_ message: String, _ suggestion: Suggestion?) -> String {
        guard let suggestion else { return message }
        return message + "; " + text(suggestion)
    }
}

extension Diagnostic {
    /// The message and the command that would help, as people read it.
    var advisedMessage: String { Advice.line(message, suggestion) }
}

extension AlertSoundError {
    /// The path, the problem, and the command that would help.
    var advisedDescription: String { Advice.line(description, suggestion) }
}

/// `path` as a shell word: unchanged when it needs no quotes (nearly always), else single-quoted.
func shellQuoted(_ path: String) -> String {
    let safe = Set("0123456789/._-+@".utf8)
    // ASCII names (nearly all) without looking up Unicode properties.
    let plain =
        !path.isEmpty
        && (path.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || safe.contains($0) }
            || path.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || "0123456789/._-+@".unicodeScalars.contains($0)
            })
    return plain
        ? path : "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}

/// The `explain` command that shows, step by step, why a failing reference does not play.
enum ExplainCommand {
    /// `alertsound explain PATH... --payload FILE` for a payload's name, `--sound=NAME --platform P`
    /// for a name given on the command line; nil for what explain does not take (a list's line, a
    /// name in the app's code, the lock's).
    static func line(for reference: ReferenceReport, paths: [String]) -> String? {
        guard !paths.isEmpty, reference.position == nil else { return nil }
        let push: String
        if reference.field != nil, !reference.source.hasPrefix("--") {
            push = "--payload \(path(reference.source))"
        } else if reference.source == "--sound", let name = reference.name {
            // Joined by `=`, a name that starts with `-` is still the option's value.
            push = "--sound=\(shellQuoted(name)) --platform \(reference.platform.rawValue)"
        } else {
            return nil
        }
        return "alertsound explain \(paths.map(path).joined(separator: " ")) \(push)"
    }

    /// A path as a shell word that is never read as an option.
    private static func path(_ text: String) -> String { shellQuoted(text.hasPrefix("-") ? "./" + text : text) }
}
