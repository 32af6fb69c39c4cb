import AlertSoundCore

/// What a bundle's lock, its project's sources and the folder itself show beyond its sounds and the
/// names payloads use, gathered before anything is reported.
struct BundleWide {
    let platform: Platform
    let root: String
    let kind: BundleKind
    let sounds: [FoundSound]
    let lockPath: String
    /// Locked sounds the app does not ship.
    var missing: [LockCheck.Missing] = []
    /// Channel IDs payloads ask for that the lock does not have (Android).
    var unknownChannels: [LockCheck.UnknownChannel] = []
    /// Sound URIs an Android project's sources build from resource IDs.
    var idURIs: [ResourceIDURIs.Use] = []
    var strict = false
    /// An Xcode project's sounds that no app target copies, by case-folded file name.
    var uncopied: [String: String] = [:]
}

/// A finding that belongs to no one sound or reference — a lock entry, a channel ID, a line of
/// code, the folder itself — reported as a reference of its own, after the bundle's references.
typealias BundleWideRule = BundleRule<BundleWide, [ReferenceReport]>

/// The rules' example sound.
private let sound = BundleExample.sound

/// The rules for a bundle as a whole, run in order.
enum BundleWideRules {
    static let all: [BundleWideRule] = [resourceIdUri, lockMissingSound, unknownChannel, noSounds]

    /// Findings of one kind beyond this many become one more that counts the rest: a lock of
    /// 50,000 sounds none of which ships says so in a page, not in 50,000 findings.
    static let maximumRepeatedFindings = 100

    /// The first ``maximumRepeatedFindings`` of `items` as `each` reports them, then one `rest`
    /// report counting the others.
    static func capped<Item>(
        _ items: [Item], _ each: (Item) -> ReferenceReport, rest: (_ more: Int) -> ReferenceReport
    ) -> [ReferenceReport] {
        var reports = items.prefix(maximumRepeatedFindings).map(each)
        if items.count > maximumRepeatedFindings { reports.append(rest(items.count - maximumRepeatedFindings)) }
        return reports
    }

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

    static let unknownChannelDescription = RuleDescription(
        .unknownChannel, .error, .lock,
        step: .channel,
        summary:
            "With `--lock`: a payload's `android.notification.channel_id` is none of the lock's channel IDs (or an older hash of a locked sound's)."
    )

    static let unknownChannel = BundleWideRule(
        unknownChannelDescription,
        triggering: [
            {
                var e = BundleExample.android([(BundleExample.raw + "chime.ogg", sound)])
                e.lock = BundleExample.lock(iosSHA256: nil)
                e.channelUses = [
                    SoundLock.ChannelUse(
                        id: "chime_00000000", source: "push.json", field: "android.notification.channel_id")
                ]
                return e
            }(),
            {
                var e = BundleExample.android([(BundleExample.raw + "chime.ogg", sound)])
                e.lock = BundleExample.lock(iosSHA256: nil)
                e.channelUses = [
                    SoundLock.ChannelUse(
                        id: "orders", source: "push.json", field: "android.notification.channel_id", sound: "chime")
                ]
                return e
            }()
        ],
        passing: [
            {
                var e = BundleExample.android([(BundleExample.raw + "chime.ogg", sound)])
                e.lock = BundleExample.lock(iosSHA256: nil)
                e.channelUses = [
                    SoundLock.ChannelUse(
                        id: SoundLock.channelID(name: "chime", contentHash: String(repeating: "ab", count: 32)),
                        source: "push.json", field: "android.notification.channel_id")
                ]
                return e
            }(),
            // The app's own channels: a payload with the default sound, or none, on a channel no exported sound uses.
            {
                var e = BundleExample.android([(BundleExample.raw + "chime.ogg", sound)])
                e.lock = BundleExample.lock(iosSHA256: nil)
                e.channelUses = [
                    SoundLock.ChannelUse(
                        id: "chat", source: "push.json", field: "android.notification.channel_id", sound: "default"),
                    SoundLock.ChannelUse(id: "news", source: "push.json", field: "android.notification.channel_id")
                ]
                return e
            }()
        ]
    ) { b in
        capped(
            b.unknownChannels,
            { unknown in
                let hint =
                    unknown.stale.map {
                        "; the lock's channel for '\($0.name)' is \($0.channelId) (its sound changed since this ID was made)"
                    } ?? ""
                return ReferenceReport(
                    name: unknown.use.id, source: unknown.use.source, field: unknown.use.field, platform: .android,
                    critical: false, resolvedPath: nil,
                    diagnostics: [
                        unknownChannelDescription.diagnostic(
                            "channel '\(unknown.use.id)' is not in the lock (\(b.lockPath))\(hint)")
                    ], strict: false)
            },
            rest: { more in
                ReferenceReport(
                    name: nil, source: b.lockPath, field: "channel_id", platform: .android, critical: false,
                    resolvedPath: nil,
                    diagnostics: [
                        unknownChannelDescription.diagnostic(
                            "and \(more) more channel IDs the lock does not know (the first \(maximumRepeatedFindings) are listed)"
                        )
                    ], strict: false)
            })
    }

    /// A plain folder with no sound at all is a mistyped path, a folder of sources, or sounds not
    /// yet built: `check` fails it, and so does this (it passed with "0 sounds … bundle valid").
    static let noSounds = BundleWideRule(
        Rule.noSoundsInFolder.description,
        triggering: [
            BundleExample(shape: .checkedFolder, files: [(path: "notes.txt", bytes: Array("no sound here".utf8))]),
            BundleExample(shape: .folder, files: [(path: "lib/main.dart", bytes: Array("void main() {}".utf8))]),
            BundleExample(shape: .folder, files: [])
        ],
        passing: [
            BundleExample(shape: .checkedFolder, files: [(path: "chime.caf", bytes: sound)]),
            BundleExample(shape: .folder, files: [(path: "chime.caf", bytes: sound)])
        ]
    ) { b in
        guard b.kind == .resources, b.sounds.isEmpty else { return [] }
        return [
            ReferenceReport(
                name: nil, source: b.root, field: nil, platform: b.platform, critical: false, resolvedPath: nil,
                diagnostics: [Rule.judge(walk: .noSounds)], strict: false)
        ]
    }
}
