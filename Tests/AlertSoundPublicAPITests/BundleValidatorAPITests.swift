// Uses only the public API, as a packaging tool would: no @testable import.
import AlertSound
import Foundation
import Testing

/// `BundleValidator`: an app and the names its payloads use, as a packaging tool validates them.
@Suite struct BundleValidatorAPITests {
    @Test func validateABundleLikeAPackager() throws {
        let folder = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("Shop.app")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        let sound = try SoundFileBuilder.make(
            .caff, format: APIFixture.stereo, samples: [Int16](repeating: 5, count: 400))
        try Data(sound).write(to: app.appendingPathComponent("ding.caf"))
        try Data(sound).write(to: app.appendingPathComponent("Base.lproj/bell.caf"))
        let payload = folder.appendingPathComponent("push.json")
        try Data(#"{"aps":{"sound":{"critical":1,"name":"Ding.caf","volume":0.5}}}"#.utf8).write(to: payload)

        let references =
            SoundReference.payload(at: payload.path) + [.named("ding.caf"), .named("bell.caf"), .named("default")]
        let report = try BundleValidator(strict: true).validate(path: app.path, references: references)
        #expect(report.kind == .app)
        #expect(report.files.map(\.location) == [.localized, .bundle])
        #expect(report.references.map(\.valid) == [false, true, false, true])
        #expect(report.references[0].critical)
        // The app has no executable or profile, so whether it may play critical alerts is unknown.
        #expect(report.references[0].diagnostics.map(\.code.rawValue) == ["case-mismatch", "entitlements-unknown"])
        #expect(report.references[1].resolvedPath == app.path + "/ding.caf")
        #expect(report.references[2].diagnostics.map(\.code.rawValue) == ["localized"])
        #expect(!report.valid)

        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as! [String: Any]
        #expect(json["bundle"] as? String == app.path)
        #expect((json["files"] as! [[String: Any]]).compactMap { $0["location"] as? String } == ["localized", "bundle"])
        #expect((json["references"] as! [[String: Any]]).count == 4)
    }

    @Test(.bug(id: 21, "item 7")) func nearMissesNameTheirCandidate() throws {
        let dir = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = dir.appendingPathComponent("My.app")
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("Sounds"), withIntermediateDirectories: true)
        let caf = Data(
            try SoundFileBuilder.make(.caff, format: APIFixture.stereo, samples: [Int16](repeating: 300, count: 882)))
        try caf.write(to: app.appendingPathComponent("Alert.caf"))
        try caf.write(to: app.appendingPathComponent("Sounds/deep.caf"))
        let report = try BundleValidator().validate(
            path: app.path,
            references: [.named("alert.caf"), .named("deep.caf"), .named("Alert.caf"), .named("nothing.caf")])
        let byName = Dictionary(uniqueKeysWithValues: report.references.map { ($0.name ?? "", $0) })
        #expect(byName["alert.caf"]?.diagnostics.map(\.code) == [.caseMismatch])
        #expect(
            byName["alert.caf"]?.candidate
                == ReferenceReport.Candidate(
                    path: app.path + "/Alert.caf", relativePath: "Alert.caf", location: .bundle))
        #expect(
            byName["deep.caf"]?.candidate?.relativePath == "Sounds/deep.caf"
                && byName["deep.caf"]?.candidate?.location == .subfolder)
        #expect(byName["Alert.caf"]?.candidate == nil && byName["Alert.caf"]?.resolvedPath == app.path + "/Alert.caf")
        #expect(byName["nothing.caf"]?.candidate == nil)
        // The JSON carries it, and reads back.
        let again = try JSONDecoder().decode(
            ValidationReport.self, from: Data(ValidationReport(bundles: [report]).jsonBytes()))
        #expect(again.bundles[0].references == report.references)
    }
}
