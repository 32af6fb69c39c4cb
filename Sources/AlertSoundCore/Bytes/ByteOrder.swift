/// Byte order of a multi-byte field in a file, or of a sample: the one statement of it, which
/// readers, sample layouts (``PCMFormat``) and the reports' `byteOrder` all use.
public enum ByteOrder: Sendable, Hashable, CaseIterable {
    /// Most significant byte first (AIFF, CAF's default, RIFX).
    case bigEndian
    /// Least significant byte first (WAV, `sowt`).
    case littleEndian

    /// `big` or `little`, as reports name it.
    public var name: String { self == .bigEndian ? "big" : "little" }
}
