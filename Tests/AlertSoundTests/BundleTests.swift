import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Bundles built by the tests from synthesised sounds; nothing is committed as a binary.
enum BundleFixture {
    static let mono = StreamFormat(sampleRate: 22050, channels: 1, coding: .integer(16, order: .bigEndian))
    static let good = try! SoundFileBuilder.make(
        .caff, format: mono, samples: (0..<2205).map { Int16(truncatingIfNeeded: $0 * 50) })
    static let long = try! SoundFileBuilder.make(
        .wave, format: StreamFormat(sampleRate: 1000, channels: 1, coding: .unsigned8),
        samples: [Int16](repeating: 0, count: 31_000))

    /// The .app used by most tests:
    ///   alert.caf, Alert2.caf, alert2.caf (case twins; on a case-insensitive volume only Alert2.caf),
    ///   long.wav (too long), chime.aiff, en.lproj/hello.caf, Sounds/deep.caf, noext (CAF without
    ///   extension), broken.caf (garbage)
    static func app(in scratch: Scratch, name: String = "My.app") throws -> String {
        let root = scratch.path(name)
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/en.lproj", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/Sounds", withIntermediateDirectories: true)
        let twins: [(String, [UInt8])] =
            Volume.isCaseSensitive(root) ? [("Alert2.caf", good), ("alert2.caf", good)] : [("Alert2.caf", good)]
        let files: [(String, [UInt8])] =
            twins + [
                ("alert.caf", good), ("long.wav", long),
                (
                    "chime.aiff",
                    try SoundFileBuilder.make(.aiff, format: mono, samples: [Int16](repeating: 100, count: 500))
                ),
                ("en.lproj/hello.caf", good), ("Sounds/deep.caf", good), ("noext", good),
                ("broken.caf", Array("garbage!".utf8)),
                ("Info.plist", Array("<plist/>".utf8))
            ]
        for (path, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: root + "/" + path)) }
        return root
    }

    /// Zips `app` as `Payload/<name>.app/…` the way Xcode exports an .ipa (deflated entries).
    static func ipa(of app: String, to path: String) throws {
        var zip = ZipWriter()
        let prefix = "Payload/" + URL(fileURLWithPath: app).lastPathComponent + "/"
        zip.add("Payload/", method: .stored)
        zip.add(prefix, method: .stored)
        let enumerator = FileManager.default.enumerator(atPath: app)!
        var relatives: [String] = []
        while let relative = enumerator.nextObject() as? String { relatives.append(relative) }
        for relative in relatives.sorted() {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: app + "/" + relative, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                zip.add(prefix + relative + "/", method: .stored)
                continue
            }
            zip.add(prefix + relative, Array(try Data(contentsOf: URL(fileURLWithPath: app + "/" + relative))))
        }
        try Data(zip.archive()).write(to: URL(fileURLWithPath: path))
    }

    static func codes(_ report: BundleReport, file name: String) -> [String] {
        report.files.first { $0.relativePath == name }?.report.diagnostics.map(\.code.rawValue) ?? ["<missing \(name)>"]
    }
}

@Suite struct BundleTests {
    @Test func discoversAndPlacesEverySound() throws {
        let scratch = try Scratch()
        let report = try BundleValidator().validate(path: try BundleFixture.app(in: scratch))
        #expect(report.kind == .app)
        let placed = Dictionary(uniqueKeysWithValues: report.files.map { ($0.relativePath, $0.location) })
        let twins = Volume.isCaseSensitive(scratch.url.path)
        #expect(
            placed
                == [
                    "alert.caf": .bundle, "Alert2.caf": .bundle, "long.wav": .bundle, "chime.aiff": .bundle,
                    "en.lproj/hello.caf": .localized, "Sounds/deep.caf": .subfolder, "noext": .bundle,
                    "broken.caf": .bundle
                ]
                .merging(twins ? ["alert2.caf": .bundle] : [:]) { $1 })
        #expect(BundleFixture.codes(report, file: "long.wav") == ["too-long"])
        #expect(BundleFixture.codes(report, file: "broken.caf") == ["unrecognized"])
        #expect(BundleFixture.codes(report, file: "alert.caf") == [])
        // Case twins can exist only where the volume keeps them apart (and in an .ipa, tested below).
        #expect(BundleFixture.codes(report, file: "Alert2.caf") == (twins ? ["ambiguous-name"] : []))
        if twins { #expect(BundleFixture.codes(report, file: "alert2.caf") == ["ambiguous-name"]) }
        #expect(!report.valid)
    }

    /// Case twins in an archive exist whatever the disk: both are ambiguous.
    @Test func caseTwinsInAnIpaAreAmbiguous() throws {
        let scratch = try Scratch()
        var zip = ZipWriter()
        zip.add("Payload/My.app/Alert2.caf", BundleFixture.good)
        zip.add("Payload/My.app/alert2.caf", BundleFixture.good)
        let path = try scratch.write("My.ipa", zip.archive())
        let report = try BundleValidator().validate(path: path)
        #expect(BundleFixture.codes(report, file: "Alert2.caf") == ["ambiguous-name"])
        #expect(BundleFixture.codes(report, file: "alert2.caf") == ["ambiguous-name"])
    }

    @Test(arguments: [
        ("alert.caf", [String]()),
        ("default", []),
        ("ALERT.caf", ["case-mismatch"]),
        ("alert", ["missing-extension"]),
        ("alert.wav", ["no-such-sound"]),
        ("missing.caf", ["no-such-sound"]),
        ("hello.caf", ["localized"]),
        ("deep.caf", ["not-reachable"]),
        ("Sounds/deep.caf", ["not-reachable"]),
        ("long.wav", ["invalid-sound"]),
        ("broken.caf", ["invalid-sound"])
    ])
    func referencesResolveAsIOSDoes(name: String, expected: [String]) throws {
        let scratch = try Scratch()
        let report = try BundleValidator().validate(
            path: try BundleFixture.app(in: scratch), references: [.named(name)])
        let reference = try #require(report.references.first)
        #expect(reference.diagnostics.map(\.code.rawValue) == expected)
        // A path to a file that is there is not judged (Apple says nothing of paths): a warning.
        let judgedByTheDevice = name == "Sounds/deep.caf"
        #expect(reference.valid == (expected.isEmpty || judgedByTheDevice))
        if judgedByTheDevice { #expect(reference.diagnostics.allSatisfy { $0.severity == .warning }) }
        if expected.isEmpty && name != "default" { #expect(reference.resolvedPath?.hasSuffix("/" + name) == true) }
        if name == "ALERT.caf" { #expect(reference.diagnostics[0].message.contains("Simulator")) }
        if name == "alert.wav" { #expect(reference.diagnostics[0].message.contains("'alert.caf'")) }
        if name == "alert" { #expect(reference.diagnostics[0].message.contains("did you mean 'alert.caf'")) }
    }

    @Test func unreferencedReachableSoundsGetANoteOnlyWhenReferencesAreGiven() throws {
        let scratch = try Scratch()
        let app = try BundleFixture.app(in: scratch)
        #expect(
            try BundleValidator().validate(path: app).files.allSatisfy {
                !$0.report.diagnostics.contains { $0.code.rawValue == "unreferenced" }
            })
        let report = try BundleValidator().validate(path: app, references: [.named("alert.caf")])
        #expect(BundleFixture.codes(report, file: "chime.aiff") == ["unreferenced"])
        #expect(BundleFixture.codes(report, file: "alert.caf") == [])
        #expect(!BundleFixture.codes(report, file: "Sounds/deep.caf").contains("unreferenced"))
        #expect(report.files.first { $0.relativePath == "chime.aiff" }!.report.valid, "a note never fails")
    }

    @Test func ipaGivesTheSameReportAsTheApp() throws {
        let scratch = try Scratch()
        let app = try BundleFixture.app(in: scratch)
        let ipa = scratch.path("My.ipa")
        try BundleFixture.ipa(of: app, to: ipa)
        let references: [SoundReference] = [
            .named("ALERT.caf"), .named("hello.caf"), .named("long.wav"), .named("alert.caf")
        ]
        let fromApp = try BundleValidator().validate(path: app, references: references)
        let fromIPA = try BundleValidator().validate(path: ipa, references: references)
        #expect(fromIPA.kind == .ipa)
        #expect(fromIPA.bundle == ipa + "!Payload/My.app")
        #expect(fromIPA.files.map(\.relativePath) == fromApp.files.map(\.relativePath))
        #expect(fromIPA.files.map(\.location) == fromApp.files.map(\.location))
        #expect(
            fromIPA.files.map { $0.report.diagnostics.map(\.code.rawValue) }
                == fromApp.files.map { $0.report.diagnostics.map(\.code.rawValue) })
        #expect(fromIPA.files.map { $0.report.info?.frames } == fromApp.files.map { $0.report.info?.frames })
        #expect(
            fromIPA.references.map { $0.diagnostics.map(\.code.rawValue) }
                == fromApp.references.map { $0.diagnostics.map(\.code.rawValue) })
        #expect(
            fromIPA.files.first { $0.relativePath == "alert.caf" }?.report.path == ipa + "!Payload/My.app/alert.caf")
        // Read in place: nothing was extracted beside the archive.
        #expect(scratch.contents == ["My.app", "My.ipa"])
    }

    @Test func xcarchiveAndDataContainerAndResources() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(
            atPath: scratch.path("A.xcarchive/Products/Applications"), withIntermediateDirectories: true)
        _ = try BundleFixture.app(in: scratch, name: "A.xcarchive/Products/Applications/Shop.app")
        let archive = try BundleValidator().validate(
            path: scratch.path("A.xcarchive"), references: [.named("alert.caf")])
        #expect(archive.kind == .xcarchive)
        #expect(archive.bundle.hasSuffix("Products/Applications/Shop.app"))
        #expect(archive.references[0].valid)

        try FileManager.default.createDirectory(
            atPath: scratch.path("Container/Library/Sounds"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: scratch.path("Container/Documents"), withIntermediateDirectories: true)
        try Data(BundleFixture.good).write(
            to: URL(fileURLWithPath: scratch.path("Container/Library/Sounds/downloaded.caf")))
        try Data(BundleFixture.good).write(to: URL(fileURLWithPath: scratch.path("Container/Documents/other.caf")))
        let container = try BundleValidator().validate(
            path: scratch.path("Container"), references: [.named("downloaded.caf"), .named("other.caf")])
        #expect(container.kind == .dataContainer)
        #expect(container.files.map(\.location) == [.subfolder, .librarySounds])
        #expect(container.references.map(\.valid) == [true, false])
        #expect(container.references[1].diagnostics.map(\.code.rawValue) == ["not-reachable"])

        try FileManager.default.createDirectory(
            atPath: scratch.path("Resources/Sub"), withIntermediateDirectories: true)
        try Data(BundleFixture.good).write(to: URL(fileURLWithPath: scratch.path("Resources/top.caf")))
        try Data(BundleFixture.good).write(to: URL(fileURLWithPath: scratch.path("Resources/Sub/nested.caf")))
        let resources = try BundleValidator().validate(path: scratch.path("Resources"))
        #expect(resources.kind == .resources)
        #expect(resources.files.map(\.location) == [.subfolder, .bundle])
        #expect(resources.valid)
    }

    @Test func symbolicLinksStayInsideAndLoopsEnd() throws {
        let scratch = try Scratch()
        let app = try BundleFixture.app(in: scratch)
        try Data(BundleFixture.good).write(to: URL(fileURLWithPath: scratch.path("outside.caf")))
        try FileManager.default.createSymbolicLink(
            atPath: app + "/escape.caf", withDestinationPath: scratch.path("outside.caf"))
        try FileManager.default.createSymbolicLink(atPath: app + "/escapedir", withDestinationPath: scratch.url.path)
        try FileManager.default.createSymbolicLink(atPath: app + "/Sounds/loop", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: app + "/Sounds/self", withDestinationPath: "self")
        try FileManager.default.createSymbolicLink(atPath: app + "/inside.caf", withDestinationPath: "alert.caf")
        try FileManager.default.createSymbolicLink(
            atPath: app + "/dangling.caf", withDestinationPath: "nothing-here.caf")
        let report = try BundleValidator().validate(path: app, references: [.named("escape.caf"), .named("inside.caf")])
        #expect(BundleFixture.codes(report, file: "escape.caf") == ["link-outside-bundle"])
        #expect(BundleFixture.codes(report, file: "escapedir") == ["link-outside-bundle"])
        #expect(BundleFixture.codes(report, file: "inside.caf") == [])
        #expect(BundleFixture.codes(report, file: "dangling.caf") == ["unreadable"])
        // The loop was walked once: no path repeats and nothing under Sounds/loop/ was reported.
        #expect(!report.files.contains { $0.relativePath.hasPrefix("Sounds/loop") })
        #expect(Set(report.files.map(\.relativePath)).count == report.files.count)
        #expect(report.references[0].diagnostics.map(\.code.rawValue) == ["invalid-sound"])
        #expect(report.references[1].valid)
    }

    @Test func unreadableEntryIsReportedNotFatal() throws {
        let scratch = try Scratch()
        let app = try BundleFixture.app(in: scratch)
        let locked = app + "/locked.caf"
        try Data(BundleFixture.good).write(to: URL(fileURLWithPath: locked))
        chmod(locked, 0)
        defer { chmod(locked, 0o644) }
        let report = try BundleValidator().validate(path: app)
        let file = try #require(report.files.first { $0.relativePath == "locked.caf" })
        // Root reads anything; everyone else gets a clear error for this one file and a report for the rest.
        if getuid() != 0 {
            #expect(file.report.diagnostics.map(\.code.rawValue) == ["unreadable"])
            #expect(file.report.diagnostics[0].message.contains("ermission"))
        }
        // The case twin, where the disk keeps it.
        #expect(report.files.count == (Volume.isCaseSensitive(scratch.url.path) ? 10 : 9))
    }

    @Test func missingOrNonArchivePathsThrow() throws {
        let scratch = try Scratch()
        #expect(throws: AlertSoundError.self) { try BundleValidator().validate(path: scratch.path("nope.app")) }
        let notZip = try scratch.write("fake.ipa", Array("not a zip".utf8))
        #expect(throws: AlertSoundError.self) { try BundleValidator().validate(path: notZip) }
        try FileManager.default.createDirectory(
            atPath: scratch.path("Empty.xcarchive"), withIntermediateDirectories: true)
        #expect(throws: AlertSoundError.self) { try BundleValidator().validate(path: scratch.path("Empty.xcarchive")) }
    }
}

/// Sounds in a Swift package's resource bundle are not found by name (notes §1).
@Suite struct ResourceBundleTests {
    let sound = try! SoundFileBuilder.make(
        .caff, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .ulaw),
        samples: [Int16](repeating: 100, count: 800))

    @Test func soundsInResourceBundlesAreNotesAndTheirNamesErrors() throws {
        let scratch = try Scratch()
        let app = scratch.path("Shop.app")
        try FileManager.default.createDirectory(
            atPath: app + "/Shop_Sounds.bundle/en.lproj", withIntermediateDirectories: true)
        for name in [
            "Shop_Sounds.bundle/alert.caf", "Shop_Sounds.bundle/ding.caf", "Shop_Sounds.bundle/en.lproj/hi.caf",
            "ding.caf"
        ] {
            try Data(sound).write(to: URL(fileURLWithPath: app + "/" + name))
        }
        let report = try BundleValidator().validate(
            path: app, references: [.named("alert.caf"), .named("ding.caf"), .named("hi.caf")])
        #expect(
            report.files.map(\.relativePath) == [
                "Shop_Sounds.bundle/alert.caf", "Shop_Sounds.bundle/ding.caf", "Shop_Sounds.bundle/en.lproj/hi.caf",
                "ding.caf"
            ])
        #expect(report.files.map(\.location) == [.resourceBundle, .resourceBundle, .resourceBundle, .bundle])
        // ding.caf is also at the top level: its copy in the resource bundle is no news.
        #expect(
            report.files.map { $0.report.diagnostics.map(\.code.rawValue) } == [
                ["resource-bundle"], [], ["resource-bundle"], []
            ])
        #expect(report.files[0].report.diagnostics[0].severity == .note && report.files[0].report.valid)
        #expect(
            report.references.map { $0.diagnostics.map(\.code.rawValue) } == [
                ["resource-bundle"], [], ["resource-bundle"]
            ])
        #expect(report.references[0].diagnostics[0].severity == .error && !report.references[0].valid)
        #expect(report.references[0].diagnostics[0].message.contains("<Package>_<Target>.bundle"))
    }

    @Test func packageResourcesAreAllInTheResourceBundle() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(
            atPath: scratch.path("Resources/Sounds"), withIntermediateDirectories: true)
        try Data(sound).write(to: URL(fileURLWithPath: scratch.path("Resources/chime.caf")))
        try Data(sound).write(to: URL(fileURLWithPath: scratch.path("Resources/Sounds/bell.caf")))
        let report = try BundleValidator(packageResources: true).validate(
            path: scratch.path("Resources"), references: [.named("chime.caf")])
        #expect(report.kind == .packageResources)
        #expect(
            report.files.allSatisfy {
                $0.location == .resourceBundle && $0.report.diagnostics.map(\.code.rawValue) == ["resource-bundle"]
            })
        #expect(report.references[0].diagnostics.map(\.code.rawValue) == ["resource-bundle"])
        #expect(!report.valid)
        #expect(try BundleValidator(packageResources: true).validate(path: scratch.path("Resources")).valid)
    }
}

@Suite struct PayloadTests {
    func refs(_ json: String) -> [SoundReference] { SoundReference.payload(Data(json.utf8), source: "p.json") }

    @Test func everyFormOfSound() {
        #expect(
            refs(#"{"aps":{"alert":"Hi","sound":"alert.caf"}}"#) == [
                SoundReference(name: "alert.caf", source: "p.json", platform: .ios, field: "aps.sound")
            ])
        #expect(refs(#"{"aps":{"sound":"default"}}"#).first?.name == "default")
        #expect(refs(#"{"aps":{"alert":"silent"}}"#).isEmpty)
        let critical = refs(#"{"aps":{"sound":{"critical":1,"name":"siren.caf","volume":0.8}}}"#)
        var siren = SoundReference(
            name: "siren.caf", source: "p.json", critical: true, platform: .ios, field: "aps.sound")
        siren.volume = 0.8
        #expect(critical == [siren])
        #expect(refs(#"{"Simulator Target Bundle":"com.example.app","aps":{"sound":"x.caf"}}"#).first?.name == "x.caf")
        #expect(refs(#"{"aps":{"sound":{"critical":0,"name":"calm.caf"}}}"#).first?.critical == false)
    }

    @Test(arguments: [
        #"not json"#, #"[1,2]"#, #"{"alert":"no aps"}"#, #"{"aps":{"sound":42}}"#, #"{"aps":{"sound":""}}"#,
        #"{"aps":{"sound":{"critical":2,"name":"a.caf"}}}"#,
        #"{"aps":{"sound":{"critical":1,"name":"a.caf","volume":1.5}}}"#,
        #"{"aps":{"sound":{"critical":1,"name":"a.caf","volume":"loud"}}}"#, #"{"aps":{"sound":{"critical":1}}}"#,
        #"{"aps":{"sound":{"critical":1,"name":""}}}"#
    ])
    func malformedPayloadsAreBadPayload(json: String) {
        let result = refs(json)
        #expect(result.count == 1)
        #expect(result.first?.problems.map(\.code.rawValue).contains("bad-payload") == true)
        #expect(result.first?.problems.first?.message.hasPrefix("p.json: ") == true)
    }

    @Test func listsSkipBlanksAndComments() throws {
        let scratch = try Scratch()
        let list = try scratch.write(
            "sounds.txt", Array("# sounds the server sends\nalert.caf\n\n  chime.aiff  \n".utf8))
        let names = try SoundReference.list(at: list)
        #expect(names.map(\.name) == ["alert.caf", "chime.aiff"])
        #expect(names.map(\.source) == [list + ":2", list + ":4"])
    }
}
