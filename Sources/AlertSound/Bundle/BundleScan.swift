/// A sound-like file found in a bundle, and how to read it.
struct FoundSound: Sendable {
    enum Content: Sendable {
        case file(FolderFile)
        /// An entry of an .ipa, read through its own bounded source when judged.
        case archiveEntry(ZipArchive, ZipEntry)
        /// Found, but not readable as a file (a broken or escaping link, an oversized archive entry).
        case problem(Diagnostic)
    }

    /// Path relative to the bundle root, with `/` separators.
    var relativePath: String
    /// Path as reported: the user's spelling of the folder, or `App.ipa!Payload/App.app/x.caf`.
    var displayPath: String
    var location: SoundLocation
    var content: Content

    var name: String { String(relativePath.split(separator: "/").last ?? "") }
}

/// What scanning a bundle found before any sound is judged.
struct BundleScan: Sendable {
    var kind: BundleKind
    /// The bundle root as reported (`App.ipa!Payload/App.app` inside an archive).
    var root: String
    var sounds: [FoundSound]
}
