import AlertSoundCore

/// What became of one source.
public struct ExportOutcome: Sendable {
    /// How it ended.
    public enum Status: String, Sendable, Hashable {
        /// At least one file was written (new, or its content changed).
        case written
        /// Every file was already what this export makes: nothing written.
        case unchanged
        /// Could not be exported; `error` says why, or `blockers` when `fix` judged the sound and
        /// no fix makes it play. Its earlier lock entry, if any, is kept.
        case failed
    }

    /// The source as found.
    public var source: String
    /// The sound's name, when one could be made.
    public var name: String?
    /// How it ended.
    public var status: Status
    /// Its lock entry (not for `failed`).
    public var entry: SoundLock.Entry?
    /// The channel ID the lock had for it before, when this export gave it a new one.
    public var previousChannelId: String?
    /// The files written (new, or with new content); with ``ExportOptions/dryRun``, those that would be.
    public var written: [String] = []
    /// Those of `written` that replaced a file already there.
    public var replaced: [String] = []
    /// Other files of the sound's resource name taken away (``ExportOptions/force``, or one export wrote in another format).
    public var removed: [String] = []
    /// What `fix` changed to make the iOS sound (or the Android one, when only it is made).
    public var changes: [FixChange] = []
    /// What `fix` changed to make the Android sound, when one is made (it keeps the full length
    /// unless ``ExportOptions/androidMaxDuration`` says otherwise, so it can differ from `changes`).
    public var androidChanges: [FixChange] = []
    /// Why it failed, when the source could not be processed.
    public var error: AlertSoundError?
    /// Why it failed, when `fix` processed it: the findings no fix gets past (``FixOutcome/blockers``).
    public var blockers: [Diagnostic] = []
}

/// Every source of one export, and the lock it left.
public struct ExportReport: Sendable {
    /// One per source, in order.
    public var outcomes: [ExportOutcome]
    /// The lock as written (or as it already was).
    public var lock: SoundLock
    /// Whether the lock file's bytes changed.
    public var lockWritten: Bool
    /// Where the lock is.
    public var lockPath = ""
    /// The constants files written from the lock (``SoundConstants/write(_:language:to:package:dryRun:)``),
    /// each with whether its bytes changed; the caller adds them.
    public var constants: [(path: String, written: Bool)] = []
    /// The Android keep file (``Exporter/keepFileName``), when there are Android sounds.
    public var keepPath: String? = nil
    /// Whether the keep file's bytes changed.
    public var keepWritten = false
    /// Made with ``ExportOptions/dryRun``: nothing was written; "written" means "would be".
    public var dryRun = false
    /// True when no source failed.
    public var succeeded: Bool { !outcomes.contains { $0.status == .failed } }
    /// Every source failed, so nothing was written: no lock, keep file or constants (the caller
    /// writes no constants either).
    public var nothingWritten = false
    /// Sounds of the lock this export was not given, kept as they were (their channels stay):
    /// the lock changes only for the sources exported.
    public var kept: [String] = []
    /// Sounds removed from the lock: their source lay in a folder this export was given, and is
    /// gone. Their files are left where they are, for you to delete (export removes no file the
    /// lock names).
    public var dropped: [SoundLock.Entry] = []
}
