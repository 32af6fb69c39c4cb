import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// What sits in `res/raw` is judged by its bytes, as Android's player meets it: a text placeholder
/// named `.ogg` is no sound, and the WAV codings Android's own extractor decodes are accepted.
@Suite struct AndroidRawResourceTests {
    /// A 202-byte text placeholder named notification_sound.ogg, empty files, random bytes and text
    /// named .mp3 were "valid" in res/raw, while `check` called them unrecognized.
    @Test func aFileThatIsNoSoundIsAnError() throws {
        let scratch = try Scratch()
        let raw = "app/src/main/res/raw/"
        try FileManager.default.createDirectory(atPath: scratch.path(raw), withIntermediateDirectories: true)
        _ = try scratch.write(
            raw + "notification_sound.ogg",
            Array(String(repeating: "placeholder: replace with the real sound\n", count: 5).utf8.prefix(202)))
        _ = try scratch.write(raw + "empty.mp3", [])
        _ = try scratch.write(raw + "noise.wav", (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        _ = try scratch.write(raw + "readme.mp3", Array("This is not a sound.\n".utf8))
        _ = try scratch.write(raw + "ok.wav", AndroidTests.pcm16)
        _ = try scratch.write("app/build.gradle", Array("android {}".utf8))
        // With nothing named, each is judged as a notification sound (a named one is, in any case).
        let report = try BundleValidator().validate(path: scratch.path("app"))
        let errors = Dictionary(
            uniqueKeysWithValues: report.files.map {
                ($0.name, $0.report.diagnostics.filter { $0.severity == .error }.map(\.code))
            })
        for name in ["notification_sound.ogg", "empty.mp3", "noise.wav", "readme.mp3"] {
            let codes = try #require(errors[name], "\(name) is found")
            #expect(codes.contains { [.unrecognized, .malformed, .noAudio].contains($0) }, "\(name): \(codes)")
        }
        #expect(errors["ok.wav"] == [])
        #expect(!report.valid)
        let named = try BundleValidator().validate(
            path: scratch.path("app"), references: [.named("android:notification_sound")])
        #expect(
            named.references.first?.diagnostics.map(\.code) == [.invalidSound], "a payload naming it does not play it")
        #expect(named.files.first { $0.name == "notification_sound.ogg" }?.report.valid == false)
    }

    /// The codings of AOSP's WAVExtractor: PCM at 8/16/24/32 bits, 32-bit float, µ-law, A-law.
    @Test(arguments: [
        SampleCoding.integer(16, order: .littleEndian), .integer(24, order: .littleEndian),
        .integer(32, order: .littleEndian),
        .float(32, order: .littleEndian), .ulaw, .alaw
    ])
    func wavCodingsAndroidDecodes(_ coding: SampleCoding) throws {
        let scratch = try Scratch()
        let bytes = try SoundFileBuilder.make(
            .wave, format: StreamFormat(sampleRate: 44100, channels: 1, coding: coding),
            samples: [Int16](repeating: 300, count: 4410))
        try FileManager.default.createDirectory(atPath: scratch.path("res/raw"), withIntermediateDirectories: true)
        _ = try scratch.write("res/raw/chime.wav", bytes)
        let report = try BundleValidator().validate(path: scratch.path("res/raw"))
        let codes = report.files.first?.report.diagnostics.map(\.code) ?? []
        #expect(!codes.contains(.androidUnsupportedFormat), "\(coding): \(codes)")
    }
}

/// `android-may-be-shrunk` only when nothing keeps the resource: it was raised for a sound the
/// manifest names (`@raw/x`), one Kotlin names (`R.raw.x`), and in an app that never shrinks.
@Suite struct AndroidShrinkingTests {
    /// A module with four sounds, a build file of `gradle` (name and text), and sources that name two.
    func module(gradle: (String, String)?) throws -> (Scratch, BundleReport) {
        let scratch = try Scratch()
        for folder in ["app/src/main/res/raw", "app/src/main/java/com/example", "app/src/main/res/xml"] {
            try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
        }
        for name in ["in_manifest", "in_kotlin", "in_comment", "unnamed"] {
            _ = try scratch.write("app/src/main/res/raw/\(name).wav", AndroidTests.pcm16)
        }
        _ = try scratch.write(
            "app/src/main/AndroidManifest.xml",
            Array(
                """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                  <!-- <meta-data android:resource="@raw/in_comment" /> -->
                  <application><meta-data android:name="sound" android:resource="@raw/in_manifest" /></application>
                </manifest>
                """.utf8))
        _ = try scratch.write(
            "app/src/main/java/com/example/Channels.kt",
            Array(
                """
                // val old = R.raw.in_comment
                val sound = resources.getResourceEntryName(R.raw.in_kotlin)
                """.utf8))
        if let (name, text) = gradle { _ = try scratch.write("app/" + name, Array(text.utf8)) }
        return (scratch, try BundleValidator().validate(path: scratch.path("app")))
    }

    func shrunk(_ report: BundleReport) -> [String] {
        report.files.filter { $0.report.diagnostics.contains { $0.code == .androidMayBeShrunk } }.map(\.name).sorted()
    }

    @Test(arguments: [
        ("build.gradle", "android { buildTypes { release { minifyEnabled true\n shrinkResources true } } }"),
        ("build.gradle.kts", "android { buildTypes { release { isMinifyEnabled = true\n isShrinkResources = true } } }")
    ])
    func whatCodeOrXMLNamesIsKept(_ gradle: (String, String)) throws {
        let (scratch, report) = try module(gradle: gradle)
        _ = scratch
        #expect(shrunk(report) == ["in_comment.wav", "unnamed.wav"], "\(gradle.0): \(shrunk(report))")
        let message =
            report.files.first { $0.name == "unnamed.wav" }?.report.diagnostics.first {
                $0.code == .androidMayBeShrunk
            }?.message ?? ""
        #expect(message.contains("shrinkResources on"), "\(message)")
    }

    @Test(arguments: [
        ("build.gradle", "android { buildTypes { release { minifyEnabled true } } }"),
        ("build.gradle", "android { buildTypes { release { shrinkResources false } } }"),
        (
            "build.gradle.kts",
            "android { buildTypes { release {\n // isShrinkResources = true\n isShrinkResources = false } } }"
        )
    ])
    func nothingIsShrunkWhereNoBuildShrinks(_ gradle: (String, String)) throws {
        let (scratch, report) = try module(gradle: gradle)
        _ = scratch
        #expect(shrunk(report).isEmpty, "\(gradle): \(shrunk(report))")
    }

    /// A raw folder given alone has no build file: whether it is shrunk is unknown, so unkept sounds are still warned of.
    @Test func withoutABuildFileUnkeptSoundsAreWarnedOf() throws {
        let (scratch, report) = try module(gradle: nil)
        _ = scratch
        #expect(shrunk(report) == ["in_comment.wav", "unnamed.wav"])
    }
}
