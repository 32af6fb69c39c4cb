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
        displayRoot + (shownFrom == 0 ? relativePath : String(decoding: relativePath.utf8.dropFirst(shownFrom), as: UTF8.self))
    }
}

/// What scanning a bundle found before any sound is judged.
struct BundleScan: Sendable {
    var kind: BundleKind
    /// The bundle root as reported (`App.ipa!Payload/App.app` inside an archive).
    var root: String
    var sounds: [FoundSound]
    /// The app's top-level files, where its entitlements are read (iOS apps only).
    var app: AppContents?
    /// An Android project's keep rules (not an .apk's: shrinking has already happened there).
    var keep: KeepRules?
    /// An Android project's sound URIs built from resource IDs (``ResourceIDURIs``).
    var idURIs: [ResourceIDURIs.Use] = []
}

extension FolderScanner {
    /// The core's folder walk, each sound placed where a bundle of `kind` keeps it. The location
    /// reads the whole path: only for what is found, not for every folder passed.
    static func scan(root: String, kind: BundleKind, displayRoot: String, confineLinks: Bool = true) -> [FoundSound] {
        scan(root: root, displayRoot: displayRoot, confineLinks: confineLinks).map { walked in
            let content: FoundSound.Content
            switch walked.content {
            case .file(let file): content = .file(file)
            case .problem(let diagnostic): content = .problem(diagnostic)
            }
            return FoundSound(relativePath: walked.relativePath, displayRoot: walked.displayRoot,
                              location: SoundLocation.of(relativePath: walked.relativePath, kind: kind), content: content)
        }
    }
}
