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
    /// Channels made for each value of a helper's parameter (``ChannelFamily``), in order.
    private(set) var families: [ChannelDeclaration] = []
    /// Families a channel ID is matched against: each lookup costs at most this many.
    static let maximumFamilies = 64
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
            if declaration.id == nil, declaration.family != nil { families.append(declaration) }
            guard let id = declaration.id, byID[id] == nil else { continue }
            byID[id] = declaration
        }
    }

    /// The channel of ID `id` the code creates: declared with it, else made by the one family
    /// whose IDs it is among (several that make it differently: not told).
    func declaration(_ id: String) -> ChannelDeclaration? {
        if let declared = byID[id] { return declared }
        let made = families.prefix(Self.maximumFamilies).compactMap { $0.member(id) }
        guard let first = made.first, made.allSatisfy({ $0.heard == first.heard }) else { return nil }
        return first
    }

    /// What decides the sound of a message sent with `reference` (an Android payload's name, with
    /// the channel the same message names).
    func outcome(of reference: SoundReference) -> ChannelOutcome? {
        guard codeRead || !locked.isEmpty else { return nil }
        if let id = reference.channel {
            if let declaration = declaration(id) { return .created(declaration.created(by: reference)) }
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
            if let declaration = declaration(id) { return .defaultChannel(declaration.created(by: reference)) }
            if let entry = locked[id] { return .locked(id: id, entry) }
        }
        return codeRead ? .fallback(defaultID: facts?.defaultChannel) : nil
    }

    /// A message's name as the resource its channel plays, where the two are one file by the
    /// project's spelling: the build lowercases resource names (.NET for Android: the file
    /// `notifMessage.flac` is `notifmessage`) and every device the app installs on plays the
    /// channel's sound (minSdk 26 and later), so the name is never looked up as given. Elsewhere
    /// it is looked up as given: FCM's lookup is exact, and below Android 8 `notifMessage` finds
    /// nothing (issue 57).
    func spelledAsBuilt(_ reference: SoundReference) -> SoundReference {
        guard facts?.lowercasesResourceNames == true, (facts?.minSdk ?? 0) >= 26, let name = reference.name,
            name != "default", reference.channel != nil, case .created(let declaration)? = outcome(of: reference),
            let resource = declaration.resource, resource != name,
            SoundName(name).namedResource(resolved: nil, buildLowercases: true) == resource
        else { return reference }
        var spelled = reference
        spelled.name = resource
        return spelled
    }

    /// A message's name replaced by the sound its channel plays, when it names none (an Expo push
    /// message's `channelId`): the channel's sound is what is judged.
    func namedByChannel(_ reference: SoundReference) -> SoundReference {
        guard reference.name == nil, reference.problems.isEmpty, let id = reference.channel else { return reference }
        var played = reference
        if let declaration = declaration(id) {
            switch declaration.heard {
            case .resource(let name):
                played.name = name
                played.library = declaration.library ?? .fcm
            case .defaultSound, .silent, .computed, .notificationsOwn: played.name = "default"
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

extension ChannelDeclaration {
    /// The channel as `reference`'s message finds it when that message is the first posted on
    /// it: a channel made with the notification's own sound (``ChannelSound/notificationsOwn(dropping:)``)
    /// plays the resource the message's name makes, or the default sound when it names none;
    /// every other channel is as declared. A channel keeps its first sound, so a later message
    /// naming another plays the first one's: the origin says so.
    func created(by reference: SoundReference) -> ChannelDeclaration {
        guard case .notificationsOwn(let dropping) = sound else { return self }
        var made = self
        let channel = id.map { "channel \($0)" } ?? "the channel"
        if let name = reference.name, name != "default" {
            let resource = ChannelSound.ownResource(of: name, dropping: dropping)
            made.sound = .resource(resource)
            made.library = nil
            made.origin =
                "\(channel) is created with the sound of the notification that first creates it: '\(resource)' when this message is the first posted on it; a channel keeps its first sound, so after another notification created it, that one's sound plays"
        } else {
            made.sound = .defaultSound
            made.origin =
                "\(channel) is created with the sound of the notification that first creates it, and the default sound when it names none"
        }
        if let before = origin { made.origin = before + "; " + (made.origin ?? "") }
        return made
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
