import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension BundleWideRules {
    static let resourceIdUriDescription = RuleDescription(
        .resourceIdUri, .warning, .android,
        step: .lookup,
        summary:
            "Kotlin or Java code builds a sound URI from `R.raw.name`'s resource ID, which shifts when a build adds or removes resources: a channel made with it plays another sound, or none, after such an update; use `/raw/name`.",
        details:
            "A text heuristic: statements naming `android.resource://` or `SCHEME_ANDROID_RESOURCE` (across a call split over lines, comments skipped, `getResourceEntryName(R.raw.name)` allowed); it misses an ID passed through a variable, hence a warning. Reported as a reference at its file and line."
    )

    static let resourceIdUri = BundleWideRule(
        resourceIdUriDescription,
        triggering: [
            .android([
                (BundleExample.raw + "chime.ogg", sound),
                (
                    "app/src/main/java/Alerts.kt",
                    Array(#"val uri = Uri.parse("android.resource://" + packageName + "/" + R.raw.chime)"#.utf8)
                )
            ])
        ],
        passing: [
            .android([
                (BundleExample.raw + "chime.ogg", sound),
                (
                    "app/src/main/java/Alerts.kt",
                    Array(#"val uri = Uri.parse("android.resource://" + packageName + "/raw/chime")"#.utf8)
                )
            ])
        ]
    ) { b in
        guard !b.idURIs.isEmpty else { return [] }
        let byName = Dictionary(
            b.sounds.map { (AndroidRules.resourceName(of: $0) ?? "", $0.displayPath) },
            uniquingKeysWith: { first, _ in first })
        return b.idURIs.map { use in
            ReferenceReport(
                name: "R.raw." + use.resource, source: "\(use.file):\(use.line)", field: nil, platform: .android,
                critical: false, resolvedPath: byName[use.resource],
                diagnostics: [
                    resourceIdUriDescription.diagnostic(
                        "a sound URI built from the resource ID R.raw.\(use.resource): aapt2 gives resources their IDs when the app is built, and "
                            + "they shift when a build adds or removes resources, so after such an update a channel created with it plays another "
                            + "sound, or none; build it from the name: "
                            + "\"android.resource://\" + packageName + \"/raw/\(use.resource)\"")
                ], strict: b.strict)
        }
    }
}
