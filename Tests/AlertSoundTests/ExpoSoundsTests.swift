import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// An Expo app's `sounds` list: expo-notifications (and OneSignal's plugin) copy each file to both
/// platforms at prebuild, so each is judged by iOS's rules and by Android's.
@Suite struct ExpoSoundsTests {
    static func app(_ scratch: Scratch, sounds: [String], plugin: String = "expo-notifications") throws -> String {
        let root = scratch.path("expo")
        try FileManager.default.createDirectory(atPath: root + "/assets", withIntermediateDirectories: true)
        let config: [String: Any] = [
            "expo": [
                "name": "App", "plugins": ["expo-router", [plugin, ["icon": "./assets/icon.png", "sounds": sounds]]]
            ]
        ]
        try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: root + "/app.json"))
        try Data(AndroidTests.pcm16).write(to: URL(fileURLWithPath: root + "/assets/ok.wav"))
        try Data(AndroidTests.caf).write(to: URL(fileURLWithPath: root + "/assets/chime.caf"))
        try Data(AndroidTests.pcm16).write(to: URL(fileURLWithPath: root + "/assets/Bad-Name.wav"))
        return root
    }

    @Test func eachListedFileMustPlayOnBothPlatforms() throws {
        let scratch = try Scratch()
        let root = try Self.app(
            scratch, sounds: ["./assets/ok.wav", "./assets/chime.caf", "./assets/Bad-Name.wav", "./assets/missing.wav"])
        let report = try BundleValidator().validate(
            paths: [root], references: [.named("ios:ok.wav"), .named("android:ok")])
        #expect(report.bundles.map(\.kind) == [.resources, .androidProject])
        #expect(
            report.bundles[0].bundle.contains("app.json") && report.bundles[0].bundle.contains("expo-notifications"))
        func codes(_ bundle: Int) -> [String: [String]] {
            Dictionary(
                uniqueKeysWithValues: report.bundles[bundle].files.map {
                    ($0.name, $0.report.diagnostics.filter { $0.severity == .error }.map(\.code.rawValue))
                })
        }
        #expect(
            codes(0) == ["ok.wav": [], "chime.caf": [], "Bad-Name.wav": [], "missing.wav": ["not-found"]], "\(codes(0))"
        )
        #expect(
            codes(1) == [
                "ok.wav": [], "chime.caf": ["android-unsupported-format"], "Bad-Name.wav": ["android-bad-name"],
                "missing.wav": ["not-found"]
            ],
            "\(codes(1))")
        #expect(report.bundles.allSatisfy { $0.references.allSatisfy(\.valid) }, "the WAV is found on both platforms")
        #expect(!report.valid)
        #expect(report.bundles[1].files.first { $0.name == "ok.wav" }?.report.path == root + "/assets/ok.wav")
    }

    @Test func aListBothPlatformsPlayIsValid() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, sounds: ["./assets/ok.wav"], plugin: "onesignal-expo-plugin")
        let report = try BundleValidator().validate(paths: [root])
        #expect(report.valid && report.bundles.count == 2)
    }

    /// `export --both` writes the one file both platforms play; listed in app.json it passes as
    /// both, and with the lock it is the locked file on both (its lock entry names it for each).
    @Test func exportBothWritesTheFileTheListNeeds() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, sounds: ["./assets/sounds/order_ready.wav"])
        try FileManager.default.createDirectory(atPath: root + "/design", withIntermediateDirectories: true)
        // A 40 s stereo AIFF: too long for iOS, and no format both platforms share.
        let frames = 8_000 * 40
        let tone = (0..<frames * 2).map { i -> Double in 0.2 * sin(Double(i / 2) * 0.2) * min(1, Double(i / 2) / 80) }
        try Data(
            try SoundFileBuilder.make(
                .aiff, format: StreamFormat(sampleRate: 8_000, channels: 2, coding: .integer(16, order: .bigEndian)),
                fullScale: tone)
        )
        .write(to: URL(fileURLWithPath: root + "/design/Order Ready.aiff"))
        var options = ExportOptions()
        options.bothFolder = root + "/assets/sounds"
        options.lockPath = root + "/alertsound.lock.json"
        let report = try Exporter(options: options).export(paths: [root + "/design"])
        let outcome = try #require(report.outcomes.first)
        #expect(
            outcome.status == .written && outcome.written == [root + "/assets/sounds/order_ready.wav"],
            "\(outcome.error?.message ?? "") \(outcome.blockers)")
        let info = try SoundFile.inspect(path: root + "/assets/sounds/order_ready.wav")
        #expect(
            info.container == .wav && info.coding == .integer(16, order: .littleEndian)
                && Double(info.frames ?? 0) / 8_000 < 30)
        let entry = try #require(try SoundLock.read(path: options.lockPath)["order_ready"])
        #expect(
            entry.ios == "order_ready.wav" && entry.androidFile == "order_ready.wav"
                && entry.iosSHA256 == entry.androidSHA256)
        #expect(report.keepPath == nil, "no res/raw of its own: prebuild makes it")

        var validator = BundleValidator()
        validator.lock = try SoundLock.read(path: options.lockPath)
        validator.lockPath = options.lockPath
        let judged = try validator.validate(
            paths: [root], references: [.named("ios:order_ready.wav"), .named("android:order_ready")])
        #expect(
            judged.valid,
            "\(judged.bundles.map { ($0.files.map(\.report.diagnostics), $0.references.map(\.diagnostics)) })")
        // Again: nothing to do.
        #expect(try Exporter(options: options).export(paths: [root + "/design"]).outcomes.map(\.status) == [.unchanged])
        // Not beside the per-platform folders.
        options.iosFolder = root + "/ios"
        #expect(throws: AlertSoundError.self) { try Exporter(options: options).export(paths: [root + "/design"]) }
    }
}

/// Issue 44, items 3, 6 and 7: a config's sounds list is untrusted.
extension ExpoSoundsTests {
    /// An entry with a NUL was judged as the file its name stops at; entries outside the app (an
    /// absolute path, `../`, a link) printed the first bytes of any file; a file listed twice was
    /// "duplicate resources" though Expo copies it once.
    @Test(.bug(id: 44, "items 3, 6, 7")) func theListIsReadInsideTheAppOnly() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("outside"), withIntermediateDirectories: true)
        _ = try scratch.write("outside/passwd", Array("root:x:0:0:root:/root:/bin/bash\n".utf8))
        let root = try Self.app(
            scratch,
            sounds: [
                "./assets/ok.wav", "assets/ok.wav", "./assets/ok.wav\u{0}.caf", scratch.path("outside/passwd"),
                "../outside/passwd", "./assets/link.wav"
            ])
        try FileManager.default.createSymbolicLink(
            atPath: root + "/assets/link.wav", withDestinationPath: scratch.path("outside/passwd"))
        let report = try BundleValidator().validate(paths: [root])
        for bundle in report.bundles {
            let codes = bundle.files.map { ($0.report.path, $0.report.diagnostics.map(\.code)) }
            #expect(codes.filter { $0.0.hasSuffix("/ok.wav") }.count == 1, "listed twice, judged once: \(codes)")
            // The absolute path and `../outside/passwd` are one file; the link another.
            #expect(codes.filter { $0.1 == [.unreadable] }.count == 2, "outside: \(codes)")
            #expect(codes.filter { $0.1 == [.notFound] }.count == 1, "the NUL: \(codes)")
            #expect(!bundle.files.contains { $0.report.diagnostics.contains { $0.message.contains("root:x") } })
            #expect(
                !bundle.files.contains { $0.report.diagnostics.contains { $0.code == .androidBadName } }, "\(codes)")
        }
        #expect(!report.valid)
    }
}
