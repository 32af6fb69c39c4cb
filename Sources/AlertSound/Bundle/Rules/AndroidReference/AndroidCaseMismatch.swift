import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension AndroidResolver {
    static let caseMismatch = ReferenceRule<AndroidResolver>(
        ReferenceResolver.caseMismatch.description,
        triggering: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["Chime"])],
        passing: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["chime"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let other = sounds.raw(ignoringCase: name) else { return nil }
        return (
            "'\(name)' matches @raw/\(AndroidRules.resourceName(of: other) ?? "") only with different case;"
                + " resource names are case-sensitive (and lowercase), and \(sounds.libraries.library(for: miss.reference).rule),"
                + " so Android plays the default sound",
            other
        )
    }
}
