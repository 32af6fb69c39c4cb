import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension AndroidResolver {
    static let noSuchSoundPath = ReferenceRule<AndroidResolver>(
        ReferenceResolver.noSuchSound.description,
        triggering: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["raw/chime"])],
        passing: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["chime"])]
    ) { miss in
        let name = miss.name
        guard name.contains("/") else { return nil }
        return ("'\(name)' is a path; Android names a sound by its res/raw resource name alone", nil)
    }
}
