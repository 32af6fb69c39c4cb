import AlertSoundCore

/// The `tools:keep` and `tools:discard` lists of an Android project's resource XML files
/// (conventionally `res/raw/keep.xml`), which decide whether release resource shrinking keeps a
/// raw resource that no code names. Only `@raw/` entries (and `@*/`) matter here; `*` is a wildcard.
struct KeepRules: Sendable {
    /// The patterns, each compiled once as it is added: a megabyte of keep.xml is not re-read for
    /// every sound, nor every file's patterns again for each file added (700 files took 20 s).
    private(set) var keep: [String] = []
    private(set) var discard: [String] = []
    /// The XML files the rules came from.
    var files: [String] = []
    private var keepSet = GlobSet([])
    private var discardSet = GlobSet([])

    /// Raw resources the project's code or XML names (``ResourceIDURIs/Findings/referenced``).
    var referenced: Set<String> = []
    /// Whether a build file turns shrinking on; `nil` when none was found (a folder given alone).
    var shrinks: Bool?
    /// Why it is on, when it is (a build file, or Flutter's default).
    var shrinkReason: String?

    /// Adds the rules of `other`'s files that are not already here.
    mutating func merge(_ other: KeepRules) {
        guard !other.files.isEmpty else { return }
        let known = Set(files)
        let fresh = other.files.filter { !known.contains($0) }
        guard !fresh.isEmpty else { return }
        // Patterns are added whole: a repeated pattern changes nothing.
        add(keep: other.keep, discard: other.discard)
        files += fresh
    }

    /// Whether shrinking keeps the raw resource `name`: no build shrinks resources; or a keep
    /// pattern matches it, or code or XML names it, and no discard pattern matches it.
    func keeps(_ name: String) -> Bool {
        if shrinks == false { return true }
        let bytes = Array(name.utf8)
        return (keepSet.matches(bytes) || referenced.contains(name)) && !discardSet.matches(bytes)
    }

    /// Reads the attributes of one XML file's text. Attribute names are matched by their local part
    /// (`keep`, `discard`) after a namespace prefix, so a prefix other than `tools` works too.
    mutating func add(xml text: String, file: String) {
        let found = Self.attributeValues(text, localName: "keep")
        let dropped = Self.attributeValues(text, localName: "discard")
        guard !found.isEmpty || !dropped.isEmpty else { return }
        files.append(file)
        add(keep: found.flatMap(Self.rawPatterns), discard: dropped.flatMap(Self.rawPatterns))
    }

    private mutating func add(keep kept: [String], discard dropped: [String]) {
        keep += kept
        discard += dropped
        keepSet.insert(kept)
        discardSet.insert(dropped)
    }

    /// `@raw/alarm, @raw/chime_*` → `alarm`, `chime_*`.
    static func rawPatterns(_ list: String) -> [String] {
        list.split(separator: ",").compactMap { item in
            let entry = item.trimmingWhitespace()
            for prefix in ["@raw/", "@*/"] where entry.hasPrefix(prefix) {
                return String(entry.dropFirst(prefix.count))
            }
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
            guard bytes[i] == key[0], bytes[i..<i + key.count].elementsEqual(key) else {
                i += 1
                continue
            }
            var j = i + key.count
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D {
                j += 1
            }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else {
                i += 1
                continue
            }
            j += 1
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D {
                j += 1
            }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else {
                i += 1
                continue
            }
            let quote = bytes[j]
            let start = j + 1
            guard let end = bytes[start...].firstIndex(of: quote) else { break }
            values.append(String(decoding: bytes[start..<end], as: UTF8.self))
            i = end + 1
        }
        return values
    }
}
