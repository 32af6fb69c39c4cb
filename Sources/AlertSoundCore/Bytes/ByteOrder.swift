/// Byte order of a multi-byte field in a file, or of a sample: the one statement of it, which
/// readers, sample layouts (``PCMFormat``) and the reports' `byteOrder` all use.
package enum ByteOrder: Sendable, Hashable {
    case bigEndian
    case littleEndian

    /// `big` or `little`, as reports name it.
    package var name: String { self == .bigEndian ? "big" : "little" }
}
