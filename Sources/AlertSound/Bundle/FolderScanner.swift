import Foundation

/// Walks a folder for sounds, by extension or by content. A folder already visited (a link loop)
/// is not entered again, and links to folders outside the root are never entered, so the walk
/// always ends. With `confineLinks` (a bundle) a link leaving the root is reported, because it
/// will not exist on a device; without it (`check` on a folder) a link to a file is simply read.
enum FolderScanner {
    static func scan(root: String, kind: BundleKind, displayRoot: String, confineLinks: Bool = true) -> [FoundSound] {
        let fm = FileManager.default
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        var visited = Set<FileID>()
        var found: [FoundSound] = []
        var pending: [String] = [""]
        if let id = FileID(path: realRoot) { visited.insert(id) }

        while let relativeFolder = pending.popLast() {
            let folder = relativeFolder.isEmpty ? root : root + "/" + relativeFolder
            guard let names = try? fm.contentsOfDirectory(atPath: folder) else {
                continue
            }
            for name in names.sorted() {
                let relative = relativeFolder.isEmpty ? name : relativeFolder + "/" + name
                let path = root + "/" + relative
                let display = displayRoot + "/" + relative
                let location = SoundLocation.of(relativePath: relative, kind: kind)
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let isLink = (info.st_mode & S_IFMT) == S_IFLNK
                let soundByName = SoundPaths.isSoundName(name)

                if isLink {
                    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                    var targetInfo = stat()
                    guard stat(path, &targetInfo) == 0 else {
                        if soundByName {
                            found.append(FoundSound(relativePath: relative, displayPath: display, location: location,
                                                    content: .problem(BundleCode.unreadable.diagnostic("symbolic link to a file that does not exist (\(linkTarget(path)))"))))
                        }
                        continue
                    }
                    let isFolder = (targetInfo.st_mode & S_IFMT) == S_IFDIR
                    let inside = target == realRoot || target.hasPrefix(realRoot + "/")
                    if !inside, !confineLinks {
                        if !isFolder, soundByName || looksLikeSound(head(of: path)) {
                            found.append(FoundSound(relativePath: relative, displayPath: display, location: location, content: .file(path)))
                        }
                        continue
                    }
                    guard inside else {
                        if soundByName || isFolder {
                            found.append(FoundSound(relativePath: relative, displayPath: display, location: location,
                                                    content: .problem(BundleCode.linkOutsideBundle.diagnostic(
                                                        "symbolic link to \(linkTarget(path)), outside the bundle: not followed, and it will not be there on a device"))))
                        }
                        continue
                    }
                    info = targetInfo
                }

                if (info.st_mode & S_IFMT) == S_IFDIR {
                    guard let id = FileID(path: path), visited.insert(id).inserted else { continue }
                    pending.append(relative)
                    continue
                }
                guard (info.st_mode & S_IFMT) == S_IFREG else { continue }
                if soundByName || looksLikeSound(head(of: path)) {
                    found.append(FoundSound(relativePath: relative, displayPath: display, location: location, content: .file(path)))
                }
            }
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }

    private static func head(of path: String) -> [UInt8] {
        (try? FileSource(path: path).read(at: 0, count: 16)) ?? []
    }

    private static func linkTarget(_ path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
    }

    /// A file's identity, to recognise a folder reached twice through links.
    struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}
