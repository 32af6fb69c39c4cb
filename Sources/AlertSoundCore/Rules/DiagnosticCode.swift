/// Every finding alertsound reports, by its stable kebab-case code (the raw value, which is what JSON,
/// `--format xcode` and `--format github` show). What a code means, and how much it matters, is said
/// once, by the rule that reports it (``RuleDescription``): codes about one file come from a ``Rule``;
/// the others are judged across a bundle's files and references by the `AlertSound` library, which
/// also gives every code its `severity`, `topic`, `summary` and `details` from its rules.
public enum DiagnosticCode: String, Sendable, Hashable, Codable, CaseIterable {
    // About one file (see Rule.all).
    /// The path does not exist.
    case notFound = "not-found"
    /// The file or folder could not be read: the system refused, a link leads nowhere, an archive entry will not decompress.
    case unreadable
    /// Not a sound format alertsound recognises.
    case unrecognized
    /// A recognised sound format whose headers are unusable.
    case malformed
    /// Not AIFF, AIFF-C, WAV or CAF.
    case unsupportedContainer = "unsupported-container"
    /// A data format iOS does not play for notifications.
    case unsupportedFormat = "unsupported-format"
    /// AAC, MP3 or Apple Lossless: not among Apple's documented formats, played by current iOS in shipping apps.
    case undocumentedFormat = "undocumented-format"
    /// 30 seconds or longer.
    case tooLong = "too-long"
    /// The header does not say how long the sound is.
    case unknownDuration = "unknown-duration"
    /// The content is not what the extension says.
    case extensionMismatch = "extension-mismatch"
    /// Header sizes had to be repaired while reading.
    case damagedHeader = "damaged-header"
    /// WAV IMA ADPCM rather than CAF ima4.
    case imaAdpcmWAV = "ima-adpcm-wav"
    /// No audio frames.
    case noAudio = "no-audio"
    /// A folder that was named holds no sound files.
    case noSounds = "no-sounds"
    /// Linear PCM wider than 16 bits, or float.
    case widePCM = "wide-pcm"
    /// A sample rate outside what Apple's converter and alertsound write.
    case unusualSampleRate = "unusual-sample-rate"

    // About a bundle's files and the names its payloads use.
    /// A symbolic link points outside the bundle.
    case linkOutsideBundle = "link-outside-bundle"
    /// A referenced name has no extension.
    case missingExtension = "missing-extension"
    /// No reachable sound has the referenced name.
    case noSuchSound = "no-such-sound"
    /// The name matches only with different case.
    case caseMismatch = "case-mismatch"
    /// The referenced sound is only inside a `.lproj` folder.
    case localized
    /// The referenced sound is only in a sub-folder iOS does not search.
    case notReachable = "not-reachable"
    /// The referenced sound breaks a rule.
    case invalidSound = "invalid-sound"
    /// A payload cannot be read as a notification payload.
    case badPayload = "bad-payload"
    /// Two reachable sounds differ only in case.
    case ambiguousName = "ambiguous-name"
    /// A valid sound no reference uses.
    case unreferenced
    /// A critical alert without the entitlement.
    case criticalNotEntitled = "critical-not-entitled"
    /// A critical alert, and the entitlements could not be read.
    case entitlementsUnknown = "entitlements-unknown"
    /// Not a valid Android resource name, or two files give the same one.
    case androidBadName = "android-bad-name"
    /// A format Android cannot play.
    case androidUnsupportedFormat = "android-unsupported-format"
    /// Release resource shrinking may drop the sound.
    case androidMayBeShrunk = "android-may-be-shrunk"
    /// The sound is only inside a `*.bundle` resource bundle.
    case resourceBundle = "resource-bundle"
    /// Levels (`check --levels`): the true peak is above −1 dBTP.
    case truePeakOver = "true-peak-over"
    /// Levels: three or more consecutive samples at full scale.
    case clipped
    /// Levels: the samples are off centre.
    case dcOffset = "dc-offset"
    /// Levels: the first sample is far from zero, with no fade-in.
    case clickAtStart = "click-at-start"
    /// Levels: the last milliseconds are still loud.
    case abruptEnd = "abrupt-end"
    /// Levels: silence before the sound starts delays the alert.
    case leadingSilence = "leading-silence"
    /// Levels: every sample is zero (or not a number): the alert plays nothing.
    case silent
    /// Levels: the loudest 400 ms are quieter than alert sounds are.
    case tooQuiet = "too-quiet"
    /// Levels: the loudest 400 ms are louder than alert sounds are.
    case tooLoud = "too-loud"
    /// Lock (`validate-bundle --lock`): a shipped sound is not the file exported for its channel.
    case channelStale = "channel-stale"
    /// Lock: a locked sound is not shipped.
    case lockMissingSound = "lock-missing-sound"
    /// Lock: a payload names a notification channel the lock does not know.
    case unknownChannel = "unknown-channel"
    /// A message names one sound on a channel made with another (Android 8+: the channel's plays).
    case channelSoundMismatch = "channel-sound-mismatch"
    /// An Android message names a sound and no channel: the default or fallback channel's plays.
    case noChannel = "no-channel"
    /// A message's channel is created nowhere in the app: FCM's fallback channel plays the default sound.
    case channelNotCreated = "channel-not-created"
    /// A message's channel, whose sound plays on Android 8+, cannot be read: not judged.
    case channelNotRead = "channel-not-read"
    /// Android project sources build a sound URI from `R.raw.NAME`'s ID instead of its name.
    case resourceIdUri = "resource-id-uri"
    /// A reference names a sound that lies in the Xcode project's folder but that no app target copies.
    case notInTarget = "not-in-target"
    /// A name meant for a platform none of the paths given is an app of: it was not judged.
    case noAppForPlatform = "no-app-for-platform"
    /// The app's code gives a notification sound a name computed at run time: not judged.
    case computedName = "computed-name"

    /// The code as JSON and the printers show it.
    public var code: String { rawValue }

    /// Which findings a code belongs to, as the documentation groups them.
    public typealias Topic = RuleDescription.Topic
}
