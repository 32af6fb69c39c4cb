/// AIFF-C's compression types: the one table both the reader and the writer use. Each type says
/// what a reader makes of it and, for those alertsound writes, the name AudioToolbox puts beside
/// it in `COMM`. Readers match the type without regard to case (writers vary), except where
/// AudioToolbox does not: see ``matchesCase``.
enum AIFFCompression: CaseIterable {
    case none, twos, sowt, in24, in32, le24, le32, raw, fl32, fl64, ulaw, alaw, ima4

    /// The type as written.
    var fourCC: FourCC {
        switch self {
        case .none: return "NONE"
        case .twos: return "twos"
        case .sowt: return "sowt"
        case .in24: return "in24"
        case .in32: return "in32"
        case .le24: return "42ni"
        case .le32: return "23ni"
        case .raw: return "raw "
        case .fl32: return "fl32"
        case .fl64: return "fl64"
        case .ulaw: return "ulaw"
        case .alaw: return "alaw"
        case .ima4: return "ima4"
        }
    }

    /// AudioToolbox reads µ-law and A-law only as `ulaw` and `alaw`: macOS 14.4 refuses `ULAW` and
    /// `ALAW` with `fmt?` (unsupported data format), so iOS plays the default sound for them.
    var matchesCase: Bool { self == .ulaw || self == .alaw }

    /// The type a file names, if it is in the table.
    init?(_ type: FourCC) {
        guard
            let found = Self.allCases.first(where: {
                $0.matchesCase ? $0.fourCC == type : $0.fourCC.caseFolded == type.caseFolded
            })
        else { return nil }
        self = found
    }

    /// A type not in the table as a coding's name: lower-cased, but `ULAW` kept as written, so it
    /// is not taken for the `ulaw` it is not.
    static func unknownName(_ type: FourCC) -> String {
        allCases.contains { $0.matchesCase && $0.fourCC.caseFolded == type.caseFolded }
            ? type.description : type.lowercasedName
    }

    /// How the samples are coded; `sampleSize` is `COMM`'s, which the plain PCM types take as their width.
    func coding(sampleSize: Int) -> (coding: SampleCoding, bits: Int) {
        switch self {
        case .none, .twos: return (.pcm(PCMFormat(.signed, bits: sampleSize, order: .bigEndian)), sampleSize)
        case .sowt: return (.pcm(PCMFormat(.signed, bits: sampleSize, order: .littleEndian)), sampleSize)
        case .in24: return (.integer(24, order: .bigEndian), 24)
        case .in32: return (.integer(32, order: .bigEndian), 32)
        case .le24: return (.integer(24, order: .littleEndian), 24)
        case .le32: return (.integer(32, order: .littleEndian), 32)
        case .raw: return (.pcm(PCMFormat(.unsigned, bits: 8, order: .bigEndian)), 8)
        case .fl32: return (.float(32, order: .bigEndian), 32)
        case .fl64: return (.float(64, order: .bigEndian), 64)
        case .ulaw: return (.ulaw, 8)
        case .alaw: return (.alaw, 8)
        case .ima4: return (.ima4, 4)
        }
    }

    /// Whether the width comes from `COMM`'s sample size (and must be checked) rather than the type.
    var widthFromCOMM: Bool { self == .none || self == .twos || self == .sowt }

    /// How a file's `COMM` type and sample size code its samples; a type not in the table is a
    /// codec alertsound names and does not decode (no width).
    static func reading(_ type: FourCC, sampleSize: Int, chunk: IFFChunk) throws -> (coding: SampleCoding, bits: Int?) {
        guard let compression = AIFFCompression(type) else { return (.other(unknownName(type)), nil) }
        if compression.widthFromCOMM, !(1...32).contains(sampleSize) {
            throw AlertSoundError.malformed(
                "sample size is \(sampleSize) bits; linear PCM needs 1 to 32", chunk: chunk.id,
                offset: chunk.payloadOffset + 6, chunkOffset: chunk.headerOffset)
        }
        let (coding, bits) = compression.coding(sampleSize: sampleSize)
        return (coding, bits)
    }

    /// The type, its name and `COMM`'s sample size as AudioToolbox writes `coding` in AIFF-C (AIFF
    /// writes the same `COMM` without the type and name).
    static func writing(_ coding: WritableCoding) -> (type: AIFFCompression, name: String, sampleSize: Int) {
        switch coding {
        case .pcm(let p):
            let bits = p.bits
            if p.isFloat {
                return (bits == 64 ? .fl64 : .fl32, "Linear PCM, \(bits) bit big-endian floating point", bits)
            }
            if p.order == .littleEndian, bits > 8 { return (.sowt, "", bits) }
            switch bits {
            case 8: return (.none, "Linear PCM, 8 bit signed integer", 8)
            case 24: return (.in24, "Linear PCM, 24 bit big-endian signed integer", 24)
            case 32: return (.in32, "Linear PCM, 32 bit big-endian signed integer", 32)
            default: return (.twos, "Linear PCM, \(bits) bit big-endian signed integer", bits)
            }
        case .ima4: return (.ima4, "IMA 4:1", 0)
        case .ulaw: return (.ulaw, "\u{03BC}-Law 2:1", 8)
        case .alaw: return (.alaw, "A-Law 2:1", 8)
        }
    }
}
