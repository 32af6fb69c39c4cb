/// Byte order of a multi-byte field in a file.
public enum ByteOrder: Sendable, Hashable {
    case bigEndian
    case littleEndian
}
