import Testing

@testable import AlertSound
@testable import AlertSoundCore

@Suite struct RuleTests {
    @Test(arguments: Rule.all.map(\.code))
    func ruleFiresOnItsTriggeringExamplesOnly(code: DiagnosticCode) throws {
        Self.exercise(try #require(Rule.named(code)), code: code)
    }

    /// Android's rules are rules like the others: their examples run here too.
    @Test(arguments: AndroidRules.all.map(\.code))
    func androidRuleFiresOnItsTriggeringExamplesOnly(code: DiagnosticCode) throws {
        Self.exercise(try #require(AndroidRules.all.first { $0.code == code }), code: code)
    }

    /// So are the level rules, on measured subjects.
    @Test(arguments: LevelRules.all.map(\.code))
    func levelRuleFiresOnItsTriggeringExamplesOnly(code: DiagnosticCode) throws {
        Self.exercise(try #require(LevelRules.all.first { $0.code == code }), code: code)
    }

    static func exercise(_ rule: Rule, code: DiagnosticCode) {
        #expect(!rule.triggering.isEmpty && !rule.passing.isEmpty, "every rule documents both kinds of example")
        for subject in rule.triggering {
            let d = rule.check(subject)
            #expect(d?.code == code, "\(code) should fire on \(subject.path)")
            #expect(d?.severity == rule.severity)
            #expect(!(d?.message.isEmpty ?? true))
        }
        for subject in rule.passing {
            #expect(rule.check(subject) == nil, "\(code) should stay silent on \(subject.path)")
        }
    }

    /// What a walk finds in place of a file is judged by its own rules, for `check` and bundles alike.
    @Test(arguments: Rule.walkRules.map(\.code))
    func walkRuleFiresOnItsTriggeringExamplesOnly(code: DiagnosticCode) throws {
        Self.exercise(try #require(Rule.walkRules.first { $0.code == code }), code: code)
    }

    @Test func everyWalkFindingHasItsRule() {
        #expect(Rule.judge(walk: .noSounds).code == .noSounds)
        let link = Rule.judge(walk: .linkOutside(target: "../../etc/x.caf"))
        #expect(link.code == .linkOutsideBundle && link.message.contains("../../etc/x.caf"))
    }

    /// What could not be read at all is judged by the file rules, for every kind of failure: the
    /// code a failed file gets, and the error's own words.
    @Test(arguments: AlertSoundError.Kind.allCases)
    func failuresAreJudgedByTheFileRules(kind: AlertSoundError.Kind) {
        let error = AlertSoundError(kind, "the reason", path: "x.caf", offset: 12)
        let finding = Rule.judge(failure: error)
        #expect(finding.code == Rule.failureCode(kind) && finding.message == error.reason, "\(finding)")
        let report = Checker().report(RuleSubject(path: "x.caf", outcome: .failed(error)))
        #expect(report.diagnostics == [finding])
    }

    @Test func codesAreStableKebabCaseAndUnique() {
        let codes = Rule.all.map(\.code.rawValue)
        #expect(Set(codes).count == codes.count)
        for code in codes { #expect(code.allSatisfy { $0.isLowercase || $0 == "-" }, "\(code)") }
        #expect(
            Set(codes).isSuperset(of: [
                "unreadable", "unrecognized", "malformed", "unsupported-container", "unsupported-format", "too-long",
                "not-found",
                "extension-mismatch", "damaged-header", "ima-adpcm-wav", "wide-pcm"
            ]))
    }

    /// A sound of exactly 30 s is one frame too long: the message asks for a cut that is not zero
    /// (it said "cut at least 0.000 s"), rounded up so that cutting what it says is enough.
    @Test(.bug(id: "57")) func tooLongSaysACutThatSuffices() throws {
        let exact = try #require(Checker().report(Example.sound(frames: 1_323_000)).diagnostics.first)
        #expect(exact.code == .tooLong && exact.message.hasSuffix("Cut at least 0.001 s (1 frame)"), "\(exact.message)")
        // 8,001 frames at 8 kHz are 1.000125 s: 1.000 s would leave the file at exactly 30 s.
        let over = try #require(Checker().report(Example.sound(.wav, rate: 8000, frames: 248_000)).diagnostics.first)
        #expect(over.message.hasSuffix("Cut at least 1.001 s (8001 frames)"), "\(over.message)")
    }

    @Test func severities() {
        #expect(Rule.named(.tooLong)?.severity == .error)
        #expect(Rule.named(.extensionMismatch)?.severity == .warning)
        #expect(Rule.named(.widePCM)?.severity == .note)
    }

    @Test func strictTurnsWarningsIntoFailure() {
        let subject = Example.sound(.caf, path: "Violet.wav")
        #expect(Checker(strict: false).report(subject).valid)
        #expect(!Checker(strict: true).report(subject).valid)
        // Notes never fail, even strictly.
        #expect(Checker(strict: true).report(Example.sound(bits: 24)).valid)
    }

    @Test func tooLongSaysHowMuchMustGo() throws {
        let d = try #require(Rule.tooLong.check(Example.sound(rate: 8000, frames: 8000 * 45)))
        #expect(d.message.contains("45.000 s"))
        #expect(d.message.contains("15.001 s (120001 frames)"))
    }
}

@Suite struct DurationBoundaryTests {
    func verdict(_ bytes: [UInt8]) -> FileReport { Checker().check(bytes: bytes, name: "boundary.caf") }

    func pcmCAF(frames: Int) -> [UInt8] {
        let format = StreamFormat(sampleRate: 1000, channels: 1, coding: .integer(16, order: .bigEndian))
        return try! SoundFileBuilder.make(.caff, format: format, samples: [Int16](repeating: 0, count: frames))
    }

    @Test func justUnderThirtySecondsIsValid() {
        let report = verdict(pcmCAF(frames: 29_999))
        #expect(report.info?.duration == 29.999)
        #expect(report.valid)
    }

    @Test func exactlyThirtySecondsIsInvalid() {
        let report = verdict(pcmCAF(frames: 30_000))
        #expect(!report.valid)
        #expect(report.diagnostics.map(\.code.rawValue) == ["too-long"])
    }

    @Test func aifcIMA4IsRoundedUpToWholePackets() throws {
        // 29.999 s at 44.1 kHz is 1,322,956 frames: 20,672 packets of 64, which play 30.0002 s.
        let frames = Int64((29.999 * 44100).rounded(.up))
        let packets = (frames + 63) / 64
        let format = StreamFormat(sampleRate: 44100, channels: 1, coding: .ima4)
        let audio = [UInt8](repeating: 0, count: Int(packets) * 34)
        let bytes =
            AIFFWriter.header(
                format: format, coding: .ima4, compressed: true, frames: packets * 64, audioBytes: Int64(audio.count))
            + audio
        let report = Checker().check(bytes: bytes, name: "boundary.aifc")
        #expect(report.info?.frames == packets * 64)
        #expect(!report.valid)
        #expect(report.diagnostics.first?.code.rawValue == "too-long")
        // One packet fewer plays 29.9987 s.
        let shorter =
            AIFFWriter.header(
                format: format, coding: .ima4, compressed: true, frames: (packets - 1) * 64,
                audioBytes: Int64(audio.count - 34)) + audio.dropLast(34)
        #expect(Checker().check(bytes: shorter, name: "boundary.aifc").valid)
    }
}
