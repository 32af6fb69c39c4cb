import AlertSoundCore

/// What `alertsound export` made of each sound, kept beside the project (`alertsound.lock.json`):
/// its names on both platforms, a hash of its audio, the notification channel ID made from that
/// hash, and a hash of each file written. Android fixes a channel's sound when the channel is
/// created, so a sound whose audio changes needs a new channel ID; the lock gives it one, and lets
/// `validate-bundle --lock` tell when a shipped file is not the one its channel was made for.
///
/// Written byte for byte the same for the same sounds and options (entries sorted by name, keys
/// sorted as in every alertsound document), so it can be committed and diffed. Schema: `Schemas/lock.schema.json`.
public struct SoundLock: Sendable, Hashable, Encodable {
    /// One sound.
    public struct Entry: Sendable, Hashable, Encodable {
        /// The sound's name: a valid Android resource name, also the iOS file's base name.
        public var name: String
        /// The source it was made from, as given.
        public var source: String
        /// The iOS file's name (`order_ready.caf`); `nil` when no iOS sound was exported.
        public var ios: String?
        /// The Android resource name (`order_ready`, as `R.raw.order_ready` and `@raw/order_ready`);
        /// `nil` when no Android sound was exported.
        public var android: String?
        /// The Android file's name (`order_ready.ogg`).
        public var androidFile: String?
        /// SHA-256 of the audio and the export settings that shape it (hex).
        public var contentHash: String
        /// The notification channel ID for this sound: its name and the hash's first 8 digits.
        public var channelId: String
        /// SHA-256 of the iOS file's bytes, and of the Android file's (hex).
        public var iosSHA256: String?
        /// See ``iosSHA256``.
        public var androidSHA256: String?

        /// An entry; the channel ID follows from `name` and `contentHash`.
        public init(
            name: String, source: String, ios: String?, android: String?, androidFile: String?, contentHash: String,
            iosSHA256: String?, androidSHA256: String?
        ) {
            self.name = name
            self.source = source
            self.ios = ios
            self.android = android
            self.androidFile = androidFile
            self.contentHash = contentHash
            channelId = SoundLock.channelID(name: name, contentHash: contentHash)
            self.iosSHA256 = iosSHA256
            self.androidSHA256 = androidSHA256
        }

        enum Keys: String, CodingKey {
            case android, androidFile, androidSha256, channelId, contentHash, ios, iosSha256, name, source
        }

        /// Every member, `null` where there is none: the schema requires them all.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encodeOrNull(android, forKey: .android)
            try c.encodeOrNull(androidFile, forKey: .androidFile)
            try c.encodeOrNull(androidSHA256, forKey: .androidSha256)
            try c.encode(channelId, forKey: .channelId)
            try c.encode(contentHash, forKey: .contentHash)
            try c.encodeOrNull(ios, forKey: .ios)
            try c.encodeOrNull(iosSHA256, forKey: .iosSha256)
            try c.encode(name, forKey: .name)
            try c.encode(source, forKey: .source)
        }
    }

    enum Keys: String, CodingKey { case schemaVersion, sounds }

    /// The lock file's document.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(Self.schemaVersion, forKey: .schemaVersion)
        try c.encode(sounds, forKey: .sounds)
    }

    /// The version of the lock's layout.
    public static let schemaVersion = 1
    /// Sounds, sorted by name.
    public var sounds: [Entry]

    /// A lock of `sounds` (sorted here).
    public init(sounds: [Entry]) {
        self.sounds = sounds.sorted { $0.name < $1.name }
    }

    /// `order_ready_3f9a1c2e`: a channel ID that changes whenever the sound's audio does.
    public static func channelID(name: String, contentHash: String) -> String {
        name + "_" + contentHash.prefix(8)
    }

    /// The entry named `name`.
    public subscript(name: String) -> Entry? { sounds.first { $0.name == name } }

    // MARK: the file

    /// The lock as its file holds it: its `Encodable` form as ``ReportEncoder`` writes every
    /// document, and a final newline.
    public func bytes() -> [UInt8] {
        var writer = JSONWriter()
        ReportEncoder.report(self, into: &writer)
        return writer.take() + [10]
    }

    /// Reads a lock file's contents; throws `AlertSoundError` (`malformed`) naming what is wrong.
    public static func read(_ bytes: [UInt8], path: String) throws -> SoundLock {
        func fail(_ message: String) -> AlertSoundError { AlertSoundError(.malformed, message, path: path) }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch let error as StructureError {
            throw fail("not a lock file: \(error.message) at byte \(error.offset)")
        }
        guard case .object(let top) = value else { throw fail("not a lock file: the top level is not an object") }
        guard case .number(let version)? = top["schemaVersion"], version == Double(schemaVersion) else {
            throw fail("schemaVersion must be \(schemaVersion); this alertsound reads no other")
        }
        guard case .array(let items)? = top["sounds"] else { throw fail("'sounds' must be an array") }
        var entries: [Entry] = []
        var names: Set<String> = []
        var channels: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            guard case .object(let fields) = item else { throw fail("sounds[\(i)] is not an object") }
            func text(_ key: String, required: Bool = false) throws -> String? {
                switch fields[key] {
                case .string(let s)?: return s
                // Both patterns guarded: a required key that is null is as wrong as a missing one.
                case .null? where !required, nil where !required: return nil
                default: throw fail("sounds[\(i)].\(key) must be \(required ? "a string" : "a string or null")")
                }
            }
            let name = try text("name", required: true)!, hash = try text("contentHash", required: true)!
            // A lock is committed, hand-edited and reviewed as data, and what it says becomes file
            // names and generated code: every value must be what export itself writes, derived
            // from a valid name, or the whole lock is refused.
            if let problem = AndroidRules.nameProblem(name, resourceName: name)
                ?? (name.utf8.count > maximumNameLength ? "longer than \(maximumNameLength) bytes" : nil)
            {
                throw fail("sounds[\(i)].name is not a name export writes (\(problem))")
            }
            let ios = try text("ios"), android = try text("android"), androidFile = try text("androidFile")
            // NAME.wav is the one file both platforms play (export --both): also the Android file.
            if let ios, ios != name + ".caf", !(ios == name + ".wav" && androidFile == ios) {
                throw fail(
                    "sounds[\(i)].ios must be '\(name).caf' (from its name), '\(name).wav' when that is also its androidFile, or null"
                )
            }
            if let android, android != name { throw fail("sounds[\(i)].android must be '\(name)' (its name) or null") }
            if let androidFile, !AndroidSoundFormat.allCases.map({ $0.fileName(name) }).contains(androidFile) {
                throw fail("sounds[\(i)].androidFile must be '\(name).ogg' or '\(name).wav' (from its name) or null")
            }
            if (android == nil) != (androidFile == nil) {
                throw fail("sounds[\(i)]: android and androidFile are both set or both null")
            }
            let iosHash = try text("iosSha256"), androidHash = try text("androidSha256")
            for (key, value) in [("contentHash", hash), ("iosSha256", iosHash), ("androidSha256", androidHash)] {
                if let value, !isHexDigest(value) {
                    throw fail("sounds[\(i)].\(key) must be 64 lower-case hex digits (a SHA-256)")
                }
            }
            let source = try text("source") ?? ""
            if source.utf8.count > Limits.maximumLockSourceBytes
                || source.unicodeScalars.contains(where: { $0.value == 0 })
            {
                throw fail("sounds[\(i)].source must be a path of at most \(Limits.maximumLockSourceBytes) bytes")
            }
            var entry = Entry(
                name: name, source: source, ios: ios, android: android, androidFile: androidFile, contentHash: hash,
                iosSHA256: iosHash, androidSHA256: androidHash)
            // Kept as written (a hand-edited ID is what the app was built with), if it is one.
            let channel = try text("channelId", required: true)!
            guard isChannelID(channel) else {
                throw fail(
                    "sounds[\(i)].channelId must be 1 to \(maximumChannelIDLength) ASCII letters, digits, '_', '-' or '.', starting with a letter or digit"
                )
            }
            entry.channelId = channel
            guard !names.contains(name) else { throw fail("sounds[\(i)].name '\(name)' is in the lock twice") }
            // A channel plays one sound: two entries on one ID would have one play the other's.
            if let first = channels[channel] {
                throw fail(
                    "sounds[\(i)].channelId '\(channel)' is also sounds[\(first)]'s: a notification channel plays one sound, so each needs its own"
                )
            }
            channels[channel] = i
            names.insert(name)
            entries.append(entry)
        }
        return SoundLock(sounds: entries)
    }

    /// Reads the lock file at `path`.
    public static func read(path: String) throws -> SoundLock {
        switch pathKind(path) {
        case nil: throw AlertSoundError(.notFound, "no such lock file (alertsound export writes it)", path: path)
        case .folder?: throw AlertSoundError(.invalidRequest, "a folder, not a lock file", path: path)
        default: break
        }
        return try read(
            // `--lock FILE` is the user's to name: read wherever it leads.
            try Door.userNamed.contents(path, limit: Limits.maximumLockBytes, what: "lock file"), path: path
        )
    }

    /// The longest sound name a lock holds, in bytes (``Limits/maximumLockNameBytes``).
    public static let maximumNameLength = Limits.maximumLockNameBytes
    /// The longest channel ID a lock holds (``Limits/maximumLockChannelIDLength``).
    public static let maximumChannelIDLength = Limits.maximumLockChannelIDLength

    /// Whether `id` is a channel ID a lock may hold: ASCII letters, digits, `_`, `-` and `.`,
    /// starting with a letter or digit. Export's own (`order_ready_3f9a1c2e`) always are; the
    /// pattern keeps a hand-edited one from carrying quotes, `$`, controls or markup into the
    /// generated code, keep file and reports.
    public static func isChannelID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, id.utf8.count <= maximumChannelIDLength,
            (first >= "a" && first <= "z") || (first >= "A" && first <= "Z") || (first >= "0" && first <= "9")
        else { return false }
        return id.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "-"
                || $0 == "."
        }
    }

    static func isHexDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
