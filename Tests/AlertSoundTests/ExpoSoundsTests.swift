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
        let config: [String: Any] = ["expo": ["name": "App", "plugins": ["expo-router", [plugin, ["icon": "./assets/icon.png", "sounds": sounds]]]]]
        try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: root + "/app.json"))
        try Data(AndroidTests.pcm16).write(to: URL(fileURLWithPath: root + "/assets/ok.wav"))
        try Data(AndroidTests.caf).write(to: URL(fileURLWithPath: root + "/assets/chime.caf"))
        try Data(AndroidTests.pcm16).write(to: URL(fileURLWithPath: root + "/assets/Bad-Name.wav"))
        return root
    }

    @Test func eachListedFileMustPlayOnBothPlatforms() throws {
        let scratch = try Scratch()
        let root = try Self.app(scratch, sounds: ["./assets/ok.wav", "./assets/chime.caf", "./assets/Bad-Name.wav", "./assets/missing.wav"])
        let report = try BundleValidator().validate(paths: [root], references: [.named("ios:ok.wav"), .named("android:ok")])
        #expect(report.bundles.map(\.kind) == [.resources, .androidProject])
        #expect(report.bundles[0].bundle.contains("app.json") && report.bundles[0].bundle.contains("expo-notifications"))
        func codes(_ bundle: Int) -> [String: [String]] {
            Dictionary(uniqueKeysWithValues: report.bundles[bundle].files.map { ($0.name, $0.report.diagnostics.filter { $0.severity == .error }.map(\.code.rawValue)) })
        }
        #expect(codes(0) == ["ok.wav": [], "chime.caf": [], "Bad-Name.wav": [], "missing.wav": ["not-found"]], "\(codes(0))")
        #expect(codes(1) == ["ok.wav": [], "chime.caf": ["android-unsupported-format"], "Bad-Name.wav": ["android-bad-name"], "missing.wav": ["not-found"]],
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
}
