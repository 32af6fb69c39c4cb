import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension ReferenceResolver {
    /// A name the bundle lacks, in an app whose code writes sounds into `Library/Sounds` at run
    /// time: iOS searches there first, so only the device can tell; a warning, not `noSuchSound`'s error.
    static let installedAtRunTime = ReferenceRule<ReferenceResolver>(
        noSuchSound.description, severity: .warning,
        triggering: [installing(names: ["tone.caf"])],
        passing: [installing(names: ["chime.caf"])]
    ) { miss in
        guard let installer = miss.lookup.installer else { return nil }
        return (
            "'\(miss.name)' is not in the bundle, but the app's code writes sounds into Library/Sounds at run time"
                + " (\(installer.file):\(installer.line)), which iOS searches first: it plays if the app put it there, else the default sound",
            nil
        )
    }

    /// An Xcode project copying chime.caf whose Swift writes sounds into Library/Sounds, and `names`.
    private static func installing(names: [String]) -> BundleExample {
        let code = #"let folder = URL.libraryDirectory.appending(components: "Sounds")"#
        var e = BundleExample(
            shape: .xcodeProject,
            files: [(path: "App/chime.caf", bytes: chime), (path: "App/Tones.swift", bytes: Array(code.utf8))])
        e.copied = ["App/chime.caf"]
        e.names = names
        return e
    }
}
