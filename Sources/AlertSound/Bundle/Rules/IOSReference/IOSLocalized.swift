import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension ReferenceResolver {
    static let localized = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .localized, .error, .bundle,
            step: .lookup,
            summary:
                "The referenced sound exists only inside a `.lproj` folder; sounds must be non-localized."),
        triggering: [.app([("en.lproj/chime.caf", chime)], names: ["chime.caf"])],
        passing: [.app([("en.lproj/chime.caf", chime), ("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let hidden = sounds.anywhere(ignoringCase: name), hidden.location == .localized else {
            return nil
        }
        return (
            "'\(name)' exists only as \(hidden.displayPath), inside a .lproj folder; notification sounds must be non-localized resources at the bundle's top level",
            hidden
        )
    }
}
