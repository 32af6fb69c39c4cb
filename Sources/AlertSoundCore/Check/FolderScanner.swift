#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sound a folder walk found, or what kept it from being read.
package struct WalkedSound: Sendable {
    package enum Content: Sendable {
        case file(FolderFile)
        /// Found, but not readable as a file (a broken or escaping link, a FIFO named like a sound).
        case problem(Diagnostic)
    }
    /// Path relative to the walk's root, with `/` separators.
    package var relativePath: String
    /// The root as the user spelled it, with a trailing `/`.
    package var displayRoot: String
    package var content: Content
}

/// Walks a folder for sounds, by extension or by content, one folder at a time relative to its
/// parent (`openat`), so it reaches any depth and any name: names that are not UTF-8 are kept as
/// bytes for opening and shown escaped. A folder already visited (a link loop) is not entered
/// again, and links to folders outside the root are never entered, so the walk always ends. With
/// `confineLinks` (a bundle) a link leaving the root is reported, because it will not exist on a
/// device; without it (`check` on a folder) a link to a file is simply read. What cannot be read
/// (a folder that will not open, a FIFO named like a sound, a walk past the depth limit) is
/// reported, never skipped in silence. alertsound's own temporary files are not sounds.
package enum FolderScanner {
    package static func scan(root: String, displayRoot: String, confineLinks: Bool = true) -> [WalkedSound] {
        let rootBytes = Array(root.utf8)
        let realRoot = realPath(rootBytes) ?? rootBytes
        var visited = Set<FileID>()
        var found: [WalkedSound] = []
        let shownRoot = displayRoot + "/"
        // Each folder to read: its handle (opened from its parent's), depth and path from the root.
        var pending: [(folder: FolderHandle, depth: Int, relative: String)] = [(FolderHandle(root: rootBytes), 0, "")]
        var rootInfo = stat()
        if stat(root, &rootInfo) == 0 { visited.insert(FileID(rootInfo)) }

        while let (folder, depth, folderRelative) = pending.popLast() {
            func report(_ relative: String, _ diagnostic: Diagnostic) {
                found.append(WalkedSound(relativePath: relative, displayRoot: shownRoot, content: .problem(diagnostic)))
            }
            guard depth <= Limits.maximumFolderDepth else {
                report(
                    folderRelative,
                    Rule.judge(
                        failure: AlertSoundError(
                            .unreadable,
                            "folders nest deeper than \(Limits.maximumFolderDepth) levels here; not searched further")))
                continue
            }
            let directory: Int32
            do {
                directory = try folder.open()
            } catch {
                report(
                    folderRelative,
                    Rule.judge(failure: AlertSoundError(.unreadable, "cannot open this folder: \(error)")))
                continue
            }
            defer { close(directory) }
            for (name, type) in entries(of: directory).sorted(by: { $0.0.lexicographicallyPrecedes($1.0) }) {
                let shown = displayName(name)
                if AtomicOutput.isTemporaryName(shown) { continue }
                let relative = folderRelative.isEmpty ? shown : folderRelative + "/" + shown
                let file = FolderFile(folder: folder, name: name)
                let soundByName = ContainerKind.isSoundName(shown)
                func add(_ content: WalkedSound.Content) {
                    found.append(WalkedSound(relativePath: relative, displayRoot: shownRoot, content: content))
                }
                // A regular file by its directory entry needs no stat: opening it checks again.
                if type == UInt8(DT_REG) {
                    if soundByName || looksLikeSound(head(directory, name)) { add(.file(file)) }
                    continue
                }
                var info = stat()
                guard statAt(directory, name, &info, follow: false) else {
                    if soundByName {
                        add(
                            .problem(
                                Rule.judge(
                                    failure: AlertSoundError(
                                        .unreadable, "cannot read: \(String(cString: strerror(errno)))"))
                            ))
                    }
                    continue
                }
                if info.st_mode & S_IFMT == S_IFLNK {
                    var targetInfo = stat()
                    guard statAt(directory, name, &targetInfo, follow: true) else {
                        if soundByName {
                            add(
                                .problem(
                                    Rule.judge(
                                        failure: AlertSoundError(
                                            .unreadable,
                                            "symbolic link to a file that does not exist (\(linkTarget(directory, name)))"
                                        )))
                            )
                        }
                        continue
                    }
                    let isFolder = targetInfo.st_mode & S_IFMT == S_IFDIR
                    guard let target = realPath(file.rawPath) else {
                        if soundByName || isFolder {
                            add(
                                .problem(
                                    Rule.judge(
                                        failure: AlertSoundError(
                                            .unreadable,
                                            "cannot resolve this symbolic link: \(String(cString: strerror(errno)))"))))
                        }
                        continue
                    }
                    let inside = target == realRoot || target.starts(with: realRoot + [UInt8(ascii: "/")])
                    if !inside, !confineLinks {
                        if !isFolder, soundByName || looksLikeSound(head(directory, name)) { add(.file(file)) }
                        continue
                    }
                    guard inside else {
                        if soundByName || isFolder {
                            add(
                                .problem(
                                    Rule.judge(walk: .linkOutside(target: linkTarget(directory, name)))))
                        }
                        continue
                    }
                    info = targetInfo
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if visited.insert(FileID(info)).inserted {
                        pending.append((FolderHandle(parent: folder, name: name), depth + 1, relative))
                    }
                case S_IFREG:
                    if soundByName || looksLikeSound(head(directory, name)) { add(.file(file)) }
                default:
                    if soundByName {
                        add(
                            .problem(
                                Rule.judge(
                                    failure: AlertSoundError(
                                        .unreadable,
                                        "it is \(SourceError.describe(info.st_mode)), not a regular file"))))
                    }
                }
            }
        }
        found.sort { $0.relativePath < $1.relativePath }
        return found
    }

    /// The raw names in an open folder, without `.` and `..`.
    /// Names and directory-entry types (`DT_UNKNOWN` where the file system does not say).
    package static func entries(of directory: Int32) -> [([UInt8], UInt8)] {
        let copy = dup(directory)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        var names: [([UInt8], UInt8)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append((name, entry.pointee.d_type))
        }
        return names
    }

    package static func statAt(_ directory: Int32, _ name: [UInt8], _ info: inout stat, follow: Bool) -> Bool {
        (name + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) {
                fstatat(directory, $0.baseAddress!, &info, follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0
            }
        }
    }

    private static func head(_ directory: Int32, _ name: [UInt8]) -> [UInt8] {
        (try? FileSource(at: directory, name: name).read(at: 0, count: 16)) ?? []
    }

    private static func linkTarget(_ directory: Int32, _ name: [UInt8]) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let length = (name + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { cName in
                buffer.withUnsafeMutableBytes {
                    readlinkat(directory, cName.baseAddress!, $0.baseAddress!.assumingMemoryBound(to: CChar.self), 4096)
                }
            }
        }
        return length > 0 ? displayName(buffer.prefix(length)) : "?"
    }

    /// The canonical path, or nil (the error in errno) when it cannot be resolved.
    package static func realPath(_ path: [UInt8]) -> [UInt8]? {
        guard
            let resolved = (path + [0]).withUnsafeBufferPointer({ raw in
                raw.withMemoryRebound(to: CChar.self) { realpath($0.baseAddress!, nil) }
            })
        else { return nil }
        defer { free(resolved) }
        return Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }

    /// A file's identity, to recognise a folder reached twice through links.
    package struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
        package init(_ info: stat) {
            // dev_t is a signed Int32 on Darwin: a negative device number must not trap, only stay distinct.
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }
}

/// A file found by a folder walk: its folder's handle and its name's bytes, so it opens at any
/// depth, in constant time, whatever its names' encoding.
package struct FolderFile: Sendable, Hashable {
    package let folder: FolderHandle
    package let name: [UInt8]

    package var rawPath: [UInt8] { folder.rawPath + [UInt8(ascii: "/")] + name }

    /// Opens the file relative to its folder's descriptor.
    package func open() throws -> FileSource {
        try folder.withDescriptor { try FileSource(at: $0, name: name) }
    }

    package static func == (a: FolderFile, b: FolderFile) -> Bool { a.folder === b.folder && a.name == b.name }
    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(folder))
        hasher.combine(name)
    }
}

extension FolderFile {
    /// The file at `path`, read through a handle on its folder (a file an Xcode project names,
    /// found by its path rather than by a walk).
    package init(path: String) {
        self.init(folder: FolderHandle(root: Array(parentFolder(path).utf8)), name: Array(lastComponent(path).utf8))
    }
}
