import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension ReferenceResolver {
    static let notInTarget = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .notInTarget, .error, .bundle,
            step: .lookup,
            summary:
                "With an Xcode project: a reference names a sound in the project's folder that no app target copies (an extension's resources are not the app's), so iOS plays the default sound.",
            details:
                "Add the sound to the app target's Copy Bundle Resources (Target Membership)."),
        triggering: [
            {
                var e = BundleExample(
                    shape: .xcodeProject,
                    files: [(path: "Runner/chime.caf", bytes: chime), (path: "Runner/stray.caf", bytes: chime)],
                    names: ["stray.caf"])
                e.copied = ["Runner/chime.caf"]
                return e
            }()
        ],
        passing: [
            {
                var e = BundleExample(
                    shape: .xcodeProject,
                    files: [(path: "Runner/chime.caf", bytes: chime), (path: "Runner/stray.caf", bytes: chime)],
                    names: ["chime.caf", "gone.caf"])
                e.copied = ["Runner/chime.caf"]
                return e
            }()
        ]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let path = sounds.uncopied(name) else { return nil }
        return (
            "\(path) is in the project's folder, but no app target copies it, so the app has no such sound and iOS plays the default one: "
                + "add it to the app target (Target Membership, or the Copy Bundle Resources phase)", nil
        )
    }
}
