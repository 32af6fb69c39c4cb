import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension SoundRules {
    /// A raw resource nothing keeps through resource shrinking. A name the build refuses has no
    /// resource to keep.
    static let mayBeShrunk = rule(
        RuleDescription(
            .androidMayBeShrunk, .warning, .android,
            step: .shrinking,
            summary:
                "In a project, nothing keeps the sound through resource shrinking, so a release build may drop it.",
            details:
                "No `tools:keep` rule covers it (`res/raw/keep.xml` or any resource XML, `@raw/name` or `@raw/*`), no Kotlin or Java names `R.raw.name` and no XML (the manifest, any resource XML) names `@raw/name`, outside comments. Shrinking is on when a Gradle file (Groovy or Kotlin DSL) turns it on (`shrinkResources true`, `isShrinkResources = true`) or the app is built by Flutter's Gradle plugin, which shrinks release builds unless the app turns it off; not raised when the build files leave it off; a raw folder given without its build files is warned of as if it were shrunk."
        ),
        triggering: [
            .android([
                (BundleExample.raw + "chime.ogg", sound),
                (
                    BundleExample.raw + "keep.xml",
                    Array(#"<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/other"/>"#.utf8)
                )
            ])
        ],
        passing: [
            .android([
                (BundleExample.raw + "chime.ogg", sound),
                (
                    BundleExample.raw + "keep.xml",
                    Array(#"<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/*"/>"#.utf8)
                )
            ])
        ]
    ) { s in
        guard let keep = s.facts.keep, let name = s.file.resourceName,
            !s.file.report.diagnostics.contains(where: { $0.code == .androidBadName }), !keep.keeps(name)
        else { return nil }
        let shrinking =
            keep.shrinks == true
            ? "\(keep.shrinkReason ?? "a build file turns shrinkResources on"), so "
            : "if a release build shrinks resources, "
        return
            "nothing keeps @raw/\(name) through resource shrinking: no keep rule covers it and no code (R.raw.\(name)) or XML (@raw/\(name)) names it (a name in a payload or a string does not count); "
            + shrinking
            + "the release build may drop it (the shrinker's default safe mode keeps it only if a string in the code happens to equal its name), and then the default sound plays. Add res/raw/keep.xml with tools:keep=\"@raw/\(name)\" (or \"@raw/*\")"
    }
}
