/// File names and paths as bytes and text, without Foundation's path code (which traps on some names).

/// A file name as raw bytes turned into text that can be shown and printed: valid UTF-8 as it
/// is, any other byte as `\xNN`. Names that are not UTF-8 exist (old archives, other systems'
/// disks); dropping them would hide a sound from the check.
func displayName<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    let array = Array(bytes)
    if let text = validUTF8(array) { return text }
    var out = ""
    var i = 0
    while i < array.count {
        let lead = array[i]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        if length > 0, i + length <= array.count, let scalar = validUTF8(array[i..<i + length]) {
            out += scalar
            i += length
        } else {
            out += "\\x" + hex2(lead)
            i += 1
        }
    }
    return out
}

/// The bytes as text when they are valid UTF-8 (decoding repairs invalid bytes, so a round trip
/// that changes them shows they were not). Works with Swift 5.9's standard library.
func validUTF8<C: Collection>(_ bytes: C) -> String? where C.Element == UInt8 {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
}

/// The extension of a file name, lower-cased, without calling Foundation's path code (which traps
/// on some names, such as `///é`).
func lowercasedExtension(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    let ext = name[name.index(after: dot)...]
    return ext.contains("/") ? "" : ext.lowercased()
}

/// The last component of a path (`c.wav` of `a/b/c.wav`), ignoring trailing slashes.
func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}

/// The folder part of a path (`.` when there is none), without Foundation's path code.
func parentFolder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}
