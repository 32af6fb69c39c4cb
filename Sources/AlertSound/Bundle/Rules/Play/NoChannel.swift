import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension PlayRules {
    /// FCM posts a message that names no channel on the manifest's default channel, else its own
    /// fallback channel; either way the message's sound is not the channel's.
    static let noChannel = PlayRule(
        RuleDescription(
            .noChannel, .error, .android,
            step: .channel,
            summary:
                "An Android message names a sound but no channel: on Android 8 and later FCM posts it on the manifest's default channel, else its fallback channel (the default sound), and its own sound is ignored.",
            details:
                "Judged for an Android project whose code was read; a message whose default channel plays the sound it names passes."
        ),
        triggering: [codeChannel(#"NotificationChannel("orders", "Orders", 4)"#, message: #""sound": "chime""#)],
        passing: [
            codeChannel(
                #"NotificationChannel("orders", "Orders", 4)"#, message: #""channel_id": "orders", "sound": "default""#),
            codeChannel(#"NotificationChannel("orders", "Orders", 4)"#, message: #""sound": "default""#)
        ]
    ) { p in
        guard p.platform == .android, p.reference.channel == nil, let name = p.reference.name, name != "default"
        else { return nil }
        switch p.channel {
        case .defaultChannel(let declaration)?:
            guard declaration.heard != .computed, declaration.resource != p.namedResource else { return nil }
            return Rule.Finding(
                "'\(name)' is sent without a channel: on Android 8 and later FCM posts it on the manifest's default channel \(declaration.id ?? ""),"
                    + " created at \(declaration.made) with \(declaration.plays), so \(declaration.plays) plays and '\(name)' is ignored\(p.olderDevices);"
                    + " send android.notification.channel_id of a channel created with '\(name)'")
        case .fallback(let defaultID)?:
            let channel =
                defaultID.map {
                    "the manifest's default channel \($0), which nothing in the app creates, so on FCM's fallback channel"
                }
                ?? "FCM's fallback channel (the manifest names no default channel)"
            return Rule.Finding(
                "'\(name)' is sent without a channel: on Android 8 and later it is posted on \(channel), which plays the default sound,"
                    + " and '\(name)' is ignored\(p.olderDevices); create a channel with this sound and send its ID as android.notification.channel_id"
            )
        default:
            return nil
        }
    }
}
