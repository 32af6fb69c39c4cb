import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One folder's entries, by their directory entries, links not followed: what the app search, the
/// Android project reader, the code walk and export list. Names that are not UTF-8 cannot be a
/// project file, an Android resource or a source file, and are left to the sound walk to report.
enum FolderEntries {
    /// What an entry is, as the directory says (or `lstat` when the file system does not).
    enum Kind: Sendable, Hashable {
        case folder, file, link, other
    }

    /// Every entry with its kind; nothing when the folder cannot be opened or lies outside `door`'s root.
    static func list(_ path: String, through door: Door) -> [(name: String, kind: Kind)] {
        (try? listing(path, through: door)) ?? []
    }

    /// Every entry with its kind; throws why the folder cannot be opened (`SourceError`), or
    /// ``Door/Outside`` when it resolves outside `door`'s root.
    static func listing(_ path: String, through door: Door) throws -> [(name: String, kind: Kind)] {
        try door.withFolder(path) { folder in
            let found = entries(of: folder)
            // Listed but not entered (read permission without search): every name inside is out
            // of reach, and whatever it holds would pass unseen.
            if !found.isEmpty, faccessat(folder, ".", X_OK, 0) != 0 { throw NotEntered() }
            return found
        }
    }

    /// A folder that can be listed but not entered.
    struct NotEntered: Error, CustomStringConvertible {
        var description: String { "it can be listed but not entered: it lacks search (x) permission" }
    }

    private static func entries(of folder: Int32) -> [(name: String, kind: Kind)] {
        FolderScanner.entries(of: folder).compactMap { raw, entryType in
            guard let name = validUTF8(raw) else { return nil }
            switch entryType {
            case UInt8(DT_DIR): return (name, .folder)
            case UInt8(DT_REG): return (name, .file)
            case UInt8(DT_LNK): return (name, .link)
            case UInt8(DT_UNKNOWN): break
            default: return (name, .other)
            }
            // Some file systems do not fill in the entry's type.
            var info = stat()
            guard FolderScanner.statAt(folder, raw, &info, follow: false) else { return (name, .other) }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return (name, .folder)
            case S_IFREG: return (name, .file)
            case S_IFLNK: return (name, .link)
            default: return (name, .other)
            }
        }
    }

    /// The names of the entries of one kind.
    static func names(in path: String, _ kind: Kind, through door: Door) -> [String] {
        list(path, through: door).compactMap { $0.kind == kind ? $0.name : nil }
    }
}
