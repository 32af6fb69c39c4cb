import AlertSoundCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Kotlin and Java code that builds a sound URI from a resource ID (`"android.resource://" +
/// packageName + "/" + R.raw.order_ready`) instead of its name (`…/raw/order_ready`): the ID is a
/// number aapt2 assigns anew in each build, so a notification channel created with such a URI plays
/// another sound, or none, after an update that adds or removes a resource.
///
/// How robust: a heuristic on the text, not a parser. It looks at each statement that mentions
/// `android.resource://` or `SCHEME_ANDROID_RESOURCE` (that line, and up to four more while a line
/// ends in an operator or the next continues a call chain) for `R.raw.NAME`, except inside `getResourceEntryName(…)` or
/// `getResourceName(…)`, which turn an ID back into the name. Comments are skipped line by line
/// (`//`, and lines starting `*` or `/*`). It misses a URI built from an ID held in a variable, and
/// a string split so that neither marker is in the statement; it can flag a statement that uses
/// the ID for something else beside a by-name URI. Hence a warning.
enum ResourceIDURIs {
    /// One use found: the file, the 1-based line, and the resource it names.
    struct Use: Sendable, Hashable {
        var file: String
        var line: Int
        var resource: String
    }

    /// Folders searched for sources: deeper than for `res/raw`, as packages nest (`java/com/example/app`).
    static let searchDepth = 16
    /// Source files larger than this are not read (generated code, most likely).
    static let maximumSourceBytes = 1 << 20

    /// The uses in `.kt` and `.java` files below `root`, skipping what ``AndroidProject`` skips.
    static func find(root: String) -> [Use] {
        var uses: [Use] = []
        var pending: [(String, Int)] = [("", 0)]
        var next = 0
        while next < pending.count, next < Limits.androidSearchFolders {
            let (relative, depth) = pending[next]
            next += 1
            let folder = relative.isEmpty ? root : root + "/" + relative
            for name in AndroidProject.entries(of: folder, type: UInt8(DT_DIR)) where !AndroidProject.skippedFolders.contains(name) && depth + 1 < searchDepth {
                pending.append((relative.isEmpty ? name : relative + "/" + name, depth + 1))
            }
            for name in AndroidProject.entries(of: folder, type: UInt8(DT_REG)) where ["kt", "java"].contains(lowercasedExtension(name)) {
                guard let bytes = try? SoundReference.boundedContents(of: folder + "/" + name, limit: maximumSourceBytes, what: "source file") else { continue }
                let shown = root + "/" + (relative.isEmpty ? name : relative + "/" + name)
                uses += scan(String(decoding: bytes, as: UTF8.self)).map { Use(file: shown, line: $0.line, resource: $0.resource) }
            }
        }
        return uses.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// The `R.raw.NAME` uses in statements that build an `android.resource` URI, by line.
    static func scan(_ text: String) -> [(line: Int, resource: String)] {
        let lines = textLines(text)
        var found: [(Int, String)] = []
        var reported = Set<Int>()
        for (i, line) in lines.enumerated() where !isComment(line) && (line.contains("android.resource://") || line.contains("SCHEME_ANDROID_RESOURCE")) {
            var j = i
            while j < min(lines.count, i + 5) {
                if !isComment(lines[j]), !reported.contains(j) {
                    let names = idUses(in: lines[j])
                    if !names.isEmpty { reported.insert(j) }
                    for name in names { found.append((j + 1, name)) }
                }
                // The statement goes on while a line ends in an operator or the next starts a call chain.
                let here = lines[j].trimmingWhitespace(), next = j + 1 < lines.count ? lines[j + 1].trimmingWhitespace() : ""
                guard ["+", "(", ",", "="].contains(where: { here.hasSuffix($0) }) || [".", "+", ")"].contains(where: { next.hasPrefix($0) }) else { break }
                j += 1
            }
        }
        return found
    }

    private static func isComment(_ line: String) -> Bool {
        let trimmed = line.trimmingWhitespace()
        return trimmed.hasPrefix("//") || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*")
    }

    /// `R.raw.NAME` in `line`, but not as the argument of a call that gives back its name.
    static func idUses(in line: String) -> [String] {
        let bytes = Array(line.utf8), marker = Array("R.raw.".utf8)
        func isWord(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F }
        var names: [String] = []
        var i = 0
        while i + marker.count <= bytes.count {
            guard bytes[i..<i + marker.count].elementsEqual(marker) else { i += 1; continue }
            var end = i + marker.count
            while end < bytes.count, isWord(bytes[end]) { end += 1 }
            let before = String(decoding: bytes[0..<i], as: UTF8.self)
            // `R.raw.x` glued to a word before it is some other class's (`fooR.raw.x`), not the R class.
            let glued = i > 0 && isWord(bytes[i - 1])
            let named = before.hasSuffix("getResourceEntryName(") || before.hasSuffix("getResourceName(")
            if end > i + marker.count, !glued, !named { names.append(String(decoding: bytes[(i + marker.count)..<end], as: UTF8.self)) }
            i = end
        }
        return names
    }
}
