import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension PlayRules {
    /// Android 8 and later play a notification's channel's sound, fixed when the channel was
    /// created; a payload's sound on a channel made for another sound is ignored (it was reported
    /// as playing).
    static let channelSoundMismatch = PlayRule(
        RuleDescription(
            .channelSoundMismatch, .error, .android,
            step: .channel,
            summary:
                "A message names one sound on a channel the app's code (or the lock) made with another, or below IMPORTANCE_DEFAULT (which plays none); on Android 8 and later the channel's sound plays and the message's is ignored."
        ),
        triggering: [
            channelMessage("ding"),
            codeChannel(
                #"NotificationChannel("orders", "Orders", 4).apply { setSound(Uri.parse("android.resource://x/raw/chime"), null) }"#,
                message: #""channel_id": "orders", "sound": "ding""#),
            // Below IMPORTANCE_DEFAULT a channel plays no sound, its own neither (issue 57).
            codeChannel(
                #"NotificationChannel("orders", "Orders", NotificationManager.IMPORTANCE_LOW).apply { setSound(Uri.parse("android.resource://x/raw/chime"), null) }"#,
                message: #""channel_id": "orders", "sound": "chime""#)
        ],
        passing: [
            channelMessage("chime"), channelMessage("default"),
            codeChannel(
                #"NotificationChannel("orders", "Orders", 4).apply { setSound(Uri.parse("android.resource://x/raw/chime"), null) }"#,
                message: #""channel_id": "orders", "sound": "chime""#)
        ]
    ) { p in
        guard p.platform == .android, let channel = p.reference.channel, let name = p.reference.name, name != "default"
        else { return nil }
        switch p.channel {
        case .created(let declaration)?:
            guard declaration.heard != .computed, declaration.resource != p.namedResource else { return nil }
            return Rule.Finding(
                "'\(name)' is sent on channel \(channel), which the app creates at \(declaration.made) with \(declaration.plays):"
                    + " on Android 8 and later a notification plays its channel's sound, fixed when the channel is first created,"
                    + " so \(declaration.plays) plays and '\(name)' is ignored\(p.olderDevices); send a channel created with '\(name)'"
            )
        case .locked(_, let entry)?:
            guard let plays = entry.android, p.namedResource != plays else { return nil }
            return Rule.Finding(
                "'\(name)' is sent on channel \(channel), which the lock made for '\(plays)': on Android 8 and later a notification plays "
                    + "its channel's sound, fixed when the channel was created, so '\(plays)' plays and '\(name)' is ignored; send the channel of the sound you mean"
            )
        default:
            return nil
        }
    }
}
