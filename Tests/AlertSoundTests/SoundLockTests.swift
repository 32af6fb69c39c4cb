import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound

/// The lock is untrusted input: committed, hand-edited and merged like any file, and what it says
/// becomes file names, generated code and XML. Every value must be what export itself writes.
@Suite struct SoundLockTests {
    /// A lock file of one entry: `chime`'s, with `changes` applied to its members.
    static func lock(_ changes: [String: Any?] = [:]) -> [UInt8] {
        var entry: [String: Any] = [
            "name": "chime", "source": "src/chime.wav", "ios": "chime.caf", "android": "chime",
            "androidFile": "chime.ogg",
            "contentHash": String(repeating: "a", count: 64), "channelId": "chime_aaaaaaaa",
            "iosSha256": String(repeating: "b", count: 64), "androidSha256": String(repeating: "c", count: 64)
        ]
        for (key, value) in changes { entry[key] = value ?? NSNull() }
        return Array(try! JSONSerialization.data(withJSONObject: ["schemaVersion": 1, "sounds": [entry]]))
    }

    @Test func readsWhatExportWrites() throws {
        let lock = try SoundLock.read(Self.lock(), path: "x")
        #expect(lock.sounds.count == 1 && lock["chime"]?.channelId == "chime_aaaaaaaa")
        #expect(try SoundLock.read(lock.bytes(), path: "x") == lock)
        // A hand-edited ID of the usual shapes is what the app was built with: kept.
        #expect(
            try SoundLock.read(Self.lock(["channelId": "com.example.Orders-2"]), path: "x")["chime"]?.channelId
                == "com.example.Orders-2")
        #expect(
            try SoundLock.read(Self.lock(["android": nil, "androidFile": nil, "androidSha256": nil]), path: "x")[
                "chime"]?.android == nil)
    }

    /// Each of these once went through: into Kotlin as a string template that ran, into keep.xml as
    /// an attribute, into a path that export unlinked.
    @Test(
        arguments: [
            ["channelId": "chime_${Runtime.getRuntime().exec(\"touch /tmp/pwned\")}"],
            ["channelId": "chime\n// forged"], ["channelId": "chime\"; x"], ["channelId": "chime\u{202E}"],
            ["channelId": ""],
            ["channelId": String(repeating: "a", count: 201)], ["channelId": "_chime"],
            ["android": "chime\" tools:discard=\"@raw/*"], ["android": "other"],
            ["androidFile": "../../../outside/victim.txt"], ["androidFile": "chime.mp3"], ["androidFile": "other.ogg"],
            ["ios": "../chime.caf"], ["ios": "/etc/passwd"], ["ios": "chime.wav"],
            ["name": "Chime"], ["name": "class"], ["name": "../x"], ["name": "chime\u{0}"],
            ["name": String(repeating: "a", count: 201)],
            ["contentHash": "00"], ["iosSha256": String(repeating: "G", count: 64)], ["androidSha256": 5],
            ["android": nil], ["source": String(repeating: "s", count: 5000)]
        ] as [[String: Any?]])
    func refusesWhatExportNeverWrites(_ change: [String: Any?]) {
        #expect(throws: AlertSoundError.self, "\(change)") { try SoundLock.read(Self.lock(change), path: "x") }
    }

    @Test func refusesANameTwice() throws {
        var document = try #require(try JSONSerialization.jsonObject(with: Data(Self.lock())) as? [String: Any])
        let entry = try #require((document["sounds"] as? [Any])?.first)
        document["sounds"] = [entry, entry]
        let error = try thrown(AlertSoundError.self) {
            try SoundLock.read(Array(try JSONSerialization.data(withJSONObject: document)), path: "x")
        }
        #expect(error.message.contains("twice"))
    }

    /// A lock whose androidFile pointed out of the folder made export unlink that file (`(removed)`, exit 0).
    @Test func exportNeverRemovesWhatTheLockNames() throws {
        let dir = try ExportTests.sources()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/outside", withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: dir + "/outside/victim.txt"))
        let options = ExportTests.options(dir)
        _ = try Exporter(options: options).export(paths: [dir + "/src"])
        var text = try String(contentsOfFile: options.lockPath, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "\"androidFile\" : \"chime.ogg\"", with: "\"androidFile\" : \"../../outside/victim.txt\"")
        try text.write(toFile: options.lockPath, atomically: true, encoding: .utf8)
        var wav = options
        wav.androidFormat = .wav
        #expect(throws: AlertSoundError.self) { try Exporter(options: wav).export(paths: [dir + "/src"]) }
        #expect(FileManager.default.fileExists(atPath: dir + "/outside/victim.txt"))
    }

    /// Switching the Android format removes the file export wrote in the other format, and only it:
    /// a file of that name whose bytes are not the lock's (a source kept there, an edit) stays.
    @Test func switchingFormatRemovesOnlyExportsOwnFile() throws {
        let dir = try ExportTests.sources()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let options = ExportTests.options(dir)
        _ = try Exporter(options: options).export(paths: [dir + "/src"])
        let ogg = dir + "/res/raw/chime.ogg", other = dir + "/res/raw/order_ready.ogg"
        #expect(FileManager.default.fileExists(atPath: ogg) && FileManager.default.fileExists(atPath: other))
        try Data("not what export wrote".utf8).write(to: URL(fileURLWithPath: other))
        var wav = options
        wav.androidFormat = .wav
        let report = try Exporter(options: wav).export(paths: [dir + "/src"])
        #expect(!FileManager.default.fileExists(atPath: ogg), "export's own chime.ogg is removed")
        #expect(FileManager.default.fileExists(atPath: other), "a file it did not write is kept")
        #expect(report.outcomes.flatMap(\.removed).count == 2, "chime and 2 bell")
    }

    /// `--lock app--sounds.lock.json` made keep.xml's comment ill-formed; names are attribute-escaped.
    @Test func keepFileIsWellFormedXML() throws {
        let entry = SoundLock.Entry(
            name: "chime", source: "", ios: nil, android: "chime", androidFile: "chime.ogg",
            contentHash: String(repeating: "a", count: 64),
            iosSHA256: nil, androidSHA256: nil)
        for name in ["app--sounds.lock.json", "x-", "a---b", "%2D", "a\u{202E}b\n-->"] {
            let text = String(decoding: Exporter.keepFile(SoundLock(sounds: [entry]), lockName: name), as: UTF8.self)
            let comment = try #require(text.components(separatedBy: "<!--").last?.components(separatedBy: "-->").first)
            #expect(
                !comment.contains("--") && !comment.hasSuffix("-") && !comment.contains("\n"), "\(name): \(comment)")
            #expect(text.contains("tools:keep=\"@raw/chime\""))
        }
        #expect(XMLText.attribute("a\" b='c' <d> &") == "a&quot; b=&apos;c&apos; &lt;d&gt; &amp;")
    }

    /// `validate-bundle --lock` was entries × sounds: each entry now looks itself up, and findings
    /// of one kind stop at a cap with one that counts the rest.
    @Test func lockFindingsAreCapped() throws {
        let cap = BundleWideRules.maximumRepeatedFindings
        let entries = (0..<(cap + 50)).map { i in
            SoundLock.Entry(
                name: "s\(i)", source: "", ios: "s\(i).caf", android: nil, androidFile: nil,
                contentHash: String(repeating: "a", count: 64),
                iosSHA256: nil, androidSHA256: nil)
        }
        let check = LockCheck(lock: SoundLock(sounds: entries), path: "lock")
        var bundle = BundleWide(platform: .ios, root: "App.app", kind: .app, sounds: [], lockPath: "lock")
        bundle.missing = check.judge([], platform: .ios).missing
        let missing = BundleWideRules.lockMissingSound.evaluate(bundle) ?? []
        #expect(missing.count == cap + 1)
        #expect(missing.last?.diagnostics.first?.message.contains("and 50 more") == true)
        let uses = (0..<500).map { SoundLock.ChannelUse(id: "s\($0)_00000000", source: "p.json", field: "channel_id") }
        bundle.unknownChannels = check.unknownChannels(uses)
        let unknown = BundleWideRules.unknownChannel.evaluate(bundle) ?? []
        #expect(unknown.count == cap + 1)
        #expect(
            unknown.first?.diagnostics.first?.message.contains("the lock's channel for 's0' is s0_aaaaaaaa") == true)
    }

    /// A locked sound is referenced by the lock: it got an `unreferenced` note when payloads named others.
    @Test func lockedSoundsCountAsReferenced() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("App.app"), withIntermediateDirectories: true)
        let caf = AndroidTests.caf
        _ = try scratch.write("App.app/chime.caf", caf)
        _ = try scratch.write("App.app/other.caf", caf)
        var validator = BundleValidator()
        validator.lock = SoundLock(sounds: [
            SoundLock.Entry(
                name: "chime", source: "", ios: "chime.caf", android: nil, androidFile: nil,
                contentHash: String(repeating: "a", count: 64), iosSHA256: SHA256.hex(caf), androidSHA256: nil)
        ])
        validator.lockPath = "lock"
        let report = try validator.validate(path: scratch.path("App.app"), references: [.named("ios:nothing.caf")])
        let notes = Dictionary(uniqueKeysWithValues: report.files.map { ($0.name, $0.report.diagnostics.map(\.code)) })
        #expect(notes["chime.caf"] == [], "\(notes)")
        #expect(notes["other.caf"] == [.unreferenced], "\(notes)")
    }
}

/// Issue 44, items 6 and 7: what a lock says is judged as the device and the channel decide.
extension SoundLockTests {
    static func entry(
        _ name: String, channel: String? = nil, ios: Bool = true, android: Bool = false
    ) -> SoundLock.Entry {
        var entry = SoundLock.Entry(
            name: name, source: "", ios: ios ? name + ".caf" : nil, android: android ? name : nil,
            androidFile: android ? name + ".ogg" : nil, contentHash: String(repeating: "a", count: 64), iosSHA256: nil,
            androidSHA256: nil)
        if let channel { entry.channelId = channel }
        return entry
    }

    /// The lock says `a.caf`, the app ships `A.caf`: it passed, and a device finds nothing.
    @Test(.bug(id: 44, "item 6")) func aNameThatDiffersInCaseIsNotTheLocksSound() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("App.app"), withIntermediateDirectories: true)
        _ = try scratch.write("App.app/A.caf", AndroidTests.caf)
        var validator = BundleValidator()
        validator.lock = SoundLock(sounds: [Self.entry("a")])
        let report = try validator.validate(path: scratch.path("App.app"))
        #expect(!report.valid)
        let finding = try #require(report.references.first { $0.diagnostics.contains { $0.code == .lockMissingSound } })
        #expect(finding.diagnostics[0].message.contains("A.caf, which differs in case"), "\(finding.diagnostics)")
    }

    /// Two sounds on one channel ID were accepted: one channel plays one sound.
    @Test(.bug(id: 44, "item 6")) func twoSoundsOnOneChannelAreRefused() throws {
        let lock = SoundLock(sounds: [Self.entry("a", channel: "shared"), Self.entry("b", channel: "shared")])
        let error = try thrown(AlertSoundError.self) { try SoundLock.read(lock.bytes(), path: "lock.json") }
        #expect(error.message.contains("'shared' is also sounds[0]'s"), "\(error.message)")
    }

    /// `sound: b` on `a`'s channel was reported as playing `b`: the channel's sound plays.
    @Test(.bug(id: 44, "item 6")) func theChannelsSoundPlays() throws {
        let scratch = try Scratch()
        let raw = scratch.path("android/app/src/main/res/raw")
        try FileManager.default.createDirectory(atPath: raw, withIntermediateDirectories: true)
        for name in ["a", "b"] { _ = try scratch.write("android/app/src/main/res/raw/\(name).wav", AndroidTests.pcm16) }
        let a = Self.entry("a", ios: false, android: true)
        var validator = BundleValidator()
        validator.lock = SoundLock(sounds: [a, Self.entry("b", ios: false, android: true)])
        let payload = Data(
            #"{"message":{"android":{"notification":{"channel_id":"\#(a.channelId)","sound":"b"}}}}"#.utf8)
        let report = try validator.validate(
            path: scratch.path("android"), references: SoundReference.payload(payload, source: "push.json"))
        let reference = try #require(report.references.first { $0.name == "b" })
        #expect(!reference.valid && reference.diagnostics.map(\.code) == [.channelSoundMismatch])
        #expect(reference.diagnostics[0].message.contains("which the lock made for 'a'"))
    }

    /// The app's own channel `a_vip` (no sound named) got `unknown-channel` because it starts with
    /// a locked name: only export's own IDs (NAME_ and 8 hex digits) are the lock's business.
    @Test(.bug(id: 44, "item 7")) func anAppsOwnChannelIsNotAStaleOne() {
        let check = LockCheck(lock: SoundLock(sounds: [Self.entry("a", android: true)]), path: "lock")
        let uses = ["a_vip", "a_0123abcd", "a_01234567x"].map {
            SoundLock.ChannelUse(id: $0, source: "p.json", field: "channel_id")
        }
        #expect(check.unknownChannels(uses).map(\.use.id) == ["a_0123abcd"])
    }
}
