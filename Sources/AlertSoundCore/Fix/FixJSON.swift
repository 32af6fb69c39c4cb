#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `fix --format json`'s document is these types' Codable form, written one way (Schemas/fix.schema.json):
// a report is {schemaVersion, inputs, summary}; an input {input, output, status, before, after,
// changes, error, note, suggestion}; a change {kind, description} and the numbers its kind has.
// Decoding reads what encoding writes, so a packager can keep a report and read it back.

extension FixReport: Codable {
    enum Keys: String, CodingKey { case schemaVersion, inputs, summary }
    enum SummaryKeys: String, CodingKey { case fixed, unchanged, planned, failed }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ReportSchema.version, forKey: .schemaVersion)
        try c.encode(outcomes, forKey: .inputs)
        var summary = c.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
        for status in [FixOutcome.Status.fixed, .unchanged, .planned, .failed] {
            try summary.encode(count(status), forKey: SummaryKeys(rawValue: status.rawValue)!)
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        try ReportSchema.expectVersion(in: c, forKey: .schemaVersion)
        self.init(outcomes: try c.decode([FixOutcome].self, forKey: .inputs))
    }
}

extension FixOutcome: Codable {
    enum Keys: String, CodingKey {
        case input, output, status, before, after, changes, error, note, suggestion, blockers
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(input, forKey: .input)
        try c.encode(output, forKey: .output)
        try c.encode(status, forKey: .status)
        try c.encode(before, forKey: .before)
        try c.encode(after, forKey: .after)
        try c.encode(blockers, forKey: .blockers)
        try c.encode(changes, forKey: .changes)
        // The same object as an error document's `error`.
        try c.encode(error, forKey: .error)
        try c.encode(note, forKey: .note)
        try c.encodeIfPresent(suggestion, forKey: .suggestion)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        self.init(
            input: try c.decode(String.self, forKey: .input),
            output: try c.decodeIfPresent(String.self, forKey: .output),
            status: try c.decode(Status.self, forKey: .status),
            before: try c.decodeIfPresent(FileReport.self, forKey: .before),
            after: try c.decodeIfPresent(FileReport.self, forKey: .after),
            changes: try c.decode([FixChange].self, forKey: .changes),
            error: try c.decodeIfPresent(AlertSoundError.self, forKey: .error),
            note: try c.decodeIfPresent(String.self, forKey: .note),
            suggestion: try c.decodeIfPresent(Suggestion.self, forKey: .suggestion),
            blockers: try c.decodeIfPresent([Diagnostic].self, forKey: .blockers) ?? [])
    }
}

extension FixChange: Codable {
    enum Keys: String, CodingKey {
        case kind, description, from, to, fade, leading, trailing, fromContainer, fromFormat, offset, seconds
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(description, forKey: .description)
        switch self {
        case .decodedWithFFmpeg:
            break
        case let .converted(container, format, to, _):
            try c.encode(container, forKey: .fromContainer)
            try c.encode(format, forKey: .fromFormat)
            try c.encode(to, forKey: .to)
        case let .trimmed(from, to, fade):
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
            try c.encode(fade, forKey: .fade)
        case let .silenceTrimmed(leading, trailing):
            try c.encode(leading, forKey: .leading)
            try c.encode(trailing, forKey: .trailing)
        case let .mixed(from, to):
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
        case let .resampled(from, to), let .normalized(from, to), let .loudness(from, to), let .peakLimited(from, to):
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
        case let .dcRemoved(offset):
            try c.encode(offset, forKey: .offset)
        case let .fadedIn(seconds), let .fadedOut(seconds):
            try c.encode(seconds, forKey: .seconds)
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        func number(_ key: Keys) throws -> Double { try c.decode(Double.self, forKey: key) }
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "decoded-with-ffmpeg": self = .decodedWithFFmpeg
        case "converted":
            self = .converted(
                fromContainer: try c.decode(String.self, forKey: .fromContainer),
                fromFormat: try c.decodeIfPresent(String.self, forKey: .fromFormat),
                toFormat: try c.decode(String.self, forKey: .to))
        case "trimmed":
            self = .trimmed(
                from: try c.decodeIfPresent(Double.self, forKey: .from), to: try number(.to), fade: try number(.fade))
        case "silence-trimmed": self = .silenceTrimmed(leading: try number(.leading), trailing: try number(.trailing))
        case "mixed":
            self = .mixed(from: try c.decode(Int.self, forKey: .from), to: try c.decode(Int.self, forKey: .to))
        case "resampled": self = .resampled(from: try number(.from), to: try number(.to))
        case "normalized": self = .normalized(fromPeak: try number(.from), toPeak: try number(.to))
        case "dc-removed": self = .dcRemoved(offset: try number(.offset))
        case "faded-in": self = .fadedIn(seconds: try number(.seconds))
        case "faded-out": self = .fadedOut(seconds: try number(.seconds))
        case "loudness": self = .loudness(from: try number(.from), to: try number(.to))
        case "peak-limited": self = .peakLimited(from: try number(.from), to: try number(.to))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c, debugDescription: "unknown change kind '\(kind)'")
        }
    }
}
