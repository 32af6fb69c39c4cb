import AlertSoundTestSupport
import Testing

@testable import AlertSoundCore

/// Issue 47, item 1: AAC, MP3 and ALAC are `undocumented-format`, whose severity follows the app's
/// minimum iOS against the evidence table; the documented four formats keep their verdicts.
@Suite struct PlaybackEvidenceTests {
    @Test func versionsAreReadAsDeploymentTargetsWriteThem() {
        #expect(IOSVersion("13") == IOSVersion(13))
        #expect(IOSVersion("15.1") == IOSVersion(15, 1))
        #expect(IOSVersion(" '18.5.1' ") == IOSVersion(18, 5, 1))
        #expect(IOSVersion("\"12.0\"") == IOSVersion(12))
        for text in [
            "", "ios13", "13.", ".1", "13.0.0.1", "1.0", "100.0", "$(RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET)", "١٣"
        ] {
            #expect(IOSVersion(text) == nil, "\(text)")
        }
        #expect(IOSVersion(18) > IOSVersion(17, 9, 9) && IOSVersion(18, 5) > IOSVersion(18))
        #expect(IOSVersion(18).description == "18.0" && IOSVersion(18, 5, 1).description == "18.5.1")
    }

    /// Each row, in each container it is found in; what no shipping app shows is not a row.
    @Test func eachFormatFallsInItsRow() {
        func row(_ container: ContainerKind, _ codec: OtherCodec) -> UndocumentedFormat? {
            Example.sound(container, .codec(codec)).info.flatMap(UndocumentedFormat.of)
        }
        #expect(row(.caf, .aac) == .aacInCAF)
        #expect(row(.mp4, .aac) == .aacInMP4)
        #expect(row(.mp3, .mp3) == .mp3 && row(.caf, .mp3) == .mp3 && row(.wav, .mp3) == .mp3)
        #expect(row(.caf, .alac) == .alac && row(.mp4, .alac) == .alac)
        #expect(row(.adts, .aac) == nil && row(.wav, .aac) == nil && row(.ogg, .vorbis) == nil)
        #expect(row(.caf, .opus) == nil && row(.flac, .flac) == nil)
        #expect(Example.sound(.caf, .ima4).info.flatMap(UndocumentedFormat.of) == nil)
    }

    /// Every format × minimum: unknown, below the evidence, at it, above it. Only a row with a
    /// version, at or above it, is a warning; the other verdicts stay errors (and so fail).
    @Test(arguments: UndocumentedFormat.allCases)
    func theSeverityFollowsTheMinimumAgainstTheEvidence(_ format: UndocumentedFormat) throws {
        let subject: RuleSubject
        switch format {
        case .aacInCAF: subject = Example.sound(.caf, .codec(.aac))
        case .aacInMP4: subject = Example.sound(.mp4, .codec(.aac))
        case .mp3: subject = Example.sound(.mp3, .codec(.mp3))
        case .alac: subject = Example.sound(.caf, .codec(.alac))
        }
        func judged(_ minimum: IOSVersion?) throws -> Diagnostic {
            var checker = Checker()
            checker.minimumIOS = minimum.map { MinimumIOS($0, source: "a test") }
            let report = checker.report(subject)
            #expect(!report.diagnostics.contains { [.unsupportedFormat, .unsupportedContainer].contains($0.code) })
            return try #require(report.diagnostics.first { $0.code == .undocumentedFormat })
        }
        let unknown = try judged(nil)
        #expect(unknown.severity == .error && unknown.message.contains("not known"))
        #expect(unknown.suggestion?.action == .fix)
        let lowest = format.lowestObserved
        for (minimum, expected) in [
            (IOSVersion(12), Severity.error),
            (lowest.map { IOSVersion($0.major - 1, 4) } ?? IOSVersion(17), .error),
            (lowest ?? IOSVersion(26), lowest == nil ? .error : .warning),
            (IOSVersion(26, 1), lowest == nil ? .error : .warning)
        ] {
            let d = try judged(minimum)
            #expect(d.severity == expected, "\(format) at iOS \(minimum)")
            #expect(d.message.contains("iOS \(minimum)") && d.message.contains("a test"), "\(d.message)")
            #expect(d.message.contains(format.name))
        }
    }

    /// Read from real header bytes: an AAC CAF (as afconvert writes one: `aac `, 1024 frames a
    /// packet, a packet table) is undocumented-format, a warning on iOS 18 and an error on iOS 17.
    @Test func anAACCAFIsJudgedByItsBytes() throws {
        let bytes = Fixture.aacCAF()
        var checker = Checker()
        checker.minimumIOS = MinimumIOS(IOSVersion(18), source: "a test")
        let at18 = checker.check(bytes: bytes, name: "chime.caf")
        #expect(at18.info?.coding == .codec(.aac))
        #expect(at18.diagnostics.map(\.code) == [.undocumentedFormat] && at18.valid, "\(at18.diagnostics)")
        #expect(!at18.diagnostics.contains { $0.fails(strict: false) } && at18.diagnostics[0].fails(strict: true))
        checker.minimumIOS = MinimumIOS(IOSVersion(17, 6), source: "a test")
        let at17 = checker.check(bytes: bytes, name: "chime.caf")
        #expect(!at17.valid && at17.diagnostics.map(\.severity) == [.error])
    }

    /// The documented formats do not change with the minimum: IMA4 passes on any, GSM fails on any.
    @Test func theDocumentedFormatsIgnoreTheMinimum() {
        var checker = Checker()
        checker.minimumIOS = MinimumIOS(IOSVersion(26), source: "a test")
        #expect(checker.report(Example.sound(.caf, .ima4)).diagnostics.isEmpty)
        #expect(checker.report(Example.sound(.aifc, .codec(.gsm))).diagnostics.map(\.code) == [.unsupportedFormat])
    }

    /// The table is one place: the rule's details carry every row, its version and its evidence.
    @Test func theDetailsCarryTheTable() throws {
        let details = try #require(Rule.undocumentedFormat.description.details)
        for row in UndocumentedFormat.allCases {
            #expect(details.contains(row.name) && details.contains(row.evidence))
            if let lowest = row.lowestObserved { #expect(details.contains("observed from iOS \(lowest)")) }
        }
    }
}
