import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Only notification sounds fail the build (issue 45, item 7: an app whose pushes use the default
/// sound failed over a 60 s in-call loop in its bundle).
@Suite struct OtherAudioTests {
    /// An iOS app (an Xcode project) that copies chime.caf and a 31 s loop, and an Android app
    /// whose Kotlin plays ringback.wav through R.raw.
    func app(_ scratch: Scratch) throws -> String {
        let root = scratch.path("app")
        var files = AppSearchTests.app("", iosSound: nil, raw: ["ringback.wav": AndroidTests.pcm16])
        files["ios/Runner.xcodeproj/project.pbxproj"] = Array(
            BundleExample.pbxproj(copying: ["Runner/chime.caf", "Runner/loop.wav"]).utf8)
        files["ios/Runner/chime.caf"] = BundleExample.sound
        files["ios/Runner/loop.wav"] = BundleExample.tooLong
        files["android/app/src/main/java/Call.kt"] = Array("val p = MediaPlayer.create(this, R.raw.ringback)".utf8)
        try AppSearchTests.tree(root, files)
        return root
    }

    @Test(.bug(id: 45, "item 7")) func audioNothingNamesIsSaidNotFailed() throws {
        let scratch = try Scratch()
        let root = try app(scratch)
        let report = try BundleValidator().validate(paths: [root], references: [.named("default")])
        #expect(report.valid, "\(report.bundles.map { $0.files.map(\.report.diagnostics) })")
        let loop = try #require(report.bundles[0].files.first { $0.relativePath == "loop.wav" })
        #expect(loop.report.diagnostics.map(\.code) == [.tooLong] && loop.report.diagnostics[0].severity == .note)
        #expect(loop.report.diagnostics[0].message.hasPrefix("not a notification sound"))
        // The raw sound the code plays is used: no "unreferenced" note.
        let ringback = try #require(report.bundles[1].files.first)
        #expect(!ringback.report.diagnostics.contains { $0.code == .unreferenced }, "\(ringback.report.diagnostics)")
        // Named, the loop fails.
        #expect(try !BundleValidator().validate(paths: [root], references: [.named("ios:loop.wav")]).valid)
    }

    /// With nothing named at all, every sound is judged as a notification sound, and a note says so;
    /// `judge: every-sound` judges every sound whatever is named.
    @Test(.bug(id: 45, "item 7")) func withNothingNamedEverySoundIsJudged() throws {
        let scratch = try Scratch()
        let root = try app(scratch)
        let run = try BundleValidator().prepare(paths: [root])
        #expect(run.notes.contains { $0.contains("nothing names a notification sound") }, "\(run.notes)")
        #expect(try !run.report().valid)
        var every = BundleValidator()
        every.configuration.judgeEverySound = true
        #expect(try !every.validate(paths: [root], references: [.named("default")]).valid)
        // Ignored, the loop is not judged at all.
        var ignoring = BundleValidator()
        ignoring.configuration = try Configuration.parse("ignore:\n  - \(root)/ios/Runner/loop.wav", path: "c.yml")
        let report = try ignoring.validate(paths: [root])
        #expect(
            report.valid && !report.bundles[0].files.contains { $0.relativePath == "loop.wav" },
            "\(report.bundles.map { $0.files.map { ($0.report.path, $0.report.diagnostics) } })")
    }
}
