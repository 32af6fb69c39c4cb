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

    @Test(.bug(id: 45, "item 6")) func theSwitchIsReadAsTheBuildReadsIt() {
        #expect(ResourceIDURIs.shrinkSwitch("release { shrinkResources true }") == true)
        #expect(ResourceIDURIs.shrinkSwitch("release { isShrinkResources = false }") == false)
        #expect(ResourceIDURIs.shrinkSwitch("// shrinkResources true\nminifyEnabled true") == nil)
        #expect(
            ResourceIDURIs.shrinkSwitch("debug { shrinkResources false }\nrelease { shrinkResources true }") == true)
    }
}
