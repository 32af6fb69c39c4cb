import AlertSoundCore

/// One entry of a zip central directory.
struct ZipEntry: Sendable {
    enum Kind: Sendable { case file, directory, symlink }

    /// The name split at `/`, without empty or `.` components; shown escaped where not UTF-8.
    var components: [String]
    var kind: Kind
    var method: UInt16
    var isEncrypted: Bool
    var compressedSize: Int64
    var uncompressedSize: Int64
    var localHeaderOffset: Int64
    /// The stored name has a `..` component: it would be extracted outside the app.
    var escapesRoot: Bool

    var path: String { components.joined(separator: "/") }

    /// What reading the entry's data needs, and nothing else: a scan keeps this for every sound
    /// found, not the entry's name.
    struct Extent: Sendable {
        var method: UInt16
        var isEncrypted: Bool
        var compressedSize: Int64
        var uncompressedSize: Int64
        var localHeaderOffset: Int64
    }

    var extent: Extent {
        Extent(
            method: method, isEncrypted: isEncrypted, compressedSize: compressedSize,
            uncompressedSize: uncompressedSize, localHeaderOffset: localHeaderOffset)
    }

    static let stored: UInt16 = 0
    static let deflated: UInt16 = 8

    /// Splits a stored name into components without Foundation's path code.
    static func components(of raw: [UInt8]) -> (components: [String], escapes: Bool) {
        var parts: [String] = []
        var escapes = false
        for piece in raw.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if piece.count == 1, piece.first == UInt8(ascii: ".") { continue }
            if piece.count == 2, piece.allSatisfy({ $0 == UInt8(ascii: ".") }) { escapes = true }
            parts.append(displayName(piece))
        }
        return (parts, escapes)
    }
}
