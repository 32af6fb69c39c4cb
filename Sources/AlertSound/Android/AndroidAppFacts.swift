import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an Android project's build files say that decides which sound a notification plays: the
/// lowest Android version it installs on (from 8, API 26, a notification's own sound is ignored
/// and its channel's plays) and the channel FCM posts a message to when the message names none
/// (`com.google.firebase.messaging.default_notification_channel_id` in the manifest; without it,
/// FCM's fallback channel, which plays the default sound).
struct AndroidAppFacts: Sendable, Hashable {
    /// `minSdk` / `minSdkVersion` of the app, when a build file gives it as a number (a Flutter
    /// app's `flutter.minSdkVersion` is not read: nil).
    var minSdk: Int?
    /// `targetSdk` / `targetSdkVersion` of the app (a build file's, else the manifest's
    /// `<uses-sdk>`): an app targeting Android 7 or older (below 26) uses no channels, and its
    /// notifications play their own sound on every version (Android's "pre-channels" notifications;
    /// FCM makes no channel for it).
    var targetSdk: Int?
    /// The manifest's default channel for FCM messages.
    var defaultChannel: String?
    /// The notification libraries the app declares (`package.json`, `pubspec.yaml`, Gradle).
    var libraries = AndroidLibraries()
    /// Whether the build lowercases resource file names (.NET for Android: a project's
    /// `notifMessage.flac` is the resource `notifmessage`; ``SoundName/namedResource(resolved:buildLowercases:)``).
    var lowercasesResourceNames = false
    /// The packages the app's release builds install as (``GradleVariants/releasePackages(gradle:manifestPackage:)``),
    /// when one module applies the application plugin and its build gives them as literals (issue 57).
    var releasePackages: [String]?

    static let defaultChannelKey = "com.google.firebase.messaging.default_notification_channel_id"

    /// The facts of the Gradle project at `root`, each file read once, only inside `confinement`
    /// and bounded (what cannot be read says nothing): its build files and its modules' (one
    /// level down), `src/main/AndroidManifest.xml` and `res/values/*.xml` of each module, and
    /// `package.json`, `pubspec.yaml` and `*.csproj` in the folder or the one above it (a React
    /// Native, Expo, Flutter or .NET app's root, which holds `android/`).
    static func read(root: String, within confinement: Confinement) -> AndroidAppFacts {
        var facts = AndroidAppFacts()
        func bytes(_ path: String) -> [UInt8]? {
            guard isFile(path), confinement.contains(path) else { return nil }
            return try? confinement.door.bytes(path, limit: Limits.maximumAndroidSourceBytes, what: "build file")
        }
        func text(_ path: String) -> String? { bytes(path).map { String(decoding: $0, as: UTF8.self) } }
        for folder in [root, parentFolder(root)] where confinement.contains(folder) {
            let package = joinPath(folder, "package.json"), pubspec = joinPath(folder, "pubspec.yaml")
            if let json = bytes(package) {
                facts.libraries.read(packageJSON: json, file: package)
                // The versions installed: a library's behaviour may depend on it (issue 57).
                if let lock = bytes(joinPath(folder, "package-lock.json")) { facts.libraries.read(packageLock: lock) }
            }
            if let yaml = text(pubspec) { facts.libraries.read(pubspec: yaml, file: pubspec) }
            // A .NET app (MAUI, Xamarin) declares its NuGet packages in its project file.
            for name in FolderEntries.names(in: folder, .file, through: confinement.door).sorted()
            where lowercasedExtension(name) == "csproj" {
                let project = joinPath(folder, name)
                if let xml = text(project) { facts.libraries.read(csproj: xml, file: project) }
            }
        }
        let modules =
            [root]
            + FolderEntries.names(in: root, .folder, through: confinement.door).sorted().map { joinPath(root, $0) }
        var rootMinSdk: Int?
        var rootTargetSdk: Int?
        var manifestSdks: (min: Int?, target: Int?) = (nil, nil)
        var applications: [(gradle: String, module: String)] = []
        // Each Gradle module's manifest `package`, read with the rest of that manifest.
        var manifestPackages: [String: String] = [:]
        for module in modules {
            for name in ["build.gradle", "build.gradle.kts"] {
                let path = joinPath(module, name)
                guard let gradle = text(path) else { continue }
                facts.libraries.read(gradle: gradle, file: path)
                // The module that applies the application plugin (a root's `apply false` applies none).
                if Self.appliesApplicationPlugin(gradle), !gradle.contains("apply false") {
                    applications.append((gradle, module))
                }
                if let value = minSdk(in: gradle) {
                    if module == root { rootMinSdk = value } else if facts.minSdk == nil { facts.minSdk = value }
                }
                if let value = sdk(["targetSdkVersion", "targetSdk"], in: gradle) {
                    if module == root {
                        rootTargetSdk = value
                    } else if facts.targetSdk == nil {
                        facts.targetSdk = value
                    }
                }
            }
            // A Gradle module's manifest, or an older (Ant, Eclipse) project's at its top; each read once.
            for (index, manifest) in [
                joinPath(module, "src/main/AndroidManifest.xml"), joinPath(module, "AndroidManifest.xml")
            ].enumerated() {
                guard let xml = text(manifest) else { continue }
                let sdks = usesSdk(in: xml)
                manifestSdks = (manifestSdks.min ?? sdks.min, manifestSdks.target ?? sdks.target)
                if index == 0 { manifestPackages[module] = manifestPackage(in: xml) }
                // FCM's default channel is read from the Gradle module's manifest only.
                guard index == 0, facts.defaultChannel == nil, let value = metaData(defaultChannelKey, in: xml) else {
                    continue
                }
                if value.hasPrefix("@string/") {
                    let key = String(value.dropFirst("@string/".count))
                    let values = joinPath(module, "src/main/res/values")
                    for file in FolderEntries.names(in: values, .file, through: confinement.door).sorted()
                    where lowercasedExtension(file) == "xml" {
                        if let resolved = text(joinPath(values, file)).flatMap({ stringResource(key, in: $0) }) {
                            facts.defaultChannel = resolved
                            break
                        }
                    }
                } else {
                    facts.defaultChannel = value
                }
            }
        }
        // The packages a resource URI may name: one app module's (several: not told).
        if applications.count == 1, let app = applications.first {
            facts.releasePackages = GradleVariants.releasePackages(
                gradle: app.gradle, manifestPackage: manifestPackages[app.module])
        }
        // React Native keeps it in the root project's `ext { minSdkVersion = 24 }`.
        // A build file's setting overrides the manifest's `<uses-sdk>`, which older projects use.
        facts.minSdk = facts.minSdk ?? rootMinSdk ?? manifestSdks.min
        facts.targetSdk = facts.targetSdk ?? rootTargetSdk ?? manifestSdks.target
        return facts
    }

    /// Whether the app targets Android 7 or older, so its notifications use no channels.
    var usesNoChannels: Bool { targetSdk.map { $0 < 26 } ?? false }

    /// The `package` attribute of a manifest's `<manifest>` element (older projects' application ID).
    static func manifestPackage(in xml: String) -> String? {
        xml.split(separator: "<").first { $0.hasPrefix("manifest") }.flatMap { attribute("package", in: String($0)) }
    }

    /// `android:minSdkVersion` and `android:targetSdkVersion` of a manifest's `<uses-sdk>`.
    static func usesSdk(in xml: String) -> (min: Int?, target: Int?) {
        for element in xml.split(separator: "<") where element.hasPrefix("uses-sdk") {
            let text = String(element)
            return (
                attribute("android:minSdkVersion", in: text).flatMap { Int($0) },
                attribute("android:targetSdkVersion", in: text).flatMap { Int($0) }
            )
        }
        return (nil, nil)
    }

    /// The first `minSdk 26`, `minSdk = 26`, `minSdkVersion 26`, `minSdkVersion(26)` or
    /// `minSdkVersion = 26` in build-file text that is not a comment.
    static func minSdk(in gradle: String) -> Int? { sdk(["minSdkVersion", "minSdk"], in: gradle) }

    /// The first of `keys` (`targetSdkVersion 19`, `targetSdk = 34`) followed by a number.
    static func sdk(_ keys: [String], in gradle: String) -> Int? {
        let source = SourceText(gradle)
        for key in keys {
            for offset in source.occurrences(of: key) {
                var i = offset + key.unicodeScalars.count
                while i < source.scalars.count, [" ", "=", "(", "\t"].contains(source.scalars[i]) { i += 1 }
                var digits = ""
                while i < source.scalars.count, ("0"..."9").contains(source.scalars[i]), digits.count < 3 {
                    digits.unicodeScalars.append(source.scalars[i])
                    i += 1
                }
                if let value = Int(digits) { return value }
            }
        }
        return nil
    }

    /// `android:value` of the `<meta-data android:name="KEY">` element in manifest text.
    static func metaData(_ key: String, in xml: String) -> String? {
        let elements = xml.split(separator: "<").filter { $0.hasPrefix("meta-data") }
        for element in elements where element.contains("\"\(key)\"") {
            if let value = attribute("android:value", in: String(element)) { return value }
        }
        return nil
    }

    /// `<string name="KEY">value</string>` in a values file.
    static func stringResource(_ key: String, in xml: String) -> String? {
        for element in xml.split(separator: "<") where element.hasPrefix("string ") {
            guard attribute("name", in: String(element)) == key, let close = element.firstIndex(of: ">") else {
                continue
            }
            return String(element[element.index(after: close)...]).trimmingWhitespace()
        }
        return nil
    }

    static func attribute(_ name: String, in element: String) -> String? {
        let parts = element.split(separator: "\(name)=\"", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let end = parts[1].firstIndex(of: "\"") else { return nil }
        return String(parts[1][..<end])
    }

    /// Whether a module's Gradle file applies Android's application plugin: `apply plugin:
    /// 'com.android.application'`, `id("com.android.application")`, a version catalog's
    /// `alias(libs.plugins.android.application)` or a convention plugin `….android.application`.
    static func appliesApplicationPlugin(_ text: String) -> Bool {
        // Comments blanked, so a commented-out plugin does not count.
        let source = SourceText(text)
        let code = source.text
        if code.contains("com.android.application") || code.contains("android.application")
            || code.contains("androidApplication")
        {
            return true
        }
        // The Android plugin's ID before its 1.0 (2014): `apply plugin: 'android'` builds an app
        // (Cordova's generated projects of that time; `android-library` a library).
        for quote in ["'", "\""] where code.contains("apply plugin: \(quote)android\(quote)") { return true }
        // A convention plugin of the project's own (`id("io.element.android-compose-application")`).
        return pluginIDs(source).contains { $0.contains("android") && $0.hasSuffix("application") }
    }

    /// The plugin IDs a build file applies with `id("…")` or `id '…'`.
    static func pluginIDs(_ source: SourceText) -> [String] {
        source.occurrences(of: "id").compactMap { offset in
            if let call = source.call(at: offset, name: "id") { return call.positional(0)?.literal }
            // Groovy's `id 'x'`.
            var i = offset + 2
            guard i < source.scalars.count, source.scalars[i] == " " else { return nil }
            while i < source.scalars.count, source.scalars[i] == " " { i += 1 }
            guard i < source.scalars.count, source.scalars[i] == "'" || source.scalars[i] == "\"" else { return nil }
            let quote = source.scalars[i]
            var end = i + 1
            while end < source.scalars.count, source.scalars[end] != quote, source.scalars[end] != "\n", end - i < 256 {
                end += 1
            }
            return String(String.UnicodeScalarView(source.scalars[(i + 1)..<end]))
        }
    }
}
