import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Every app under a folder is found and judged on its own, wherever it lives (issue 45, item 2:
/// only `ios/` and `android/` at the root were looked at, so a Flutter app in `flutter/` lost iOS
/// silently and a monorepo's two apps were taken for one resources folder).
@Suite struct AppSearchTests {
    /// Writes `files` (path → bytes) under `root`.
    static func tree(_ root: String, _ files: [String: [UInt8]]) throws {
        for (path, bytes) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: parentFolder(full), withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: full))
        }
    }

    static func text(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A Flutter or React Native app at `prefix`: an Xcode project whose app target copies
    /// `ios/Runner/<sound>`, and a Gradle project (`settings.gradle`, an `app` module applying the
    /// application plugin as `plugin` says) with `raw` in `res/raw`.
    static func app(
        _ prefix: String, iosSound: String? = "ping.caf", raw: [String: [UInt8]] = ["ping.wav": AndroidTests.pcm16],
        plugin: String = "id \"com.android.application\""
    ) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [
            prefix + "android/settings.gradle": text("include ':app'"),
            prefix + "android/app/build.gradle": text("plugins {\n    \(plugin)\n}\nandroid { namespace 'x' }")
        ]
        if let iosSound {
            files[prefix + "ios/Runner.xcodeproj/project.pbxproj"] = text(
                BundleExample.pbxproj(copying: ["Runner/" + iosSound]))
            files[prefix + "ios/Runner/" + iosSound] = AndroidTests.caf
        }
        for (name, bytes) in raw { files[prefix + "android/app/src/main/res/raw/" + name] = bytes }
        return files
    }

    /// A Flutter app in a subfolder: both halves found, named by their paths, and each platform's
    /// name judged on its own half.
    @Test(.bug(id: 45, "item 2")) func aFlutterAppInASubfolderIsFound() throws {
        let scratch = try Scratch()
        let root = scratch.path("repo")
        var files = Self.app("flutter/")
        files["flutter/pubspec.yaml"] = Self.text("name: app")
        files["README.md"] = Self.text("# repo")
        try Self.tree(root, files)
        let report = try BundleValidator().validate(
            paths: [root], references: [.named("ios:ping.caf"), .named("android:ping")])
        #expect(report.bundles.map(\.kind) == [.xcodeProject, .androidProject])
        #expect(
            report.bundles[0].bundle.hasPrefix(root + "/flutter/ios/Runner.xcodeproj"), "\(report.bundles[0].bundle)")
        #expect(report.bundles[1].bundle == root + "/flutter/android")
        #expect(report.bundles.allSatisfy { $0.references.count == 1 && $0.references[0].resolvedPath != nil })
        #expect(report.valid && report.unjudged.isEmpty, "\(report.notes)")
    }

    /// Two apps under `apps/`: four bundles, each judged by its platform's rules (the MP3 in one
    /// Android app is Android's, not an iOS resource), each name resolved on every app of its
    /// platform, and an Android name is judged on both Android apps.
    @Test(.bug(id: 45, "item 2")) func aMonorepoOfTwoAppsIsTwoApps() throws {
        let scratch = try Scratch()
        let root = scratch.path("mono")
        var files = Self.app("apps/alpha/")
        files.merge(
            Self.app(
                "apps/beta/", iosSound: "bell.caf", raw: [:], plugin: "alias(libs.plugins.android.application)"),
            uniquingKeysWith: { a, _ in a })
        try Self.tree(root, files)
        try FileManager.default.createDirectory(
            atPath: root + "/apps/beta/android/app/src/main/res/raw", withIntermediateDirectories: true)
        try SoundWriter.write(
            .mp3, path: root + "/apps/beta/android/app/src/main/res/raw/bell.mp3",
            samples: [Double](repeating: 0.2, count: 8820), rate: 44100, channels: 1)
        let report = try BundleValidator().validate(paths: [root], references: [.named("android:bell")])
        #expect(report.bundles.map(\.kind) == [.xcodeProject, .xcodeProject, .androidProject, .androidProject])
        #expect(
            report.bundles.map { $0.bundle.replacingOccurrences(of: root + "/", with: "") }.map {
                String($0.prefix { $0 != " " })
            } == [
                "apps/alpha/ios/Runner.xcodeproj", "apps/beta/ios/Runner.xcodeproj", "apps/alpha/android",
                "apps/beta/android"
            ])
        // The MP3 is judged by Android's rules (it plays there) and nowhere by iOS's.
        let beta = report.bundles[3]
        #expect(beta.files.map(\.relativePath) == ["app/src/main/res/raw/bell.mp3"] && beta.files[0].report.valid)
        // Only beta ships bell: alpha's Android app plays the default sound for it.
        #expect(report.bundles[2].references.map { $0.diagnostics.map(\.code) } == [[.noSuchSound]])
        #expect(beta.references.map(\.valid) == [true])
    }

    /// What is not an app is passed over and said: a Gradle project of libraries (a Flutter
    /// plugin's android folder), a dependency's example app in node_modules, a commented-out
    /// application plugin; an app.config.js is not run.
    @Test(.bug(id: 45, "item 2")) func whatIsNotAnAppIsPassedOverAndSaid() throws {
        let scratch = try Scratch()
        let root = scratch.path("plugin")
        var files = Self.app("example/")
        files["android/settings.gradle"] = Self.text("rootProject.name = 'plugin'")
        files["android/build.gradle"] = Self.text(
            "apply plugin: 'com.android.library'\n// apply plugin: 'com.android.application'")
        files.merge(Self.app("node_modules/dep/example/"), uniquingKeysWith: { a, _ in a })
        files["tools/app.config.js"] = Self.text("module.exports = {}")
        files["tools/package.json"] = Self.text("{}")
        try Self.tree(root, files)
        let run = try BundleValidator().prepare(paths: [root])
        #expect(run.kinds == [.xcodeProject, .androidProject])
        let search = try AppSearch.search(root, within: try #require(Confinement(folder: root)))
        #expect(search.androidRoots == [root + "/example/android"])
        #expect(search.xcodeProjects == [root + "/example/ios/Runner.xcodeproj"])
        #expect(
            run.notes.contains {
                $0.hasPrefix(root + "/android: an Android Gradle project that builds no app")
            }, "\(run.notes)")
        #expect(run.notes.contains { $0.hasPrefix(root + "/tools/app.config.js: an Expo config that is a program") })
    }

    /// The search is bounded in depth, does not follow links, and never leaves the folder given.
    @Test(.bug(id: 45, "item 2")) func theSearchIsBoundedAndStaysInside() throws {
        let scratch = try Scratch()
        let root = scratch.path("repo")
        // An app whose projects lie one level past the bound, one within it, one behind a link out.
        let tooDeep = (1...Limits.appSearchDepth).map { "d\($0)/" }.joined()
        var files = Self.app(tooDeep).merging(Self.app("near/")) { a, _ in a }
        files = Dictionary(uniqueKeysWithValues: files.map { ("repo/" + $0.key, $0.value) })
        files.merge(Self.app("elsewhere/")) { a, _ in a }
        try Self.tree(scratch.path(""), files)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/link", withDestinationPath: scratch.path("elsewhere"))
        let search = try AppSearch.search(root, within: try #require(Confinement(folder: root)))
        #expect(search.xcodeProjects == [root + "/near/ios/Runner.xcodeproj"], "\(search.xcodeProjects)")
        #expect(search.androidRoots == [root + "/near/android"])
    }

    @Test func gradlePluginsAreReadWithoutComments() {
        #expect(AndroidAppFacts.appliesApplicationPlugin("plugins { id(\"com.android.application\") }"))
        #expect(AndroidAppFacts.appliesApplicationPlugin("apply plugin: 'com.android.application'"))
        #expect(AndroidAppFacts.appliesApplicationPlugin("plugins { alias(libs.plugins.android.application) }"))
        #expect(AndroidAppFacts.appliesApplicationPlugin("plugins { id(\"nowinandroid.android.application\") }"))
        #expect(
            !AndroidAppFacts.appliesApplicationPlugin(
                "/* id 'com.android.application' */ apply plugin: 'com.android.library'"))
        #expect(!AndroidAppFacts.appliesApplicationPlugin("// id 'com.android.application'\n"))
        #expect(
            AndroidAppFacts.appliesApplicationPlugin(
                "def s = \"// not a comment\"\napply plugin: 'com.android.application'"))
        #expect(GradleReader.appliesLibraryPlugin("apply plugin: 'com.android.library'"))
    }

    /// A Gradle file of `id(` calls that never close (issue 55): each read 4 KB; the plugin after
    /// them is still found.
    @Test(.bug(id: 55, "item 2")) func aGradleFileOfUnclosedIDCallsStillNamesItsPlugin() {
        let text =
            "plugins {\n" + String(repeating: "id(", count: 100_000)
            + "\n}\nplugins { id(\"io.x.android-application\") }\n"
        #expect(AndroidAppFacts.pluginIDs(SourceText(text)) == ["io.x.android-application"])
        #expect(AndroidAppFacts.appliesApplicationPlugin(text))
    }
}

/// A reader the registry does not hold: the search shows it every folder it reaches, and only those.
private struct ProbeReader: ProjectReader {
    static let kind = ProjectKind(name: "probe", detected: "", judged: "", reports: [])
    static func marks(_ name: String) -> Bool { name == "probe.txt" }
    var seen: [String] = []
    init() {}
    mutating func look(at folder: SearchedFolder, within confinement: Confinement, log: inout SearchLog) throws {
        seen.append(folder.path)
        if folder.names.contains("probe.txt") { log.notes.append("probe at \(folder.path)") }
    }
}

extension AppSearchTests {
    /// The search is the registry's: each reader is asked about each folder within the bounds
    /// (dependencies and hidden folders never), and what it keeps is what the search found.
    @Test(.bug(id: "56")) func theSearchAsksEachReaderAboutEachFolder() throws {
        let scratch = try Scratch()
        let root = scratch.path("repo")
        try Self.tree(
            root,
            [
                "a/b/probe.txt": Self.text(""), "node_modules/dep/probe.txt": Self.text(""),
                ".hidden/probe.txt": Self.text(""), "c/x.txt": Self.text("")
            ])
        let search = try AppSearch.search(
            root, within: try #require(Confinement(folder: root)), readers: [ProbeReader.self])
        let seen = try #require(search.reader(ProbeReader.self)).seen
        #expect(seen == [root, root + "/a", root + "/c", root + "/a/b"], "\(seen)")
        #expect(search.notes == ["probe at \(root)/a/b"])
        // The registry's readers are the search's by default, each once, in order.
        let registered = try AppSearch.search(root, within: try #require(Confinement(folder: root))).readers
        #expect(registered.map { "\(type(of: $0))" } == ProjectRegistry.readers.map { "\($0)" })
    }
}

/// Issue 57: one project or workspace that cannot be read, found by the search, is a note naming
/// it, and the rest of the tree is judged (a plugin example's workspace holding only
/// `xcshareddata` ended a repository's run with exit 2); `ignore:` skips it, note and all.
extension AppSearchTests {
    @Test(.bug(id: "57")) func anUnreadableProjectOrWorkspaceIsANote() throws {
        let broken: [(what: String, files: [String: [UInt8]], named: String)] = [
            (
                "a workspace holding only xcshareddata",
                ["example/ios/Runner.xcworkspace/xcshareddata/IDEWorkspaceChecks.plist": Self.text("<plist/>")],
                "example/ios/Runner.xcworkspace"
            ),
            (
                "a project whose project.pbxproj is not one",
                ["example/ios/Runner.xcodeproj/project.pbxproj": Self.text("{ not a project")],
                "example/ios/Runner.xcodeproj"
            ),
            (
                "a project without its project.pbxproj",
                ["example/ios/Runner.xcodeproj/xcshareddata/xcschemes/Runner.xcscheme": Self.text("<Scheme/>")],
                "example/ios/Runner.xcodeproj"
            )
        ]
        for (n, c) in broken.enumerated() {
            let scratch = try Scratch()
            let root = scratch.path("repo\(n)")
            try Self.tree(root, Self.app("").merging(c.files) { a, _ in a })
            let report = try BundleValidator().validate(
                paths: [root], references: [.named("ios:ping.caf"), .named("android:ping")])
            #expect(report.bundles.map(\.kind) == [.xcodeProject, .androidProject], "\(c.what)")
            #expect(report.valid, "\(c.what): \(report.bundles.map(\.references))")
            let notes = report.notes.filter { $0.contains(root + "/" + c.named + ": cannot be read") }
            #expect(notes.count == 1, "\(c.what): \(report.notes)")
            // Skipped on purpose: no note, the rest judged the same.
            var validator = BundleValidator()
            validator.configuration.ignore = [c.named]
            validator.configuration.folder = root
            let ignored = try validator.validate(paths: [root])
            #expect(ignored.bundles.count == 2, "\(c.what)")
            #expect(!ignored.notes.contains { $0.contains(c.named) }, "\(c.what): \(ignored.notes)")
        }
        // Given itself, a project that cannot be read still stops the run: there is nothing else.
        let scratch = try Scratch()
        let given = scratch.path("given/Runner.xcodeproj")
        try Self.tree(given, ["project.pbxproj": Self.text("{ not a project")])
        #expect(throws: AlertSoundError.self) { try BundleValidator().validate(paths: [given]) }
    }
}
