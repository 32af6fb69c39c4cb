import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Where `fix` and `convert --output-dir` put outputs, decided as a Mac's case-insensitive volume
/// decides what is one file. Each test failed before outputs were compared case-insensitively and
/// named apart (issue 20: macOS, and first-run items 2 and 3).
@Suite struct OutputNamingTests {
    static let long = FixTests.tone(seconds: 31, rate: 8000, channels: 1)

    @Test func inputsSharingABaseNameAreAllFixedUnderDistinctNames() throws {
        let dir = try FixTests.folder()
        try FixTests.write(dir + "/x.wav", rate: 8000, channels: 1, samples: Self.long)
        try FixTests.write(
            dir + "/x.aiff", .aiff, rate: 8000, channels: 1, coding: .integer(16, order: .bigEndian), samples: Self.long
        )
        let report = try FixTests.fixer().fix(paths: [dir])
        #expect(report.outcomes.map(\.status) == [.fixed, .fixed], "\(report.outcomes.map { $0.error?.message ?? "" })")
        let outputs = report.outcomes.compactMap(\.output).map { lastComponent($0) }
        #expect(outputs == ["x.caf", "x-wav.caf"])
        #expect(
            report.outcomes[1].note == "\(dir)/x.caf is the output of \(dir)/x.aiff, so this one is \(dir)/x-wav.caf")
        // Fixing the folder again redoes nothing: both renamed copies are recognised as outputs.
        let again = try FixTests.fixer().fix(paths: [dir])
        #expect(again.outcomes.map(\.input).map { lastComponent($0) } == ["x.aiff", "x.wav"])
        #expect(again.outcomes.allSatisfy { $0.status == .unchanged })
        // And with --force both are made again, neither refused as "an input of this run".
        let forced = try FixTests.fixer { $0.force = true }.fix(paths: [dir])
        #expect(forced.outcomes.map(\.status) == [.fixed, .fixed], "\(forced.outcomes.map { $0.error?.message ?? "" })")
    }

    @Test func namesThatDifferOnlyInCaseAreOneOutput() throws {
        let dir = try FixTests.folder()
        try FixTests.write(dir + "/Ding.wav", rate: 8000, channels: 1, samples: Self.long)
        try FixTests.write(
            dir + "/ding.aiff", .aiff, rate: 8000, channels: 1, coding: .integer(16, order: .bigEndian),
            samples: Self.long)
        let jobs = FixJob.plan(paths: [dir + "/Ding.wav", dir + "/ding.aiff"], outputFolder: nil)
        #expect(jobs.map { lastComponent($0.output) } == ["Ding.caf", "ding-aiff.caf"])
        #expect(Set(jobs.map { $0.output.lowercased() }).count == 2)
        // convert --output-dir refuses the second rather than writing over the first.
        let out = try FixTests.folder()
        let results = Converter().convert(inputs: [dir + "/Ding.wav", dir + "/ding.aiff"], outputFolder: out)
        #expect((try? results[0].get()) != nil)
        guard case .failure(let error) = results[1] else {
            Issue.record("the second output replaced the first")
            return
        }
        #expect(error.message.contains("is also the output of"))
    }

    /// APFS folds case fully (`CaseFolding.txt` C+F) under canonical equivalence; `lowercased()` left
    /// `Straße`/`STRASSE`, `µ`/`μ`, final `ς`/`σ` as two outputs that a Mac writes to one file.
    @Test(arguments: [
        ("Straße.caf", "STRASSE.caf"), ("straẞe.caf", "strasse.caf"), ("µlaw.caf", "μLAW.caf"),
        ("ΟΔΟΣ.caf", "οδος.caf"), ("ſound.caf", "SOUND.caf"), ("ﬁre.caf", "FIRE.caf"),
        ("Cafe\u{301}.caf", "CAFÉ.caf"), ("Ꭰ.caf", "ꭰ.caf"), ("ǅ.caf", "ǆ.caf")
    ])
    func namesAMacVolumeFoldsTogetherAreOnePath(a: String, b: String) {
        #expect(samePathKey(a) == samePathKey(b))
        #expect(samePathKey("out/./" + a) == samePathKey("out//" + b))
    }

    @Test(arguments: [("ı.caf", "i.caf"), ("ı.caf", "I.caf"), ("ss.caf", "s.caf"), ("σ.caf", "s.caf")])
    func namesAMacVolumeKeepsApartStayTwoPaths(a: String, b: String) {
        #expect(samePathKey(a) != samePathKey(b))
    }

    @Test func twoInputsWhoseOutputsAMacFoldsTogetherGetDistinctOutputs() throws {
        let dir = try FixTests.folder()
        try FixTests.write(dir + "/Straße.wav", rate: 8000, channels: 1, samples: Self.long)
        try FixTests.write(
            dir + "/STRASSE.aiff", .aiff, rate: 8000, channels: 1, coding: .integer(16, order: .bigEndian),
            samples: Self.long)
        let jobs = FixJob.plan(paths: [dir + "/Straße.wav", dir + "/STRASSE.aiff"], outputFolder: nil)
        #expect(jobs.map { lastComponent($0.output) } == ["Straße.caf", "STRASSE-aiff.caf"])
    }

    @Test func anOlderFileWhereTheOutputGoesIsNotTakenForItsFixedCopy() throws {
        let dir = try FixTests.folder()
        try FixTests.write(
            dir + "/ring.caf", .caff, rate: 8000, channels: 1,
            samples: FixTests.tone(seconds: 1, rate: 8000, channels: 1))
        try FixTests.write(dir + "/ring.wav", rate: 8000, channels: 1, samples: Self.long)
        let past = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: dir + "/ring.caf")
        let outcome = try FixTests.fixer().fix(paths: [dir + "/ring.wav"]).outcomes[0]
        #expect(outcome.status == .failed)
        #expect(outcome.error?.message.contains("older than the input") == true)
        #expect(outcome.error?.suggestion?.action == .replaceOutput)
        let forced = try FixTests.fixer { $0.force = true }.fix(paths: [dir + "/ring.wav"]).outcomes[0]
        #expect(forced.status == .fixed)
        // Now the copy is newer than its input: a second run leaves it.
        #expect(try FixTests.fixer().fix(paths: [dir + "/ring.wav"]).outcomes[0].status == .unchanged)
    }
}

/// Which findings `fix` acts on without being asked (issue 20, item 5).
@Suite struct FixTriggerTests {
    @Test func aNoteIsNotFixedButARepairedHeaderIs() throws {
        let dir = try FixTests.folder()
        // 24-bit PCM plays (a note says it is big): left as is.
        try FixTests.write(
            dir + "/wide.wav", rate: 8000, channels: 1, coding: .integer(24, order: .littleEndian),
            samples: FixTests.tone(seconds: 0.5, rate: 8000, channels: 1))
        #expect(try FixTests.fixer().fix(paths: [dir + "/wide.wav"]).outcomes[0].status == .unchanged)
        // A WAV whose RIFF size is wrong (damaged-header, a warning advising fix): fixed.
        try FixTests.write(
            dir + "/damaged.wav", rate: 8000, channels: 1, samples: FixTests.tone(seconds: 0.5, rate: 8000, channels: 1)
        )
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/damaged.wav")))
        bytes[4] = 0xFF
        bytes[5] = 0xFF
        bytes[6] = 0xFF
        bytes[7] = 0x00
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/damaged.wav"))
        let before = Checker().check(path: dir + "/damaged.wav")
        #expect(before.valid && before.diagnostics.map(\.code) == [.damagedHeader])
        #expect(try FixTests.fixer().fix(paths: [dir + "/damaged.wav"]).outcomes[0].status == .fixed)
    }
}
