import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension RuleCatalog {
    /// Made where the app's code is read (``CodeSounds``).
    static let computedName = ReadingRule(
        description: CodeSounds.computedName,
        triggering: [swift("let s = UNNotificationSound(named: UNNotificationSoundName(rawValue: chosen))")],
        passing: [swift("let s = UNNotificationSound(named: UNNotificationSoundName(rawValue: \"chime.caf\"))")])

    /// An Xcode project copying chime.caf, and a Swift file holding `code`.
    private static func swift(_ code: String) -> BundleExample {
        var e = BundleExample(
            shape: .xcodeProject,
            files: [(path: "App/chime.caf", bytes: sound), (path: "App/Alerts.swift", bytes: Array(code.utf8))])
        e.copied = ["App/chime.caf"]
        return e
    }
}
