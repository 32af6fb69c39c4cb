import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension ReferenceResolver {
    static let resourceBundle = ReferenceRule<ReferenceResolver>(
        SoundRules.resourceBundle.description, severity: .error,
        triggering: [.app([("Kit_Sounds.bundle/chime.caf", chime)], names: ["chime.caf"])],
        passing: [.app([("Kit_Sounds.bundle/chime.caf", chime), ("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let hidden = sounds.anywhere(ignoringCase: name), hidden.location == .resourceBundle else {
            return nil
        }
        return (
            "'\(name)' exists only as \(hidden.displayPath), inside a resource bundle (SwiftPM copies a package's"
                + " resources into <Package>_<Target>.bundle); UNNotificationSound(named:) searches only the main bundle's top level and Library/Sounds,"
                + " so the default sound plays. Add the sound to the app target's own resources, or copy it to Library/Sounds at run time",
            hidden
        )
    }
}
