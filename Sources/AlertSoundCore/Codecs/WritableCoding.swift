/// A coding alertsound writes: G.711, IMA4, and linear PCM in whole bytes (signed integers of 8 to
/// 32 bits, unsigned 8-bit, floats of 32 or 64). Encoders and header writers take this, not
/// ``SampleCoding``, so a coding they have no layout for (IMA ADPCM, AAC) cannot reach them.
public enum WritableCoding: Sendable, Hashable {
    /// Linear PCM in whole bytes.
    case pcm(PCMFormat)
    /// G.711 µ-law.
    case ulaw
    /// G.711 A-law.
    case alaw
    /// Apple IMA4.
    case ima4

    /// `coding`, when alertsound writes it.
    public init?(_ coding: SampleCoding) {
        switch coding {
        case .ulaw: self = .ulaw
        case .alaw: self = .alaw
        case .ima4: self = .ima4
        case .imaAdpcm, .other: return nil
        case .pcm(let p):
            guard p.bits == p.bytesPerSample * 8 else { return nil }
            switch p.kind {
            case .float: guard [32, 64].contains(p.bits) else { return nil }
            case .signed: guard [8, 16, 24, 32].contains(p.bits) else { return nil }
            case .unsigned: guard p.bits == 8 else { return nil }
            }
            self = .pcm(p)
        }
    }

    /// The same coding as the readers describe it.
    public var coding: SampleCoding {
        switch self {
        case .pcm(let p): return .pcm(p)
        case .ulaw: return .ulaw
        case .alaw: return .alaw
        case .ima4: return .ima4
        }
    }
}
