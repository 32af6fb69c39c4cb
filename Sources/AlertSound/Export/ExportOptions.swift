import AlertSoundCore

/// Which file an Android sound is.
public enum AndroidSoundFormat: String, Sendable, Hashable, CaseIterable {
    /// Ogg Vorbis (through libsndfile): small, played by every Android version.
    case ogg
    /// 16-bit PCM WAV.
    case wav

    /// The file a sound named `name` is in this format: `order_ready.ogg`.
    public func fileName(_ name: String) -> String { name + "." + rawValue }

    /// Its container and coding, as a conversion names them.
    var container: String { (self == .ogg ? ContainerKind.ogg : .wav).displayName }
    var coding: String {
        self == .ogg ? OtherCodec.vorbis.rawValue : OutputDataFormat.name(of: .integer(16, order: .littleEndian))!
    }
}

/// What `alertsound export` writes, and how each sound is shaped (as `fix` shapes it).
public struct ExportOptions: Sendable, Hashable {
    /// Trimming, fades, levels, rate and channels, as for `fix` (its output folder and `force`
    /// are not used: outputs go to the folders below and are replaced when their content changes).
    public var fix = FixOptions()
    /// Where iOS sounds go (CAF, as `fix` makes them); `nil` writes none.
    public var iosFolder: String?
    /// Where Android raw resources go (`res/raw`); `nil` writes none.
    public var androidFolder: String?
    /// The Android file's format.
    public var androidFormat = AndroidSoundFormat.ogg
    /// The lock file, read (when present) and written.
    public var lockPath = "alertsound.lock.json"
    /// Where one file both platforms play goes, for Expo's and OneSignal's `sounds` list (which
    /// copies each listed file unchanged into the iOS app and into res/raw): `NAME.wav`, 16-bit PCM
    /// shaped and cut as the iOS sound is, the one format both play. Not with the two folders above.
    public var bothFolder: String?
    /// Cut the Android sound to this many seconds (faded as the iOS one is). `nil`, the default,
    /// keeps its full length: Android plays a channel's sound whatever its length, and only the
    /// iOS copy is cut (to ``FixOptions/maxDuration``, as `fix` cuts).
    public var androidMaxDuration: Double?
    /// Do everything but write: outcomes list what would be written, replaced and removed, and
    /// the report's lock and keep file what they would become.
    public var dryRun = false
    /// Take over a file of a sound's resource name that export did not write (`x.wav` beside the
    /// `x.ogg` it writes, an iOS `x.caf` of unknown origin): replaced or removed, and said so. A
    /// source is never replaced or removed, with or without it.
    public var force = false

    /// The defaults: `fix`'s, Ogg Vorbis for Android, `alertsound.lock.json`.
    public init() {}
}
