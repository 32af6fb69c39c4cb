import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension RuleCatalog {
    /// Made by ``ValidationRun`` after every bundle, for the names of a platform none of them is.
    static let noAppForPlatform = ReadingRule(
        description: RuleDescription(
            .noAppForPlatform, .error, .bundle,
            step: .lookup,
            summary:
                "A name is meant for a platform (an FCM `android` sound, `android:NAME`) that none of the paths given is an app of, so it was not judged.",
            details:
                "Give that platform's app too (a repository root holding both, the Android project or `.apk`, the Xcode project or `.app`); `--platform` leaves the other platform's names out on purpose."
        ),
        triggering: [.app([("chime.caf", sound)], names: ["android:chime"])],
        passing: [.app([("chime.caf", sound)], names: ["ios:chime.caf"])])
}
