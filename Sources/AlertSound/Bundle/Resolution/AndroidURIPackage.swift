import AlertSoundCore

extension AndroidResolver {
    /// A channel's sound URI that names its package as a literal (``ChannelDeclaration/uriPackage``)
    /// where some release build of the app installs under another package (a flavor's or the
    /// release build type's `applicationIdSuffix`, another `applicationId`): Android opens an
    /// `android.resource://PACKAGE/…` URI through that package's resources, and in those builds it
    /// is not installed, so the channel's URI finds no sound (issue 57). What a device then plays is
    /// not established (frameworks-facts, "What could not be verified", item 2): validate-bundle
    /// fails the channel's sound (no-such-sound) and explain says it cannot be told. nil when every
    /// release build is that package, or the packages are not known.
    static func foreignPackage(_ channel: ChannelDeclaration, facts: AndroidAppFacts?) -> String? {
        guard let package = channel.uriPackage, let packages = facts?.releasePackages, !packages.isEmpty else {
            return nil
        }
        let others = packages.filter { $0 != package }
        guard !others.isEmpty else { return nil }
        let builds =
            others.count == packages.count
            ? "the app's release builds install as \(packages.joined(separator: ", "))"
            : "the release builds that install as \(others.joined(separator: ", ")) (of \(packages.joined(separator: ", ")))"
        return
            "the channel's sound URI names the package \(package) at \(channel.position.file):\(channel.position.line), but \(builds) (applicationId and applicationIdSuffix of the flavors and release build type): Android opens an android.resource URI through the named package's resources, so there it finds no sound; build the URI from the installed package (context.packageName)"
    }
}
