import AlertSoundCore

/// A sound Android plays (the shared example is a CAF, which it does not).
private let playable = [(name: "chime.wav", bytes: BundleExample.wav)]

extension PlayRules {
    /// On Android 8 and later a message plays its channel's sound; a channel whose ID or sound the
    /// app computes, or whose code is not read, cannot be judged: said, never passed as playing
    /// (issue 57: explain said the named sound plays where the apps' own channels said otherwise).
    static let channelNotRead = PlayRule(
        RuleDescription(
            .channelNotRead, .note, .android,
            step: .channel,
            summary:
                "An Android message's channel, whose sound plays on Android 8 and later, cannot be read: the app creates its channels with IDs, sounds or importance computed at run time, or its code is not read (an `.apk`). What it plays is not judged.",
            details:
                "`explain` says what plays cannot be told. Give the channel's ID and sound as literals or constants (`NotificationChannel(\"orders\", …)` with `setSound(…/raw/chime…)`), or `--lock` from `export`, to have it judged."
        ),
        triggering: [
            codeChannel(
                #"NotificationChannel(intent.getStringExtra("id"), "Orders", 4)"#,
                message: #""channel_id": "orders", "sound": "chime""#, raw: playable),
            // An importance computed at run time: whether the channel sounds is not known (issue 57).
            codeChannel(
                #"NotificationChannel("orders", "Orders", level).apply { setSound(Uri.parse("android.resource://x/raw/chime"), null) }"#,
                message: #""channel_id": "orders", "sound": "chime""#, raw: playable)
        ],
        passing: [
            codeChannel(
                #"NotificationChannel("orders", "Orders", 4).apply { setSound(Uri.parse("android.resource://x/raw/chime"), null) }"#,
                message: #""channel_id": "orders", "sound": "chime""#, raw: playable)
        ]
    ) { p in
        guard p.platform == .android, p.message, p.reference.name != "default" else { return nil }
        let computed: Bool
        var importance: String?
        switch p.channel {
        case nil: computed = false
        case .created(let declaration)?, .defaultChannel(let declaration)?:
            guard declaration.heard == .computed else { return nil }
            computed = true
            // Its importance computed at run time: whether it sounds at all is not known (issue 57).
            importance = declaration.importanceDecides
        default: return nil
        }
        let channel = p.reference.channel.map { "channel \($0)" } ?? "the channel it lands on"
        let why =
            importance.map { "the app creates \(channel) with \($0)" }
            ?? (computed
                ? "the app creates \(channel) with a sound computed at run time"
                : "the app creates its channels in code alertsound cannot read (IDs computed at run time, or code not read)")
        return Rule.Finding(
            "on Android 8 and later this message plays the sound of \(channel), and \(why): what it plays is not judged\(p.olderDevices)"
        )
    }
}
