import AlertSoundCore

/// What turns a sound name into a raw resource on Android: not Android itself, which only answers
/// `Resources.getIdentifier(name, "raw", package)` for an exact resource name, but the library
/// that handles the message or call, each with its own rule. Each library is one value of data:
/// how an app declares it, its rule (a ``SoundName/LookupRule``), whether it shows push messages,
/// the calls of the app's code that reach it, and the source its rule was read from. The docs'
/// table, the man page's list, the JSON schema's `library` enum and code reading's prefilter words
/// are made from ``allCases`` (`scripts/dev/generate-docs`). Adding a library is adding a value
/// here and to ``allCases``, with its test.
public struct AndroidLibrary: Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Its stable name in JSON (`library`): the package name it is best known by.
    public let id: String
    /// Who it is, for people (`FCM's SDK`, `notifee`).
    public let displayName: String
    /// How it turns a name into the resource names it asks for.
    public let lookupRule: SoundName.LookupRule
    /// The rule in a phrase, for messages.
    public let rule: String
    /// The rule as the docs' table says it (Markdown).
    public let ruleDocumented: String
    /// Whether it replaces FCM's messaging service and so shows the app's push messages (in
    /// ``allCases`` order, the first declared one does).
    public let handlesPush: Bool
    /// The raw resource it plays for a name it does not find, when it has one.
    public let fallbackResource: String?
    /// How an app declares it: package names in `package.json` (npm) and `pubspec.yaml` (pub),
    /// text of a Gradle dependency, a NuGet `PackageReference`.
    public let coordinates: Coordinates
    /// Words a source file must hold for code reading to find its calls, by language.
    public let codeWords: [CodeLanguage: [String]]
    /// The names of the app's calls that create its channels (`createChannel`): a call of that
    /// name goes to it when the app declares it (``AndroidLibraries/library(ofChannelCallBy:)``).
    public let channelCalls: [String]
    /// Channels the app's code describes to it in a constructor call, which it then creates
    /// itself (KMPNotifier's `NotificationChannelData`, Alarmee's `AlarmeeNotificationChannel`).
    public let channelObjects: [ChannelObject]
    /// Arguments of the app's calls that name the sound it plays on iOS, as given
    /// (`UNNotificationSound.soundNamed`): KMPNotifier's `notificationSoundName`.
    public let iosSounds: [IOSSound]
    /// Where its rule was read: repository, file, function.
    public let citation: Citation
    /// Names and the resources it asks for, as its tests check them.
    public let examples: [Example]
    /// The channels the app's code makes through it with a constructor or an object initialiser
    /// (awesome_notifications' `NotificationChannel(channelKey:, soundSource:)`,
    /// Plugin.LocalNotification's `AndroidNotificationChannelRequest { Id, Sound }`).
    public let channelConstructors: [ChannelConstructor]
    /// The channels it creates itself, whatever the app's code does (Capacitor's `default`).
    public let ownChannels: [OwnChannel]
    /// The channel its notifications go to when the app's code names none.
    public let defaultChannel: String?
    /// The version from which it creates no channel itself, so that a notification it posts on a
    /// channel the app never created is dropped by Android 8 and later (no notification, no
    /// sound); nil when it never drops one (FCM's SDK posts it on its fallback channel).
    public let dropsOnMissingChannelFrom: String?
    /// Where the app gives a channel it makes through the library its importance, and on which
    /// scale (issue 57): a channel below `IMPORTANCE_DEFAULT` plays no sound on Android 8 and
    /// later. Nil when it takes none (its channels keep the importance it gives them).
    public let channelImportance: ImportanceField?

    /// Where a channel's importance is given, and how its numbers count (issue 57). A word of the
    /// library's or Android's (`AndroidImportance.LOW`, `Importance.low`, `NotificationImportance.Low`,
    /// `IMPORTANCE_LOW`) is read by its name on every scale; left out, the channel has the library's
    /// default importance, `DEFAULT` or higher in every library listed (it sounds).
    public struct ImportanceField: Sendable, Hashable {
        /// The member or argument label (`importance`, `Importance`).
        public var label: String
        /// Its position when given without a label (Unity's `AndroidNotificationChannel(id, name,
        /// description, importance)`); nil when only a label gives it.
        public var position: Int? = nil
        /// The number that means `IMPORTANCE_NONE` on the library's scale: 0 on Android's
        /// (Capacitor's `1 | 2 | 3 | 4 | 5` are Android's MIN to MAX), 2 on Expo's (its
        /// `AndroidImportance` counts `UNKNOWN`, `UNSPECIFIED`, `NONE`, `MIN`, `LOW`, … from 0).
        public var none: Int = 0
    }

    /// How an app declares a library, by package manager.
    public struct Coordinates: Sendable, Hashable {
        /// `package.json` dependency names.
        public var npm: [String] = []
        /// `pubspec.yaml` dependency names.
        public var pub: [String] = []
        /// Text of a Gradle dependency (`group:artifact`).
        public var gradle: [String] = []
        /// NuGet package IDs, in a `.csproj`'s `PackageReference Include`.
        public var nuget: [String] = []
        /// Expo config plugins that install it.
        public var expoPlugins: [String] = []
        /// Unity packages (`Packages/manifest.json`'s `dependencies`).
        public var upm: [String] = []
    }

    /// A channel the app describes to the library in a constructor call (Kotlin's named or
    /// positional arguments), which the library creates with that ID and sound.
    public struct ChannelObject: Sendable, Hashable {
        /// How its sound argument names the sound.
        public enum Sound: Sendable, Hashable {
            /// A raw resource's name, which the library makes `android.resource://PACKAGE/raw/NAME` of.
            case resourceName
            /// A URI string the library parses as it is (`android.resource://…/raw/x`, or `…/R.raw.x`'s ID).
            case uri
        }
        /// The language of the app's code it is read in.
        public var language: CodeLanguage
        /// The constructor's name.
        public var call: String
        /// The ID's argument label, and its position when given without one.
        public var idLabel: String
        public var idPosition: Int
        /// The ID the library gives a channel whose ID is left out.
        public var defaultID: String?
        /// The sound's argument label, and its position when given without one; left out or
        /// `null`, the channel plays the default sound.
        public var soundLabel: String
        public var soundPosition: Int
        public var sound: Sound
    }

    /// An argument of one of the app's calls that names the library's iOS sound, as iOS's
    /// `soundNamed` takes it (left out or `null`: the default sound).
    public struct IOSSound: Sendable, Hashable {
        /// The language of the app's code it is read in.
        public var language: CodeLanguage
        /// The call's name.
        public var call: String
        /// The argument's label, and its position when given without one.
        public var label: String
        public var position: Int
    }

    /// A channel made by a constructor or an object initialiser of the library's (issue 57): its
    /// type's name, and the members that give its ID and sound, read as the library reads them.
    public struct ChannelConstructor: Sendable, Hashable {
        /// The language it is written in.
        public var language: CodeLanguage
        /// The type constructed (`NotificationChannel`, `AndroidNotificationChannelRequest`).
        public var name: String
        /// The member or argument label that gives the channel's ID.
        public var idLabel: String
        /// The ID when none is given (Plugin.LocalNotification's `Plugin.LocalNotification.GENERAL`).
        public var defaultID: String?
        /// The member that names its sound: a resource's name (the library's rule), or a `://` URI.
        public var soundLabel: String
        /// The member that turns sound off (`playSound: false`).
        public var switchLabel: String?
        /// What the channel plays when it is off: nothing when the library sets no sound
        /// (`setSound(null, …)`), else the default (it leaves the channel's sound alone).
        public var silentWhenOff: Bool
    }

    /// A channel the library creates itself, not the app's code: its ID, and the configuration
    /// value that names its sound (absent: the default sound), read from the app's root.
    public struct OwnChannel: Sendable, Hashable {
        /// The channel's ID.
        public var id: String
        /// Configuration files, from the app's root, the first found read: JSON, or a program
        /// (`capacitor.config.ts`) read as text.
        public var configFiles: [String]
        /// The keys, outermost first, of the value that names its sound.
        public var soundKey: [String]
    }

    /// The languages code reading reads.
    public enum CodeLanguage: String, Sendable, Hashable, CaseIterable {
        /// JavaScript and TypeScript.
        case javaScript
        /// Dart (Flutter).
        case dart
        /// Kotlin and Java.
        case kotlinOrJava
        /// Swift and Objective-C.
        case swiftOrObjectiveC
        /// C# (.NET MAUI, Xamarin).
        case cSharp

        /// The language of a source file with this extension.
        public init(fileExtension ext: String) {
            switch ext {
            case "swift", "m", "mm": self = .swiftOrObjectiveC
            case "cs": self = .cSharp
            case "dart": self = .dart
            case "kt", "java": self = .kotlinOrJava
            default: self = .javaScript
            }
        }
    }

    /// The source a rule was read from.
    public struct Citation: Sendable, Hashable {
        /// `owner/name` on GitHub.
        public var repository: String
        /// The file, from the repository's root (`…` for folders left out).
        public var file: String
        /// The function that does it.
        public var function: String
    }

    /// A name and the resource names the library asks for.
    public struct Example: Sendable, Hashable {
        /// The name given.
        public var name: String
        /// The resource names the library asks for, in order.
        public var lookups: [String]
    }

    /// Its ``id``.
    public var description: String { id }
    /// Its ``id`` (the raw value it had as an enum).
    public var rawValue: String { id }

    /// The library of this ``id``, as the enum it was made (`AndroidLibrary(rawValue: "notifee")`);
    /// nil for one alertsound does not know.
    public init?(rawValue: String) {
        guard let known = Self.allCases.first(where: { $0.id == rawValue }) else { return nil }
        self = known
    }

    /// The resource names it tries for `name`, in order; empty when it plays the default sound
    /// without looking (`default`).
    public func lookups(_ name: String) -> [String] { SoundName(name).lookups(lookupRule) }

    /// The same library: the same ``id``.
    public static func == (a: Self, b: Self) -> Bool { a.id == b.id }
    /// Hashes its ``id``.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Its ``id``, as JSON has always said it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(id)
    }

    /// The library of this ``id``; an unknown one is an error.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let id = try c.decode(String.self)
        guard let known = Self.allCases.first(where: { $0.id == id }) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "unknown Android library '\(id)'")
        }
        self = known
    }

    init(
        id: String, displayName: String, lookupRule: SoundName.LookupRule, rule: String, ruleDocumented: String,
        handlesPush: Bool = false, fallbackResource: String? = nil, coordinates: Coordinates,
        codeWords: [CodeLanguage: [String]] = [:], channelCalls: [String] = [], channelObjects: [ChannelObject] = [],
        iosSounds: [IOSSound] = [], citation: Citation, examples: [Example],
        channelConstructors: [ChannelConstructor] = [], ownChannels: [OwnChannel] = [], defaultChannel: String? = nil,
        dropsOnMissingChannelFrom: String? = nil, channelImportance: ImportanceField? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.lookupRule = lookupRule
        self.rule = rule
        self.ruleDocumented = ruleDocumented
        self.handlesPush = handlesPush
        self.fallbackResource = fallbackResource
        self.coordinates = coordinates
        self.codeWords = codeWords
        self.channelCalls = channelCalls
        self.channelObjects = channelObjects
        self.iosSounds = iosSounds
        self.citation = citation
        self.examples = examples
        self.channelConstructors = channelConstructors
        self.ownChannels = ownChannels
        self.defaultChannel = defaultChannel
        self.dropsOnMissingChannelFrom = dropsOnMissingChannelFrom
        self.channelImportance = channelImportance
    }

    /// Every library alertsound knows, in the order the docs list them and a push handler is chosen.
    public static let allCases: [AndroidLibrary] = [
        .fcm, .expoNotifications, .reactNativeFirebaseV5, .notifee, .flutterLocalNotifications, .oneSignal,
        .capacitorLocalNotifications, .capacitorPushNotifications, .pluginLocalNotification, .awesomeNotifications,
        .kmpNotifier, .alarmee, .unityMobileNotifications, .cordovaLocalNotification, .cordovaFirebasex,
        .nativeScriptLocalNotifications, .nativeScriptLocalNotificationsLegacy, .reactNativePushNotification
    ]

    /// The Java names of Android's channel API a JavaScript or TypeScript file reaches it by:
    /// NativeScript exposes every Java package as a global (`new android.app.NotificationChannel(…)`).
    public static let androidJavaNames = [
        "android.app.NotificationChannel", "androidx.core.app.NotificationChannelCompat"
    ]

    /// The words a source file with this extension must hold for code reading to find anything in
    /// it: the platform's own calls, and each library's.
    public static func codeWords(forExtension ext: String) -> [String] {
        let language = CodeLanguage(fileExtension: ext)
        let platform: [String]
        switch language {
        case .swiftOrObjectiveC: platform = ["UNNotificationSound", "oundNamed", "Sounds\"", "SoundInstaller"]
        // Kotlin Multiplatform's iOS code calls `UNNotificationSound.soundNamed` itself (issue 57).
        case .kotlinOrJava: platform = ["NotificationChannel", "R.raw.", "oundNamed"]
        // Apple's and Android's own APIs as .NET binds them (`UNNotificationSound.GetSound`,
        // `new NotificationChannel(…)`, `Resource.Raw.x`).
        case .cSharp: platform = ["UNNotificationSound", "NotificationChannel", "Resource.Raw."]
        // NativeScript's TypeScript calls Android's own API by its Java names (issue 57).
        case .javaScript: platform = androidJavaNames
        case .dart: platform = []
        }
        var words = platform
        for library in allCases {
            let constructed = library.channelConstructors.filter { $0.language == language }.map(\.name)
            for word in (library.codeWords[language] ?? []) + constructed where !words.contains(word) {
                words.append(word)
            }
        }
        return words
    }
}

extension AndroidLibrary {
    private static let cutAtLastDot = SoundName.LookupRule(tries: [[.cutAtLastDot]], defaultWord: .looksUp)

    /// FCM's Android SDK, which shows notification messages (also under Flutter's
    /// `firebase_messaging` and `@react-native-firebase/messaging`).
    public static let fcm = AndroidLibrary(
        id: "firebase-messaging", displayName: "FCM's SDK", lookupRule: .exact,
        rule: "FCM's SDK looks the name up exactly",
        ruleDocumented: "exactly as given; `default` is the default sound",
        coordinates: Coordinates(
            npm: ["@react-native-firebase/messaging"], pub: ["firebase_messaging"], gradle: ["firebase-messaging"]),
        citation: Citation(
            repository: "firebase/firebase-android-sdk",
            file: "firebase-messaging/…/CommonNotificationBuilder.java", function: "getSound"),
        examples: [
            Example(name: "notification.wav", lookups: ["notification.wav"]), Example(name: "default", lookups: [])
        ])

    /// Expo's notifications module, which replaces FCM's messaging service in an Expo app.
    public static let expoNotifications = AndroidLibrary(
        id: "expo-notifications", displayName: "`expo-notifications`", lookupRule: cutAtLastDot,
        rule: "expo-notifications looks up the name cut at its last '.'",
        ruleDocumented: "cut at its last `.` (`notification.wav` → `notification`)",
        handlesPush: true,
        coordinates: Coordinates(npm: ["expo-notifications"], expoPlugins: ["expo-notifications"]),
        codeWords: [.javaScript: ["setNotificationChannelAsync", "NotificationAsync"]],
        channelCalls: ["setNotificationChannelAsync"],
        citation: Citation(
            repository: "expo/expo", file: "packages/expo-notifications/android/…/notifications/SoundResolver.kt",
            function: "filenameToBasename"),
        examples: [
            Example(name: "notification.wav", lookups: ["notification"]), Example(name: "a.b.wav", lookups: ["a.b"])
        ],
        channelImportance: ImportanceField(label: "importance", none: 2))

    /// react-native-firebase before version 6, which showed notifications itself.
    public static let reactNativeFirebaseV5 = AndroidLibrary(
        id: "react-native-firebase", displayName: "`react-native-firebase` v5",
        lookupRule: SoundName.LookupRule(tries: [[], [.cutAtLastDot]], defaultWord: .anyCase),
        rule: "react-native-firebase v5 looks up the name, then the name cut at its last '.'",
        ruleDocumented: "as given, then cut at its last `.`",
        handlesPush: true,
        coordinates: Coordinates(npm: ["react-native-firebase"]),
        citation: Citation(
            repository: "invertase/react-native-firebase", file: "android/…/RNFirebaseNotificationManager.java (v5)",
            function: "getSound"),
        examples: [Example(name: "notification.wav", lookups: ["notification.wav", "notification"])],
        channelImportance: ImportanceField(label: "importance", position: 2))

    /// notifee, which shows what the app's code asks it to.
    public static let notifee = AndroidLibrary(
        id: "notifee", displayName: "notifee",
        lookupRule: SoundName.LookupRule(
            tries: [[.lowercased, .dashAsUnderscore], [.cutAtLastDot, .lowercased, .dashAsUnderscore]],
            defaultWord: .anyCase),
        rule: "notifee looks up the name lowercased with '-' as '_', then cut at its last '.'",
        ruleDocumented: "lowercased with `-` as `_`, then also cut at its last `.`; a `://` URI as it is",
        coordinates: Coordinates(npm: ["@notifee/react-native"], gradle: ["app.notifee:core"]),
        codeWords: [.javaScript: ["createChannel", "displayNotification"]],
        channelCalls: ["createChannel"],
        citation: Citation(
            repository: "invertase/notifee", file: "android/…/core/utility/ResourceUtils.java", function: "getSoundUri"),
        examples: [Example(name: "Order-Ready.mp3", lookups: ["order_ready.mp3", "order_ready"])],
        channelImportance: ImportanceField(label: "importance"))

    /// Flutter's local notifications plugin.
    public static let flutterLocalNotifications = AndroidLibrary(
        id: "flutter_local_notifications", displayName: "`flutter_local_notifications`", lookupRule: .exact,
        rule: "flutter_local_notifications makes android.resource://…/raw/NAME of the name exactly",
        ruleDocumented: "`android.resource://PACKAGE/raw/NAME`: exactly as given",
        coordinates: Coordinates(pub: ["flutter_local_notifications"]),
        codeWords: [.dart: ["NotificationSound", "NotificationDetails", "NotificationChannel"]],
        channelCalls: ["AndroidNotificationChannel"],
        citation: Citation(
            repository: "MaikuB/flutter_local_notifications", file: "…/FlutterLocalNotificationsPlugin.java",
            function: "retrieveSoundResourceUri"),
        examples: [Example(name: "Chime", lookups: ["Chime"])],
        channelImportance: ImportanceField(label: "importance"))

    /// OneSignal's SDK, for messages sent through OneSignal.
    public static let oneSignal = AndroidLibrary(
        id: "onesignal", displayName: "OneSignal", lookupRule: .exact,
        rule: "OneSignal looks the name up exactly, else plays res/raw/onesignal_default_sound",
        ruleDocumented: "exactly as given; else the app's `res/raw/onesignal_default_sound`, else the default sound",
        fallbackResource: "onesignal_default_sound",
        coordinates: Coordinates(
            npm: ["react-native-onesignal", "onesignal-expo-plugin"], pub: ["onesignal_flutter"],
            gradle: ["com.onesignal:OneSignal"], expoPlugins: ["onesignal-expo-plugin"]),
        citation: Citation(
            repository: "OneSignal/OneSignal-Android-SDK", file: "notifications/…/common/NotificationHelper.kt",
            function: "getSoundUri"),
        examples: [Example(name: "chime", lookups: ["chime"])])
}

extension AndroidLibrary {
    /// Capacitor's local notifications plugin. A notification's `sound` goes through Capacitor's
    /// `AssetUtil.getResourceBaseName` (ionic-team/capacitor, `android/capacitor/…/plugin/util/AssetUtil.java`):
    /// a path becomes its last component, extension and all; any other name is cut at its last `.`.
    /// A channel's `sound` is cut at its last `.` (`NotificationChannelManager.createChannel`): the same
    /// for every name without a `/`. It has no word for the default sound, but no resource can be
    /// named `default` (a Java keyword), so `default` plays it all the same.
    public static let capacitorLocalNotifications = AndroidLibrary(
        id: "@capacitor/local-notifications", displayName: "`@capacitor/local-notifications`",
        lookupRule: SoundName.LookupRule(tries: [[.lastPathComponentElseCutAtLastDot]], defaultWord: .exact),
        rule: "@capacitor/local-notifications looks up the name cut at its last '.' (a path: its last component)",
        ruleDocumented:
            "cut at its last `.`; a path becomes its last component, extension and all (`raw/beep` → `beep`)",
        coordinates: Coordinates(npm: ["@capacitor/local-notifications"]),
        codeWords: [.javaScript: ["createChannel", "LocalNotifications"]], channelCalls: ["createChannel"],
        citation: Citation(
            repository: "ionic-team/capacitor-plugins", file: "local-notifications/android/…/LocalNotification.java",
            function: "getSound"),
        examples: [
            Example(name: "beep.wav", lookups: ["beep"]), Example(name: "raw/beep", lookups: ["beep"]),
            Example(name: "Beep-Sound.wav", lookups: ["Beep-Sound"])
        ],
        // The plugin creates channel `default` when it loads, with the configuration's
        // `plugins.LocalNotifications.sound` (LocalNotificationManager.createNotificationChannel),
        // and posts a notification without `channelId` there.
        ownChannels: [
            OwnChannel(
                id: "default", configFiles: ["capacitor.config.json", "capacitor.config.ts", "capacitor.config.js"],
                soundKey: ["plugins", "LocalNotifications", "sound"])
        ],
        defaultChannel: "default",
        channelImportance: ImportanceField(label: "importance"))

    /// Capacitor's push notifications plugin: FCM's SDK shows the push messages themselves (its
    /// messaging service only forwards them); the plugin's own rule is its channels' sound, cut at
    /// its last `.` (`NotificationChannelManager.createChannel`).
    public static let capacitorPushNotifications = AndroidLibrary(
        id: "@capacitor/push-notifications", displayName: "`@capacitor/push-notifications`",
        lookupRule: SoundName.LookupRule(tries: [[.cutAtLastDot]], defaultWord: .exact),
        rule: "@capacitor/push-notifications looks up a channel's sound cut at its last '.'",
        ruleDocumented: "a channel's `sound` cut at its last `.`; push messages are shown by FCM's SDK",
        coordinates: Coordinates(npm: ["@capacitor/push-notifications"]),
        codeWords: [.javaScript: ["createChannel"]], channelCalls: ["createChannel"],
        citation: Citation(
            repository: "ionic-team/capacitor-plugins",
            file: "push-notifications/android/…/NotificationChannelManager.java", function: "createChannel"),
        examples: [Example(name: "beep.wav", lookups: ["beep"])],
        channelImportance: ImportanceField(label: "importance"))

    /// Plugin.LocalNotification for .NET MAUI and Xamarin (NuGet): .NET's
    /// `Path.GetFileNameWithoutExtension` of the name (its last component, cut at its last `.`);
    /// a `://` URI as it is. It has no word for the default sound (an empty name is), and a
    /// debug build throws on a resource it does not find.
    public static let pluginLocalNotification = AndroidLibrary(
        id: "Plugin.LocalNotification", displayName: "`Plugin.LocalNotification`",
        lookupRule: SoundName.LookupRule(tries: [[.lastPathComponent, .cutAtLastDot]], defaultWord: .looksUp),
        rule: "Plugin.LocalNotification looks up the name's last component cut at its last '.'",
        ruleDocumented: "its last path component cut at its last `.`; a `://` URI as it is",
        coordinates: Coordinates(nuget: ["Plugin.LocalNotification"]),
        codeWords: [.cSharp: ["NotificationRequest"]],
        channelCalls: ["AndroidNotificationChannelRequest"],
        citation: Citation(
            repository: "thudugala/Plugin.LocalNotification",
            file: "Source/Plugin.LocalNotification/Platforms/Android/LocalNotificationCenter.cs",
            function: "GetSoundUri"),
        examples: [
            Example(name: "Resources/raw/beep.wav", lookups: ["beep"]), Example(name: "default", lookups: ["default"])
        ],
        // `Id` defaults to `Plugin.LocalNotification.GENERAL` (AndroidOptions.DefaultChannelId); an
        // empty `Sound` leaves the default, and `EnableSound = false` makes no `SetSound` call, so
        // the channel keeps Android's default sound (LocalNotificationCenter.CreateNotificationChannels).
        channelConstructors: [
            ChannelConstructor(
                language: .cSharp, name: "AndroidNotificationChannelRequest", idLabel: "Id",
                defaultID: "Plugin.LocalNotification.GENERAL", soundLabel: "Sound", switchLabel: "EnableSound",
                silentWhenOff: false)
        ],
        defaultChannel: "Plugin.LocalNotification.GENERAL",
        channelImportance: ImportanceField(label: "Importance"))

    /// awesome_notifications (Flutter): a channel's `soundSource` is `resource://raw/NAME`, looked up
    /// as `res_NAME`, then `NAME` (AudioUtils.getAudioResourceId); `playSound: false` sets no sound
    /// (`setSound(null, null)`, ChannelManager.setAndroidChannel); an empty `soundSource` is the
    /// default notification sound.
    public static let awesomeNotifications = AndroidLibrary(
        id: "awesome_notifications", displayName: "`awesome_notifications`",
        lookupRule: SoundName.LookupRule(tries: [[.lastPathComponent]], defaultWord: .looksUp),
        rule: "awesome_notifications looks up the last component of resource://raw/NAME",
        ruleDocumented: "`resource://raw/NAME`: the name after its last `/`",
        coordinates: Coordinates(pub: ["awesome_notifications"]),
        channelCalls: ["NotificationChannel"],
        citation: Citation(
            repository: "rafaelsetragni/awesome_notifications",
            file: "android/…/managers/ChannelManager.java", function: "setAndroidChannel"),
        examples: [Example(name: "resource://raw/notification", lookups: ["notification"])],
        channelConstructors: [
            ChannelConstructor(
                language: .dart, name: "NotificationChannel", idLabel: "channelKey", soundLabel: "soundSource",
                switchLabel: "playSound", silentWhenOff: true)
        ],
        channelImportance: ImportanceField(label: "importance"))
}

extension AndroidLibrary {
    /// KMPNotifier (Kotlin Multiplatform): one channel, created on Android 8 and later from the
    /// app's `NotificationChannelData` (ID `DEFAULT_NOTIFICATION_CHANNEL_ID` unless given), with
    /// `setSound(Uri.parse(soundUri))` when a URI is given and no sound (the default) otherwise;
    /// on iOS `notificationSoundName` goes to `UNNotificationSound.soundNamed` as given.
    public static let kmpNotifier = AndroidLibrary(
        id: "kmpnotifier", displayName: "KMPNotifier", lookupRule: .exact,
        rule: "KMPNotifier gives its channel the URI the app passes (soundUri) as it is",
        ruleDocumented:
            "its channel (`NotificationChannelData`, ID `DEFAULT_NOTIFICATION_CHANNEL_ID` unless given) plays the `soundUri` the app passes, parsed as it is (`android.resource://PACKAGE/raw/NAME`); none: the default sound",
        coordinates: Coordinates(gradle: ["io.github.mirzemehdi:kmpnotifier"]),
        codeWords: [.kotlinOrJava: ["NotificationChannelData", "notificationSoundName"]],
        channelObjects: [
            ChannelObject(
                language: .kotlinOrJava, call: "NotificationChannelData", idLabel: "id", idPosition: 0,
                defaultID: "DEFAULT_NOTIFICATION_CHANNEL_ID", soundLabel: "soundUri", soundPosition: 3, sound: .uri)
        ],
        iosSounds: [
            IOSSound(
                language: .kotlinOrJava, call: "NotificationPlatformConfiguration.Ios", label: "notificationSoundName",
                position: 2)
        ],
        citation: Citation(
            repository: "mirzemehdi/KMPNotifier",
            file: "kmpnotifier-local/src/androidMain/…/notification/NotificationChannelFactory.kt",
            function: "createChannels"),
        examples: [Example(name: "custom_notification_sound", lookups: ["custom_notification_sound"])])

    /// Alarmee (Kotlin Multiplatform): each `AlarmeeNotificationChannel` the app lists is created
    /// with `android.resource://PACKAGE/raw/` and its `soundFilename` exactly, or without a sound
    /// (the default) when it has none; on iOS `IosNotificationConfiguration`'s `soundFilename` goes
    /// to `UNNotificationSound.soundNamed` as given.
    public static let alarmee = AndroidLibrary(
        id: "alarmee", displayName: "Alarmee", lookupRule: .exact,
        rule: "Alarmee makes android.resource://…/raw/NAME of a channel's soundFilename exactly",
        ruleDocumented:
            "a channel's (`AlarmeeNotificationChannel`) `soundFilename` as `android.resource://PACKAGE/raw/NAME`, exactly as given; none: the default sound",
        coordinates: Coordinates(gradle: ["io.github.tweener:alarmee"]),
        codeWords: [.kotlinOrJava: ["AlarmeeNotificationChannel", "IosNotificationConfiguration"]],
        channelObjects: [
            ChannelObject(
                language: .kotlinOrJava, call: "AlarmeeNotificationChannel", idLabel: "id", idPosition: 0,
                defaultID: nil, soundLabel: "soundFilename", soundPosition: 3, sound: .resourceName)
        ],
        iosSounds: [
            IOSSound(language: .kotlinOrJava, call: "IosNotificationConfiguration", label: "soundFilename", position: 0)
        ],
        citation: Citation(
            repository: "Tweener/alarmee", file: "alarmee/src/androidMain/…/channel/NotificationChannelRegister.kt",
            function: "register"),
        examples: [Example(name: "hello", lookups: ["hello"])],
        channelImportance: ImportanceField(label: "importance", position: 2))

    /// Unity Mobile Notifications: on Android its channels (`AndroidNotificationChannel`, given to
    /// `AndroidNotificationCenter.RegisterNotificationChannel`) have no sound property, and its Java
    /// side creates them without `setSound`: every channel plays the default sound. (Its iOS
    /// `SoundName` goes to `soundNamed` as given; the file must reach the generated Xcode project.)
    public static let unityMobileNotifications = AndroidLibrary(
        id: "com.unity.mobile.notifications", displayName: "Unity Mobile Notifications",
        lookupRule: SoundName.LookupRule(tries: [], defaultWord: .exact),
        rule: "Unity Mobile Notifications names no sound on Android: its channels play the default sound",
        ruleDocumented:
            "no name: a channel has no sound property and is created without one, so it plays the default sound",
        coordinates: Coordinates(upm: ["com.unity.mobile.notifications"]),
        channelCalls: ["RegisterNotificationChannel"],
        citation: Citation(
            repository: "Unity-Technologies/com.unity.mobile.notifications",
            file: "com.unity.mobile.notifications/Runtime/Android/Plugins/…/UnityNotificationManager.java",
            function: "registerNotificationChannel"),
        examples: [Example(name: "alert", lookups: [])],
        channelImportance: ImportanceField(label: "Importance", position: 3))

    /// Cordova's local notification plugin (npm `cordova-plugin-local-notification`, 1.x): a
    /// `res://` sound is its last path component cut at its last `.`, looked up as a raw resource
    /// (`AssetUtil.getResId`); `file://` names a file of `www/`, served from the plugin's own
    /// provider, not a resource. Each channel (`androidChannelId`) is created once with the
    /// notification's sound; a name it cannot resolve gives the channel no sound at all.
    public static let cordovaLocalNotification = AndroidLibrary(
        id: "cordova-plugin-local-notification", displayName: "`cordova-plugin-local-notification`",
        lookupRule: SoundName.LookupRule(tries: [[.lastPathComponent, .cutAtLastDot]], defaultWord: .exact),
        rule: "cordova-plugin-local-notification looks up a res:// name's last component cut at its last '.'",
        ruleDocumented:
            "`res://NAME.mp3`: its last component cut at its last `.`; `file://` is a file of `www/`, not a resource; `default` is the default sound",
        coordinates: Coordinates(
            npm: ["cordova-plugin-local-notification", "de.appplant.cordova.plugin.local-notification"]),
        codeWords: [.javaScript: ["schedule"]], channelCalls: ["schedule"],
        citation: Citation(
            repository: "katzer/cordova-plugin-local-notifications", file: "src/android/util/AssetUtil.java",
            function: "getResId"),
        examples: [
            Example(name: "res://alert.mp3", lookups: ["alert"]), Example(name: "default", lookups: [])
        ])

    /// cordova-plugin-firebasex (and its modular `cordova-plugin-firebasex-messaging`): a channel's
    /// `sound` (`FirebasePlugin.createChannel({id, sound})`) becomes `android.resource://PKG/raw/NAME`
    /// exactly as given, no extension cut (`FirebasePlugin.java`, `createChannel`); its own channel
    /// ``firebasexDefaultChannel`` is FCM's default and plays the default sound.
    public static let cordovaFirebasex = AndroidLibrary(
        id: "cordova-plugin-firebasex", displayName: "`cordova-plugin-firebasex`", lookupRule: .exact,
        rule: "cordova-plugin-firebasex makes android.resource://…/raw/NAME of a channel's sound exactly",
        ruleDocumented:
            "a channel's `sound` exactly as given (`my_sound.mp3` names no resource); its `fcm_default_channel` plays the default sound",
        coordinates: Coordinates(npm: ["cordova-plugin-firebasex", "cordova-plugin-firebasex-messaging"]),
        codeWords: [.javaScript: ["createChannel"]], channelCalls: ["createChannel"],
        citation: Citation(
            repository: "dpa99c/cordova-plugin-firebasex", file: "src/android/FirebasePlugin.java",
            function: "createChannel"),
        examples: [
            Example(name: "my_sound", lookups: ["my_sound"]), Example(name: "my_sound.mp3", lookups: ["my_sound.mp3"])
        ],
        // The plugin creates this channel at start with the default sound (FirebasePlugin.java,
        // createDefaultChannel).
        ownChannels: [OwnChannel(id: firebasexDefaultChannel, configFiles: [], soundKey: [])],
        channelImportance: ImportanceField(label: "importance"))

    /// The channel cordova-plugin-firebasex creates at start and names FCM's default in its
    /// `plugin.xml` (`default_notification_channel_id`), with the default sound.
    public static let firebasexDefaultChannel = "fcm_default_channel"

    /// NativeScript's local notifications plugin (`@nativescript/local-notifications`): on
    /// Android 8 and later a notification's `sound` is looked up exactly as given
    /// (`getIdentifier(sound, "raw")`, no extension cut) for the channel it is posted to.
    public static let nativeScriptLocalNotifications = AndroidLibrary(
        id: "@nativescript/local-notifications", displayName: "`@nativescript/local-notifications`",
        lookupRule: .exact,
        rule: "@nativescript/local-notifications looks the name up exactly",
        ruleDocumented: "exactly as given (`customsound.wav` names no resource); `default` is the default sound",
        coordinates: Coordinates(npm: ["@nativescript/local-notifications"]),
        codeWords: [.javaScript: ["schedule"]], channelCalls: ["schedule"],
        citation: Citation(
            repository: "NativeScript/plugins",
            file: "packages/local-notifications/native-src/android/…/localnotifications/Builder.java",
            function: "build"),
        examples: [
            Example(name: "customsound", lookups: ["customsound"]), Example(name: "default", lookups: [])
        ])

    /// The older `nativescript-local-notifications`: on Android it plays no custom sound at all
    /// ("custom sounds do not currently work"): its channels are created without one and a
    /// notification's `sound` becomes the default sound (`Builder.java`), so every name it is
    /// given plays the default sound.
    public static let nativeScriptLocalNotificationsLegacy = AndroidLibrary(
        id: "nativescript-local-notifications", displayName: "`nativescript-local-notifications`",
        lookupRule: SoundName.LookupRule(tries: [], defaultWord: .looksUp),
        rule: "nativescript-local-notifications plays the default sound for every name on Android",
        ruleDocumented: "none: every name plays the default sound (its channels have no sound)",
        coordinates: Coordinates(npm: ["nativescript-local-notifications"]),
        codeWords: [.javaScript: ["schedule"]], channelCalls: ["schedule"],
        citation: Citation(
            repository: "EddyVerbruggen/nativescript-local-notifications",
            file: "native-src/android/…/localnotifications/Builder.java", function: "build"),
        examples: [Example(name: "customsound", lookups: [])])
}

extension AndroidLibrary {
    /// react-native-push-notification (zo0r): it replaces FCM's messaging service and posts what it
    /// is given itself. A name is looked up as given, then cut at its last `.`, and `default` (any
    /// case) is the default sound (`RNPushNotificationHelper.getSoundUri`); a channel is made by
    /// `createChannel({channelId, soundName, playSound})`, `playSound: false` with no sound
    /// (`setSound(null, null)`). From 6.0.0 it creates no channel itself (CHANGELOG 6.0.0: "You
    /// must create your channels before triggering a notification"; before, `sendToNotificationCentre`
    /// called `checkOrCreateChannel`), so a notification on a channel the app never created is
    /// dropped (README: "if the channel doesn't exist, notification will not trigger").
    public static let reactNativePushNotification = AndroidLibrary(
        id: "react-native-push-notification", displayName: "`react-native-push-notification`",
        lookupRule: SoundName.LookupRule(tries: [[], [.cutAtLastDot]], defaultWord: .anyCase),
        rule: "react-native-push-notification looks up the name, then the name cut at its last '.'",
        ruleDocumented:
            "as given, then cut at its last `.`; `default` is the default sound; from 6.0.0 a notification on a channel the app never created is dropped",
        handlesPush: true,
        coordinates: Coordinates(npm: ["react-native-push-notification"]),
        codeWords: [.javaScript: ["createChannel"]], channelCalls: ["createChannel"],
        citation: Citation(
            repository: "zo0r/react-native-push-notification",
            file: "android/src/main/java/com/dieam/reactnativepushnotification/modules/RNPushNotificationHelper.java",
            function: "getSoundUri"),
        examples: [
            Example(name: "noti.wav", lookups: ["noti.wav", "noti"]), Example(name: "Default", lookups: [])
        ],
        channelConstructors: [
            ChannelConstructor(
                language: .javaScript, name: "createChannel", idLabel: "channelId", soundLabel: "soundName",
                switchLabel: "playSound", silentWhenOff: true)
        ],
        dropsOnMissingChannelFrom: "6.0.0",
        channelImportance: ImportanceField(label: "importance"))

    /// Whether `version` (a package's `x.y.z`, or the lower bound of a range: `^8.1.1`, `~6.0`) is
    /// `from` or later; nil when it names no version (`latest`, `file:…`, a Git URL).
    static func version(_ version: String, isAtLeast from: String) -> Bool? {
        func numbers(_ text: String) -> [Int]? {
            let start = text.drop { !$0.isNumber }
            guard text.prefix(text.count - start.count).allSatisfy({ "^~>=v ".contains($0) }) else { return nil }
            let digits = start.prefix { $0.isNumber || $0 == "." }
            let parts = digits.split(separator: ".").compactMap { Int($0) }
            return parts.isEmpty ? nil : parts
        }
        guard let have = numbers(version), let need = numbers(from) else { return nil }
        for i in 0..<max(have.count, need.count) {
            let (a, b) = (i < have.count ? have[i] : 0, i < need.count ? need[i] : 0)
            if a != b { return a > b }
        }
        return true
    }
}

/// The libraries an app declares, read from its manifests: what handles its push messages on
/// Android, and so which rule a payload's or `--sound` name is judged by.
public struct AndroidLibraries: Sendable, Hashable {
    /// Every library found, in the order `AndroidLibrary.allCases` lists them.
    public var declared: [AndroidLibrary] = []
    /// Where each was declared (`package.json`, `pubspec.yaml`, a Gradle file).
    public var evidence: [AndroidLibrary: String] = [:]
    /// The version of each npm package declared: its lock's, else its `package.json` range.
    public var versions: [AndroidLibrary: String] = [:]

    /// None declared: FCM's SDK handles what is sent.
    public init() {}

    /// The library that shows a push message's notification, and so resolves its sound name: the
    /// first declared that replaces FCM's messaging service (expo-notifications in an Expo app,
    /// react-native-firebase v5, which showed notifications itself); otherwise FCM's SDK does
    /// (notifee and flutter_local_notifications show only what the app's code asks them to).
    public var pushHandler: AndroidLibrary { declared.first(where: \.handlesPush) ?? .fcm }

    /// Whether `library`, at the version the app declares, has Android drop a notification on a
    /// channel the app never created (``AndroidLibrary/dropsOnMissingChannelFrom``); a version
    /// that cannot be read is taken as the current one.
    public func dropsOnMissingChannel(_ library: AndroidLibrary) -> Bool {
        guard let from = library.dropsOnMissingChannelFrom else { return false }
        guard let version = versions[library] else { return true }
        return AndroidLibrary.version(version, isAtLeast: from) ?? true
    }

    /// The library a channel the app's code creates goes to, which code reading `guessed` from the
    /// call alone: the guess when the app declares it, or when it declares no other library with a
    /// call of that name; else the first declared library that has one (a Capacitor app's
    /// `createChannel` is Capacitor's, not notifee's: issue 57).
    public func library(ofChannelCallBy guessed: AndroidLibrary) -> AndroidLibrary {
        if declared.contains(guessed) { return guessed }
        return declared.first { !Set($0.channelCalls).isDisjoint(with: guessed.channelCalls) } ?? guessed
    }

    /// Records `library`, declared in `file`.
    mutating func add(_ library: AndroidLibrary, in file: String) {
        guard evidence[library] == nil else { return }
        evidence[library] = file
        declared = AndroidLibrary.allCases.filter { evidence[$0] != nil }
    }

    /// The libraries named as dependencies in `package.json` text (`dependencies`,
    /// `devDependencies`).
    mutating func read(packageJSON bytes: [UInt8], file: String) {
        guard case .object(let top)? = try? JSONParser.parse(bytes) else { return }
        var specs: [String: String] = [:]
        let names = ["dependencies", "devDependencies"].flatMap { key -> [String] in
            guard case .object(let deps)? = top[key] else { return [] }
            for (name, value) in deps { if case .string(let spec) = value { specs[name] = spec } }
            return Array(deps.keys)
        }
        for name in names.sorted() {
            for library in AndroidLibrary.allCases where library.coordinates.npm.contains(name) {
                add(library, in: file)
                if versions[library] == nil { versions[library] = specs[name] }
            }
        }
    }

    /// The versions a `package-lock.json` installs of the npm packages declared: its
    /// `packages["node_modules/NAME"].version` (lockfile 2 and 3), else `dependencies[NAME].version`
    /// (lockfile 1).
    mutating func read(packageLock bytes: [UInt8]) {
        guard case .object(let top)? = try? JSONParser.parse(bytes) else { return }
        for library in declared {
            for name in library.coordinates.npm {
                var entry: JSONValue?
                if case .object(let packages)? = top["packages"] { entry = packages["node_modules/" + name] }
                if entry == nil, case .object(let dependencies)? = top["dependencies"] { entry = dependencies[name] }
                if case .object(let fields)? = entry, case .string(let version)? = fields["version"] {
                    versions[library] = version
                }
            }
        }
    }

    /// The libraries named under `dependencies:` in `pubspec.yaml` text (a line `  name:` at the
    /// first indentation below it).
    mutating func read(pubspec text: String, file: String) {
        var inDependencies = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if !line.hasPrefix(" "), !line.hasPrefix("#"), !line.isEmpty {
                inDependencies = line.hasPrefix("dependencies:") || line.hasPrefix("dev_dependencies:")
                continue
            }
            guard inDependencies, let colon = trimmed.firstIndex(of: ":") else { continue }
            let name = String(trimmed[..<colon])
            for library in AndroidLibrary.allCases where library.coordinates.pub.contains(name) {
                add(library, in: file)
            }
        }
    }

    /// The libraries a Gradle file's dependencies name (`com.onesignal:OneSignal`,
    /// `com.google.firebase:firebase-messaging`, `app.notifee:core`).
    mutating func read(gradle text: String, file: String) {
        for library in AndroidLibrary.allCases where library.coordinates.gradle.contains(where: text.contains) {
            add(library, in: file)
        }
    }

    /// The packages a Unity project's `Packages/manifest.json` depends on.
    mutating func read(unityManifest bytes: [UInt8], file: String) {
        guard case .object(let top)? = try? JSONParser.parse(bytes), case .object(let deps)? = top["dependencies"]
        else { return }
        for name in deps.keys.sorted() {
            for library in AndroidLibrary.allCases where library.coordinates.upm.contains(name) {
                add(library, in: file)
            }
        }
    }

    /// The libraries a .NET project file references (`<PackageReference Include="NAME" …>`, the
    /// name compared as NuGet does, ignoring case).
    mutating func read(csproj text: String, file: String) {
        for tag in text.split(separator: "<PackageReference").dropFirst() {
            let attributes = tag.prefix { $0 != ">" }
            guard let include = attributes.firstRange(of: "Include=\"") else { continue }
            let name = attributes[include.upperBound...].prefix { $0 != "\"" }.lowercased()
            for library in AndroidLibrary.allCases
            where library.coordinates.nuget.contains(where: { $0.lowercased() == name }) {
                add(library, in: file)
            }
        }
        // A library's own project, referenced from source (`…\Plugin.LocalNotification.csproj`, as
        // its samples do): the project is named for the package it builds.
        for tag in text.split(separator: "<ProjectReference").dropFirst() {
            let attributes = tag.prefix { $0 != ">" }
            guard let include = attributes.firstRange(of: "Include=\"") else { continue }
            let path = attributes[include.upperBound...].prefix { $0 != "\"" }
            let name = path.split(whereSeparator: { $0 == "\\" || $0 == "/" }).last.map(String.init) ?? ""
            guard name.lowercased().hasSuffix(".csproj") else { continue }
            let package = name.dropLast(".csproj".count).lowercased()
            for library in AndroidLibrary.allCases
            where library.coordinates.nuget.contains(where: { $0.lowercased() == package }) {
                add(library, in: file)
            }
        }
    }
}
