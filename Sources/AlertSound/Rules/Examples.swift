/// Small header descriptions the rules' examples are built from.
enum Example {
    static func sound(
        _ container: ContainerKind = .caf, _ coding: SampleCoding? = nil, rate: Double = 44100, channels: Int = 1,
        bits: Int? = 16, frames: Int64? = 44100, float: Bool = false, repairs: [String] = [], path: String? = nil
    ) -> RuleSubject {
        var info = SoundInfo(container: container, fileSize: 4096)
        info.sampleRate = rate
        info.channels = channels
        info.bitsPerSample = bits
        info.frames = frames
        // Without a coding, the example is big-endian linear PCM of `bits`.
        info.coding = coding ?? .pcm(PCMFormat(float ? .float : .signed, bits: bits ?? 16, bigEndian: true))
        info.repairs = repairs.map { Repair(message: $0) }
        let name = path ?? "sound." + (container == .aifc ? "aifc" : container == .rf64 || container == .rifx ? "wav" : container.rawValue)
        return RuleSubject(path: name, outcome: .inspected(info))
    }

    static let missing = RuleSubject(path: "gone.caf", outcome: .missing)
    static let unreadable = RuleSubject(path: "noise.caf", outcome: .unreadable(InspectionError(.unrecognized, "not a sound file")))
}
