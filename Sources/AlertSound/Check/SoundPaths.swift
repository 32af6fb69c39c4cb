import Foundation

/// Turns the paths a user names into the files to check.
public enum SoundPaths {
    public struct Target: Sendable, Hashable {
        public var path: String
        public var exists: Bool
    }

    /// Extensions that mark a file inside a folder as a sound to check.
    public static let soundExtensions: Set<String> = [
        "caf", "aif", "aiff", "aifc", "wav", "wave", "mp3", "m4a", "m4r", "aac", "flac", "ogg", "oga", "opus", "mp4", "au", "snd", "amr",
    ]

    /// Files are kept as given; folders are searched recursively for files with a sound extension,
    /// in sorted order. Symbolic links to folders are not followed, so the search always ends.
    public static func expand(_ paths: [String]) -> [Target] {
        var targets: [Target] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                targets.append(Target(path: path, exists: false))
                continue
            }
            guard isDirectory.boolValue else {
                targets.append(Target(path: path, exists: true))
                continue
            }
            targets += soundFiles(under: path).map { Target(path: $0, exists: true) }
        }
        return targets
    }

    static func soundFiles(under folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder)
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey], options: [],
            errorHandler: { _, _ in true }) else { return [] }
        var found: [String] = []
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let rootPath = root.standardizedFileURL.path
        for case let url as URL in walker {
            guard soundExtensions.contains(url.pathExtension.lowercased()) else { continue }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            if values?.isSymbolicLink == true {
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) == nil { continue }
            } else if values?.isRegularFile != true {
                continue
            }
            // Report paths the way the user spelled the folder.
            let full = url.standardizedFileURL.path
            let relative = full.hasPrefix(rootPath + "/") ? String(full.dropFirst(rootPath.count + 1)) : url.lastPathComponent
            found.append(prefix + relative)
        }
        return found.sorted()
    }
}
