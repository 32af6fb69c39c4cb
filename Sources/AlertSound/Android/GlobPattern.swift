import AlertSoundCore

/// A keep-list glob, `*` standing for any run of characters, matched without backtracking: the
/// text between stars must appear in order, so each piece is found leftmost (Knuth-Morris-Pratt)
/// from where the last one ended. Work is linear in the name and the pattern; the backtracking
/// matcher it replaces took about a minute for 300 long names against a 1 MB keep.xml.
struct GlobPattern: Sendable {
    /// The text between stars, each with its KMP failure table.
    private let pieces: [(bytes: [UInt8], failure: [Int])]
    private let anchoredStart: Bool
    private let anchoredEnd: Bool
    private let hasStar: Bool

    init(_ pattern: String) {
        let bytes = Array(pattern.utf8)
        hasStar = bytes.contains(UInt8(ascii: "*"))
        anchoredStart = bytes.first != UInt8(ascii: "*")
        anchoredEnd = bytes.last != UInt8(ascii: "*")
        pieces = bytes.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: true).map {
            ([UInt8]($0), prefixTable([UInt8]($0)))
        }
    }

    func matches(_ name: [UInt8]) -> Bool {
        guard hasStar else { return pieces.first.map { $0.bytes == name } ?? name.isEmpty }
        var pieces = self.pieces[...]
        var start = 0, end = name.count
        if anchoredStart, let first = pieces.first {
            guard name.starts(with: first.bytes) else { return false }
            start = first.bytes.count
            pieces = pieces.dropFirst()
        }
        if anchoredEnd, let last = pieces.last {
            guard end - start >= last.bytes.count, name[(end - last.bytes.count)...].elementsEqual(last.bytes) else {
                return false
            }
            end -= last.bytes.count
            pieces = pieces.dropLast()
        }
        for piece in pieces {
            guard let found = Self.find(piece.bytes, failure: piece.failure, in: name, from: start, to: end) else {
                return false
            }
            start = found + piece.bytes.count
        }
        return start <= end
    }

    /// Where `needle` first occurs in `text[from..<to]`.
    private static func find(_ needle: [UInt8], failure: [Int], in text: [UInt8], from: Int, to: Int) -> Int? {
        var matched = 0
        var i = from
        while i < to {
            while matched > 0, text[i] != needle[matched] { matched = failure[matched - 1] }
            if text[i] == needle[matched] { matched += 1 }
            if matched == needle.count { return i + 1 - matched }
            i += 1
        }
        return nil
    }

}

/// Many globs: exact names looked up at once, the rest (deduplicated) tried one by one. Each
/// pattern is compiled once, when it is added.
struct GlobSet: Sendable {
    private var exact: Set<[UInt8]> = []
    private var wildcards: [GlobPattern] = []
    private var seen: Set<String> = []

    init(_ patterns: [String]) { insert(patterns) }

    /// Adds `patterns`; one already here changes nothing.
    mutating func insert(_ patterns: [String]) {
        for pattern in patterns where seen.insert(pattern).inserted {
            if pattern.contains("*") {
                wildcards.append(GlobPattern(pattern))
            } else {
                exact.insert(Array(pattern.utf8))
            }
        }
    }

    func matches(_ name: [UInt8]) -> Bool {
        exact.contains(name) || wildcards.contains { $0.matches(name) }
    }
}
