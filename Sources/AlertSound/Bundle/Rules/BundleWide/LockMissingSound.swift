import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension BundleWideRules {
    static let lockMissingSoundDescription = RuleDescription(
        .lockMissingSound, .error, .lock,
        step: .lookup,
        summary:
            "With `--lock`: a sound the lock names is not shipped where the platform finds it.")

    static let lockMissingSound = BundleWideRule(
        lockMissingSoundDescription,
        triggering: [
            {
                var e = BundleExample.app([("bell.caf", sound)])
                e.lock = BundleExample.lock(iosSHA256: nil)
                return e
            }()
        ],
        passing: [
            {
                var e = BundleExample.app([("chime.caf", sound)])
                e.lock = BundleExample.lock(iosSHA256: nil)
                return e
            }()
        ]
    ) { b in
        capped(
            b.missing,
            { missing in
                ReferenceReport(
                    name: missing.name, source: b.lockPath, field: missing.field, platform: b.platform, critical: false,
                    resolvedPath: nil,
                    diagnostics: [
                        lockMissingSoundDescription.diagnostic(
                            missing.caseVariant.map {
                                "the lock has '\(missing.name)' (channel \(missing.entry.channelId)), and the app ships \($0), which differs in case: "
                                    + "a device's file names are case-sensitive, so the app's '\(missing.name)' finds nothing there (a Mac's disk and the Simulator find it); "
                                    + "export it again, or name the file as the lock does"
                            }
                                ?? b.uncopied[missing.name.lowercased()].map {
                                    "the lock has '\(missing.name)' (channel \(missing.entry.channelId)), and \($0) is in the project's folder, "
                                        + "but no app target copies it, so the app does not ship it: add it to the app target (Target Membership, "
                                        + "or the Copy Bundle Resources phase)"
                                }
                                ?? "the lock has '\(missing.name)' (channel \(missing.entry.channelId)), and the app ships no such sound: "
                                + "export it again, or remove it from the lock by exporting without it")
                    ], strict: false)
            },
            rest: { more in
                ReferenceReport(
                    name: nil, source: b.lockPath, field: "sounds", platform: b.platform, critical: false,
                    resolvedPath: nil,
                    diagnostics: [
                        lockMissingSoundDescription.diagnostic(
                            "and \(more) more locked \(more == 1 ? "sound" : "sounds") the app does not ship (the first \(maximumRepeatedFindings) are listed)"
                        )
                    ], strict: false)
            })
    }
}
