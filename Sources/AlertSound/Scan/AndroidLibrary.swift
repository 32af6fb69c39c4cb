import AlertSoundCore

/// What turns a sound name into a raw resource on Android: not Android itself, which only answers
/// `Resources.getIdentifier(name, "raw", package)` for an exact resource name, but the library
/// that handles the message or call, each with its own rule. Read from each library's source
/// (2026-11; `docs/cross-platform.md` cites the files):
///
/// | library | what it looks up |
/// |---|---|
/// | FCM's SDK (`firebase-messaging`, which displays notification messages for Flutter's `firebase_messaging` and `@react-native-firebase/messaging` too) | the name exactly; `default` is the default sound |
/// | `expo-notifications` | the name cut at its last `.` (`notification.wav` finds `notification`) |
/// | `react-native-firebase` v5 | the name exactly, then cut at its last `.` |
/// | notifee | the name lowercased with `-` as `_`, then also cut at its last `.`; a `://` URI as it is |
/// | `flutter_local_notifications` | `android.resource://PACKAGE/raw/NAME`: the name exactly |
/// | OneSignal | the name exactly (a valid resource name), else the app's `onesignal_default_sound` |
public enum AndroidLibrary: String, Sendable, Hashable, Codable, CaseIterable {
    /// FCM's Android SDK, which shows notification messages (also under Flutter's
    /// `firebase_messaging` and `@react-native-firebase/messaging`).
    case fcm = "firebase-messaging"
    /// Expo's notifications module, which replaces FCM's messaging service in an Expo app.
    case expoNotifications = "expo-notifications"
    /// react-native-firebase before version 6, which showed notifications itself.
    case reactNativeFirebaseV5 = "react-native-firebase"
    /// notifee, which shows what the app's code asks it to.
    case notifee
    /// Flutter's local notifications plugin.
    case flutterLocalNotifications = "flutter_local_notifications"
    /// OneSignal's SDK, for messages sent through OneSignal.
    case oneSignal = "onesignal"

    /// The resource names it tries for `name`, in order; empty when it plays the default sound
    /// without looking (`default`).
    public func lookups(_ name: String) -> [String] {
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) }
        switch self {
        case .fcm, .flutterLocalNotifications, .oneSignal:
            return name == "default" ? [] : [name]
        case .expoNotifications:
            return [stem ?? name]
        case .reactNativeFirebaseV5:
            return name.lowercased() == "default" ? [] : [name] + (stem.map { [$0] } ?? [])
        case .notifee:
            guard name.lowercased() != "default" else { return [] }
            func normal(_ text: String) -> String { String(text.lowercased().map { $0 == "-" ? "_" : $0 }) }
            return [normal(name)] + (stem.map { [normal($0)] } ?? [])
        }
    }

    /// The rule in a phrase, for messages.
    public var rule: String {
        switch self {
        case .fcm: return "FCM's SDK looks the name up exactly"
        case .expoNotifications: return "expo-notifications looks up the name cut at its last '.'"
        case .reactNativeFirebaseV5:
            return "react-native-firebase v5 looks up the name, then the name cut at its last '.'"
        case .notifee: return "notifee looks up the name lowercased with '-' as '_', then cut at its last '.'"
        case .flutterLocalNotifications:
            return "flutter_local_notifications makes android.resource://…/raw/NAME of the name exactly"
        case .oneSignal: return "OneSignal looks the name up exactly, else plays res/raw/onesignal_default_sound"
        }
    }
}

/// The libraries an app declares, read from its manifests: what handles its push messages on
/// Android, and so which rule a payload's or `--sound` name is judged by.
public struct AndroidLibraries: Sendable, Hashable {
    /// Every library found, in the order `AndroidLibrary.allCases` lists them.
    public var declared: [AndroidLibrary] = []
    /// Where each was declared (`package.json`, `pubspec.yaml`, a Gradle file).
    public var evidence: [AndroidLibrary: String] = [:]

    /// None declared: FCM's SDK handles what is sent.
    public init() {}

    /// The library that shows a push message's notification, and so resolves its sound name:
    /// expo-notifications replaces FCM's messaging service in an Expo app, react-native-firebase
    /// v5 showed notifications itself; otherwise FCM's SDK does (notifee and
    /// flutter_local_notifications show only what the app's code asks them to).
    public var pushHandler: AndroidLibrary {
        for library in [AndroidLibrary.expoNotifications, .reactNativeFirebaseV5] where declared.contains(library) {
            return library
        }
        return .fcm
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
        let names = ["dependencies", "devDependencies"].flatMap { key -> [String] in
            guard case .object(let deps)? = top[key] else { return [] }
            return Array(deps.keys)
        }
        let known: [String: AndroidLibrary] = [
            "expo-notifications": .expoNotifications, "react-native-firebase": .reactNativeFirebaseV5,
            "@react-native-firebase/messaging": .fcm, "@notifee/react-native": .notifee,
            "react-native-onesignal": .oneSignal, "onesignal-expo-plugin": .oneSignal
        ]
        for name in names.sorted() { if let library = known[name] { add(library, in: file) } }
    }

    /// The libraries named under `dependencies:` in `pubspec.yaml` text (a line `  name:` at the
    /// first indentation below it).
    mutating func read(pubspec text: String, file: String) {
        let known: [String: AndroidLibrary] = [
            "firebase_messaging": .fcm, "flutter_local_notifications": .flutterLocalNotifications,
            "onesignal_flutter": .oneSignal
        ]
        var inDependencies = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if !line.hasPrefix(" "), !line.hasPrefix("#"), !line.isEmpty {
                inDependencies = line.hasPrefix("dependencies:") || line.hasPrefix("dev_dependencies:")
                continue
            }
            guard inDependencies, let colon = trimmed.firstIndex(of: ":") else { continue }
            if let library = known[String(trimmed[..<colon])] { add(library, in: file) }
        }
    }

    /// The libraries a Gradle file's dependencies name (`com.onesignal:OneSignal`,
    /// `com.google.firebase:firebase-messaging`, `app.notifee:core`).
    mutating func read(gradle text: String, file: String) {
        if text.contains("com.onesignal:OneSignal") { add(.oneSignal, in: file) }
        if text.contains("firebase-messaging") { add(.fcm, in: file) }
        if text.contains("app.notifee:core") { add(.notifee, in: file) }
    }
}
