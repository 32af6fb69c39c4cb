#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way alertsound reads a file or lists a folder: a reader is handed a door, never a path
/// reading function, so a reader cannot forget to ask whether what it reads is the user's (issue
/// 55: an `.app` whose `Info.plist` was a link to `/etc/passwd` printed `root:x:0` in the report).
///
/// A door made from the path a run was given (``init(given:)``) opens only what resolves, links
/// followed, inside its root: the repository holding that path (its top level, the nearest folder
/// above it holding `.git`, a folder or a file as in worktrees and submodules), else the path
/// itself. The threat is a committed link reaching the machine's files, not the project one folder
/// up, so the enclosing project inside the same repository is inside. What resolves outside is
/// refused without a byte of it read, and the refusal names the file and says so.
///
/// A file the user names on the command line (`check FILE`, `--payload`, `--lock`,
/// `--entitlements`, `--config`, `convert`'s inputs) is the user's choice: ``userNamed`` reads it
/// wherever it leads. The scan of `Sources/` in `DoorTests` fails on any other place that opens a
/// file.
package struct Door: Sendable {
    /// The root, resolved; nil for ``userNamed``.
    package let root: [UInt8]?
    /// The root as shown in refusals.
    package let shown: String

    /// The door for files the user named: nothing is refused.
    package static let userNamed = Door(root: nil, shown: "")

    private init(root: [UInt8]?, shown: String) {
        self.root = root
        self.shown = shown
    }

    /// The door for a run given `path` (a folder, an app, a project, a file): its root is the
    /// repository holding it, else `path` itself (a file's folder). Nil when `path` cannot be resolved.
    package init?(given path: String) {
        guard !path.utf8.contains(0), let resolved = FolderScanner.realPath(Array(path.utf8)) else { return nil }
        let top = Self.repositoryTop(of: resolved)
        self.init(root: top, shown: String(decoding: top, as: UTF8.self))
    }

    /// The door whose root is exactly `folder` (a test's scratch folder, a confinement's root).
    package init?(folder: String) {
        guard !folder.utf8.contains(0), let resolved = FolderScanner.realPath(Array(folder.utf8)) else { return nil }
        self.init(root: resolved, shown: folder)
    }

    /// The top level of the repository holding resolved `path`: the nearest folder at or above it
    /// that holds a `.git` (a folder, or a file as in a worktree or submodule); else `path` (a
    /// file's folder).
    package static func repositoryTop(of path: [UInt8]) -> [UInt8] {
        var info = stat()
        let start = linkStat(path, into: &info) && info.st_mode & S_IFMT == S_IFDIR ? path : parent(path)
        var folder = start
        while true {
            if linkStat(folder == [0x2F] ? Array("/.git".utf8) : folder + Array("/.git".utf8), into: &info) {
                return folder
            }
            guard folder != [0x2F], !folder.isEmpty else { return start }
            folder = parent(folder)
        }
    }

    /// Whether anything is at `path`, a link that leads nowhere included (links not followed).
    package static func hasEntry(_ path: String) -> Bool {
        var info = stat()
        return !path.utf8.contains(0) && linkStat(Array(path.utf8), into: &info)
    }

    private static func parent(_ path: [UInt8]) -> [UInt8] {
        guard let slash = path.lastIndex(of: 0x2F) else { return path }
        return slash == 0 ? [0x2F] : Array(path[..<slash])
    }

    private static func linkStat(_ path: [UInt8], into info: inout stat) -> Bool {
        (path + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) == 0 }
        }
    }

    /// Whether resolved `path` is the root or inside it (always, for ``userNamed``).
    package func holds(resolved path: [UInt8]) -> Bool {
        guard let root else { return true }
        return path == root
            || (root == [0x2F] ? path.first == 0x2F : path.starts(with: root + [0x2F]))
    }

    /// A refusal: the file resolves outside the root. Says so without a byte of the file.
    package struct Outside: Error, Sendable, CustomStringConvertible {
        /// The root as shown.
        package var root: String
        package var description: String {
            "it resolves outside \(root), the folder alertsound was given (a symbolic link leads out); not read"
        }
    }

    /// Where `path` resolves to, when it exists and is inside; throws ``Outside`` when it resolves
    /// outside, `SourceError` when it cannot be resolved (it does not exist: a dangling link).
    package func resolve(_ path: String) throws -> [UInt8] {
        let bytes = Array(path.utf8)
        guard !bytes.contains(0) else { throw SourceError(errno: ENOENT) }
        guard let resolved = FolderScanner.realPath(bytes) else { throw SourceError(errno: errno) }
        guard holds(resolved: resolved) else { throw Outside(root: shown) }
        return resolved
    }

    /// The regular file at `path`, opened at its resolved path. Throws ``Outside`` or `SourceError`.
    package func source(_ path: String) throws -> FileSource {
        guard root != nil else { return try FileSource(path: path) }
        return try FileSource(at: AT_FDCWD, name: try resolve(path))
    }

    /// Why ``bytes(_:limit:what:)`` gave nothing, without the path: each caller words the finding.
    package struct Unreadable: Error, Sendable {
        package var reason: String
        /// Whether it was refused for resolving outside the root.
        package var outside: Bool
    }

    /// A file's bytes, refusing (without reading them) a file outside the root or larger than `limit`.
    /// A file the user named that is a pipe or a character device (`/dev/stdin`, a shell's
    /// `<(…)`) is read as a stream, up to `limit` bytes: the user asked for it, as for `-`. In a
    /// tree such a file is refused, since it could block the run.
    package func bytes(_ path: String, limit: Int, what: String) throws(Unreadable) -> [UInt8] {
        do {
            if root == nil, let stream = try Self.streamed(path, limit: limit) {
                guard stream.count <= limit else {
                    throw Unreadable(
                        reason: "the \(what) is over \(limit) bytes; alertsound reads at most \(limit)", outside: false)
                }
                return stream
            }
            let source = try source(path)
            guard source.size <= Int64(limit) else {
                throw Unreadable(
                    reason: "the \(what) is \(source.size) bytes; alertsound reads at most \(limit)", outside: false)
            }
            return try source.read(at: 0, count: Int(source.size))
        } catch let error as Unreadable {
            throw error
        } catch let error as Outside {
            throw Unreadable(reason: "cannot read the \(what): \(error)", outside: true)
        } catch {
            throw Unreadable(reason: "cannot read the \(what): \(error)", outside: false)
        }
    }

    /// The bytes of the pipe or character device at `path`, at most `limit` + 1 of them (one more
    /// tells that it is over); nil when `path` is anything else.
    private static func streamed(_ path: String, limit: Int) throws -> [UInt8]? {
        var info = stat()
        guard !path.utf8.contains(0), stat(path, &info) == 0,
            info.st_mode & S_IFMT == S_IFIFO || info.st_mode & S_IFMT == S_IFCHR
        else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SourceError(errno: errno) }
        defer { close(fd) }
        return try drain(descriptor: fd, limit: limit)
    }

    /// What the open `descriptor` (a pipe, standard input) gives until its end, at most `limit` + 1
    /// bytes (one more tells the caller that it is over).
    package static func drain(descriptor fd: Int32, limit: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= limit {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, min($0.count, limit + 1 - bytes.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SourceError(errno: errno)
            }
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    /// ``bytes(_:limit:what:)`` for a caller that stops on it: its refusal is an `unreadable` error
    /// naming the file.
    package func contents(_ path: String, limit: Int, what: String) throws -> [UInt8] {
        do {
            return try bytes(path, limit: limit, what: what)
        } catch {
            throw AlertSoundError(.unreadable, error.reason, path: path)
        }
    }

    /// The text of a file, when it is inside and at most `limit` bytes; nil otherwise.
    package func text(_ path: String, limit: Int, what: String) -> String? {
        guard let bytes = try? bytes(path, limit: limit, what: what) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The file at `path` as a walk's file (opened later through its folder), when it resolves inside.
    package func file(_ path: String) -> FolderFile? {
        guard let resolved = try? resolve(path) else { return nil }
        return FolderFile(resolved: resolved)
    }

    /// Runs `body` with an open descriptor of the folder at `path` (closed after), when it resolves inside.
    package func withFolder<T>(_ path: String, _ body: (Int32) throws -> T) throws -> T {
        let name: [UInt8] = root == nil ? Array(path.utf8) : try resolve(path)
        let folder = (name + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { openFolder($0.baseAddress!) }
        }
        guard folder >= 0 else { throw SourceError(errno: errno) }
        defer { close(folder) }
        return try body(folder)
    }
}

/// `open` for a folder, read-only, not inherited by children.
private func openFolder(_ path: UnsafePointer<CChar>) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}

extension FolderFile {
    /// The file at resolved path `resolved`, read through a handle on its folder.
    fileprivate init(resolved: [UInt8]) {
        let slash = resolved.lastIndex(of: 0x2F) ?? 0
        self.init(
            folder: FolderHandle(root: slash == 0 ? [0x2F] : Array(resolved[..<slash])),
            name: Array(resolved[(slash + 1)...]))
    }
}
