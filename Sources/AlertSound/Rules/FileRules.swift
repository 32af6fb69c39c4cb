extension Rule {
    static let notFound = Rule(
        code: "not-found", severity: .error,
        summary: "The path does not exist.",
        evaluate: { subject in
            if case .missing = subject.outcome { return "no such file or folder" }
            return nil
        },
        triggering: [Example.missing],
        passing: [Example.sound(), Example.unreadable])

    static let unreadable = Rule(
        code: "unreadable", severity: .error,
        summary: "Not a sound file alertsound can parse; the message gives the reason and byte offset.",
        evaluate: { subject in
            if case .unreadable(let error) = subject.outcome { return error.reason }
            return nil
        },
        triggering: [Example.unreadable],
        passing: [Example.sound(), Example.missing])

    static let damagedHeader = Rule(
        code: "damaged-header", severity: .warning,
        summary: "Readable, but header sizes disagree with the file and had to be repaired.",
        evaluate: { subject in
            guard let info = subject.info, !info.repairs.isEmpty else { return nil }
            return "header repaired while reading: " + info.repairs.map(\.description).joined(separator: "; ")
                + ". Re-export the file so other tools read it the same way"
        },
        triggering: [Example.sound(repairs: ["RIFF size 100 + 8 differs from the file size 120"])],
        passing: [Example.sound()])

    static let extensionMismatch = Rule(
        code: "extension-mismatch", severity: .warning,
        summary: "The file's content is not what its extension says (iOS sniffs content, people and tools read names).",
        evaluate: { subject in
            guard let info = subject.info, let expected = containers(forExtension: subject.fileExtension),
                  !expected.contains(info.container) else { return nil }
            return "named .\(subject.fileExtension) but the content is \(info.container.displayName)"
        },
        triggering: [Example.sound(.caf, path: "Violet.wav"), Example.sound(.mp3, .other("mp3"), path: "order.caf")],
        passing: [Example.sound(.aiff, path: "NewMessage.aifc"), Example.sound(.caf, path: "alert.caf"), Example.sound(.caf, path: "noextension")])

    /// Containers an extension promises; `nil` for extensions that promise nothing.
    static func containers(forExtension ext: String) -> Set<ContainerKind>? {
        switch ext {
        case "caf": return [.caf]
        case "aif", "aiff", "aifc": return [.aiff, .aifc]
        case "wav", "wave": return [.wav, .rf64, .rifx]
        case "mp3": return [.mp3]
        case "m4a", "m4r", "m4b", "mp4", "mov", "3gp": return [.mp4]
        case "aac": return [.adts, .mp4]
        case "flac": return [.flac]
        case "ogg", "oga", "opus": return [.ogg]
        case "au", "snd": return [.au]
        case "amr": return [.amr]
        default: return nil
        }
    }
}
