import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension ReferenceResolver {
    static let noSuchSound = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .noSuchSound, .error, .bundle,
            step: .lookup,
            summary:
                "No reachable sound has the referenced name.",
            details:
                "A sound with the same name but another extension is named in the message (`x.caf` for `x.wav`). A warning instead when the app's code writes sounds into `Library/Sounds` at run time (`Library/Sounds`, a `\"Sounds\"` folder of the library directory or an app group's container, alertsound's `SoundInstaller`): iOS searches there first, so the name may be found there."
        ),
        triggering: [.app([("chime.caf", chime)], names: ["bell.caf"])],
        passing: [.app([("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        let sameStem = sounds.reachable(stem: SoundName(name).stem).map { "'\($0.name)'" }
        let hint =
            sameStem.isEmpty
            ? ""
            : "; the bundle has \(sameStem.joined(separator: ", ")): the name must match the file, extension included"
        return (
            "no sound named '\(name)' at the bundle's top level or in Library/Sounds\(hint); iOS will play the default sound",
            nil
        )
    }
}
