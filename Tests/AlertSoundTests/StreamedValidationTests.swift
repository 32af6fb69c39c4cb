import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// validate-bundle of an .ipa holding 100,000 sounds peaked at 311 MB: every report was kept until
/// the end. A run now hands on its parts as it makes them; these tests hold that the parts say
/// everything the whole report said, findings across files and references included.
@Suite struct StreamedValidationTests {
    /// An .ipa with more sounds than one batch, whose findings need other sounds' names or verdicts:
    /// case twins far apart, sounds only in a resource bundle (one also at the top), a garbage
    /// sound a payload names, a critical reference; and an .apk whose res/raw has three files
    /// giving one resource name.
    static func bundles(in scratch: Scratch) throws -> [String] {
        var ipa = ZipWriter()
        let count = BundleValidator.batch + 100
        for i in 0..<count {
            ipa.add(
                "Payload/Big.app/s\(i).caf", i % 7 == 0 ? Array("garbage!".utf8) : BundleFixture.good, method: .stored)
        }
        ipa.add("Payload/Big.app/Twin.caf", BundleFixture.good, method: .stored)
        ipa.add("Payload/Big.app/twin.caf", BundleFixture.good, method: .stored)
        ipa.add("Payload/Big.app/Kit.bundle/only.caf", BundleFixture.good, method: .stored)
        ipa.add("Payload/Big.app/Kit.bundle/s1.caf", BundleFixture.good, method: .stored)
        var apk = ZipWriter()
        apk.add("AndroidManifest.xml", [0, 0, 0, 0])
        for name in ["bell.wav", "bell.ogg", "bell.mp3", "chime.wav"] {
            apk.add("res/raw/" + name, name.hasSuffix(".wav") ? Self.wav : Array("garbage!".utf8), method: .stored)
        }
        return [try scratch.write("Big.ipa", ipa.archive()), try scratch.write("Tones.apk", apk.archive())]
    }

    static let wav = try! SoundFileBuilder.make(
        .wave, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian)),
        samples: [Int16](repeating: 100, count: 800))

    static let references: [SoundReference] =
        [
            "ios:s7.caf", "ios:S1.caf", "ios:only.caf", "ios:s2", "ios:Kit.bundle/s1.caf", "ios:s600.caf",
            "android:chime", "android:bell.wav"
        ]
        .map { SoundReference.named($0, source: "--sound") }
        + [SoundReference(name: "s3.caf", source: "push.json", critical: true, platform: .ios, field: "aps.sound")]

    /// The run's parts as it hands them on, and the JSON document streamed from them.
    static func stream(_ run: ValidationRun) throws -> (parts: [BundleReport.Part], json: [UInt8], valid: Bool) {
        var parts: [BundleReport.Part] = []
        var streamed: [UInt8] = []
        var stream = ValidationJSONStream { streamed += $0 }
        let valid = try run.validate { part in
            parts.append(part)
            stream.add(part)
        }
        stream.finish()
        return (parts, streamed, valid)
    }

    /// Foundation's encoder set as the JSON documents are written.
    static var foundation: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Names meant for a platform no path is an app of come after every bundle, fail the run,
    /// and stream to the same bytes as the whole report (issue 45, item 1: they were dropped).
    @Test(.bug(id: 45, "item 1")) func namesForAPlatformNotGivenAreReportedLast() throws {
        let scratch = try Scratch()
        let ipa = try Self.bundles(in: scratch)[0]
        let run = try BundleValidator().prepare(paths: [ipa], references: Self.references)
        let (parts, streamed, valid) = try Self.stream(run)
        let whole = try run.report()
        #expect(!valid && !whole.valid)
        #expect(streamed == whole.jsonBytes())
        #expect(streamed == Array(try Self.foundation.encode(whole)))
        guard case .unjudged(let android)? = parts.last else {
            Issue.record("the last part is not the unjudged platform: \(String(describing: parts.last))")
            return
        }
        #expect(android.platform == .android && whole.unjudged == [android])
        #expect(android.references.map(\.name) == ["chime", "bell.wav"])
        #expect(android.references.allSatisfy { $0.diagnostics.map(\.code) == [.noAppForPlatform] && !$0.valid })
        // Read back (a file's chunk list is not in the JSON, so files are compared by their verdicts).
        let decoded = try JSONDecoder().decode(ValidationReport.self, from: Data(streamed))
        #expect(decoded.unjudged == whole.unjudged && decoded.valid == whole.valid)
        #expect(decoded.bundles.map(\.references) == whole.bundles.map(\.references))
    }

    @Test func thePartsAreTheWholeReport() throws {
        let scratch = try Scratch()
        let paths = try Self.bundles(in: scratch)
        let run = try BundleValidator().prepare(paths: paths, references: Self.references)
        #expect(run.kinds == [.ipa, .apk])

        let (parts, streamed, valid) = try Self.stream(run)
        let whole = try run.report()

        // The same bytes as the report made whole, which are Foundation's encoding of it.
        #expect(streamed == whole.jsonBytes())
        #expect(streamed == Array(try Self.foundation.encode(whole)))
        #expect(valid == whole.valid && !valid)

        // Opened, files in batches, references, closed: per bundle, in that order.
        var order: [String] = []
        for part in parts {
            switch part {
            case .opened: order.append("opened")
            case .files(let files):
                #expect(files.count <= BundleValidator.batch)
                if order.last != "files" { order.append("files") }
            case .references: if order.last != "references" { order.append("references") }
            case .closed: order.append("closed")
            case .unjudged: order.append("unjudged")
            }
        }
        #expect(order == ["opened", "files", "references", "closed", "opened", "files", "references", "closed"])
        let ipaBatches = parts.prefix {
            if case .closed = $0 { return false }
            return true
        }.filter {
            if case .files = $0 { return true }
            return false
        }
        #expect(ipaBatches.count >= 2)

        let ipa = whole.bundles[0]
        #expect(ipa.files.count == BundleValidator.batch + 100 + 4)
        #expect(BundleFixture.codes(ipa, file: "Twin.caf") == ["ambiguous-name", "unreferenced"])
        #expect(BundleFixture.codes(ipa, file: "twin.caf") == ["ambiguous-name", "unreferenced"])
        #expect(BundleFixture.codes(ipa, file: "Kit.bundle/only.caf") == ["resource-bundle"])
        #expect(BundleFixture.codes(ipa, file: "Kit.bundle/s1.caf") == [])
        #expect(BundleFixture.codes(ipa, file: "s4.caf") == ["unreferenced"])
        #expect(BundleFixture.codes(ipa, file: "s600.caf") == [])
        #expect(BundleFixture.codes(ipa, file: "s3.caf") == [])
        let byName = Dictionary(ipa.references.map { ($0.name ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["s7.caf"]?.diagnostics.map(\.code.rawValue) == ["invalid-sound"])
        #expect(byName["s7.caf"]?.diagnostics.first?.message.contains("[unrecognized]") == true)
        #expect(byName["s7.caf"]?.resolvedPath == paths[0] + "!Payload/Big.app/s7.caf")
        #expect(byName["S1.caf"]?.diagnostics.map(\.code.rawValue) == ["case-mismatch"])
        #expect(byName["only.caf"]?.diagnostics.map(\.code.rawValue) == ["resource-bundle"])
        #expect(byName["s2"]?.diagnostics.first?.message.contains("did you mean 's2.caf'?") == true)
        #expect(
            byName["Kit.bundle/s1.caf"]?.diagnostics.first?.message.contains(
                "Big.app/Kit.bundle/s1.caf is there; Apple documents only a file name") == true)
        #expect(byName["s600.caf"]?.valid == true)
        #expect(byName["s3.caf"]?.diagnostics.map(\.code.rawValue) == ["entitlements-unknown"])

        let apk = whole.bundles[1]
        #expect(apk.references.map(\.name) == ["chime", "bell.wav"])
        #expect(apk.references[0].valid && apk.references[0].resolvedPath == paths[1] + "!res/raw/chime.wav")
        #expect(apk.references[1].diagnostics.first?.message.contains("Send 'bell'") == true)
        // Three files give @raw/bell: the first names them all, each other one names the first.
        let bells = apk.files.filter { $0.resourceName == "bell" }.map {
            $0.report.diagnostics.first { $0.code == .androidBadName }?.message ?? ""
        }
        #expect(bells.count == 3)
        #expect(bells[0].hasPrefix("'bell.mp3', 'bell.ogg', 'bell.wav' are all resource @raw/bell"))
        #expect(bells[1].hasPrefix("'bell.ogg' and 'bell.mp3' (and 1 more) are all resource @raw/bell"))
    }

    /// Everything that cannot be examined is thrown before the first part: a run never hands on
    /// half a document.
    @Test func anUnreadablePathStopsTheRunBeforeAnyPart() throws {
        let scratch = try Scratch()
        let paths = try Self.bundles(in: scratch)
        let notZip = try scratch.write("fake.ipa", Array("not a zip".utf8))
        #expect(throws: AlertSoundError.self) { try BundleValidator().prepare(paths: paths + [notZip]) }
    }
}
