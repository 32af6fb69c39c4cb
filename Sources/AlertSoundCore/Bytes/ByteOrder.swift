/// Byte order of a multi-byte field in a file.
package enum ByteOrder: Sendable, Hashable {
    case bigEndian
    case littleEndian
}
