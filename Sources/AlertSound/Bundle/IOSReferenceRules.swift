import AlertSoundCore

// iOS's reference rules, beside its resolver.
extension ReferenceResolver {
    /// iOS: a name is a file name, exactly, at the bundle's top level or in Library/Sounds.
    static let rules: [ReferenceRule<ReferenceResolver>] = [
        subPath, notReachablePath, missingExtension, caseMismatch, resourceBundle, localized, notReachable, notInTarget,
        installedAtRunTime, noSuchSound
    ]
}
