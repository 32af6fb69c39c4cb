import AlertSoundCore

// Android's reference rules, beside its resolver.
extension AndroidResolver {
    /// Android: a name is a raw resource's name, without extension, exactly.
    static let rules: [ReferenceRule<AndroidResolver>] = [
        noSuchSoundPath, noSuchSoundExtension, caseMismatch, notReachable, noSuchSound
    ]
}
