#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every input of one conversion run and what became of it: `convert --format json`'s document
/// (Schemas/convert.schema.json) is this type's encoding, so a tool gets the command's JSON from the
/// library. Encoding only: a ``ConversionResult`` holds its plan, which the document flattens.
public struct ConversionReport: Sendable, Encodable {
    /// One per input, in order: what was written, or why not.
    public var conversions: [(input: String, result: Result<ConversionResult, AlertSoundError>)]

    /// A report of `conversions`.
    public init(_ conversions: [(input: String, result: Result<ConversionResult, AlertSoundError>)]) {
        self.conversions = conversions
    }

    /// How many inputs failed.
    public var failed: Int { conversions.count { if case .failure = $0.result { return true } else { return false } } }

    enum Keys: String, CodingKey { case schemaVersion, conversions, summary }
    enum SummaryKeys: String, CodingKey { case converted, failed }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ReportSchema.version, forKey: .schemaVersion)
        try c.encode(conversions.map { Conversion(input: $0.input, result: $0.result) }, forKey: .conversions)
        var s = c.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
        try s.encode(conversions.count - failed, forKey: .converted)
        try s.encode(failed, forKey: .failed)
    }

    /// One input: what was written, or why not. Unknown values are `null`.
    private struct Conversion: Encodable {
        let input: String
        let result: Result<ConversionResult, AlertSoundError>

        enum Keys: String, CodingKey {
            case input, output, status, error, suggestion, fileType, dataFormat, format, sampleRate, channels, frames,
                packets, fileSize, inputFrames, snr, lossless, decoder, cut
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(input, forKey: .input)
            let done = try? result.get()
            try c.encode(done == nil ? "failed" : "converted", forKey: .status)
            if case .failure(let error) = result {
                // The same object as an error document's `error` (and fix's).
                try c.encode(error, forKey: .error)
                try c.encodeIfPresent(error.suggestion, forKey: .suggestion)
            } else {
                try c.encodeNil(forKey: .error)
            }
            try c.encode(done?.outputPath, forKey: .output)
            try c.encode(done?.plan.fileType.rawValue, forKey: .fileType)
            // One meaning per key across the documents: `dataFormat` is a `-d` name, as in
            // suggestions; `format` is the coding's name, as in check and info.
            try c.encode(done?.plan.dataFormat.name, forKey: .dataFormat)
            try c.encode(done?.plan.output.coding.code, forKey: .format)
            try c.encode(done?.plan.output.sampleRate, forKey: .sampleRate)
            try c.encode(done?.plan.output.channels, forKey: .channels)
            try c.encode(done?.frames, forKey: .frames)
            try c.encode(done?.packets, forKey: .packets)
            try c.encode(done?.fileSize, forKey: .fileSize)
            try c.encode(done?.inputFrames, forKey: .inputFrames)
            try c.encode(done?.snr.flatMap { $0.isFinite ? $0 : nil }, forKey: .snr)
            try c.encode(done?.lossless, forKey: .lossless)
            try c.encode(done?.decoder, forKey: .decoder)
            try c.encode(done?.cut, forKey: .cut)
        }
    }
}
