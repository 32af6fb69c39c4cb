import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension AndroidLibraries {
    /// The libraries an Android app at `root` declares: `package.json` and `pubspec.yaml` in the
    /// folder or the one above it (a React Native, Expo or Flutter app's root, which holds
    /// `android/`), and the Gradle files of the project and its modules one level down. Read only
    /// inside `confinement`, each file bounded; what cannot be read declares nothing.
    static func detect(near root: String, within confinement: Confinement) -> AndroidLibraries {
        var found = AndroidLibraries()
        func read(_ path: String) -> [UInt8]? {
            guard isFolder(path) == false, confinement.contains(path) else { return nil }
            return try? SoundReference.boundedContents(
                of: path, limit: Limits.maximumAndroidSourceBytes, what: "dependency manifest")
        }
        for folder in [root, parentFolder(root)] where confinement.contains(folder) {
            if let bytes = read(joinPath(folder, "package.json")) {
                found.read(packageJSON: bytes, file: joinPath(folder, "package.json"))
            }
            if let bytes = read(joinPath(folder, "pubspec.yaml")) {
                found.read(pubspec: String(decoding: bytes, as: UTF8.self), file: joinPath(folder, "pubspec.yaml"))
            }
        }
        let modules = [root] + AndroidProject.entries(of: root, type: UInt8(DT_DIR)).sorted().map { joinPath(root, $0) }
        for module in modules {
            for name in ["build.gradle", "build.gradle.kts"] {
                let path = joinPath(module, name)
                if let bytes = read(path) { found.read(gradle: String(decoding: bytes, as: UTF8.self), file: path) }
            }
        }
        return found
    }
}
