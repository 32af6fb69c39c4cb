/// Every finding alertsound reports, by its stable kebab-case code (the raw value, which is what JSON,
/// `--format xcode` and `--format github` show). Codes about one file come from a ``Rule``; the
/// others are judged across a bundle's files and references by ``BundleValidator``.
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
    /// Android project sources build a sound URI from `R.raw.NAME`'s ID instead of its name.
    case resourceIdUri = "resource-id-uri"
    /// A reference names a sound that lies in the Xcode project's folder but that no app target copies.
    case notInTarget = "not-in-target"

    /// The code as JSON and the printers show it.
    public var code: String { rawValue }

    /// How much the finding matters, unless the finding says otherwise (``resourceBundle`` is an
    /// error on a reference that names such a sound).
    public var severity: Severity {
        switch self {
        case .damagedHeader, .extensionMismatch, .unknownDuration, .imaAdpcmWAV, .noAudio, .unusualSampleRate,
            .ambiguousName, .androidMayBeShrunk,
            .truePeakOver, .clipped, .dcOffset, .clickAtStart, .abruptEnd, .leadingSilence, .silent, .tooQuiet,
            .tooLoud, .resourceIdUri:
            return .warning
        case .widePCM, .unreferenced, .entitlementsUnknown, .resourceBundle:
            return .note
        default:
            return .error
        }
    }

    /// One line for documentation and `--help`.
    public var summary: String {
        switch self {
        case .notFound: return "The path does not exist."
        case .unreadable:
            return
                "The file or folder cannot be read: the system refuses, a link leads nowhere, an archive entry will not decompress."
        case .unrecognized:
            return "Not a sound format alertsound recognises; the message says what the file starts with."
        case .malformed:
            return "A recognised sound format whose headers are unusable; the message gives the chunk and byte offset."
        case .unsupportedContainer: return "Not AIFF, AIFF-C, WAV or CAF: iOS plays the default sound instead."
        case .unsupportedFormat: return "Data format other than linear PCM, IMA4, µLaw or aLaw."
        case .tooLong: return "Plays 30 seconds or more: iOS plays the default sound instead."
        case .unknownDuration:
            return "The header does not say how long the sound is, so the 30 s limit cannot be checked."
        case .extensionMismatch:
            return
                "The file's content is not what its extension says (iOS sniffs content, people and tools read names)."
        case .damagedHeader: return "Readable, but header sizes disagree with the file and had to be repaired."
        case .imaAdpcmWAV: return "WAV IMA ADPCM is Microsoft's block layout; CAF ima4 is the form Apple documents."
        case .noAudio: return "The file holds no audio frames: the alert would be silent."
        case .noSounds:
            return "A folder named to be checked holds no sound files (a mistyped path, or sounds not yet built)."
        case .widePCM: return "Linear PCM wider than 16 bits, or float: valid, but costs space for nothing."
        case .unusualSampleRate:
            return
                "A sample rate outside 1-384 kHz, the range afconvert and alertsound write: how iOS plays it is not documented."
        case .linkOutsideBundle:
            return "A symbolic link points outside the bundle; it is not followed and will not exist on a device."
        case .missingExtension: return "A referenced name has no extension; iOS needs the full file name."
        case .noSuchSound: return "No reachable sound has the referenced name."
        case .caseMismatch: return "The name matches only with different case: plays in the Simulator, not on a device."
        case .localized: return "The referenced sound exists only inside a .lproj folder; sounds must be non-localized."
        case .notReachable: return "The referenced sound exists only in a sub-folder, where iOS does not look."
        case .invalidSound: return "The referenced sound exists but breaks a rule, so iOS plays the default sound."
        case .badPayload: return "A payload is not JSON, has no 'aps', or its 'sound' is malformed."
        case .ambiguousName: return "Two reachable sounds differ only in case; the Simulator cannot tell them apart."
        case .unreferenced: return "A valid reachable sound that no reference uses."
        case .criticalNotEntitled:
            return
                "A payload asks for a critical alert, but the app lacks the critical-alerts entitlement: it arrives as an ordinary alert."
        case .entitlementsUnknown:
            return "A payload asks for a critical alert, and the app's entitlements could not be read."
        case .androidBadName:
            return
                "Not a valid Android resource name ([a-z][a-z0-9_]*, not a Java keyword), or two files give the same name: the build fails."
        case .androidUnsupportedFormat:
            return
                "Android cannot play this format: it plays MP3, Ogg Vorbis/Opus, FLAC, AAC, AMR and WAV holding 8/16/24/32-bit PCM, 32-bit float, µ-law, A-law or GSM in 1-8 channels; not CAF or AIFF."
        case .androidMayBeShrunk:
            return
                "No keep rule (res/raw/keep.xml, tools:keep=\"@raw/...\") covers this sound: release resource shrinking may drop it."
        case .resourceBundle:
            return
                "A sound only inside a *.bundle resource bundle (a Swift package's resources), where UNNotificationSound(named:) never looks: a note on the file, an error on a reference that names it."
        case .truePeakOver:
            return "With --levels: the true peak is above -1 dBTP, so a decoder or a speaker may clip it."
        case .clipped: return "With --levels: 3 or more consecutive samples at full scale: the sound was clipped."
        case .dcOffset:
            return
                "With --levels: a channel's mean is more than 1% of full scale off zero: it clicks when it starts and stops."
        case .clickAtStart:
            return "With --levels: the first sample is above -20 dBFS, with no fade-in: it starts with a click."
        case .abruptEnd: return "With --levels: the last millisecond still peaks above -20 dBFS: it ends with a click."
        case .silent: return "With --levels: every sample is zero (or not a number): the alert plays nothing."
        case .notInTarget:
            return
                "A reference names a sound that is in the Xcode project's folder, but no app target copies it (Copy Bundle Resources): iOS plays the default sound."
        case .leadingSilence:
            return "With --levels: more than 0.1 s below -60 dBFS before the sound starts, which delays the alert."
        case .tooQuiet:
            return
                "With --levels: the loudest 400 ms are below -35 LUFS (Apple's system alert sounds: -27.5 to -16.8 LUFS)."
        case .tooLoud:
            return
                "With --levels: the loudest 400 ms are above -5 LUFS (Apple's system alert sounds: -27.5 to -16.8 LUFS)."
        case .channelStale:
            return
                "With --lock: a shipped sound is not the file alertsound export wrote for its channel: its audio changed under an old channel ID, which Android keeps playing the old sound on."
        case .lockMissingSound: return "With --lock: a sound the lock names is not shipped."
        case .resourceIdUri:
            return
                "Android project sources build a sound URI from R.raw's resource ID (\"android.resource://\" + packageName + \"/\" + R.raw.x), which changes between builds; use /raw/NAME."
        case .unknownChannel:
            return "With --lock: a payload's android.notification.channel_id is none of the lock's channel IDs."
        }
    }

    /// The finding, at this code's severity unless `severity` says otherwise.
    package func diagnostic(_ message: String, severity: Severity? = nil, suggestion: Suggestion? = nil) -> Diagnostic {
        Diagnostic(code: self, message: message, severity: severity ?? self.severity, suggestion: suggestion)
    }
}
