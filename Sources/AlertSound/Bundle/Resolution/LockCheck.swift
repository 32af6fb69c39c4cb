import AlertSoundCore

/// What a lock (``SoundLock``) says about a bundle: a shipped sound that is not the file exported
/// for its channel (`channel-stale`), a locked sound not shipped (`lock-missing-sound`), and a
/// payload naming a channel the lock does not know (`unknown-channel`).
struct LockCheck: Sendable {
    let lock: SoundLock
    let path: String

    /// A shipped sound whose bytes are not the ones exported for its channel: the lock's entry,
    /// and the file name export wrote for it.
    struct Stale: Sendable {
        let entry: SoundLock.Entry
        let lockedFile: String?
    }

    /// A locked sound the app does not ship, by the name the platform would know it by.
    struct Missing: Sendable {
        let entry: SoundLock.Entry
        let name: String
        /// Where the lock names it (`sounds[3].ios`).
        let field: String
        /// A shipped sound whose name differs from the lock's only in case (`A.caf` for `a.caf`):
        /// found on a Mac's disk and in the Simulator, not on a device.
        var caseVariant: String? = nil
    }

    /// A channel ID a payload asks for that the lock does not have; `stale`: the locked sound
    /// whose older ID it looks like.
    struct UnknownChannel: Sendable {
        let use: SoundLock.ChannelUse
        let stale: SoundLock.Entry?
    }

    /// The shipped sounds (by index) that are not what the lock exported (``SoundRule``'s
    /// `channel-stale` says so) and the locked sounds not found (``BundleWideRule``'s
    /// `lock-missing-sound`). Linear: the sounds are indexed by name once, and each entry looks
    /// itself up. `locked`: the sounds the lock names, which count as referenced (no
    /// `unreferenced` note).
    func judge(
        _ sounds: [FoundSound], platform: Platform
    ) -> (stale: [Int: Stale], missing: [Missing], locked: Set<Int>) {
        var files: [Int: Stale] = [:]
        var locked: Set<Int> = []
        var missing: [Missing] = []
        // By the exact name: the lock's name is what the app asks for (its generated constants), and
        // a device's file names are case-sensitive. A case variant is only told apart in the finding.
        var byName: [String: [Int]] = [:]
        var byFolded: [String: Int] = [:]
        for i in sounds.indices where sounds[i].location.isReachable {
            let key: String?
            switch platform {
            case .android: key = AndroidRules.resourceName(of: sounds[i])
            case .ios:
                key = sounds[i].name
                if byFolded[samePathKey(sounds[i].name)] == nil { byFolded[samePathKey(sounds[i].name)] = i }
            }
            if let key { byName[key, default: []].append(i) }
        }
        for (n, entry) in lock.sounds.enumerated() {
            let wanted: String?, expected: String?, field: String
            switch platform {
            case .android: (wanted, expected, field) = (entry.android, entry.androidSHA256, "sounds[\(n)].android")
            case .ios: (wanted, expected, field) = (entry.ios, entry.iosSHA256, "sounds[\(n)].ios")
            }
            guard let wanted else { continue }
            let found = byName[wanted] ?? []
            guard !found.isEmpty else {
                let variant = platform == .ios ? byFolded[samePathKey(wanted)].map { sounds[$0].displayPath } : nil
                missing.append(Missing(entry: entry, name: wanted, field: field, caseVariant: variant))
                continue
            }
            locked.formUnion(found)
            guard let expected else { continue }
            let lockedFile = platform == .android ? entry.androidFile : entry.ios
            for i in found {
                guard let actual = Self.hash(sounds[i]), actual != expected else { continue }
                files[i] = Stale(entry: entry, lockedFile: lockedFile)
            }
        }
        return (files, missing, locked)
    }

    /// The channel IDs payloads ask for that the lock does not know (``BundleWideRule``'s
    /// `unknown-channel` says so). The lock speaks for the sounds
    /// it names: an unknown channel is a finding when the payload asks for a sound on it, or when
    /// its ID is a locked sound's under an older hash; an app's other channels (a payload with no
    /// sound, or `default`) are none of its business.
    func unknownChannels(_ uses: [SoundLock.ChannelUse]) -> [UnknownChannel] {
        let known = Set(lock.sounds.map(\.channelId))
        var byName: [String: SoundLock.Entry] = [:]
        for entry in lock.sounds { byName[entry.name] = entry }
        // export's IDs are NAME_ and 8 hex digits: the name is what comes before. An app's own
        // channel that merely starts with a locked name (`a_vip` beside `a`) is none of the lock's.
        func stale(_ use: SoundLock.ChannelUse) -> SoundLock.Entry? {
            guard let underscore = use.id.lastIndex(of: "_") else { return nil }
            let hash = use.id[use.id.index(after: underscore)...]
            guard hash.utf8.count == 8,
                hash.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
            else { return nil }
            return byName[String(use.id[..<underscore])]
        }
        let unknown = uses.filter { use in
            !known.contains(use.id)
                && (stale(use) != nil || (use.sound.map { $0 != "default" && !$0.isEmpty } ?? false))
        }
        return unknown.map { UnknownChannel(use: $0, stale: stale($0)) }
    }

    /// SHA-256 of a found sound's bytes, or nil when they cannot be read (its own finding says why).
    static func hash(_ sound: FoundSound) -> String? {
        let source: ByteSource
        switch sound.content {
        case .file(let file):
            guard let opened = try? file.open() else { return nil }
            source = opened
        case let .archiveEntry(archive, entry):
            guard let opened = try? archive.source(for: entry) else { return nil }
            source = opened
        case .problem: return nil
        }
        return try? SHA256.hex(reading: source)
    }
}

extension SoundLock {
    /// A notification channel ID a push payload asks for.
    public struct ChannelUse: Sendable, Hashable {
        /// The channel ID.
        public var id: String
        /// The payload file.
        public var source: String
        /// Where in it (`message.android.notification.channel_id`).
        public var field: String
        /// The sound the same message asks for, if any (`default` is the default sound).
        public var sound: String?

        /// A channel ID asked for by `source` at `field`, with the message's `sound`.
        public init(id: String, source: String, field: String, sound: String? = nil) {
            self.id = id
            self.source = source
            self.field = field
            self.sound = sound
        }
    }

    /// The notification channel IDs a push payload file asks for: FCM HTTP v1's
    /// `message.android.notification.channel_id` (with or without the request's `message`) and
    /// legacy FCM's `notification.android_channel_id`. A file that cannot be read gives none (its
    /// sound references report it).
    public static func channelUses(inPayloadAt path: String) -> [ChannelUse] {
        guard
            // A payload file is the user's to name (`--payload`): read wherever it leads.
            let bytes = try? Door.userNamed.bytes(path, limit: Limits.maximumPayloadBytes, what: "payload"),
            let object = try? JSONParser.parse(bytes)
        else { return [] }
        return channelUses(in: object, source: path)
    }

    /// The channel IDs a payload already parsed asks for; `path` names it in each.
    static func channelUses(in object: JSONValue, source path: String) -> [ChannelUse] {
        guard case .object(let top) = object else { return [] }
        var found: [ChannelUse] = []
        func sound(_ notification: [String: JSONValue]) -> String? {
            if case .string(let named)? = notification["sound"] { return named }
            return nil
        }
        func channel(in message: [String: JSONValue], prefix: String) {
            if case .object(let android)? = message["android"],
                case .object(let notification)? = android["notification"],
                case .string(let id)? = notification["channel_id"]
            {
                found.append(
                    ChannelUse(
                        id: id, source: path, field: prefix + "android.notification.channel_id",
                        sound: sound(notification)))
            }
        }
        if case .object(let message)? = top["message"] { channel(in: message, prefix: "message.") }
        channel(in: top, prefix: "")
        if case .object(let notification)? = top["notification"],
            case .string(let id)? = notification["android_channel_id"]
        {
            found.append(
                ChannelUse(id: id, source: path, field: "notification.android_channel_id", sound: sound(notification)))
        }
        return found
    }
}
