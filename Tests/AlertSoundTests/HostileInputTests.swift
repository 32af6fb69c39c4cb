import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Inputs from outside that stopped, slowed or fooled alertsound: name lists, samples, payloads,
/// property lists, globs, resource tables, Mach-O sections. Each test failed before its fix.
@Suite(.bug(id: 22)) struct HostileInputTests {
    // A --sounds-from list saved with CRLF was one "line": a leading comment hid every name.
    @Test(arguments: ["\r\n", "\r", "\n"])
    func nameListsTakeEveryLineEnding(_ ending: String) throws {
        let text = "\u{FEFF}# sounds the server sends" + ending + "alert.caf" + ending + ending + "missing.caf" + ending
        let names = SoundReference.list(text: text, source: "sounds.txt").map(\.name)
        #expect(names == ["alert.caf", "missing.caf"])
        #expect(SoundReference.list(text: text, source: "sounds.txt").map(\.source) == ["sounds.txt:2", "sounds.txt:4"])
        #expect(
            SoundReference.list(text: text, source: "sounds.txt").map(\.position) == [
                SourcePosition(file: "sounds.txt", line: 2), SourcePosition(file: "sounds.txt", line: 4)
            ])
    }
}

extension HostileInputTests {
    // `fix --normalize` trapped ("Double value cannot be converted to Int") on one +Inf sample, after
    // writing its output; the encode's SNR read "nan".
    @Test func nonFiniteSamplesAreClippedNotTrapped() throws {
        let dir = try FixTests.folder()
        let float = SampleCoding.pcm(PCMFormat(.float, bits: 32, order: .littleEndian))
        let samples = [0.5, .infinity, -.infinity, .nan] + [Double](repeating: 0.1, count: 4000)
        try FixTests.write(dir + "/odd.wav", rate: 8000, channels: 1, coding: float, samples: samples)
        let outcome = try FixTests.fixer {
            $0.normalize = true
            $0.outputFolder = dir + "/out"
        }.fix(paths: [dir + "/odd.wav"]).outcomes[0]
        #expect(outcome.status == .fixed, "\(outcome.error?.message ?? "")")
        #expect(outcome.changes.map(\.description).contains("normalized peak -6.0 -> -1.0 dBFS"))
        #expect(Formatting.tenths(.infinity) == "inf" && Formatting.tenths(-.infinity) == "-inf")
        let result = try Converter(
            options: ConversionOptions(
                dataFormat: try OutputDataFormat(parsing: "LEI16"), fileType: .caff, measuresLoss: true)
        )
        .convert(input: dir + "/odd.wav", output: dir + "/odd.caf")
        #expect(result.snr?.isNaN == false)
    }
}

extension HostileInputTests {
    // Two fix runs into one --output-dir both said "converted" while the later replaced the other's
    // file: "exists?" was asked before converting, not when the output was put in place.
    @Test(arguments: [true, false])
    func aFileThatAppearsMeanwhileIsNotReplaced(unnamed: Bool) throws {
        let dir = try FixTests.folder()
        let path = dir + "/out.caf"
        let output = try AtomicOutput(path: path, unnamed: unnamed, replacing: false)
        try output.append(Array("mine".utf8))
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: AlertSoundError.self) { try output.commit() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "theirs")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.caf"], "no temporary file left")
        // Replacing, the same commit puts it in place.
        let forced = try AtomicOutput(path: path, unnamed: unnamed)
        try forced.append(Array("mine".utf8))
        try forced.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
    }

    @Test func concurrentFixRunsNeverBothWriteOneOutput() throws {
        let dir = try FixTests.folder()
        try FixTests.write(
            dir + "/long.wav", rate: 8000, channels: 1, samples: FixTests.tone(seconds: 31, rate: 8000, channels: 1))
        for round in 0..<10 {
            let out = dir + "/out\(round)"
            let statuses = Locked<[FixOutcome.Status]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                let status =
                    (try? FixTests.fixer { $0.outputFolder = out }.fix(paths: [dir + "/long.wav"]).outcomes[0].status)
                    ?? .failed
                statuses.mutate { $0.append(status) }
            }
            #expect(statuses.value.filter { $0 == .fixed }.count == 1, "round \(round): \(statuses.value)")
        }
    }
}

/// A value shared between threads of a test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
    func mutate(_ body: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&stored)
    }
}

extension HostileInputTests {
    static func ascii(_ text: String) -> [UInt8] { [0x50 | UInt8(text.utf8.count)] + Array(text.utf8) }

    // A JSON payload nested 100,000 deep, or 500 deep with siblings at the bottom (seconds per
    // sibling through the Decodable enum), is refused or read in one pass.
    @Test func deepJSONPayloadsAreRefusedNotRecursedInto() throws {
        // On the 512 KiB stack of a Mac's secondary thread (issue 55: 512 levels overflowed it).
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: StructureError.tooDeep(at: 512)) {
            try SmallStack.run { try JSONParser.parse(Array(deep.utf8)) == .null }
        }
        let refs = try SmallStack.run {
            SoundReference.payload(Data(("{\"aps\":" + deep + "}").utf8), source: "deep.json")
        }
        #expect(refs.first?.problems.first?.message.contains("nested deeper than 512 levels") == true)
        // 500 deep (allowed) with 2,000 siblings at the bottom: read once, siblings and all.
        let wide =
            String(repeating: "[", count: 500) + Array(repeating: "{\"a\":1}", count: 2000).joined(separator: ",")
            + String(repeating: "]", count: 500)
        let bottom = try SmallStack.run { () -> Int? in
            var value = try JSONParser.parse(Array(wide.utf8))
            for _ in 0..<499 {
                guard case .array(let inner) = value else { break }
                value = inner[0]
            }
            guard case .array(let bottom) = value else { return nil }
            return bottom.count
        }
        #expect(bottom == 2000)
        // And what a payload is made of still reads as before.
        let aps = SoundReference.payload(
            Data(#"{"aps":{"sound":{"critical":1,"name":"a\u00e9\ud83d\ude00.caf","volume":0.5}}}"#.utf8),
            source: "p.json")
        #expect(aps.first?.name == "aé😀.caf" && aps.first?.critical == true && aps.first?.problems.isEmpty == true)
    }

    // A plist nested thousands of levels deep crashed validate-bundle (stack overflow in the XML
    // scanner), as --entitlements, Info.plist or inside embedded.mobileprovision.
    @Test func deepPropertyListsAreRefusedNotRecursedInto() throws {
        let dir = try FixTests.folder()
        let levels = 60_000  // 840 KB, under the 1 MiB a plist may have
        let deep =
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key>"
            + String(repeating: "<array>", count: levels)
            + String(repeating: "</array>", count: levels) + "</dict></plist>"
        try Data(deep.utf8).write(to: URL(fileURLWithPath: dir + "/deep.entitlements"))
        // On the 512 KiB stack of a Mac's secondary thread (issue 55: 512 levels overflowed it).
        let read = try SmallStack.run { Result { try Entitlements.read(path: dir + "/deep.entitlements") } }
        do {
            _ = try read.get()
            Issue.record("a plist 100,000 levels deep was read")
        } catch let error as AlertSoundError {
            #expect(error.kind == .tooLarge && error.message.contains("nested deeper than 512 levels"), "\(error)")
            #expect(error.path == dir + "/deep.entitlements")
        }
        // The same as an app's Info.plist and inside a provisioning profile: a finding, no crash.
        try FileManager.default.createDirectory(atPath: dir + "/My.app", withIntermediateDirectories: true)
        try Data(deep.utf8).write(to: URL(fileURLWithPath: dir + "/My.app/Info.plist"))
        try Data(([0x30, 0x82] + Array(deep.utf8))).write(
            to: URL(fileURLWithPath: dir + "/My.app/embedded.mobileprovision"))
        try Data(BundleFixture.good).write(to: URL(fileURLWithPath: dir + "/My.app/alert.caf"))
        let refs = SoundReference.payload(
            Data(#"{"aps":{"sound":{"critical":1,"name":"alert.caf"}}}"#.utf8), source: "p.json")
        let report = try SmallStack.run { try BundleValidator().validate(paths: [dir + "/My.app"], references: refs) }
        #expect(report.bundles[0].references.first?.diagnostics.map(\.code) == [.entitlementsUnknown])
        // A real entitlements plist still reads, entities and all.
        let plain =
            #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x"><plist version="1.0"><dict><!-- c --><key>com.apple.developer.usernotifications.critical-alerts</key><true/><key>n</key><string>a &amp; &#x41;</string><key>i</key><integer>7</integer></dict></plist>"#
        #expect(
            try Entitlements.dictionary(Array(plain.utf8), what: "t") == [
                Entitlements.criticalAlertsKey: .bool(true), "n": .string("a & A"), "i": .number(7)
            ])
    }

    // The readers recursed once a level, 1.1 to 3.8 KB each at -Onone: the deepest payload,
    // entitlements or Info.plist they accept (512 levels) overflowed the 512 KiB stack of a Mac's
    // secondary thread, where tests and an app's background queues run. Through each reader's
    // callers, read, used and freed on such a stack; one level more is the depth-limit error.
    @Test(.bug(id: 55, "item 6")) func deepestAcceptedInputsFitAnAppleThreadStack() throws {
        let limit = Limits.maximumNesting
        let scratch = try Scratch()
        // The top object and `aps` are two of the levels.
        func payload(_ levels: Int) -> [UInt8] {
            Array(#"{"aps":{"sound":"a.caf","deep":"#.utf8) + NestedInputs.bytes(.jsonObjects, levels: levels - 2)
                + Array("}}".utf8)
        }
        let deepest = try scratch.write("deep.json", payload(limit))
        let tooDeep = try scratch.write("too-deep.json", payload(limit + 1))
        let (names, platforms, channels, lock, refused) = try SmallStack.run {
            (
                SoundReference.payload(at: deepest).map(\.name), Push.payload(at: deepest).platforms,
                SoundLock.channelUses(inPayloadAt: deepest).count, Result { try SoundLock.read(path: deepest) },
                SoundReference.payload(at: tooDeep).first?.problems.first?.message ?? ""
            )
        }
        #expect(names == ["a.caf"] && platforms == [.ios] && channels == 0)
        #expect(throws: AlertSoundError.self) { try lock.get() }
        #expect(refused.contains("nested deeper than \(limit) levels"), "\(refused)")
        // Entitlements, XML and binary, as a file and as an app's Info.plist.
        for form in [NestedInputs.Form.xmlDicts, .binaryDicts] {
            let path = try scratch.write("deep-\(form).entitlements", NestedInputs.bytes(form, levels: limit))
            let past = try scratch.write("past-\(form).entitlements", NestedInputs.bytes(form, levels: limit + 1))
            let app = scratch.path("\(form)/My.app")
            try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
            _ = try scratch.write("\(form)/My.app/Info.plist", NestedInputs.bytes(form, levels: limit))
            _ = try scratch.write("\(form)/My.app/alert.caf", BundleFixture.good)
            let refs = [SoundReference.named("alert.caf")]
            let (critical, pastError, sounds) = try SmallStack.run {
                (
                    try Entitlements.read(path: path).criticalAlerts, Result { try Entitlements.read(path: past) },
                    try BundleValidator().validate(paths: [app], references: refs).bundles.map { $0.files.count }
                )
            }
            #expect(critical == false && sounds == [1], "\(form)")
            #expect(throws: AlertSoundError.self) { try pastError.get() }
            if case .failure(let error as AlertSoundError) = pastError {
                #expect(error.kind == .tooLarge && error.message.contains("nested deeper"), "\(form): \(error)")
            }
        }
    }

    // A 108-byte binary plist whose dictionary contains itself never finished; one whose arrays share
    // references expanded past 300 MB.
    @Test func binaryPlistCyclesAndSharedReferences() throws {
        // Object 0: {"k": object 0}.
        let cycle = binaryPlist([[0xD1, 1, 0], Self.ascii("k")])
        #expect(throws: StructureError.self) { try PropertyListParser.parse(cycle) }
        do {
            _ = try Entitlements.dictionary(cycle, what: "entitlements plist")
            Issue.record("a cycle was read")
        } catch let error as AlertSoundError {
            #expect(error.message.contains("contains itself"), "\(error)")
        }
        // 60 arrays, each holding the next twice: 2^60 leaves if expanded; one object each if not.
        var objects: [[UInt8]] = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x10, 42])
        var value = try PropertyListParser.parse(binaryPlist(objects))
        for _ in 0..<60 {
            guard case .array(let pair) = value, pair.count == 2 else { break }
            value = pair[1]
        }
        #expect(value == .number(42))
        // A deep chain (each array holding the next), 600 levels: refused at 512.
        let chain: [[UInt8]] = (0..<600).map { [0xA1, UInt8(($0 + 1) >> 8), UInt8(($0 + 1) & 0xFF)] }
        let chainRead = try SmallStack.run {
            Result { try PropertyListParser.parse(binaryPlist(chain + [[0x09]], referenceSize: 2)) == .null }
        }
        do {
            _ = try chainRead.get()
            Issue.record("a chain 600 deep was read")
        } catch let error as StructureError {
            #expect(error.reason == .tooDeep)
        }
    }
}

extension HostileInputTests {
    /// The glob's meaning, by brute force: `*` any run, everything else itself.
    static func reference(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        if first == UInt8(ascii: "*") {
            return (0...name.count).contains { reference(pattern.dropFirst(), name.dropFirst($0)) }
        }
        return name.first == first && reference(pattern.dropFirst(), name.dropFirst())
    }

    // keep.xml globs were matched with backtracking (300 long names against 1 MB: a minute). The
    // new matcher must mean the same: checked against brute force on every short pattern and name.
    @Test func keepGlobsMeanWhatTheySay() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let pattern = (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                Array("ab*".utf8).randomElement(using: &generator)!
            }
            let name = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                Array("ab".utf8).randomElement(using: &generator)!
            }
            let text = String(decoding: pattern, as: UTF8.self), subject = String(decoding: name, as: UTF8.self)
            #expect(glob(text, subject) == Self.reference(pattern[...], name[...]), "'\(text)' against '\(subject)'")
        }
        // The adversarial shape: many stars, a long name, no match at the end.
        let stars = String(repeating: "*a", count: 5000) + "*b"
        #expect(!glob(stars, String(repeating: "a", count: 20_000)))
        #expect(glob(stars, String(repeating: "a", count: 5000) + "b"))
        var rules = KeepRules()
        rules.add(
            xml: #"<resources xmlns:tools="t" tools:keep="@raw/alarm,@raw/chime_*" tools:discard="@raw/chime_old"/>"#,
            file: "keep.xml")
        #expect(rules.keeps("alarm") && rules.keeps("chime_new") && !rules.keeps("chime_old") && !rules.keeps("siren"))
    }

    // A resources.arsc whose raw entries all name one long string decoded it once per entry.
    @Test func aSharedResourceStringIsDecodedOnce() throws {
        let long = "res/" + String(repeating: "x", count: 30_000) + ".mp3"
        let raw = (0..<5000).map { (name: "sound_\($0)", path: $0 == 0 ? long : "res/\($0).ogg") }
        let files = try ResourceTable.rawFiles(ResourceTableWriter.table(raw: raw, pathOf: { _ in 0 }))
        #expect(files.count == 1 && files[long] == "sound_4999", "the last entry naming a path wins, as before")
    }
}

extension HostileInputTests {
    // A Mach-O __entitlements section of 2^63 bytes or more was read as negative, passed the bounds
    // check and gave a misleading "not a property list".
    @Test func aHugeSectionSizeIsNamedAsSuch() throws {
        var binary = SigningWriter.machO(
            entitlements: SigningWriter.entitlementsPlist(criticalAlerts: true), placement: .section)
        // The section's 64-bit size: after the Mach-O header (32), the segment command (72) and the
        // section's names (32) and address (8).
        let at = 32 + 72 + 32 + 8
        #expect(Array(binary[at..<at + 8]) != [UInt8](repeating: 0, count: 8))
        for i in 0..<8 { binary[at + i] = 0xFF }
        do {
            _ = try Entitlements.read(source: MemorySource(binary), path: "App")
            Issue.record("a section of 2^64-1 bytes was read")
        } catch let error as AlertSoundError {
            #expect(error.kind == .malformed && error.message.contains("claims 18446744073709551615 bytes"), "\(error)")
        }
    }
}

extension HostileInputTests {
    // check --format json of 100,000 files peaked at 396 MB: every report and the whole document
    // were kept. Streamed, the document must be the same bytes.
    @Test func streamedCheckJSONIsTheWholeReportsBytes() throws {
        let dir = try FixTests.folder()
        for i in 0..<(Checker.batch + 90) {
            try Data(i % 7 == 0 ? Array("noise".utf8) : BundleFixture.good).write(
                to: URL(fileURLWithPath: dir + "/s\(i).caf"))
        }
        for paths in [[dir, dir + "/missing.caf"], []] {
            var streamed: [UInt8] = [], batched: [UInt8] = []
            var stream = CheckJSONStream { streamed += $0 }
            let valid = Checker().check(paths: paths) { stream.add($0) }
            stream.finish()
            var batches = CheckJSONStream { batched += $0 }
            _ = Checker().checkInBatches(paths: paths) { batches.add(contentsOf: $0) }
            batches.finish()
            let whole = Checker().check(paths: paths)
            #expect(streamed == whole.jsonBytes() && batched == streamed)
            #expect(valid == whole.valid)
        }
    }
}
