/// File names and paths as bytes and text, without Foundation's path code (which traps on some names).

/// A file name as raw bytes turned into text that can be shown and printed: valid UTF-8 as it
/// is, any other byte as `\xNN`. Names that are not UTF-8 exist (old archives, other systems'
/// disks); dropping them would hide a sound from the check. Two names never show the same: in a
/// name that is escaped, a backslash is `\\`, and a UTF-8 name that holds the text of an escape
/// (`a\xFF.wav`, with a backslash) is escaped too (`a\\xFF.wav`), so it cannot read as the name
/// with the byte 0xFF (`a\xFF.wav`). Other names, backslashes and all, are shown as they are.
package func displayName<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    let array = Array(bytes)
    if let text = validUTF8(array), !holdsByteEscape(array) { return text }
    var out = ""
    var i = 0
    while i < array.count {
        let lead = array[i]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        if lead == UInt8(ascii: "\\") {
            out += "\\\\"
            i += 1
        } else if length > 0, i + length <= array.count, let scalar = validUTF8(array[i..<i + length]) {
            out += scalar
            i += length
        } else {
            out += "\\x" + hex2(lead)
            i += 1
        }
    }
    return out
}

/// Whether the bytes hold `\x` and two hex digits, the text of a byte's escape.
private func holdsByteEscape(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 4 else { return false }
    for i in 0...(bytes.count - 4) where bytes[i] == UInt8(ascii: "\\") && bytes[i + 1] == UInt8(ascii: "x") {
        if hexDigit(bytes[i + 2]) != nil, hexDigit(bytes[i + 3]) != nil { return true }
    }
    return false
}

/// The bytes as text when they are valid UTF-8 (decoding repairs invalid bytes, so a round trip
/// that changes them shows they were not). Works with Swift 5.9's standard library.
package func validUTF8<C: Collection>(_ bytes: C) -> String? where C.Element == UInt8 {
    let text = String(decoding: bytes, as: UTF8.self)
    // ASCII, as most names are, is valid: the round trip's comparison was 2% of a check's time.
    if bytes.allSatisfy({ $0 < 0x80 }) { return text }
    return text.utf8.elementsEqual(bytes) ? text : nil
}

/// The extension of a file name, lower-cased, without calling Foundation's path code (which traps
/// on some names, such as `///é`).
/// Works on the UTF-8 bytes: it runs for every file a check or a bundle walk meets.
package func lowercasedExtension(_ name: String) -> String {
    let utf8 = name.utf8
    guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return "" }
    let ext = utf8[utf8.index(after: dot)...]
    if ext.contains(UInt8(ascii: "/")) { return "" }
    if ext.allSatisfy({ $0 < 0x80 }) {
        return String(decoding: ext.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
    return String(Substring(ext)).lowercased()
}

/// The last component of a path (`c.wav` of `a/b/c.wav`), ignoring trailing slashes.
package func lastComponent(_ path: String) -> String {
    // Over the contiguous bytes a native string has: stepping String.UTF8View's indexes backwards
    // cost 2,000 instructions a file in a check (callgrind). '/' is ASCII, so a cut there is whole UTF-8.
    let fast = path.utf8.withContiguousStorageIfAvailable { buf -> String? in
        var end = buf.count
        while end > 0, buf[end - 1] == UInt8(ascii: "/") { end -= 1 }
        guard end > 0 else { return nil }
        var start = end
        while start > 0, buf[start - 1] != UInt8(ascii: "/") { start -= 1 }
        return start == 0 && end == buf.count
            ? nil : String(decoding: UnsafeBufferPointer(rebasing: buf[start..<end]), as: UTF8.self)
    }
    if let fast { return fast ?? path }
    let utf8 = path.utf8
    var end = utf8.endIndex
    while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: "/") { end = utf8.index(before: end) }
    guard end > utf8.startIndex else { return path }
    let start = utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
    return start == utf8.startIndex && end == utf8.endIndex ? path : String(Substring(utf8[start..<end]))
}

/// The folder part of a path (`.` when there is none), without Foundation's path code.
package func parentFolder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// Without `./` segments and doubled slashes, so that `a//b.caf` and `./a/b.caf` compare equal.
func normalizedPath(_ path: String) -> String {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
}

/// What decides whether two paths we write are one file: normalised and case-folded, because on a
/// Mac's default (case-insensitive) volume `Ding.caf` and `ding.caf` are the same file. Deciding
/// this the same way everywhere keeps a run's outputs distinct on every disk it may meet.
package func samePathKey(_ path: String) -> String {
    apfsCaseFolded(normalizedPath(path))
}

/// A name as a case-insensitive APFS volume compares it: Unicode full case folding (statuses C and
/// F of `CaseFolding.txt`, not the Turkic ones), under canonical equivalence, which Swift's
/// `String` comparison and hashing already apply. `lowercased()` is not that: it keeps `ß`, `ς`,
/// `µ`, `ſ` and `ﬁ`, which APFS takes for `ss`, `σ`, `μ`, `s` and `fi`, so two outputs could be
/// one file on a Mac. The standard library has no case-folding mapping; upper- then lower-casing
/// reaches the same class for every scalar but two, handled here: `ẞ` needs the round twice (it
/// lowers to `ß`, which uppers to `SS`), and the dotless `ı` has no folding of its own, so it must
/// not meet `i` through `I`.
package func apfsCaseFolded(_ name: String) -> String {
    if name.utf8.allSatisfy({ $0 < 0x80 }) { return name.lowercased() }
    var folded = ""
    var run = ""
    func flush() {
        folded += run.uppercased().lowercased().uppercased().lowercased()
        run = ""
    }
    for scalar in name.unicodeScalars {
        if scalar == "\u{131}" {
            flush()
            folded.unicodeScalars.append(scalar)
        } else {
            run.unicodeScalars.append(scalar)
        }
    }
    flush()
    return folded
}

/// `name` in `folder`, with one `/` between them; a folder of nothing (`.` collapsed away) is the
/// working folder, so `name` stays relative (it became `/name`, at the root of the disk, when a
/// project was validated as `.`).
package func joinPath(_ folder: String, _ name: String) -> String {
    if folder.isEmpty { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
}

/// `ios/Runner/../x.wav` → `ios/x.wav`: a path's `.` and `..` segments taken away by its text, as
/// Xcode resolves a project's paths (whether it may be read is ``Confinement``'s, on resolved paths).
package func collapsedPath(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
        if part == "." { continue }
        if part == "..", let last = parts.last, last != ".." {
            parts.removeLast()
            continue
        }
        parts.append(part)
    }
    return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
}

/// Whether `path` is `folder` or lies inside it, both collapsed, by their text; a relative folder
/// of nothing (`.`) holds every relative path that does not climb out of it.
package func isInside(_ path: String, _ folder: String) -> Bool {
    let path = collapsedPath(path), root = collapsedPath(folder)
    if root.isEmpty { return !path.hasPrefix("/") && path != ".." && !path.hasPrefix("../") }
    return path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
}
