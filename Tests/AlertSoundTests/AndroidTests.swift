import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Android projects, .apk files and payloads for both platforms; every tree and archive is made here.
@Suite struct AndroidTests {
    static let pcm16 = try! SoundFileBuilder.make(
        .wave, format: StreamFormat(sampleRate: 44100, channels: 1, coding: .integer(16, order: .littleEndian)),
        samples: [Int16](repeating: 200, count: 4410))
    static let pcm24 = try! SoundFileBuilder.make(
        .wave, format: StreamFormat(sampleRate: 44100, channels: 1, coding: .integer(24, order: .littleEndian)),
        samples: [Int16](repeating: 200, count: 4410))
    static let caf = try! SoundFileBuilder.make(
        .caff, format: StreamFormat(sampleRate: 44100, channels: 1, coding: .ima4),
        samples: [Int16](repeating: 200, count: 4410))

    @Test(
        arguments: [
            ("alarm.mp3", nil), ("order_ready2.wav", nil), ("a.b.ogg", nil),
            ("Alarm.mp3", "alarm"), ("alert-tone.wav", "alert_tone"), ("2tone.wav", "sound_2tone"), ("_x.wav", "x"),
            ("été.wav", "t"),
            ("class.wav", "class_sound"), ("default.mp3", "default_sound"), ("new.ogg", "new_sound")
        ] as [(String, String?)])
    func resourceNames(file: String, suggestion: String?) {
        let problem = AndroidRules.nameProblem(file)
        #expect((problem == nil) == (suggestion == nil), "\(file): \(problem ?? "accepted")")
        if let suggestion, !SoundName.javaKeywords.contains(SoundName(file).resourceName) {
            #expect(SoundName.validResourceName(from: SoundName(file).resourceName) == suggestion)
            #expect(problem?.contains("'\(suggestion)'") == true)
            #expect(AndroidRules.nameProblem(suggestion + ".wav") == nil)
        } else if let suggestion {
            #expect(problem?.contains("Java keyword") == true)
            #expect(SoundName.validResourceName(from: SoundName(file).resourceName) == suggestion)
        }
    }

    @Test func keepRulesReadEitherQuoteAnyPrefixAndWildcards() {
        var rules = KeepRules()
        rules.add(
            xml: """
                <?xml version="1.0" encoding="utf-8"?>
                <resources xmlns:tools="http://schemas.android.com/tools"
                    tools:keep = '@raw/alarm, @raw/chime_*,@layout/main'
                    tools:discard="@raw/chime_old" />
                """, file: "keep.xml")
        rules.add(xml: #"<resources xmlns:t="http://schemas.android.com/tools" t:keep="@*/siren"/>"#, file: "other.xml")
        rules.add(xml: "<resources/>", file: "empty.xml")
        #expect(rules.files == ["keep.xml", "other.xml"])
        #expect(rules.keeps("alarm") && rules.keeps("chime_new") && rules.keeps("chime_") && rules.keeps("siren"))
        #expect(!rules.keeps("chime_old") && !rules.keeps("main") && !rules.keeps("alarm2") && !rules.keeps("chime"))
        #expect(glob("*", "anything") && glob("a*b*c", "aXXbYc") && !glob("a*b", "ab_"))
    }

    /// Many keep files (issue 55): every file added compiled every pattern again (700 files took
    /// 20 s); each pattern is compiled once, and all of them still count.
    @Test(.bug(id: 55, "item 2")) func keepRulesOfManyFilesAllCount() {
        var rules = KeepRules()
        for i in 0..<700 {
            let patterns = (0..<20).map { "@raw/s\(i)_\($0)_*" }.joined(separator: ",")
            rules.add(
                xml:
                    #"<resources xmlns:tools="t" tools:keep="\#(patterns),@raw/exact\#(i)" tools:discard="@raw/s\#(i)_0_old"/>"#,
                file: "keep\(i).xml")
        }
        #expect(rules.files.count == 700 && rules.keep.count == 700 * 21)
        #expect(rules.keeps("s0_3_x") && rules.keeps("s699_19_y") && rules.keeps("exact350"))
        #expect(!rules.keeps("s0_0_old") && !rules.keeps("s700_0_x") && !rules.keeps("exact700"))
        var merged = KeepRules()
        merged.merge(rules)
        merged.merge(rules)
        #expect(merged.keep.count == rules.keep.count && merged.keeps("s699_19_y") && !merged.keeps("s5_0_old"))
    }

    /// A React Native-like tree: the app module's sounds, a flavor's, and copies in build output
    /// and node_modules that must not count.
    func project(_ scratch: Scratch, keep: String? = #"tools:keep="@raw/alarm,@raw/order_*""#) throws -> String {
        let root = scratch.path("Shop")
        let main = root + "/android/app/src/main/res/raw"
        let flavor = root + "/android/app/src/free/res/raw"
        for folder in [
            main, flavor, root + "/android/app/build/intermediates/res/raw", root + "/node_modules/lib/android/res/raw",
            main + "/nested"
        ] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try SoundWriter.write(
            .mp3, path: main + "/alarm.mp3", samples: [Double](repeating: 0.2, count: 8820), rate: 44100, channels: 1)
        try Data(Self.pcm16).write(to: URL(fileURLWithPath: main + "/order_ready.wav"))
        try Data(Self.pcm24).write(to: URL(fileURLWithPath: main + "/deep.wav"))
        try Data(Self.caf).write(to: URL(fileURLWithPath: main + "/Siren.caf"))
        try Data(Self.pcm16).write(to: URL(fileURLWithPath: main + "/bell.wav"))
        try SoundWriter.write(
            .flac, path: main + "/bell.flac", samples: [Double](repeating: 0.2, count: 4410), rate: 44100, channels: 1)
        try Data(Self.pcm16).write(to: URL(fileURLWithPath: main + "/nested/deeper.wav"))
        try Data(Self.pcm16).write(to: URL(fileURLWithPath: flavor + "/order_free.wav"))
        try Data(Self.caf).write(to: URL(fileURLWithPath: root + "/android/app/build/intermediates/res/raw/built.caf"))
        try Data(Self.caf).write(to: URL(fileURLWithPath: root + "/node_modules/lib/android/res/raw/dependency.caf"))
        if let keep {
            try Data("<resources xmlns:tools=\"http://schemas.android.com/tools\" \(keep) />".utf8).write(
                to: URL(fileURLWithPath: main + "/keep.xml"))
        }
        return root
    }

    @Test func projectSoundsAreJudgedByAndroidsRules() throws {
        let scratch = try Scratch()
        let root = try project(scratch)
        let report = try BundleValidator().validate(path: root)
        #expect(report.kind == .androidProject && report.platform == .android)
        let codes = Dictionary(
            uniqueKeysWithValues: report.files.map { ($0.relativePath, $0.report.diagnostics.map(\.code.rawValue)) })
        #expect(
            codes == [
                "android/app/src/free/res/raw/order_free.wav": [],
                "android/app/src/main/res/raw/Siren.caf": ["android-bad-name", "android-unsupported-format"],
                "android/app/src/main/res/raw/alarm.mp3": [],
                "android/app/src/main/res/raw/bell.flac": ["android-may-be-shrunk", "android-bad-name"],
                "android/app/src/main/res/raw/bell.wav": ["android-may-be-shrunk", "android-bad-name"],
                // 24-bit PCM: Android's WAV extractor takes it (the developer guide's table lists 8 and 16 only).
                "android/app/src/main/res/raw/deep.wav": ["android-may-be-shrunk"],
                "android/app/src/main/res/raw/nested/deeper.wav": [],
                "android/app/src/main/res/raw/order_ready.wav": []
            ])
        #expect(report.files.first { $0.name == "deeper.wav" }?.location == .subfolder)
        #expect(report.files.first { $0.name == "alarm.mp3" }?.location == .rawResource)
        let siren = try #require(
            report.files.first { $0.name == "Siren.caf" }?.report.diagnostics.first {
                $0.code == .androidUnsupportedFormat
            })
        #expect(siren.message.contains("CAF"))
        let convert = try #require(siren.suggestion)
        #expect(
            convert.action == .convert && convert.output?.hasSuffix(".wav") == true && convert.fileType == .wave
                && convert.dataFormat == "LEI16")
        #expect(
            report.files.first { $0.name == "bell.wav" }!.report.diagnostics.first {
                $0.code.rawValue == "android-bad-name"
            }!.message.contains("Duplicate resources"))
        #expect(!report.valid)

        // Without keep.xml every valid-named sound may be shrunk away; with @raw/* none.
        let other = try Scratch(), another = try Scratch()
        let bare = try BundleValidator().validate(path: try project(other, keep: nil))
        #expect(
            bare.files.filter { $0.report.diagnostics.contains { $0.code.rawValue == "android-may-be-shrunk" } }.count
                == 6)
        let all = try BundleValidator().validate(path: try project(another, keep: #"tools:keep="@raw/*""#))
        #expect(!all.files.contains { $0.report.diagnostics.contains { $0.code.rawValue == "android-may-be-shrunk" } })
    }

    @Test func aModuleWithoutSoundsIsStillAndroid() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("lib"), withIntermediateDirectories: true)
        _ = try scratch.write("lib/build.gradle.kts", Array("plugins {}".utf8))
        let report = try BundleValidator().validate(path: scratch.path("lib"), references: [.named("android:alarm")])
        #expect(report.kind == .androidProject)
        #expect(report.references.map { $0.diagnostics.map(\.code.rawValue) } == [["no-such-sound"]])
        // A res/raw folder given directly is one too, its files still in res/raw.
        let raw = try project(scratch) + "/android/app/src/main/res/raw"
        let direct = try BundleValidator().validate(path: raw)
        #expect(direct.kind == .androidProject)
        #expect(direct.files.first { $0.name == "alarm.mp3" }?.relativePath == "res/raw/alarm.mp3")
        #expect(direct.files.first { $0.name == "alarm.mp3" }?.location == .rawResource)
    }

    @Test func referencesResolveByResourceName() throws {
        let scratch = try Scratch()
        let root = try project(scratch)
        let names = ["alarm", "order_free", "alarm.mp3", "Alarm", "deep", "deeper", "missing", "default", "raw/alarm"]
            .map { SoundReference.named("android:" + $0) }
        let report = try BundleValidator().validate(path: root, references: names + [.named("ios:alarm.caf")])
        #expect(report.references.count == names.count)
        #expect(
            report.references.map { $0.diagnostics.map(\.code.rawValue) } == [
                [], [], ["no-such-sound"], ["case-mismatch"], [], ["not-reachable"], ["no-such-sound"], [],
                ["no-such-sound"]
            ])
        #expect(report.references.allSatisfy { $0.platform == .android })
        #expect(report.references[0].resolvedPath == root + "/android/app/src/main/res/raw/alarm.mp3")
        #expect(report.references[2].diagnostics[0].message.contains("Send 'alarm'"))
        // order_ready is valid, reachable and named by no reference.
        #expect(
            report.files.first { $0.name == "order_ready.wav" }?.report.diagnostics.map(\.code.rawValue) == [
                "unreferenced"
            ])
    }

    @Test func apkIsReadInPlace() throws {
        let scratch = try Scratch()
        var zip = ZipWriter()
        zip.add("AndroidManifest.xml", [0x03, 0x00, 0x08, 0x00])
        zip.add("res/raw/alarm.wav", Self.pcm16, method: .stored)
        zip.add("res/raw/siren.caf", Self.caf)
        zip.add("assets/chime.wav", Self.pcm16)
        zip.add("classes.dex", Array("dex\n035".utf8))
        let apk = try scratch.write("app-release.apk", zip.archive())
        let refs = [SoundReference.named("android:alarm"), .named("android:chime"), .named("android:gone")]
        let report = try BundleValidator().validate(path: apk, references: refs)
        #expect(report.kind == .apk && report.bundle == apk)
        #expect(report.files.map(\.relativePath) == ["assets/chime.wav", "res/raw/alarm.wav", "res/raw/siren.caf"])
        #expect(report.files.map(\.location) == [.subfolder, .rawResource, .rawResource])
        // Shrinking is over in an .apk: no keep warnings; a missing sound may be why.
        #expect(
            report.files.map { $0.report.diagnostics.map(\.code.rawValue) } == [[], [], ["android-unsupported-format"]])
        #expect(
            report.references.map { $0.diagnostics.map(\.code.rawValue) } == [[], ["not-reachable"], ["no-such-sound"]])
        #expect(report.references[2].diagnostics[0].message.contains("release resource shrinking removed it"))
    }

    @Test func payloadsNameTheirPlatform() {
        func refs(_ json: String) -> [SoundReference] { SoundReference.payload(Data(json.utf8), source: "p.json") }
        let v1 = refs(
            #"{"message":{"token":"t","android":{"notification":{"sound":"alarm"}},"apns":{"payload":{"aps":{"sound":{"critical":1,"name":"alarm.caf"}}}}}}"#
        )
        #expect(v1.map(\.name) == ["alarm.caf", "alarm"])
        #expect(v1.map(\.platform) == [.ios, .android])
        #expect(v1.map(\.field) == ["message.apns.payload.aps.sound", "message.android.notification.sound"])
        #expect(v1[0].critical)
        let bare = refs(#"{"android":{"notification":{"sound":"chime"}}}"#)
        #expect(bare.map(\.field) == ["android.notification.sound"])
        let legacy = refs(#"{"to":"t","notification":{"title":"Hi","sound":"chime"}}"#)
        #expect(legacy == [SoundReference(name: "chime", source: "p.json", platform: nil, field: "notification.sound")])
        #expect(refs(#"{"message":{"android":{"notification":{"title":"no sound"}}}}"#).isEmpty)
        for bad in [
            #"{"message":3}"#, #"{"message":{"android":{"notification":{"sound":7}}}}"#, #"{"message":{"android":[]}}"#,
            #"{"message":{"apns":{"payload":"x"}}}"#, #"{"notification":"x"}"#, #"{"data":{}}"#, #"{"aps":"x"}"#
        ] {
            let result = refs(bad)
            #expect(result.count == 1 && result[0].problems.map(\.code.rawValue) == ["bad-payload"], "\(bad)")
        }
        #expect(SoundReference.named("ios:a.caf").platform == .ios)
        #expect(SoundReference.named("a.caf").platform == nil)
    }

    /// One payload, both platforms: each reference is resolved where it is meant to play.
    @Test func onePayloadTwoPlatforms() throws {
        let scratch = try Scratch()
        let root = try project(scratch)
        let app = scratch.path("Shop.app")
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try Data(Self.caf).write(to: URL(fileURLWithPath: app + "/alarm.caf"))
        let payload = SoundReference.payload(
            Data(
                #"{"message":{"android":{"notification":{"sound":"alarm"}},"apns":{"payload":{"aps":{"sound":"alarm.caf"}}}}}"#
                    .utf8), source: "fcm.json")
        let legacy = SoundReference.payload(Data(#"{"notification":{"sound":"alarm"}}"#.utf8), source: "legacy.json")
        let report = try BundleValidator().validate(paths: [app, root], references: payload + legacy)
        #expect(report.bundles.map(\.platform) == [.ios, .android])
        let ios = report.bundles[0].references, android = report.bundles[1].references
        #expect(
            ios.map(\.source) == ["fcm.json", "legacy.json"] && android.map(\.source) == ["fcm.json", "legacy.json"])
        #expect(ios.map { $0.diagnostics.map(\.code.rawValue) } == [[], ["missing-extension"]])
        // A raw folder's code is not read: the channel that decides on Android 8 and later is not judged.
        #expect(android.map { $0.diagnostics.map(\.code.rawValue) } == [["channel-not-read"], ["channel-not-read"]])
        #expect(ios.allSatisfy { $0.platform == .ios } && android.allSatisfy { $0.platform == .android })
        #expect(!report.valid)
    }

    @Test func resourceTableNamesRawFiles() throws {
        let raw = [
            (name: "alarm", path: "res/Gh4.mp3"), (name: "order_ready", path: "res/raw/order_ready.wav"),
            (name: "été", path: "res/x9.ogg")
        ]
        for compact in [false, true] {
            let files = try ResourceTable.rawFiles(ResourceTableWriter.table(raw: raw, compact: compact))
            #expect(files == ["res/Gh4.mp3": "alarm", "res/raw/order_ready.wav": "order_ready", "res/x9.ogg": "été"])
        }
        // Damage anywhere gives names or a ResourceTableError, never a trap.
        let table = ResourceTableWriter.table(raw: raw)
        var outcomes = (read: 0, refused: 0)
        for position in 0..<table.count {
            for value: UInt8 in [0xFF, 0x7F, 0x00] {
                var damaged = table
                damaged[position] = value
                if (try? ResourceTable.rawFiles(damaged)) != nil { outcomes.read += 1 } else { outcomes.refused += 1 }
            }
        }
        for length in 0..<table.count where (try? ResourceTable.rawFiles(Array(table.prefix(length)))) != nil {
            outcomes.read += 1
        }
        #expect(outcomes.read > 0 && outcomes.refused > 0)
    }

    /// A release APK whose paths were shortened: only resources.arsc knows `res/Gh4.mp3` is @raw/alarm.
    @Test func optimisedApkIsReadThroughItsResourceTable() throws {
        let scratch = try Scratch()
        var zip = ZipWriter()
        zip.add("AndroidManifest.xml", [0x03, 0x00, 0x08, 0x00])
        zip.add(
            "resources.arsc",
            ResourceTableWriter.table(raw: [(name: "alarm", path: "res/Gh4.wav"), (name: "siren", path: "res/Ab.caf")]),
            method: .stored)
        zip.add("res/Gh4.wav", Self.pcm16, method: .stored)
        zip.add("res/Ab.caf", Self.caf)
        zip.add("res/Zz.wav", Self.pcm16)
        let apk = try scratch.write("app-release.apk", zip.archive())
        let report = try BundleValidator().validate(
            path: apk, references: [.named("android:alarm"), .named("android:siren"), .named("android:Gh4")])
        #expect(report.files.map(\.relativePath) == ["res/Ab.caf", "res/Gh4.wav", "res/Zz.wav"])
        #expect(report.files.map(\.resourceName) == ["siren", "alarm", nil])
        #expect(report.files.map(\.location) == [.rawResource, .rawResource, .subfolder])
        #expect(report.files[0].report.diagnostics.map(\.code.rawValue) == ["android-unsupported-format"])
        #expect(
            report.references.map { $0.diagnostics.map(\.code.rawValue) } == [[], ["invalid-sound"], ["no-such-sound"]])
        #expect(report.references[0].resolvedPath == apk + "!res/Gh4.wav")

        var broken = ZipWriter()
        broken.add("AndroidManifest.xml", [0x03, 0x00, 0x08, 0x00])
        broken.add("resources.arsc", [0x02, 0x00, 0x0C, 0x00, 0xFF, 0xFF, 0xFF, 0x7F])
        broken.add("res/raw/alarm.wav", Self.pcm16)
        let bad = try BundleValidator().validate(path: try scratch.write("broken.apk", broken.archive()))
        #expect(bad.files.map(\.relativePath) == ["res/raw/alarm.wav", "resources.arsc"])
        #expect(bad.files[1].report.diagnostics.map(\.code.rawValue) == ["unreadable"])
        #expect(bad.files[0].location == .rawResource && bad.files[0].resourceName == "alarm")
    }
}

/// Whether keep-list glob `pattern` matches resource `name`, as `KeepRules` matches them.
func glob(_ pattern: String, _ name: String) -> Bool {
    GlobPattern(pattern).matches(Array(name.utf8))
}

/// Issue 44, item 6: verdicts that passed what was never judged.
extension AndroidTests {
    /// `res/raw` as a link gave "0 sounds, valid": a link inside the project is followed (the build
    /// reads through it), one that leads out is a finding.
    @Test(.bug(id: 44, "item 6")) func aRawFolderThatIsALinkIsJudged() throws {
        let scratch = try Scratch()
        let res = scratch.path("android/app/src/main/res")
        let fm = FileManager.default
        for folder in ["android/app/src/main/res", "android/sounds", "outside"] {
            try fm.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
        }
        _ = try scratch.write("android/sounds/Bad-Name.wav", Self.pcm16)
        _ = try scratch.write("outside/secret.wav", Self.pcm16)
        try fm.createSymbolicLink(atPath: res + "/raw", withDestinationPath: scratch.path("android/sounds"))
        let inside = try BundleValidator().validate(path: scratch.path("android"))
        #expect(inside.files.map(\.name) == ["Bad-Name.wav"] && !inside.valid)
        #expect(inside.files[0].report.diagnostics.map(\.code) == [.androidBadName])
        try fm.removeItem(atPath: res + "/raw")
        try fm.createSymbolicLink(atPath: res + "/raw", withDestinationPath: scratch.path("outside"))
        let outside = try BundleValidator().validate(path: scratch.path("android"))
        #expect(!outside.valid && outside.files.count == 1)
        #expect(outside.files[0].report.diagnostics.first?.code == .linkOutsideBundle)
        #expect(!outside.files.contains { $0.name == "secret.wav" })
    }

    /// 20,001 folders under `assets/` spent the search before `android/` was reached, and a bad
    /// resource name then passed. The search reaches it; one that gives up says so and fails.
    @Test(.bug(id: 44, "item 6"), .timeLimit(.minutes(2))) func aWideTreeDoesNotHideTheAndroidModule() throws {
        let scratch = try Scratch()
        let fm = FileManager.default
        for i in 0..<20_001 {
            try fm.createDirectory(atPath: scratch.path("app/assets/a/\(i)"), withIntermediateDirectories: true)
        }
        try fm.createDirectory(
            atPath: scratch.path("app/android/app/src/main/res/raw"), withIntermediateDirectories: true)
        _ = try scratch.write("app/android/app/src/main/res/raw/Bad-Name.wav", Self.pcm16)
        let report = try BundleValidator().validate(paths: [scratch.path("app")])
        let android = try #require(report.bundles.first { $0.kind == .androidProject })
        #expect(android.files.map(\.name) == ["Bad-Name.wav"] && !report.valid)
        // Past its budget the search is incomplete, and that is a finding that fails.
        let search = AndroidProject.rawFolders(in: scratch.path("app"), through: .userNamed, budget: 100)
        #expect(search.incomplete && search.folders.isEmpty)
        let confinement = try #require(Confinement(folder: scratch.path("app")))
        let (sounds, _) = AndroidProject.scan(root: scratch.path("app"), rawFolders: search, within: confinement)
        guard case .problem(let finding)? = sounds.first?.content else {
            Issue.record("no finding for the search that gave up")
            return
        }
        #expect(finding.severity == .error && finding.message.contains("gave up"))
    }
}
