/// A file name as raw bytes turned into text that can be shown and printed: valid UTF-8 as it
/// is, any other byte as `\xNN`. Names that are not UTF-8 exist (old archives, other systems'
/// disks); dropping them would hide a sound from the check.
func displayName<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    let array = Array(bytes)
    if let text = String(validating: array, as: UTF8.self) { return text }
    var out = ""
    var i = 0
    while i < array.count {
        let lead = array[i]
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        if length > 0, i + length <= array.count, let scalar = String(validating: array[i..<i + length], as: UTF8.self) {
            out += scalar
            i += length
        } else {
            out += "\\x" + hex2(lead)
            i += 1
        }
    }
    return out
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
