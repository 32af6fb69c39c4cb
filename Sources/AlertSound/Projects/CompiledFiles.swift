import AlertSoundCore

/// Which of the source files under an app's code root its build compiles, where the project says:
/// an Xcode project lists each target's Sources phase and synchronized folders, and a file that
/// only another app's targets compile names no sound of this app (issue 57: a macOS launcher beside
/// an iOS app failed on the iOS app's critical alerts, read from code only the iOS app builds).
///
/// A file the project compiles for no target is kept: it is code the project does not describe (a
/// Swift package's, Flutter's Dart, React Native's JavaScript), read as before.
struct CompiledFiles: Sendable {
    /// Files and folders, as the project's text places them (collapsed paths).
    struct Files: Sendable {
        var files: Set<String> = []
        /// Synchronized folders with the files they leave out (paths relative to the folder).
        var folders: [String: Set<String>] = [:]

        func contains(_ path: String) -> Bool {
            if files.contains(path) { return true }
            // A file's folders, nearest first: at most as many as its path has parts.
            var folder = path
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                if let excluded = folders[folder] {
                    let relative = String(path.dropFirst(folder.count + 1))
                    if !excluded.contains(relative) { return true }
                }
                if folder.isEmpty { break }
            }
            return false
        }

        mutating func formUnion(_ other: Files) {
            files.formUnion(other.files)
            for (folder, excluded) in other.folders {
                // A file is compiled unless every target holding the folder leaves it out.
                if let known = folders[folder] {
                    folders[folder] = known.intersection(excluded)
                } else {
                    folders[folder] = excluded
                }
            }
        }
    }

    /// What the app's own targets, and the targets they depend on (its extensions, its
    /// frameworks), compile.
    var own = Files()
    /// What all the project's targets compile.
    var all = Files()

    /// Whether the code at `path` belongs to another app only: compiled by some target of the
    /// project, none of them this app's.
    func excludes(_ path: String) -> Bool {
        let path = collapsedPath(path)
        return !own.contains(path) && all.contains(path)
    }
}
