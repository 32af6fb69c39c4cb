import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension AndroidResolver {
    static let noSuchSoundExtension = ReferenceRule<AndroidResolver>(
        ReferenceResolver.noSuchSound.description,
        triggering: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["chime.ogg"])],
        passing: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["chime"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        let stem = SoundName(name).resourceName
        guard stem != name, let file = sounds.raw(named: stem) else { return nil }
        return (
            "'\(name)' has an extension, and \(sounds.libraries.library(for: miss.reference).rule) (raw resources"
                + " have no extension), so it finds nothing and plays the default sound. Send '\(stem)' (for"
                + " \(file.displayPath)) to Android", file
        )
    }
}
