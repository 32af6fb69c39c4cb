import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension BundleWideRules {
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
}
