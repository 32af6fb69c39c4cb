/// Turns the paths a user names into the files to check.
package enum SoundPaths {
    package struct Target: Sendable {
        package var path: String
        package var exists: Bool
        /// Found, but not readable as a file (a broken link).
        package var problem: Diagnostic?
        /// Found by a folder walk: opened relative to the walk's root.
        package var file: FolderFile?
    }

    /// Files are kept as given (with `soundsOnly`, only those a folder search would take: sounds
    /// by extension or content); folders are searched recursively for sounds (by extension or
    /// content), in sorted order, with the same walker as bundles. A folder without a sound is a
    /// finding of its own: a mistyped path must not pass a check.
    package static func expand(_ paths: [String], soundsOnly: Bool = false) -> [Target] {
        var targets: [Target] = []
        for path in paths {
            guard let kind = pathKind(path) else {
                targets.append(Target(path: path, exists: false))
                continue
            }
            guard kind == .folder else {
                if !soundsOnly || ContainerKind.isSoundName(path)
                    || looksLikeSound((try? SoundFile.open(path: path).read(at: 0, count: 16)) ?? [])
                {
                    targets.append(Target(path: path, exists: true))
                }
                continue
            }
            let root = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            let found = FolderScanner.scan(root: root, displayRoot: root, confineLinks: false)
            if found.isEmpty, !soundsOnly {
                targets.append(
                    Target(
                        path: path, exists: true,
                        problem: Rule.judge(walk: .noSounds)))
            }
            for sound in found {
                switch sound.content {
                case .file(let file):
                    targets.append(Target(path: sound.displayRoot + sound.relativePath, exists: true, file: file))
                case .problem(let diagnostic):
                    targets.append(
                        Target(path: sound.displayRoot + sound.relativePath, exists: true, problem: diagnostic))
                }
            }
        }
        return targets
    }
}
