import AlertSoundCore

/// What the whole bundle knows beyond any one sound, gathered before the sounds are judged.
struct BundleFacts: Sendable {
    /// Names that collide, and sounds only in resource bundles.
    let names: NameFindings
    /// What keeps Android's raw resources through shrinking; `nil` outside an Android project.
    let keep: KeepRules?
    /// Shipped sounds that are not what the lock exported, by index.
    let stale: [Int: LockCheck.Stale]
    let lockPath: String
    /// Whether references were given: only then is a sound nobody names worth a note.
    let referencesGiven: Bool
    /// The sounds a reference or the lock names, by index.
    let referenced: Set<Int>
}

/// One sound as the bundle sees it, once judged on its own: its verdict so far, its neighbours.
struct SoundInBundle {
    let index: Int
    /// Its verdict, with the findings of the rules evaluated so far.
    var file: BundleFileReport
    let sounds: [FoundSound]
    let facts: BundleFacts

    var sound: FoundSound { sounds[index] }
}

/// A finding about one sound that only the whole bundle shows — its name beside the others', the
/// lock's record of it, what keeps it through shrinking, whether anything names it. The validator
/// evaluates each platform's list for every sound, in order, each rule seeing the findings of those
/// before it.
typealias SoundRule = SubjectRule<SoundInBundle>

/// The rules' example sound.
private let sound = BundleExample.sound

enum SoundRules {
    /// A rule whose finding is a message alone.
    private static func rule(
        _ description: RuleDescription, triggering: [BundleExample], passing: [BundleExample],
        _ says: @escaping @Sendable (SoundInBundle) -> String?
    ) -> SoundRule {
        SoundRule(description, triggering: triggering, passing: passing) { says($0).map { Rule.Finding($0) } }
    }

    static let ios: [SoundRule] = [ambiguousName, resourceBundle, channelStale, unreferenced]
    static let android: [SoundRule] = [mayBeShrunk, duplicateResource, channelStale, unreferenced]

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

    /// Two reachable sounds whose names differ only in case: on a device both exist, in the
    /// Simulator one shadows the other. The first of a group names every member once, the others
    /// only the first, so the output grows with the number of files, not with its square.
    static let ambiguousName = rule(
        RuleDescription(
            .ambiguousName, .warning, .bundle,
            step: .lookup,
            summary:
                "Two reachable sounds have names that differ only in case; the Simulator cannot tell them apart."),
        triggering: [
            BundleExample(shape: .ipa, files: [(path: "Chime.caf", bytes: sound), (path: "chime.caf", bytes: sound)])
        ],
        passing: [
            BundleExample(
                shape: .ipa, files: [(path: "Chime.caf", bytes: sound), (path: "Sounds/chime.caf", bytes: sound)])
        ]
    ) { s in
        guard let group = s.facts.names.collision(of: s.index) else { return nil }
        let first = group[0]
        if s.index == first {
            let others = group.dropFirst().map { "'\(s.sounds[$0].name)'" }.joined(separator: ", ")
            return
                "'\(s.sounds[first].name)' and \(others) differ only in case: the Simulator's case-insensitive file system sees one file"
        }
        return
            "'\(s.sound.name)' differs only in case from '\(s.sounds[first].name)'\(group.count > 2 ? " (and \(group.count - 2) more)" : ""):"
            + " the Simulator's case-insensitive file system sees one file"
    }

    /// Files of one `res/raw/` folder that give one resource name: aapt2 stops the build with
    /// "Duplicate resources". Named as ``ambiguousName`` names its group.
    static let duplicateResource = rule(
        Rule.androidBadName.description,
        triggering: [.android([(BundleExample.raw + "chime.ogg", sound), (BundleExample.raw + "chime.wav", sound)])],
        passing: [.android([(BundleExample.raw + "chime.ogg", sound), (BundleExample.raw + "bell.wav", sound)])]
    ) { s in
        guard let group = s.facts.names.collision(of: s.index) else { return nil }
        let first = group[0]
        let resource = AndroidRules.resourceName(of: s.sound) ?? ""
        if s.index == first {
            let names = group.map { "'\(s.sounds[$0].name)'" }.joined(separator: ", ")
            return
                "\(names) are all resource @raw/\(resource): aapt2 stops the build with \"Duplicate resources\"; keep one"
        }
        let more = group.count > 2 ? " (and \(group.count - 2) more)" : ""
        return "'\(s.sound.name)' and '\(s.sounds[first].name)'\(more) are all resource @raw/\(resource):"
            + " aapt2 stops the build with \"Duplicate resources\"; keep one"
    }

    /// Worth knowing before a payload names it (a sound also at a reachable place is fine).
    static let resourceBundle = rule(
        RuleDescription(
            .resourceBundle, .note, .bundle,
            step: .lookup,
            summary:
                "A sound only inside a `*.bundle` resource bundle (a Swift package's resources), where `UNNotificationSound(named:)` never looks: a note on the file, an error on a reference that names it.",
            details:
                "SwiftPM copies a package's resources into `<Package>_<Target>.bundle`."),
        triggering: [
            .app([("Kit_Sounds.bundle/chime.caf", sound)], names: ["chime.caf"]),
            BundleExample(shape: .packageResources, files: [(path: "chime.caf", bytes: sound)])
        ],
        passing: [.app([("Kit_Sounds.bundle/chime.caf", sound), ("chime.caf", sound)], names: ["chime.caf"])]
    ) { s in
        guard s.facts.names.onlyInResourceBundle(s.index) else { return nil }
        return
            "in a resource bundle (a Swift package's resources are copied into <Package>_<Target>.bundle): UNNotificationSound(named:) does not find"
            + " '\(s.sound.name)' there; to use it as a notification sound, add it to the app target's resources or copy it to Library/Sounds at run time"
    }

    /// A shipped file that is not the locked one, and the way out that does not loop: exporting
    /// again from a source inside the folder export writes is refused, and exporting over a file
    /// someone replaced on purpose would silently undo their change.
    static let channelStale = rule(
        RuleDescription(
            .channelStale, .error, .lock,
            step: .channel,
            summary:
                "With `--lock`: a shipped sound is not the file `export` wrote for its channel (their SHA-256 differ): its audio changed under an old channel ID, on which Android keeps playing the old sound.",
            details:
                "To ship the new sound, make it the lock's source and export (a new channel ID); to undo the change, export with `--force`. When the file is another file of the sound's resource name (an `x.wav` source copied beside the exported `x.ogg`), it is named to be removed: export refuses to write beside it."
        ),
        triggering: [
            {
                var e = BundleExample.app([("chime.caf", sound)])
                e.lock = BundleExample.lock(iosSHA256: String(repeating: "0", count: 64))
                return e
            }()
        ],
        passing: [
            {
                var e = BundleExample.app([("chime.caf", sound)])
                e.lock = BundleExample.lock(iosSHA256: SHA256.hex(sound))
                return e
            }()
        ]
    ) { s in
        guard let stale = s.facts.stale[s.index] else { return nil }
        let file = s.sound.name, entry = stale.entry, lockPath = s.facts.lockPath
        if let lockedFile = stale.lockedFile, file != lockedFile {
            return
                "\(file) is another file of the sound '\(entry.name)', whose exported file is \(lockedFile) (channel \(entry.channelId), \(lockPath)): "
                + "with two files of one resource name the build fails or ships the wrong one; remove \(file) (keep sources outside the folders export "
                + "writes), then export again"
        }
        let source = entry.source.isEmpty ? "its source" : "its source \(entry.source)"
        return
            "not the file exported for channel \(entry.channelId) (\(lockPath)): its sound changed under an old channel ID, and Android keeps playing "
            + "what the channel was created with on every existing install. To ship the new sound, make it \(source) (outside the folders export "
            + "writes) and export again, which gives it a new channel ID; to undo the change, export again, forced over the file"
    }

    /// Given references, a valid reachable sound none of them (nor the lock) names.
    static let unreferenced = rule(
        RuleDescription(
            .unreferenced, .note, .bundle,
            step: .lookup,
            summary:
                "Given references, a valid reachable sound that none of them names."),
        triggering: [.app([("chime.caf", sound), ("bell.caf", sound)], names: ["chime.caf"])],
        passing: [
            .app([("chime.caf", sound), ("bell.caf", sound)], names: ["chime.caf", "bell.caf"]),
            .app([("chime.caf", sound)])
        ]
    ) { s in
        guard s.facts.referencesGiven, s.file.location.isReachable, s.file.report.valid,
            !s.facts.referenced.contains(s.index),
            // Android code that plays it (`R.raw.name`, a MediaPlayer's in-app sound) uses it.
            !(s.file.resourceName.map { s.facts.keep?.referenced.contains($0) == true } ?? false)
        else { return nil }
        let name = s.file.resourceName.map { "@raw/" + $0 } ?? "'\(s.file.name)'"
        return "no reference names \(name); is it still needed?"
    }
}
