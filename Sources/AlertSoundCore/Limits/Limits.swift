/// Every bound alertsound puts on what it reads, in one place: the man page's LIMITS and
/// docs/command-line.md's table are made from these (`documented`). A file past a bound gets a
/// clear error or a report, never a trap, a hang or an allocation that grows with what a header
/// claims.
public enum Limits {
    /// Channels a header may state. libsndfile stops at the same number; no real sound has more.
    public static let maximumChannels = 1024
    /// Sample rates a header may state and be read as stated: AudioToolbox reads AIFF at 0.01 Hz
    /// and at 2.9 MHz, so the bounds are wide: a thousandth of a hertz (one frame then lasts over
    /// 16 minutes) to the largest rate a WAV's 32-bit field holds. Zero, negative, NaN and infinite
    /// rates are `malformed`; rates outside ``outputSampleRates`` are judged `unusual-sample-rate`.
    public static let readableSampleRates = 0.001...4_294_967_295.0
    /// Sample rates alertsound writes (`-d FORMAT@RATE`, `fix --rate`): 1 to 384 kHz, from the
    /// lowest rate any codec uses to the highest studio rate.
    public static let outputSampleRates = 1000.0...384_000.0
    /// Bytes of any one header chunk read into memory; sound data is never read to check a file.
    public static let maximumChunkRead = 4096
    /// Chunks walked in one file before the rest is reported as not read.
    public static let maximumChunks = 10_000
    /// Ogg pages whose headers are read to see a stream's header packets whole (Vorbis's comment and
    /// setup, Opus's tags, FLAC's metadata: a few pages, more with cover art); a stream whose headers
    /// run on past them is not judged on it.
    public static let oggHeaderPages = 1024
    /// Bytes of audio one conversion block holds, whatever the channel count.
    public static let conversionBlockBytes = 1 << 20
    /// An APNs payload or Xcode `.apns` file (APNs itself accepts 4 KB, VoIP 5 KB).
    public static let maximumPayloadBytes = 1 << 20
    /// A `--sounds-from` list.
    public static let maximumNameListBytes = 4 << 20
    /// Names read from one `--sounds-from` list.
    public static let maximumNameListEntries = 100_000
    /// Entries read from an .ipa's central directory.
    public static let maximumArchiveEntries = 1_000_000
    /// A sound inside an .ipa larger than this is reported, not decompressed.
    public static let maximumArchiveEntrySize: Int64 = 64 << 20
    /// Folder levels a walk descends; anything deeper is reported.
    public static let maximumFolderDepth = 4096
    /// Levels of nesting read in JSON and property lists (payloads, entitlements, Info.plist): real
    /// ones use fewer than ten; deeper is refused before the stack or the time could run out.
    public static let maximumNesting = 512
    /// A property list read whole: an app's `Info.plist`, an entitlements plist or `keep.xml`.
    public static let maximumPlistBytes = 1 << 20
    /// A provisioning profile (real ones are 10 to 30 KB).
    public static let maximumProfileBytes = 4 << 20
    /// An APK's `resources.arsc`, read whole to learn raw resources' names (large apps' are a few MB).
    public static let maximumResourceTableBytes: Int64 = 64 << 20
    /// Folder levels below an Android project searched for `res/raw` (`android/app/src/main/res/raw` is 6).
    public static let androidSearchDepth = 7
    /// Folders looked into while searching an Android project for `res/raw` (and its sources);
    /// a search that gives up says so, and fails the run.
    public static let androidSearchFolders = 100_000
    /// Folder levels below the folder `validate-bundle` is given searched for apps (Xcode projects,
    /// Android Gradle projects, Expo configs): `apps/mobile/ios/App.xcodeproj` is 3.
    public static let appSearchDepth = 8
    /// Folders looked into while searching for apps; a search that gives up says so, and fails the run.
    public static let appSearchFolders = 50_000
    /// Source files read for the sound names and channels an app's code gives (Swift, Objective-C,
    /// Kotlin, Java, Dart, JavaScript, TypeScript); more are not read, and a note says so.
    public static let maximumSourceFiles = 20_000
    /// Bytes of source read in all, for the same (20,000 files of a megabyte would be 20 GB).
    public static let maximumSourceBytes: Int64 = 256 << 20
    /// Names of another file's constants looked up across an app's sources (a channel ID in a
    /// constants file); the rest stay computed.
    public static let maximumConstantNames = 16
    /// Bytes searched for those names in all (each name counts a file's bytes once): past it, none is
    /// resolved, as a value seen in part could be one of two.
    public static let maximumConstantSearchBytes: Int64 = 1 << 30
    /// Module folders of a folder above an app whose Gradle build file is read to learn whether it
    /// is a Kotlin Multiplatform project (whose Kotlin is the iOS app's code), and of a Unity
    /// project's Editor folders read for scripts that add files to the generated Xcode project.
    public static let maximumHostModules = 64
    /// Folder levels below an app's root read for source (packages nest: `java/com/example/app/notifications`).
    public static let sourceSearchDepth = 16
    /// An Android source file read for `R.raw` URIs (larger ones are generated code, most likely).
    public static let maximumAndroidSourceBytes = 1 << 20
    /// Strings in an APK's resource table's string pool.
    public static let maximumResourceTableStrings = 4_000_000
    /// A `project.pbxproj` (the largest seen in real apps are a few MB).
    public static let maximumXcodeProjectBytes = 32 << 20
    /// An XcodeGen spec file (`project.yml` and each file it includes); real ones are tens of KB.
    public static let maximumXcodeGenSpecBytes = 4 << 20
    /// Files one XcodeGen spec reads, itself and those it includes (however deep).
    public static let maximumXcodeGenSpecFiles = 64
    /// Globs of one XcodeGen source's `excludes` or `includes` that are used.
    public static let maximumXcodeGenPatterns = 256
    /// A workspace's `contents.xcworkspacedata` (Xcode's own are a few hundred bytes per project).
    public static let maximumXcodeWorkspaceBytes = 1 << 20
    /// Different apps one Xcode project builds that are judged (app targets that copy the same
    /// files are one app); real projects have a few.
    public static let maximumXcodeApps = 64
    /// Sound files one app of an Xcode project copies that are judged (a folder copied to several
    /// places counts each time); past it the rest are reported as not judged.
    public static let maximumProjectSounds = 1_000_000
    /// A Mach-O slice's load commands (real apps' take tens of kilobytes).
    public static let maximumLoadCommandBytes = 4 << 20
    /// Architectures in a universal binary.
    public static let maximumArchitectures = 64
    /// Blobs in a code signature's super-blob.
    public static let maximumSignatureBlobs = 256
    /// A lock file (`alertsound export` writes it; people edit it by hand, so it is read as untrusted).
    public static let maximumLockBytes = 64 << 20
    /// A sound name in a lock, in bytes (a file system's NAME_MAX less an extension).
    public static let maximumLockNameBytes = 200
    /// A channel ID in a lock, in ASCII characters.
    public static let maximumLockChannelIDLength = 200
    /// A lock entry's `source` path, in bytes.
    public static let maximumLockSourceBytes = 4096
    /// A file the hidden `generate-reference` reads (`--tool-info`, the command's own help as JSON,
    /// about 100 KB; the man page and the guides it rewrites).
    package static let maximumReferenceInputBytes = 16 << 20
    /// Inflated bytes of one archive entry kept while its headers are read (the rest is inflated
    /// again from the start when a reader seeks back past it).
    package static let inflateWindowBytes = 1 << 20
    /// Verdicts made in parallel and handed on together by `check` and `validate-bundle`, which
    /// keep none: memory grows with the number of sounds, not with their reports.
    package static let reportBatch = 512
    /// Folder descriptors a walk keeps open to open each child from its parent.
    package static let keptFolderDescriptors = 64
}

/// Overflow-checked arithmetic for sizes read from files: `nil` instead of a trap.
extension Int64 {
    @inline(__always) package func adding(_ other: Int64) -> Int64? {
        let (value, overflow) = addingReportingOverflow(other)
        return overflow ? nil : value
    }

    @inline(__always) func multiplied(by other: Int64) -> Int64? {
        let (value, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? nil : value
    }
}
