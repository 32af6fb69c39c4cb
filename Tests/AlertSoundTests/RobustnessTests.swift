import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Every truncation and many byte mutations of valid files must give a value or an
/// `AlertSoundError`, never a crash, a hang or an impossible answer.
@Suite struct RobustnessTests {
    static let seeds: [(String, [UInt8])] = {
        let mono = StreamFormat(sampleRate: 44100, channels: 1, coding: .integer(16, order: .bigEndian))
        let samples = (0..<200).map { Int16(truncatingIfNeeded: $0 * 300) }
        let ima = StreamFormat(sampleRate: 44100, channels: 2, coding: .ima4)
        return [
            ("caf", try! SoundFileBuilder.make(.caff, format: mono, samples: samples)),
            ("aiff", try! SoundFileBuilder.make(.aiff, format: mono, samples: samples)),
            (
                "aifc",
                try! SoundFileBuilder.make(
                    .aifc, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .ulaw), samples: samples)
            ),
            (
                "wav",
                try! SoundFileBuilder.make(
                    .wave,
                    format: StreamFormat(sampleRate: 48000, channels: 2, coding: .integer(24, order: .littleEndian)),
                    samples: samples)
            ),
            (
                "caf-ima4",
                FileType.caff.carrying(ima)!.header(frames: 100, audioBytes: 136) + [UInt8](repeating: 0x11, count: 136)
            )
        ]
    }()

    @Test(arguments: seeds.map(\.0))
    func everyTruncationIsHandled(name: String) {
        let bytes = Self.seeds.first { $0.0 == name }!.1
        for length in stride(from: 0, through: bytes.count, by: bytes.count > 5000 ? 7 : 1) {
            check(Array(bytes.prefix(length)))
        }
    }

    @Test(arguments: seeds.map(\.0))
    func mutatedHeadersAreHandled(name: String) {
        let bytes = Self.seeds.first { $0.0 == name }!.1
        var rng = SplitMix(seed: UInt64(name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
        let headerEnd = min(bytes.count, name.hasPrefix("caf") ? 4120 : 80)
        for _ in 0..<3000 {
            var mutated = bytes
            for _ in 0..<Int(rng.next() % 4 + 1) {
                let at = Int(rng.next() % UInt64(headerEnd))
                mutated[at] = rng.next() % 3 == 0 ? 0xFF : UInt8(truncatingIfNeeded: rng.next())
            }
            check(mutated)
        }
    }

    func check(_ bytes: [UInt8]) {
        do {
            let info = try SoundFile.inspect(bytes: bytes, name: "fuzz")
            if let frames = info.frames { #expect(frames >= 0) }
            if let offset = info.dataOffset, let size = info.dataSize {
                #expect(offset >= 0 && size >= 0)
                #expect(size == 0 || offset + size <= Int64(bytes.count), "audio data must lie inside the file")
            }
            if let rate = info.sampleRate { #expect(rate.isFinite && rate > 0) }
            _ = Checker().report(RuleSubject(path: "fuzz.caf", outcome: .inspected(info)))
        } catch let error as AlertSoundError {
            #expect(!error.message.isEmpty)
        } catch {
            Issue.record("unexpected error type: \(error)")
        }
    }
}

/// A small deterministic generator, so failures reproduce.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
