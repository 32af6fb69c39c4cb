import AlertSoundCore

/// The notification channels an Android app has, from its code (``ChannelDeclaration``) and the
/// lock export wrote, and what each message's channel makes of its sound. On Android 8 and later
/// a notification plays its channel's sound, fixed when the channel is first created; FCM posts a
/// message to the channel it names, else the manifest's default channel, else its own fallback
/// channel (which plays the default sound), and ignores the message's own `sound` (notes §5).
struct ChannelBook: Sendable {
    /// The first declaration of each ID: the one created first wins (a channel keeps the sound it
    /// was first made with), and an explicit channel (`AndroidNotificationChannel`,
    /// `NotificationChannel`) before details that create one only if it is missing.
    private(set) var byID: [String: ChannelDeclaration] = [:]
    /// Whether some channel's ID is computed, so an ID nothing names may still be made.
    let someComputed: Bool
    /// Whether the app's code was read: without it nothing is known to be missing.
    let codeRead: Bool
    /// The lock's channels, by ID: export made them, and the app creates them from its constants.
    let locked: [String: SoundLock.Entry]
    let facts: AndroidAppFacts?
    /// The libraries the app declares: which posts a message, and whether it is dropped on a
    /// channel nothing creates.
    let libraries: AndroidLibraries

    init(scan: BundleScan, lock: SoundLock?) {
        codeRead = scan.codeRead
        facts = scan.facts
        libraries = scan.libraries
        someComputed = scan.channels.contains { $0.id == nil }
        locked = Dictionary((lock?.sounds ?? []).map { ($0.channelId, $0) }, uniquingKeysWith: { a, _ in a })
        // Explicit channels first (their calls are named for it), then the details that make one.
        let ordered = scan.channels.enumerated().sorted { a, b in
            let (x, y) = (a.element.implicit, b.element.implicit)
            return x != y ? !x : a.offset < b.offset
        }.map(\.element)
        for declaration in ordered {
            guard let id = declaration.id, byID[id] == nil else { continue }
            byID[id] = declaration
        }
    }

    /// What decides the sound of a message sent with `reference` (an Android payload's name, with
    /// the channel the same message names).
    func outcome(of reference: SoundReference) -> ChannelOutcome? {
        guard codeRead || !locked.isEmpty else { return nil }
        if let id = reference.channel {
            if let declaration = byID[id] { return .created(declaration) }
            if let entry = locked[id] { return .locked(id: id, entry) }
            // The library that posts it: one that creates no channel itself has it dropped (issue 57).
            let poster = reference.library ?? libraries.pushHandler
            return codeRead && !someComputed
                ? .missing(
                    id: id, created: byID.keys.sorted().prefix(10).compactMap { byID[$0] },
                    droppedBy: libraries.dropsOnMissingChannel(poster) ? poster : nil) : nil
        }
        // A message without a channel: FCM's choice (Expo's push service always names one, or its own default).
        if let id = facts?.defaultChannel {
            if let declaration = byID[id] { return .defaultChannel(declaration) }
            if let entry = locked[id] { return .locked(id: id, entry) }
        }
        return codeRead ? .fallback(defaultID: facts?.defaultChannel) : nil
    }

    /// A message's name replaced by the sound its channel plays, when it names none (an Expo push
    /// message's `channelId`): the channel's sound is what is judged.
    func namedByChannel(_ reference: SoundReference) -> SoundReference {
        guard reference.name == nil, reference.problems.isEmpty, let id = reference.channel else { return reference }
        var played = reference
        if let declaration = byID[id] {
            switch declaration.sound {
            case .resource(let name):
                played.name = name
                played.library = declaration.library ?? .fcm
            case .defaultSound, .silent, .computed: played.name = "default"
            }
        } else if let entry = locked[id] {
            played.name = entry.android ?? "default"
            played.library = .fcm
        } else {
            played.name = "default"
        }
        return played
    }
}

/// What decides a message's sound on Android 8 and later.
enum ChannelOutcome: Sendable {
    /// The channel the message names, created in the app's code.
    case created(ChannelDeclaration)
    /// The channel the message names is one the lock made.
    case locked(id: String, SoundLock.Entry)
    /// The message names a channel nothing in the app creates: FCM's fallback channel, or, when
    /// `droppedBy` posts it (a library that creates no channel itself), no notification at all.
    /// `created`: the first channels the app does create, by ID (the one meant is usually among them).
    case missing(id: String, created: [ChannelDeclaration], droppedBy: AndroidLibrary?)
    /// The message names none: the manifest's default channel, created in the code.
    case defaultChannel(ChannelDeclaration)
    /// The message names none, and no default channel is created: FCM's fallback channel.
    case fallback(defaultID: String?)
}
