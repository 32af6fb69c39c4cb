import AlertSoundCore

/// What scanning a bundle found before any sound is judged.
struct BundleScan: Sendable {
    var kind: BundleKind
    /// The bundle root as reported (`App.ipa!Payload/App.app` inside an archive).
    var root: String
    var sounds: [FoundSound]
    /// The app's top-level files, where its entitlements are read (iOS apps only).
    var app: AppContents?
    /// An Android project's keep rules (not an .apk's: shrinking has already happened there).
    var keep: KeepRules?
    /// An Android project's sound URIs built from resource IDs (``ResourceIDURIs``).
    var idURIs: [ResourceIDURIs.Use] = []
    /// An Xcode project's sounds that lie in its folder but that no app target copies, by file
    /// name (case folded, as iOS looks names up on a case-insensitive volume).
    var uncopied: [String: String] = [:]
    /// Folder references an Xcode project's app copies that are not in the tree (a Capacitor app's
    /// `public/`, which `npx cap copy` makes from the web build): nothing in them is judged, and
    /// that is said.
    var absentFolders: [String] = []
    /// An Android app's notification libraries, which decide how a name becomes a resource.
    var libraries = AndroidLibraries()
    /// The sound names the app's own code gives for this platform (a project's, never a built
    /// app's), each a reference with its file and line.
    var codeReferences: [SoundReference] = []
    /// Where an iOS app's code writes sounds into `Library/Sounds` at run time (the first place):
    /// a name missing from the bundle may be there (``CodeSounds/installer``).
    var installer: SourcePosition?
    /// The notification channels the app's code creates (Android).
    var channels: [ChannelDeclaration] = []
    /// An Android project's minimum version and default channel.
    var facts: AndroidAppFacts?
    /// An Xcode project's app: the entitlements file its target is signed with
    /// (`CODE_SIGN_ENTITLEMENTS`); empty when it lies outside the folder given.
    var entitlementsFile: String?
    /// An Xcode project's app: what adds the critical-alerts entitlement at build time, when a
    /// Run Script phase does (`PlistBuddy -c "add …critical-alerts bool true"`, inline or in a
    /// script file of the project): the file signed with may then hold it.
    var entitlementsScript: String?
    /// The door a project's own files (its entitlements file) are read through: the folder given's.
    var door: Door?
    /// The lowest iOS version the project's app runs on, where the project says it
    /// (``DeploymentTarget``); a built app's is read from its `Info.plist` when judged.
    var minimumIOS: MinimumIOS?
    /// Whether every sound here is a notification sound by the project's own configuration (an
    /// Expo config's sounds list): each counts as named.
    var listed = false
    /// The Apple system an app is built for (an Xcode project's target says; a built app, a
    /// resources folder: iOS). A watchOS or tvOS app plays no custom sound, and has no sounds here.
    var os = AppleOS.ios
    /// How many sounds a watchOS or tvOS app copies that are not judged (none plays there).
    var unjudgedSounds = 0
    /// Whether the app's sources were read (a project, not a built app): only then is a channel
    /// nothing creates known to be missing.
    var codeRead = false
}
