// What each code means, stated once: the man page's DIAGNOSTIC CODES, the guides' tables and the
// schemas' descriptions are generated from these (scripts/dev/generate-docs), and a test fails when
// one of them is out of date. Text is plain, with Markdown code spans (`x`) around literal names;
// thresholds are interpolated from the values the rules use.

extension DiagnosticCode {
    /// Which findings a code belongs to, as the documentation groups them.
    public enum Topic: String, Sendable, CaseIterable {
        /// One file's container, format and length (``Rule/all``, and ``DiagnosticCode/noSounds``).
        case file
        /// A sound's levels, judged with `--levels` (``LevelRules/all``).
        case levels
        /// A bundle's files and the names its payloads use.
        case bundle
        /// A critical alert and the app's entitlements.
        case entitlements
        /// Android's resources and sources.
        case android
        /// A lock file written by export.
        case lock

        /// The codes of this topic, in the order of `DiagnosticCode.allCases`.
        public var codes: [DiagnosticCode] { DiagnosticCode.allCases.filter { $0.topic == self } }
    }

    /// Where the documentation lists this code.
    public var topic: Topic {
        if Rule.named(self) != nil || self == .noSounds { return .file }
        if LevelRules.all.contains(where: { $0.code == self }) { return .levels }
        switch self {
        case .criticalNotEntitled, .entitlementsUnknown: return .entitlements
        case .androidBadName, .androidUnsupportedFormat, .androidMayBeShrunk, .resourceIdUri: return .android
        case .channelStale, .lockMissingSound, .unknownChannel, .channelSoundMismatch: return .lock
        default: return .bundle
        }
    }

    /// One sentence on what the finding means, for tables and `--help`.
    public var summary: String {
        let limits = LevelThresholds()
        let seconds = Formatting.number(maximumAlertDuration)
        let apple = "Apple's system alert sounds measure -27.5 to -16.8 LUFS"
        switch self {
        case .notFound: return "The path does not exist."
        case .unreadable:
            return
                "The file or folder cannot be read: the system refuses, a symbolic link leads nowhere, an archive entry will not decompress."
        case .unrecognized:
            return "Not a sound format alertsound recognises; the message says what the file starts with."
        case .malformed:
            return
                "A recognised format whose headers are unusable; the message says why, in which chunk and at which byte."
        case .unsupportedContainer:
            return "MP3, MP4/M4A, raw AAC, FLAC, Ogg, AU, AMR, RF64 or RIFX: not AIFF, AIFF-C, WAV or CAF."
        case .unsupportedFormat:
            return "A data format other than linear PCM, IMA4, µLaw or aLaw (AAC, ALAC, GSM, MS ADPCM, MP3 in a CAF …)."
        case .tooLong:
            return
                "The sound plays \(seconds) seconds or more, so iOS plays the default sound; the message says how many seconds and frames must go."
        case .unknownDuration:
            return "The header does not state the number of frames, so the \(seconds)-second limit cannot be checked."
        case .extensionMismatch:
            return
                "The content is not what the extension says (CAF data in `x.wav`): iOS sniffs the content, but people, scripts and payloads go by the name."
        case .damagedHeader: return "Readable, but a size disagreed with the file and was repaired."
        case .imaAdpcmWAV:
            return "WAV IMA ADPCM (format 0x0011) is Microsoft's block layout; CAF ima4 is the form Apple documents."
        case .noAudio: return "The file holds no audio frames: the alert would be silent."
        case .noSounds:
            return "A folder named to be checked holds no sound file, so a mistyped path fails the build."
        case .widePCM: return "Linear PCM wider than 16 bits, or floating point: valid, but larger than it needs to be."
        case .unusualSampleRate:
            return
                "A sample rate outside \(Formatting.range(Limits.outputSampleRates)) Hz, the rates afconvert and alertsound write: how iOS plays it is not documented."
        case .linkOutsideBundle:
            return "A symbolic link points outside the bundle; it is not followed, and will not exist on a device."
        case .missingExtension: return "A referenced name has no extension; iOS needs the full file name."
        case .noSuchSound: return "No reachable sound has the referenced name."
        case .caseMismatch:
            return
                "The name matches a reachable sound only with different case: it plays in the Simulator, whose file system ignores case, but not on a device."
        case .localized:
            return "The referenced sound exists only inside a `.lproj` folder; sounds must be non-localized."
        case .notReachable:
            return
                "The referenced sound exists only in a sub-folder, where iOS does not look, or the reference is a path."
        case .invalidSound:
            return "The referenced sound exists but breaks one of `check`'s rules, so iOS plays the default sound."
        case .badPayload:
            return
                "A payload is not JSON, is neither APNs (`aps`) nor FCM (`message`, `notification`), or its `sound` is malformed."
        case .ambiguousName:
            return "Two reachable sounds have names that differ only in case; the Simulator cannot tell them apart."
        case .unreferenced: return "Given references, a valid reachable sound that none of them names."
        case .resourceBundle:
            return
                "A sound only inside a `*.bundle` resource bundle (a Swift package's resources), where `UNNotificationSound(named:)` never looks: a note on the file, an error on a reference that names it."
        case .notInTarget:
            return
                "With an Xcode project: a reference names a sound in the project's folder that no app target copies (an extension's resources are not the app's), so iOS plays the default sound."
        case .criticalNotEntitled:
            return
                "A reference asks for a critical alert and the app's entitlements lack `com.apple.developer.usernotifications.critical-alerts`: iOS delivers it as an ordinary alert."
        case .entitlementsUnknown:
            return
                "A reference asks for a critical alert and the app's entitlements could not be read (no signed executable, no provisioning profile, or a resources folder)."
        case .androidBadName:
            return
                "A file in `res/raw/` whose resource name is not `[a-z][a-z0-9_]*` or is a Java keyword, or two files of one folder that give the same name: the build fails."
        case .androidUnsupportedFormat:
            return
                "Android cannot play the file: CAF, AIFF, AU, RF64, a WAV its WAV extractor refuses, MPEG layer I or II, an Ogg codec other than Vorbis, Opus or FLAC."
        case .androidMayBeShrunk:
            return
                "In a project, nothing keeps the sound through resource shrinking, so a release build may drop it."
        case .resourceIdUri:
            return
                "Kotlin or Java code builds a sound URI from `R.raw.name`'s resource ID, which aapt2 renumbers between builds: a channel made with it plays another sound, or none, after an update; use `/raw/name`."
        case .truePeakOver:
            return
                "The true peak is above \(Formatting.number(limits.maximumTruePeak)) dBTP: it may clip once decoded, or in a speaker."
        case .clipped: return "Three or more consecutive samples of a channel at full scale: the sound was clipped."
        case .dcOffset:
            return
                "A channel's mean is more than \(Formatting.number(limits.maximumDCOffset * 100))% of full scale off zero: it clicks when it starts and stops."
        case .clickAtStart:
            return
                "The first sample is above \(Formatting.number(limits.maximumEdgeLevel)) dBFS, with no fade-in: it starts with a click."
        case .abruptEnd:
            return
                "The last millisecond still peaks above \(Formatting.number(limits.maximumEdgeLevel)) dBFS: it ends with a click."
        case .leadingSilence:
            return
                "More than \(Formatting.number(limits.maximumLeadingSilence)) s below -60 dBFS before the sound starts, which delays the alert."
        case .silent: return "Every sample is zero (or not a number): the alert plays nothing."
        case .tooQuiet:
            return
                "The loudest 400 ms are below \(Formatting.number(limits.loudnessBand.lowerBound)) LUFS (\(apple))."
        case .tooLoud:
            return
                "The loudest 400 ms are above \(Formatting.number(limits.loudnessBand.upperBound)) LUFS (\(apple))."
        case .channelStale:
            return
                "With `--lock`: a shipped sound is not the file `export` wrote for its channel (their SHA-256 differ): its audio changed under an old channel ID, on which Android keeps playing the old sound."
        case .lockMissingSound:
            return "With `--lock`: a sound the lock names is not shipped where the platform finds it."
        case .unknownChannel:
            return
                "With `--lock`: a payload's `android.notification.channel_id` is none of the lock's channel IDs (or an older hash of a locked sound's)."
        case .channelSoundMismatch:
            return
                "With `--lock`: a payload names one sound on the channel the lock made for another; on Android 8 and later the channel's sound plays and the payload's is ignored."
        }
    }

    /// What the man page adds to ``summary``: examples, limits and the way out, where there is more
    /// to say than a table's line.
    public var details: String? {
        switch self {
        case .malformed:
            return
                "For example an empty file, a header cut short, 0 channels, a sample rate of 0, infinity or NaN, a negative CAF chunk size, a missing `fmt`, `COMM` or `desc` chunk. The byte is the bad field's (or where a read stopped), with the chunk's own offset: (byte 20, in chunk 'COMM' at byte 12)."
        case .tooLong: return "AIFF-C ima4 lengths are whole \(IMA4.framesPerPacket)-frame packets."
        case .damagedHeader:
            return
                "A RIFF or FORM size that is wrong, a chunk that runs past the end of the file, a CAF `data` size 4 bytes short (a libsndfile defect before 1.0.25), stray bytes after the last chunk."
        case .unusualSampleRate: return "Above that range `fix` resamples to 44.1 or 48 kHz."
        case .noSounds:
            return
                "For `validate-bundle`, a plain folder (not an app, archive, data container or Android project) with no sound in it, such as a mistyped path or a folder of sources."
        case .noSuchSound:
            return "A sound with the same name but another extension is named in the message (`x.caf` for `x.wav`)."
        case .badPayload:
            return
                "A sound is a name, or a critical-alert dictionary with `critical` 0 or 1, `volume` from 0 to 1 and a `name`."
        case .resourceBundle: return "SwiftPM copies a package's resources into `<Package>_<Target>.bundle`."
        case .notInTarget: return "Add the sound to the app target's Copy Bundle Resources (Target Membership)."
        case .entitlementsUnknown: return "Pass the app's entitlements with `--entitlements`."
        case .androidBadName: return "The message suggests a name."
        case .androidUnsupportedFormat:
            return
                "Android's WAV extractor takes 8/16/24/32-bit PCM, 32-bit float, µ-law, A-law and GSM in 1 to 8 channels, more than the developer guide's table lists. The message gives a `convert` line that writes a 16-bit WAV with a valid name."
        case .androidMayBeShrunk:
            return
                "No `tools:keep` rule covers it (`res/raw/keep.xml`, `@raw/name` or `@raw/*`), no Kotlin or Java names `R.raw.name` and no XML (the manifest, any resource XML) names `@raw/name`, outside comments. Not raised when the project's Gradle files (Groovy or Kotlin DSL) turn shrinking on nowhere (`shrinkResources true`, `isShrinkResources = true`); a raw folder given without its build files is warned of as if it were shrunk."
        case .resourceIdUri:
            return
                "A text heuristic: statements naming `android.resource://` or `SCHEME_ANDROID_RESOURCE` (across a call split over lines, comments skipped, `getResourceEntryName(R.raw.name)` allowed); it misses an ID passed through a variable, hence a warning. Reported as a reference at its file and line."
        case .clipped:
            return
                "Within two 16-bit steps of full scale (a clipper's dither writes 32767 and 32766 by turns); the HTML waveform marks the same samples. No gain undoes it, so `fix` does not offer to."
        case .silent: return "No fix gives it a level."
        case .channelStale:
            return
                "To ship the new sound, make it the lock's source and export (a new channel ID); to undo the change, export with `--force`. When the file is another file of the sound's resource name (an `x.wav` source copied beside the exported `x.ogg`), it is named to be removed: export refuses to write beside it."
        default: return nil
        }
    }
}
