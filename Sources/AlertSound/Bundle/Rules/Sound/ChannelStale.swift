import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension SoundRules {
    /// A shipped file that is not the locked one, and the way out that does not loop: exporting
    /// again from a source inside the folder export writes is refused, and exporting over a file
    /// someone replaced on purpose would silently undo their change.
    static let channelStale = rule(
        RuleDescription(
            .channelStale, .error, .lock,
            step: .channel,
            summary:
                "With `--lock`: a shipped sound is not the file `export` wrote for its channel (their SHA-256 differ): its audio changed under an old channel ID and file name, on which Android keeps playing the old sound, and iOS a sound it cached by file name.",
            details:
                "On existing installs the old sound goes on playing, on Android until the channel's ID changes, on iOS until the device restarts, while a fresh install plays the new one. To ship the new sound, make it the lock's source and export (a new channel ID), under a new name for iOS, whose file name export keeps; to undo the change, export with `--force`. When the file is another file of the sound's resource name (an `x.wav` source copied beside the exported `x.ogg`), it is named to be removed: export refuses to write beside it."
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
        if s.sound.location != .rawResource {
            // iOS keys its sound cache by file name (notes §1, §10): export keeps the name, so only
            // a new name reaches existing installs.
            return
                "not the file exported for the sound '\(entry.name)' (\(lockPath)): its audio changed under the same file name, and iOS keeps a "
                + "sound it has played cached by file name, so existing installs can go on playing the old one until the device restarts; a "
                + "fresh install plays the new one. To ship the new sound everywhere, give it a new name (rename \(source), outside the folders "
                + "export writes, and export again); to undo the change, export again, forced over the file"
        }
        return
            "not the file exported for channel \(entry.channelId) (\(lockPath)): its sound changed under an old channel ID, and Android keeps playing "
            + "what the channel was created with on every existing install. To ship the new sound, make it \(source) (outside the folders export "
            + "writes) and export again, which gives it a new channel ID; to undo the change, export again, forced over the file"
    }
}
