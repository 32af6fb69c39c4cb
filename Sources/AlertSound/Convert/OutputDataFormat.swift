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

    public static let names: [String: Kind] = [
        "ima4": .ima4, "ulaw": .ulaw, "alaw": .alaw,
        "I8": .pcm(bits: 8, isFloat: false, isBigEndian: true, isUnsigned: false),
        "UI8": .pcm(bits: 8, isFloat: false, isBigEndian: false, isUnsigned: true),
        "LEI16": .pcm(bits: 16, isFloat: false, isBigEndian: false, isUnsigned: false),
        "BEI16": .pcm(bits: 16, isFloat: false, isBigEndian: true, isUnsigned: false),
        "LEI24": .pcm(bits: 24, isFloat: false, isBigEndian: false, isUnsigned: false),
        "BEI24": .pcm(bits: 24, isFloat: false, isBigEndian: true, isUnsigned: false),
        "LEI32": .pcm(bits: 32, isFloat: false, isBigEndian: false, isUnsigned: false),
        "BEI32": .pcm(bits: 32, isFloat: false, isBigEndian: true, isUnsigned: false),
        "LEF32": .pcm(bits: 32, isFloat: true, isBigEndian: false, isUnsigned: false),
        "BEF32": .pcm(bits: 32, isFloat: true, isBigEndian: true, isUnsigned: false),
        "LEF64": .pcm(bits: 64, isFloat: true, isBigEndian: false, isUnsigned: false),
        "BEF64": .pcm(bits: 64, isFloat: true, isBigEndian: true, isUnsigned: false),
    ]

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

    static let pcmNames = ["LEI16", "BEI16", "LEI24", "BEI24", "LEI32", "BEI32", "LEF32", "BEF32", "LEF64", "BEF64", "I8", "UI8"]

    public var name: String {
        Self.names.first { $0.value == kind }?.key ?? "?"
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

    /// The `-d` names afconvert lets this file type carry.
    public var allowedDataFormats: [String] {
        switch self {
        case .caff: return ["ima4", "ulaw", "alaw", "LEI16", "BEI16", "LEI24", "BEI24", "LEI32", "BEI32", "LEF32", "BEF32", "LEF64", "BEF64", "I8"]
        case .aiff: return ["BEI16", "BEI24", "BEI32", "I8"]
        case .aifc: return ["ima4", "ulaw", "alaw", "BEI16", "LEI16", "BEI24", "BEI32", "BEF32", "BEF64", "I8"]
        case .wave: return ["ulaw", "alaw", "LEI16", "LEI24", "LEI32", "LEF32", "LEF64", "UI8"]
        }
    }

    /// `nil` when this type can carry `format`; otherwise a message naming what would work.
    public func refusal(for format: OutputDataFormat) -> String? {
        guard !allowedDataFormats.contains(format.name) else { return nil }
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
