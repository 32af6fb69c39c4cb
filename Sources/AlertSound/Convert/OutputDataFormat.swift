/// An afconvert `-d` data format: `ima4`, `ulaw`, `alaw` or a PCM name such as `LEI16`, with an
/// optional `@RATE`.
public struct OutputDataFormat: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case ima4, ulaw, alaw
        case pcm(bits: Int, isFloat: Bool, isBigEndian: Bool, isUnsigned: Bool)
    }

    public var kind: Kind
    public var sampleRate: Double?

    public init(_ kind: Kind, sampleRate: Double? = nil) {
        self.kind = kind
        self.sampleRate = sampleRate
    }

    /// Every `-d` name afconvert takes that alertsound writes, in the order help and errors list
    /// them: the one place the names live (parsing, printing, `--help` and each file type's list).
    public static let all: [(name: String, kind: Kind)] = [
        ("ima4", .ima4), ("ulaw", .ulaw), ("alaw", .alaw),
        ("LEI16", .pcm(bits: 16, isFloat: false, isBigEndian: false, isUnsigned: false)),
        ("BEI16", .pcm(bits: 16, isFloat: false, isBigEndian: true, isUnsigned: false)),
        ("LEI24", .pcm(bits: 24, isFloat: false, isBigEndian: false, isUnsigned: false)),
        ("BEI24", .pcm(bits: 24, isFloat: false, isBigEndian: true, isUnsigned: false)),
        ("LEI32", .pcm(bits: 32, isFloat: false, isBigEndian: false, isUnsigned: false)),
        ("BEI32", .pcm(bits: 32, isFloat: false, isBigEndian: true, isUnsigned: false)),
        ("LEF32", .pcm(bits: 32, isFloat: true, isBigEndian: false, isUnsigned: false)),
        ("BEF32", .pcm(bits: 32, isFloat: true, isBigEndian: true, isUnsigned: false)),
        ("LEF64", .pcm(bits: 64, isFloat: true, isBigEndian: false, isUnsigned: false)),
        ("BEF64", .pcm(bits: 64, isFloat: true, isBigEndian: true, isUnsigned: false)),
        ("I8", .pcm(bits: 8, isFloat: false, isBigEndian: true, isUnsigned: false)),
        ("UI8", .pcm(bits: 8, isFloat: false, isBigEndian: false, isUnsigned: true)),
    ]

    public static let names: [String: Kind] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0.kind) })

    /// Parses afconvert's `format[@rate]`. Names match without regard to case.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        guard let kind = Self.names.first(where: { $0.key.lowercased() == name.lowercased() })?.value else {
            throw ConversionError(.usage, "unknown data format '\(name)'; alertsound writes the formats iOS plays for alerts: "
                + "ima4, ulaw, alaw, or linear PCM as " + Self.pcmNames.joined(separator: ", "))
        }
        self.kind = kind
        if parts.count == 2 {
            guard let rate = Double(parts[1]), rate.isFinite, rate >= 1000, rate <= 384_000 else {
                throw ConversionError(.usage, "'\(parts[1])' is not a sample rate; give one in Hz between 1000 and 384000, e.g. ima4@22050")
            }
            sampleRate = rate
        }
    }

    static let pcmNames = all.filter { if case .pcm = $0.kind { return true } else { return false } }.map(\.name)

    public var name: String {
        Self.all.first { $0.kind == kind }?.name ?? "?"
    }

    public var description: String { name + (sampleRate.map { "@" + Formatting.number($0) } ?? "") }

    public func encoding() -> AudioFormat.Encoding {
        switch kind {
        case .ima4: return .ima4
        case .ulaw: return .ulaw
        case .alaw: return .alaw
        case let .pcm(bits, isFloat, isBigEndian, _): return .pcm(bits: bits, isFloat: isFloat, isBigEndian: isBigEndian)
        }
    }
}

import Foundation

extension FileType {
    /// Parses afconvert's `-f`: a 4CC, matched without regard to case, or a familiar extension.
    public init(parsing text: String) throws {
        let key = text.trimmingCharacters(in: CharacterSet(charactersIn: "'")).lowercased()
        switch key {
        case "caff", "caf": self = .caff
        case "aiff", "aif": self = .aiff
        case "aifc": self = .aifc
        case "wave", "wav": self = .wave
        default:
            throw ConversionError(.usage, "unknown file type '\(text)'; use caff, AIFF, AIFC or WAVE")
        }
    }

    /// The type an output name implies, when it implies exactly one.
    public init?(extension ext: String) {
        switch ext.lowercased() {
        case "caf": self = .caff
        case "aif", "aiff": self = .aiff
        case "aifc": self = .aifc
        case "wav", "wave": self = .wave
        default: return nil
        }
    }

    /// Whether afconvert lets this file type carry `kind`: the one statement of which type holds what.
    public func carries(_ kind: OutputDataFormat.Kind) -> Bool {
        switch (self, kind) {
        case (.caff, .pcm(_, _, _, let isUnsigned)): return !isUnsigned
        case (.caff, _): return true
        // AIFF: big-endian signed integers (I8 counts as one).
        case (.aiff, .pcm(_, false, true, false)): return true
        case (.aiff, _): return false
        // AIFF-C: what AIFF holds, big-endian floats, LEI16 as `sowt`, and the codecs.
        case (.aifc, .pcm(let bits, _, let isBigEndian, let isUnsigned)): return !isUnsigned && (isBigEndian || bits == 16)
        case (.aifc, _): return true
        // WAVE: little-endian integers and floats, UI8 for 8 bits, and G.711 (not ima4).
        case (.wave, .pcm(let bits, _, let isBigEndian, let isUnsigned)): return bits == 8 ? isUnsigned : !isBigEndian
        case (.wave, .ima4): return false
        case (.wave, _): return true
        }
    }

    /// The `-d` names afconvert lets this file type carry.
    public var allowedDataFormats: [String] {
        OutputDataFormat.all.filter { carries($0.kind) }.map(\.name)
    }

    /// `nil` when this type can carry `format`; otherwise a message naming what would work.
    public func refusal(for format: OutputDataFormat) -> String? {
        guard !carries(format.kind) else { return nil }
        let others = FileType.allCases.filter { $0.allowedDataFormats.contains(format.name) }.map(\.rawValue)
        return "\(rawValue) files cannot hold \(format.name); \(rawValue) takes \(allowedDataFormats.joined(separator: ", "))"
            + (others.isEmpty ? "" : ", and \(format.name) goes in \(others.joined(separator: " or ")) (-f \(others[0]))")
    }

    /// The data format used when `-d` is not given: ima4 where the type carries it, else 16-bit PCM.
    public var defaultDataFormat: OutputDataFormat {
        switch self {
        case .caff, .aifc: return OutputDataFormat(.ima4)
        case .aiff: return OutputDataFormat(OutputDataFormat.names["BEI16"]!)
        case .wave: return OutputDataFormat(OutputDataFormat.names["LEI16"]!)
        }
    }
}
