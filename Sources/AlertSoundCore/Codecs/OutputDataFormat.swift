/// An afconvert `-d` argument: a data format name (`ima4`, `ulaw`, `alaw`, or a PCM name such as
/// `LEI16`) with an optional `@RATE`.
public struct OutputDataFormat: Sendable, Hashable, CustomStringConvertible {
    /// The coding written.
    public var coding: SampleCoding
    /// The rate to resample to (`@RATE`); `nil` keeps the input's.
    public var sampleRate: Double?

    /// A data format; see also ``init(parsing:)``.
    public init(_ coding: SampleCoding, sampleRate: Double? = nil) {
        self.coding = coding
        self.sampleRate = sampleRate
    }

    /// Every `-d` name afconvert takes that alertsound writes, in the order help and errors list
    /// them: the one place the names live (parsing, printing, `--help`, the man page test and each
    /// file type's list).
    public static let all: [(name: String, coding: SampleCoding)] = [
        ("ima4", .ima4), ("ulaw", .ulaw), ("alaw", .alaw),
        ("LEI16", .integer(16, order: .littleEndian)), ("BEI16", .integer(16, order: .bigEndian)),
        ("LEI24", .integer(24, order: .littleEndian)), ("BEI24", .integer(24, order: .bigEndian)),
        ("LEI32", .integer(32, order: .littleEndian)), ("BEI32", .integer(32, order: .bigEndian)),
        ("LEF32", .float(32, order: .littleEndian)), ("BEF32", .float(32, order: .bigEndian)),
        ("LEF64", .float(64, order: .littleEndian)), ("BEF64", .float(64, order: .bigEndian)),
        // A byte has no order; afconvert's I8 is signed, UI8 offset-binary (WAV's).
        ("I8", .integer(8, order: .bigEndian)), ("UI8", .unsigned8)
    ]

    /// The `-d` name of a writable coding, if afconvert has one for it.
    public static func name(of coding: SampleCoding) -> String? {
        all.first { $0.coding == coding }?.name
    }

    /// Parses afconvert's `format[@rate]`. Names match without regard to case.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].trimming(["'"])
        guard let coding = Self.all.first(where: { $0.name.lowercased() == name.lowercased() })?.coding else {
            throw AlertSoundError(
                .invalidRequest,
                "unknown data format '\(name)'; alertsound writes the formats iOS plays for alerts: "
                    + "ima4, ulaw, alaw, or linear PCM as "
                    + Self.all.filter { $0.coding.pcm != nil }.map(\.name).joined(separator: ", "))
        }
        self.coding = coding
        if parts.count == 2 {
            guard let rate = Double(parts[1]), Limits.outputSampleRates.contains(rate) else {
                throw AlertSoundError(
                    .invalidRequest,
                    "'\(parts[1])' is not a sample rate alertsound writes; give one in Hz from "
                        + "\(Formatting.number(Limits.outputSampleRates.lowerBound)) to \(Formatting.number(Limits.outputSampleRates.upperBound)), e.g. ima4@22050"
                )
            }
            sampleRate = rate
        }
    }

    /// The afconvert `-d` name (`ima4`, `LEI16`).
    public var name: String { Self.name(of: coding) ?? coding.code }

    public var description: String { name + (sampleRate.map { "@" + Formatting.number($0) } ?? "") }
}
