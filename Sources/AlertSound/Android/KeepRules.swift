/// The `tools:keep` and `tools:discard` lists of an Android project's resource XML files
/// (conventionally `res/raw/keep.xml`), which decide whether release resource shrinking keeps a
/// raw resource that no code names. Only `@raw/` entries (and `@*/`) matter here; `*` is a wildcard.
struct KeepRules: Sendable {
    var keep: [String] = []
    var discard: [String] = []
    /// The XML files the rules came from.
    var files: [String] = []

    /// Whether shrinking keeps the raw resource `name`: a keep pattern matches and no discard does.
    func keeps(_ name: String) -> Bool {
        keep.contains { Self.matches($0, name) } && !discard.contains { Self.matches($0, name) }
    }

    /// Reads the attributes of one XML file's text. Attribute names are matched by their local part
    /// (`keep`, `discard`) after a namespace prefix, so a prefix other than `tools` works too.
    mutating func add(xml text: String, file: String) {
        let found = Self.attributeValues(text, localName: "keep")
        let dropped = Self.attributeValues(text, localName: "discard")
        guard !found.isEmpty || !dropped.isEmpty else { return }
        files.append(file)
        keep += found.flatMap(Self.rawPatterns)
        discard += dropped.flatMap(Self.rawPatterns)
    }

    /// `@raw/alarm, @raw/chime_*` → `alarm`, `chime_*`.
    static func rawPatterns(_ list: String) -> [String] {
        list.split(separator: ",").compactMap { item in
            let entry = item.trimmingWhitespace()
            for prefix in ["@raw/", "@*/"] where entry.hasPrefix(prefix) { return String(entry.dropFirst(prefix.count)) }
            return nil
        }
    }

    /// Values of every `prefix:localName="…"` (or single-quoted) attribute in `text`.
    static func attributeValues(_ text: String, localName: String) -> [String] {
        let bytes = Array(text.utf8)
        let key = Array(":\(localName)".utf8)
        var values: [String] = []
        var i = 0
        while i + key.count < bytes.count {
            guard bytes[i] == key[0], bytes[i..<i + key.count].elementsEqual(key) else { i += 1; continue }
            var j = i + key.count
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { i += 1; continue }
            j += 1
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { i += 1; continue }
            let quote = bytes[j]
            let start = j + 1
            guard let end = bytes[start...].firstIndex(of: quote) else { break }
            values.append(String(decoding: bytes[start..<end], as: UTF8.self))
            i = end + 1
        }
        return values
    }

    /// A glob with `*` for any run of characters, as the shrinker reads keep lists.
    static func matches(_ pattern: String, _ name: String) -> Bool {
        let p = Array(pattern.utf8), n = Array(name.utf8)
        var pi = 0, ni = 0
        var star = -1, mark = 0
        while ni < n.count {
            if pi < p.count, p[pi] != UInt8(ascii: "*"), p[pi] == n[ni] {
                pi += 1; ni += 1
            } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = pi; mark = ni; pi += 1
            } else if star >= 0 {
                pi = star + 1; mark += 1; ni = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
