import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// The bundle-level rules' examples, run as the file rules' are: each triggering bundle is written
/// out and validated and must get the rule's code, each passing one must not. And the catalog the
/// documentation is made from: every code has one description, which every rule reporting it names.
@Suite struct BundleRuleTests {
    @Test(arguments: RuleCatalog.bundleRules.indices)
    func bundleRuleIsFoundOnItsTriggeringExamplesOnly(index: Int) throws {
        let rule = RuleCatalog.bundleRules[index]
        let code = rule.description.code
        for (i, example) in rule.triggering.enumerated() {
            #expect(try Self.codes(example).contains(code), "\(code) should be found on triggering example \(i)")
        }
        for (i, example) in rule.passing.enumerated() {
            #expect(try !Self.codes(example).contains(code), "\(code) should not be found on passing example \(i)")
        }
    }

    /// A sound whose bytes changed under its locked name: each platform's update is said, iOS's
    /// cache by file name and Android's channel, and the way out each needs (issue 57, updates).
    @Test(.bug(id: 57, "updates")) func aSoundChangedUnderItsNameSaysWhatExistingInstallsPlay() throws {
        let scratch = try Scratch()
        let app = scratch.path("My.app")
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        _ = try scratch.write("My.app/chime.caf", BundleExample.sound)
        let raw = scratch.path("android/app/src/main/res/raw")
        try FileManager.default.createDirectory(atPath: raw, withIntermediateDirectories: true)
        _ = try scratch.write("android/app/src/main/res/raw/chime.ogg", BundleExample.sound)
        var validator = BundleValidator()
        validator.lock = BundleExample.lock(
            iosSHA256: String(repeating: "0", count: 64), androidSHA256: String(repeating: "0", count: 64))
        validator.lockPath = "alertsound.lock.json"
        func message(_ path: String) throws -> String {
            let report = try validator.validate(path: path)
            return report.files.flatMap(\.report.diagnostics).first { $0.code == .channelStale }?.message ?? ""
        }
        let ios = try message(app)
        #expect(ios.contains("cached by file name") && ios.contains("give it a new name"), "\(ios)")
        #expect(!ios.contains("channel ID"), "\(ios)")
        let android = try message(scratch.path("android/app/src/main/res/raw"))
        #expect(android.contains("old channel ID") && android.contains("new channel ID"), "\(android)")
    }

    /// Each rule's finding comes from that rule: validated with the rule alone, each triggering
    /// bundle gets one more finding of its code than with no bundle rule at all, and each passing
    /// bundle gets nothing more. (It passed when any rule reported the code, so an example that
    /// only another rule fired on went unseen.) The findings made where input is read have no
    /// list to run alone in: their code is what says them.
    @Test(.bug(id: "56"), arguments: RuleCatalog.bundleRules.indices)
    func bundleRuleAloneMakesItsFindings(index: Int) throws {
        let rule = RuleCatalog.bundleRules[index]
        guard !(rule is ReadingRule) else { return }
        let code = rule.description.code
        let name = rule.file
        for (i, example) in rule.triggering.enumerated() {
            let alone = try Self.findings(example, rules: .only(file: name))
            let without = try Self.findings(example, rules: .none)
            #expect(
                alone.filter { $0 == code }.count > without.filter { $0 == code }.count,
                "\(name) alone should report \(code) on triggering example \(i): alone \(alone), without it \(without)")
        }
        for (i, example) in rule.passing.enumerated() {
            let alone = try Self.findings(example, rules: .only(file: name))
            let without = try Self.findings(example, rules: .none)
            #expect(
                alone.sorted(by: { $0.rawValue < $1.rawValue }) == without.sorted(by: { $0.rawValue < $1.rawValue }),
                "\(name) alone should say nothing on passing example \(i): alone \(alone), without it \(without)")
        }
    }

    /// Every rule is a file of its own in a rule folder, and in exactly one list: a list holding it
    /// twice, two lists holding it, or a rule file no list holds fails here.
    @Test(.bug(id: "56")) func everyRuleIsInExactlyOneList() throws {
        let listed = RuleCatalog.fileRules.map(\.file) + RuleCatalog.bundleRules.map { $0.file }
        let twice = Dictionary(grouping: listed, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(twice.isEmpty, "rules in more than one list, or twice in one: \(twice)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var files: [String] = []
        for (module, folder) in RuleCatalog.ruleFolders {
            let url = root.appendingPathComponent("Sources/\(module)/\(folder)")
            let names = try FileManager.default.subpathsOfDirectory(atPath: url.path)
            #expect(!names.isEmpty, "no rules in \(url.path)")
            files += names.filter { $0.hasSuffix(".swift") }.map { "\(module)/\(($0 as NSString).lastPathComponent)" }
        }
        #expect(
            Set(files) == Set(listed),
            "rule files in no list: \(Set(files).subtracting(listed).sorted()); listed rules outside the rule folders: \(Set(listed).subtracting(files).sorted())"
        )
    }

    /// Every code has rules, and examples of both kinds among its rules; a code's rules all name
    /// one description (the facts are said once, in one declaration).
    @Test func everyCodeHasOneDescriptionAndExamples() {
        let fileRules = RuleCatalog.fileRules.map(\.description)
        let bundleRules = RuleCatalog.bundleRules.map { $0.description }
        #expect(
            Set((fileRules + bundleRules).map(\.code)) == Set(DiagnosticCode.allCases),
            "codes without a rule: \(Set(DiagnosticCode.allCases).subtracting((fileRules + bundleRules).map(\.code)))")
        for code in DiagnosticCode.allCases {
            let said = (fileRules + bundleRules).filter { $0.code == code }
            #expect(
                said.allSatisfy {
                    $0.severity == said[0].severity && $0.topic == said[0].topic && $0.summary == said[0].summary
                        && $0.details == said[0].details
                }, "\(code) is described twice, differently")
            #expect(
                Set(said.map(\.declaration)).count == 1,
                "\(code) is described in more than one place: \(Set(said.map(\.declaration)).sorted())")
            let fileExamples = RuleCatalog.fileRules.filter { $0.code == code }
            let bundleExamples = RuleCatalog.bundleRules.filter { $0.description.code == code }
            #expect(
                fileExamples.contains { !$0.triggering.isEmpty } || bundleExamples.contains { !$0.triggering.isEmpty },
                "\(code) has no example it must be found on")
            #expect(
                fileExamples.contains { !$0.passing.isEmpty } || bundleExamples.contains { !$0.passing.isEmpty },
                "\(code) has no example it must not be found on")
        }
    }

    /// A reference's findings are made by the platforms' reference rules, and a sound's findings
    /// within its bundle by the sound rules, whose codes are bundle rules with examples; every one
    /// of the reference ladder's steps is reached by some name.
    @Test func referenceRulesAreBundleRulesAndEachStepIsReached() throws {
        // iOS: one name per step, in the ladder's order.
        func sound(_ path: String, _ location: SoundLocation) -> FoundSound {
            FoundSound(
                relativePath: path, displayRoot: "My.app/", location: location,
                content: .problem(Rule.judge(failure: AlertSoundError(.unreadable, "not read here"))))
        }
        let sounds = [
            sound("Sounds/deep.caf", .subfolder), sound("Chime.caf", .bundle),
            sound("Kit.bundle/kit.caf", .resourceBundle),
            sound("fr.lproj/bonjour.caf", .localized)
        ]
        let names = [
            "Sounds/deep.caf", "Chime", "chime.caf", "kit.caf", "bonjour.caf", "deep.caf", "copied.caf", "gone.caf"
        ]
        let references = names.map { SoundReference(name: $0, source: "test") }
        let resolver = ReferenceResolver(
            sounds: sounds, references: references, uncopied: ["copied.caf": "ios/copied.caf"])
        let found = references.map { resolver.locate($0).diagnostics.map(\.code) }
        // The run-time-install step needs an app that writes Library/Sounds: reached below.
        let ladder = ReferenceResolver.rules.filter { $0.severity != .warning }
        #expect(found == ladder.map { [$0.description.code] }, "\(found)")
        var installing = resolver
        installing.installer = SourcePosition(file: "App/Tones.swift", line: 3)
        let maybe = installing.locate(references[7]).diagnostics
        #expect(maybe.map(\.code) == [.noSuchSound] && maybe.first?.severity == .warning, "\(maybe)")
        #expect(maybe.first?.message.contains("App/Tones.swift:3") == true)
        // Android likewise: a path, an extension, another case, outside res/raw, nothing.
        let raw = [sound("res/raw/chime.ogg", .rawResource), sound("assets/alarm.ogg", .subfolder)]
        let androidNames = ["raw/chime", "chime.ogg", "Chime", "alarm", "gone"]
        let androidReferences = androidNames.map { SoundReference(name: $0, source: "test") }
        let android = AndroidResolver(sounds: raw, kind: .androidProject, references: androidReferences)
        let messages = androidReferences.map { android.locate($0).diagnostics }
        #expect(messages.map { $0.map(\.code) } == AndroidResolver.rules.map { [$0.description.code] }, "\(messages)")
        #expect(messages[0].first?.message.contains("is a path") == true)
        #expect(messages[1].first?.message.contains("Send 'chime'") == true)
    }

    /// Writes `example` out, validates it as the command would, and gives every code found.
    static func codes(_ example: BundleExample) throws -> Set<DiagnosticCode> {
        Set(try findings(example))
    }

    /// Every finding's code, once per finding, with the bundle rules `rules` selects.
    static func findings(_ example: BundleExample, rules: RuleSelection = .all) throws -> [DiagnosticCode] {
        let scratch = try Scratch()
        let folder: String
        switch example.shape {
        case .app, .ipa: folder = scratch.path("My.app")
        case .androidProject: folder = scratch.path("android")
        case .packageResources, .folder: folder = scratch.path("Resources")
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
        validator.ruleSelection = rules
        let run = try validator.validate(paths: [path], references: references)
        return run.bundles.flatMap { report in
            report.files.flatMap { $0.report.diagnostics.map(\.code) }
                + report.references.flatMap { $0.diagnostics.map(\.code) }
        } + run.unjudged.flatMap { $0.references.flatMap { $0.diagnostics.map(\.code) } }
    }
}
