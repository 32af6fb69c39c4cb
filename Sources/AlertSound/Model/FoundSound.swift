import AlertSoundCore

/// A sound-like file found in a bundle, and how to read it.
struct FoundSound: Sendable {
    enum Content: Sendable {
        case file(FolderFile)
        /// An entry of an .ipa, read through its own bounded source when judged.
        case archiveEntry(ZipArchive, ZipEntry.Extent)
        /// Found, but not readable as a file (a broken or escaping link, an oversized archive entry).
        case problem(Diagnostic)
    }

    /// Path relative to the bundle root, with `/` separators.
    var relativePath: String
    /// What the path as reported starts with; the rest is `relativePath` from its `shownFrom`th
    /// byte. Kept apart, the start is one string that all of a bundle's sounds share.
    var displayRoot: String
    var shownFrom = 0
    var location: SoundLocation
    var content: Content
    /// An Android raw resource's name when the file name does not tell it (an optimised APK's
    /// `res/Gh4.mp3`, named by `resources.arsc`).
    var resourceName: String? = nil

    var name: String { String(relativePath.split(separator: "/").last ?? "") }

    /// Path as reported: the user's spelling of the folder, or `App.ipa!Payload/App.app/x.caf`.
    var displayPath: String {
        displayRoot
            + (shownFrom == 0 ? relativePath : String(decoding: relativePath.utf8.dropFirst(shownFrom), as: UTF8.self))
    }
}

extension FoundSound.Content {
    /// What the core's folder walk found, as a bundle's content.
    init(_ walked: WalkedSound.Content) {
        switch walked {
        case .file(let file): self = .file(file)
        case .problem(let diagnostic): self = .problem(diagnostic)
        }
    }
}

extension FolderScanner {
    /// The core's folder walk, each sound placed where a bundle of `kind` keeps it. The location
    /// reads the whole path: only for what is found, not for every folder passed.
    static func scan(root: String, kind: BundleKind, displayRoot: String, confineLinks: Bool = true) -> [FoundSound] {
        scan(root: root, displayRoot: displayRoot, confineLinks: confineLinks).map { walked in
            FoundSound(
                relativePath: walked.relativePath, displayRoot: walked.displayRoot,
                location: SoundLocation.of(relativePath: walked.relativePath, kind: kind),
                content: FoundSound.Content(walked.content))
        }
    }
}

extension FoundSound {
    /// The verdict on this sound: checked where it is (a file, an archive entry read in place), or
    /// its problem.
    func judged(by checker: Checker) -> FileReport {
        switch content {
        case .file(let file):
            return checker.check(file: file, name: displayPath)
        case let .archiveEntry(archive, entry):
            do {
                var report = checker.check(source: try archive.source(for: entry), name: displayPath)
                // `MyApp.ipa!Payload/…` is no file anyone can fix: the suggestion keeps its action
                // (fix the sound the app was built from) and drops the path.
                for i in report.diagnostics.indices { report.diagnostics[i].suggestion?.path = nil }
                return report
            } catch {
                // An entry that will not inflate is unreadable, whatever the archive reader called it.
                let failure = AlertSoundError(.unreadable, AlertSoundError.wrapping(error, as: .unreadable).reason)
                return FileReport(
                    path: displayPath, info: nil, diagnostics: [Rule.judge(failure: failure)], strict: checker.strict)
            }
        case .problem(let diagnostic):
            return FileReport(path: displayPath, info: nil, diagnostics: [diagnostic], strict: checker.strict)
        }
    }
}
