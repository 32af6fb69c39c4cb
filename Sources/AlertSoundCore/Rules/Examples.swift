/// Small header descriptions the rules' examples are built from.
package enum Example {
    package static func sound(
        _ container: ContainerKind = .caf, _ coding: SampleCoding? = nil, rate: Double = 44100, channels: Int = 1,
        bits: Int? = 16, frames: Int64? = 44100, float: Bool = false, repairs: [String] = [], path: String? = nil
    ) -> RuleSubject {
        var info = SoundInfo(container: container, fileSize: 4096)
        info.sampleRate = rate
        info.channels = channels
        info.bitsPerSample = bits
        info.frames = frames
        // Without a coding, the example is big-endian linear PCM of `bits`.
        info.coding = coding ?? .pcm(PCMFormat(float ? .float : .signed, bits: bits ?? 16, order: .bigEndian))
        info.repairs = repairs.map { Repair(message: $0) }
        let name =
            path ?? "sound."
            + (container == .aifc ? "aifc" : container == .rf64 || container == .rifx ? "wav" : container.rawValue)
        return RuleSubject(path: name, outcome: .inspected(info))
    }

    /// A sound that was read and measured, for the level rules.
    static func measured(_ levels: SoundLevels) -> RuleSubject {
        var subject = sound(path: "measured.caf")
        subject.levels = levels
        return subject
    }

    static let missing = RuleSubject(path: "gone.caf", outcome: .missing)
    static let unreadable = RuleSubject(
        path: "locked.caf", outcome: .failed(AlertSoundError(.unreadable, "cannot read: Permission denied")))
    static let unrecognized = RuleSubject(
        path: "noise.caf", outcome: .failed(AlertSoundError(.unrecognized, "not a sound file")))
    static let malformed = RuleSubject(
        path: "cut.caf", outcome: .failed(.malformed("the 'desc' chunk is 20 bytes", chunk: FourCC("desc"), offset: 8)))
    static let tooLarge = RuleSubject(
        path: "huge.caf", outcome: .failed(AlertSoundError(.tooLarge, "12 000 000 chunks")))
}
