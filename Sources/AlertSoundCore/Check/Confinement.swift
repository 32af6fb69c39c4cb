#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder a run was given, resolved, and whether a path that something in it names (an Xcode
/// project's file or folder reference, a workspace's project, an Expo config's sound, an Android
/// `res/raw` link) lies inside. Decided on the resolved path, links followed, never on its text:
/// `Sounds` may be a link to `/`, and `projectDirPath` may say `/`. Nothing outside is read, walked
/// or named beyond what the project's own text says, so a pull request cannot make alertsound read
/// the machine it runs on (issue 44: `/etc/passwd`'s first bytes, 3,636 paths under `/proc`).
///
/// One is made per folder given and used by one thread; it remembers the folders it resolved.
package final class Confinement {
    /// Where a named path is.
    package enum Place: Equatable, Sendable {
        /// Inside the folder given; `resolved` is where it leads (nil when nothing is there yet).
        case inside(resolved: String?)
        /// Outside it once resolved (through `..`, an absolute path or a link).
        case outside
        /// Not a path the system can open as written: it holds a NUL byte, which `open` would cut
        /// the name at (`chime.wav\0.caf` is `chime.wav`).
        case invalid(String)
    }

    /// The door everything inside is read through: what this confinement places inside, it opens.
    package let door: Door
    private var folders: [String: [UInt8]?] = [:]
    /// The root as shown in messages.
    package var shown: String { door.shown }

    /// The confinement to `folder` exactly; nil when it cannot be resolved (it does not exist).
    package convenience init?(folder: String) {
        guard let door = Door(folder: folder) else { return nil }
        self.init(door: door)
    }

    /// The confinement of `door` (``Door/init(given:)``: the repository holding the path given).
    package init(door: Door) {
        self.door = door
    }

    /// Whether resolved `path` is the root or inside it.
    package func holds(resolved path: [UInt8]) -> Bool { door.holds(resolved: path) }

    /// Where `path` (absolute, or relative to the working folder as the run's paths are) leads.
    /// A path that exists is resolved whole; one that does not, through its nearest folder that
    /// does, the rest collapsed as text (it names nothing, so nothing of it can be a link).
    package func place(of path: String) -> Place {
        if path.utf8.contains(0) { return .invalid("it holds a NUL character, which ends a file name") }
        if let resolved = FolderScanner.realPath(Array(path.utf8)) {
            return holds(resolved: resolved) ? .inside(resolved: String(decoding: resolved, as: UTF8.self)) : .outside
        }
        // Nothing there: the nearest existing folder above it decides, and the missing rest follows it.
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var rest: [String] = []
        while let last = parts.popLast() {
            rest.insert(last, at: 0)
            let folder = (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
            guard let base = resolvedFolder(folder.isEmpty ? "." : folder) else { continue }
            var resolved = base == [UInt8(ascii: "/")] ? [] : base
            for part in rest where part != "." {
                if part == ".." {
                    if let slash = resolved.lastIndex(of: UInt8(ascii: "/")) { resolved.removeSubrange(slash...) }
                } else {
                    resolved += [UInt8(ascii: "/")] + Array(part.utf8)
                }
            }
            if resolved.isEmpty { resolved = [UInt8(ascii: "/")] }
            return holds(resolved: resolved) ? .inside(resolved: nil) : .outside
        }
        return .outside
    }

    /// Whether `path` is inside (a convenience for what only needs yes or no).
    package func contains(_ path: String) -> Bool {
        if case .inside = place(of: path) { return true }
        return false
    }

    /// A folder's resolved path, remembered: a project names many files in few folders.
    private func resolvedFolder(_ folder: String) -> [UInt8]? {
        if let known = folders[folder] { return known }
        let resolved = FolderScanner.realPath(Array(folder.utf8))
        if folders.count < 65_536 { folders[folder] = resolved }
        return resolved
    }
}
