import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Release shrinking as the build does it (issue 45, item 6: read from one literal line, so two
/// Flutter apps whose sounds were named only by payloads got no `android-may-be-shrunk`).
@Suite struct ShrinkingTests {
    /// A Flutter app shipping ding.wav; `files` added (path → text) in its `android/` folder.
    func shrunk(_ files: [String: String]) throws -> [DiagnosticCode] {
        let scratch = try Scratch()
        let root = scratch.path("flutter")
        var tree = AppSearchTests.app("", iosSound: nil, raw: ["ding.wav": AndroidTests.pcm16])
        tree["android/app/build.gradle"] = Array(
            "plugins {\n  id \"com.android.application\"\n  id \"dev.flutter.flutter-gradle-plugin\"\n}\n".utf8)
        for (path, text) in files { tree["android/" + path] = Array(text.utf8) }
        try AppSearchTests.tree(root, tree)
        let report = try BundleValidator().validate(paths: [root], references: [.named("android:ding")])
        return report.bundles.flatMap(\.files).flatMap { $0.report.diagnostics.map(\.code) }
    }

    @Test(.bug(id: 45, "item 6")) func flutterShrinksByDefault() throws {
        #expect(try shrunk([:]) == [.androidMayBeShrunk])
        // Turned off by the app: kept.
        #expect(
            try shrunk([
                "app/build.gradle":
                    "plugins { id \"com.android.application\"\n id \"dev.flutter.flutter-gradle-plugin\" }\nandroid { buildTypes { release { shrinkResources false } } }"
            ]) == [])
        // Named in code (R.raw.ding keeps it), or kept by a rule in any resource XML.
        #expect(try shrunk(["app/src/main/kotlin/Main.kt": "val id = R.raw.ding"]) == [])
        #expect(
            try shrunk([
                "app/src/main/res/values/keep.xml":
                    #"<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/ding"/>"#
            ]) == [])
        // A string equal to the name does not count: the warning stands.
        #expect(try shrunk(["app/src/main/kotlin/Main.kt": #"val name = "ding""#]) == [.androidMayBeShrunk])
    }

    /// A long line of `R.raw.` (issue 55): each use copied the line before it; every use is
    /// still found, and one inside `getResourceName(…)` only when any use counts.
    @Test(.bug(id: 55, "item 2")) func aLongLineOfRawUsesIsReadOnce() {
        let line = String(repeating: "R.raw.chime + ", count: 50_000) + "getResourceName(R.raw.named)"
        let uses = ResourceIDURIs.idUses(in: line)
        #expect(uses.count == 50_000 && Set(uses) == ["chime"])
        #expect(ResourceIDURIs.idUses(in: line, evenWhenNamed: true).last == "named")
        #expect(ResourceIDURIs.idUses(in: "x.getResourceEntryName(R.raw.a) + fooR.raw.b + R.raw.c") == ["c"])
        let code = CodeSounds.read(
            "val c = NotificationChannel(\"a\", \"b\", 1)\n" + line + "\n", file: "A.kt", fileExtension: "kt")
        #expect(code.rawUses == ["chime", "named"])
    }

    @Test(.bug(id: 45, "item 6")) func theSwitchIsReadAsTheBuildReadsIt() {
        #expect(ResourceIDURIs.shrinkSwitch("release { shrinkResources true }") == true)
        #expect(ResourceIDURIs.shrinkSwitch("release { isShrinkResources = false }") == false)
        #expect(ResourceIDURIs.shrinkSwitch("// shrinkResources true\nminifyEnabled true") == nil)
        #expect(
            ResourceIDURIs.shrinkSwitch("debug { shrinkResources false }\nrelease { shrinkResources true }") == true)
    }
}
