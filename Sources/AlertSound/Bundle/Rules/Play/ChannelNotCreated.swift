import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension PlayRules {
    /// A message on a channel that the app never creates is posted on FCM's fallback channel.
    static let channelNotCreated = PlayRule(
        RuleDescription(
            .channelNotCreated, .error, .android,
            step: .channel,
            summary:
                "A message names a channel that nothing in the app's code creates: FCM posts it on its fallback channel, which plays the default sound.",
            details:
                "Judged when the app's code was read and no channel's ID is computed; with `--lock`, `unknown-channel` says it instead."
        ),
        triggering: [
            codeChannel(
                #"NotificationChannel("orders", "Orders", 4)"#, message: #""channel_id": "news", "sound": "default""#)
        ],
        passing: [
            codeChannel(
                #"NotificationChannel("orders", "Orders", 4)"#, message: #""channel_id": "orders", "sound": "default""#)
        ]
    ) { p in
        guard p.platform == .android, !p.lockGiven, case .missing(let id, _, let dropped)? = p.channel else {
            return nil
        }
        if let dropped {
            return Rule.Finding(
                "channel \(id) is created nowhere in the app's code, and \(dropped.rawValue) creates none itself: Android 8 and later drop a notification posted on a channel that does not exist, so it is not shown and no sound plays;"
                    + " create the channel (with its sound) before the first notification")
        }
        return Rule.Finding(
            "channel \(id) is created nowhere in the app's code: FCM posts the message on its fallback channel, which plays the default sound\(p.reference.name.map { $0 == "default" ? "" : ", not '\($0)'" } ?? "");"
                + " create the channel (with its sound) before the first message arrives")
    }
}
