/// Byte order of a multi-byte field in a file.
enum ByteOrder: Sendable, Hashable {
    case bigEndian
    case littleEndian
}
