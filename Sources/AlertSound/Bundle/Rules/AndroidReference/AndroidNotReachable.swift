import AlertSoundCore

extension AndroidResolver {
    // A sound outside res/raw is found only in an .apk, which examples do not build; iOS's stand for the code.
    static let notReachable = ReferenceRule<AndroidResolver>(
        ReferenceResolver.notReachable.description,
        triggering: [], passing: []
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let hidden = sounds.anywhere(stem: SoundName(name).resourceName),
            hidden.location != .rawResource
        else { return nil }
        return (
            "'\(name)' exists only as \(hidden.displayPath), outside res/raw/; Android finds notification sounds only as raw resources",
            hidden
        )
    }
}
