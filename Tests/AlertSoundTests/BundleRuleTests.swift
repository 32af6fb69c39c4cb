import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// The bundle-level codes' examples (``BundleRule``), run as the file rules' are: each triggering
/// bundle is written out and validated and must get the code, each passing one must not.
@Suite struct BundleRuleTests {
    @Test(arguments: BundleRule.all.map(\.code))
    func bundleRuleIsFoundOnItsTriggeringExamplesOnly(code: DiagnosticCode) throws {
        let rule = try #require(BundleRule.all.first { $0.code == code })
        #expect(!rule.triggering.isEmpty && !rule.passing.isEmpty, "every rule documents both kinds of example")
        for (i, example) in rule.triggering.enumerated() {
            #expect(try Self.codes(example).contains(code), "\(code) should be found on triggering example \(i)")
        }
        for (i, example) in rule.passing.enumerated() {
            #expect(try !Self.codes(example).contains(code), "\(code) should not be found on passing example \(i)")
        }
    }

    /// Every code is a file rule (``Rule``, Android's and the level rules included) or a bundle rule,
    /// never both.
    @Test func everyCodeHasRuleExamples() {
        let fileRules = (Rule.all + AndroidRules.all + LevelRules.all).map(\.code)
        let bundleRules = BundleRule.all.map(\.code)
        #expect(Set(fileRules).isDisjoint(with: bundleRules))
        #expect(
            Set(fileRules + bundleRules) == Set(DiagnosticCode.allCases),
            "codes without a rule: \(Set(DiagnosticCode.allCases).subtracting(fileRules + bundleRules))")
        #expect(bundleRules.count == Set(bundleRules).count)
    }

    /// Writes `example` out, validates (or checks) it as the command would, and gives every code found.
    static func codes(_ example: BundleExample) throws -> Set<DiagnosticCode> {
        let scratch = try Scratch()
        let folder: String
        switch example.shape {
        case .app, .ipa: folder = scratch.path("My.app")
        case .androidProject: folder = scratch.path("android")
        case .packageResources, .checkedFolder, .folder: folder = scratch.path("Resources")
        case .xcodeProject: folder = scratch.path("ios")
        }
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in example.files {
            let path = folder + "/" + file.path
            try fm.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        }
        // The target of a link that leads outside: a sound beside the bundle.
        try Data(BundleExample.sound).write(to: URL(fileURLWithPath: scratch.path("outside.caf")))
        for link in example.links {
            try fm.createSymbolicLink(atPath: folder + "/" + link.path, withDestinationPath: link.target)
        }
        if example.shape == .xcodeProject {
            try fm.createDirectory(atPath: folder + "/App.xcodeproj", withIntermediateDirectories: true)
            try Data(BundleExample.pbxproj(copying: example.copied).utf8).write(
                to: URL(fileURLWithPath: folder + "/App.xcodeproj/project.pbxproj"))
        }
        if example.shape == .checkedFolder {
            return Set(Checker().check(paths: [folder]).files.flatMap { $0.diagnostics.map(\.code) })
        }
        var path = folder
        if example.shape == .ipa {
            var zip = ZipWriter()
            zip.add("Payload/", method: .stored)
            zip.add("Payload/My.app/", method: .stored)
            for file in example.files { zip.add("Payload/My.app/" + file.path, file.bytes) }
            path = scratch.path("My.ipa")
            try Data(zip.archive()).write(to: URL(fileURLWithPath: path))
        }
        var references = example.names.map { SoundReference.named($0) }
        for (i, payload) in example.payloads.enumerated() {
            references += SoundReference.payload(Data(payload.utf8), source: "payload\(i).json")
        }
        var validator = BundleValidator(
            entitlements: example.entitlements, packageResources: example.shape == .packageResources)
        validator.lock = example.lock
        validator.channelUses = example.channelUses
        let report = try validator.validate(path: path, references: references)
        return Set(
            report.files.flatMap { $0.report.diagnostics.map(\.code) }
                + report.references.flatMap { $0.diagnostics.map(\.code) })
    }
}
