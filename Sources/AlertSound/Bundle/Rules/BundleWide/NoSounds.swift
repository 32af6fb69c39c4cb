import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension BundleWideRules {
    /// A plain folder with no sound at all is a mistyped path, a folder of sources, or sounds not
    /// yet built: `check` fails it, and so does this (it passed with "0 sounds … bundle valid").
    static let noSounds = BundleWideRule(
        Rule.noSoundsInFolder.description,
        triggering: [
            // `check`'s own no-sounds is the walk rule's (`Rule.noSoundsInFolder`), not this one's.
            BundleExample(shape: .folder, files: [(path: "notes.txt", bytes: Array("no sound here".utf8))]),
            BundleExample(shape: .folder, files: [(path: "lib/main.dart", bytes: Array("void main() {}".utf8))]),
            BundleExample(shape: .folder, files: [])
        ],
        passing: [
            BundleExample(shape: .folder, files: [(path: "chime.caf", bytes: sound)])
        ]
    ) { b in
        guard b.kind == .resources, b.sounds.isEmpty else { return [] }
        return [
            ReferenceReport(
                name: nil, source: b.root, field: nil, platform: b.platform, critical: false, resolvedPath: nil,
                diagnostics: [Rule.judge(walk: .noSounds)], strict: false)
        ]
    }
}
