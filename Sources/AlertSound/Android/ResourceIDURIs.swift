import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Kotlin and Java code that builds a sound URI from a resource ID (`"android.resource://" +
/// packageName + "/" + R.raw.order_ready`) instead of its name (`…/raw/order_ready`): the ID is a
/// number aapt2 assigns when the app is built, which shifts when resources are added or removed, so a
/// notification channel created with such a URI plays another sound, or none, after such an update.
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

    /// What the project's sources say about its raw resources: URIs built from IDs, and what keeps a
    /// resource through shrinking.
    struct Findings: Sendable {
        var uses: [Use] = []
        /// Raw resources named in code (`R.raw.NAME`, in any statement) or in XML (`@raw/NAME`:
        /// the manifest, layouts, values …): the shrinker sees these and keeps them.
        var referenced: Set<String> = []
        /// Whether a release build shrinks resources: a Gradle build file turns it on
        /// (`shrinkResources true`, `isShrinkResources = true`), or the app is built by Flutter's
        /// Gradle plugin, which turns it on unless the app turns it off; `nil` when no build file
        /// was found.
        var shrinks: Bool? {
            guard sawBuildFile else { return nil }
            return shrinkSwitch ?? flutter
        }
        /// Why it shrinks, for the finding.
        var shrinkReason: String? {
            guard shrinks == true else { return nil }
            return shrinkSwitch == true
                ? "a build file turns shrinkResources on"
                : "Flutter's Gradle plugin shrinks release builds unless the app turns it off"
        }
        var sawBuildFile = false
        /// What a build file says of `shrinkResources` itself: the last switch found.
        var shrinkSwitch: Bool?
        /// Whether a build file applies Flutter's Gradle plugin.
        var flutter = false
        /// The `tools:keep` lists of every resource XML file (`res/raw/keep.xml` or any other).
        var keepRules = KeepRules()
    }

    /// One walk of the sources below `root`, skipping what ``AndroidProject`` skips: `.kt` and
    /// `.java` for URIs and `R.raw` names, `.xml` for `@raw/` names, Gradle files for shrinking.
    static func find(root: String, through door: Door) -> Findings {
        var findings = Findings()
        var pending: [(String, Int)] = [("", 0)]
        var next = 0
        while next < pending.count, next < Limits.androidSearchFolders {
            let (relative, depth) = pending[next]
            next += 1
            let folder = relative.isEmpty ? root : root + "/" + relative
            for name in FolderEntries.names(in: folder, .folder, through: door)
            where !AndroidProject.skippedFolders.contains(name) && depth + 1 < searchDepth {
                pending.append((relative.isEmpty ? name : relative + "/" + name, depth + 1))
            }
            for name in FolderEntries.names(in: folder, .file, through: door) {
                let kind =
                    name.hasSuffix(".gradle") || name.hasSuffix(".gradle.kts") ? "gradle" : lowercasedExtension(name)
                guard ["kt", "java", "xml", "gradle"].contains(kind),
                    let bytes = try? door.bytes(
                        folder + "/" + name, limit: Limits.maximumAndroidSourceBytes, what: "source file"),
                    // Most files name no raw resource: passed over after one search of their bytes.
                    kind == "gradle"
                        || SourceText.holds(bytes, kind == "xml" ? ["@raw/", "keep", "discard"] : ["R.raw."])
                else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                switch kind {
                case "kt", "java":
                    let shown = root + "/" + (relative.isEmpty ? name : relative + "/" + name)
                    findings.uses += scan(text).map { Use(file: shown, line: $0.line, resource: $0.resource) }
                    for line in textLines(text) where !isComment(line) {
                        findings.referenced.formUnion(idUses(in: line, evenWhenNamed: true))
                    }
                case "xml":
                    findings.referenced.formUnion(xmlReferences(text))
                    findings.keepRules.add(
                        xml: text, file: root + "/" + (relative.isEmpty ? name : relative + "/" + name))
                default:
                    findings.sawBuildFile = true
                    if let value = shrinkSwitch(text) {
                        findings.shrinkSwitch = (findings.shrinkSwitch ?? false) || value
                    }
                    findings.flutter =
                        findings.flutter || text.contains("dev.flutter.flutter-gradle-plugin")
                        || text.contains("flutter.gradle")
                }
            }
        }
        findings.uses.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        return findings
    }

    /// `@raw/NAME` in XML text (`@raw/x` in an attribute or element), outside `<!-- -->`
    /// comments; a keep file's own `tools:keep` lists are read by ``KeepRules`` and count here too.
    static func xmlReferences(_ text: String) -> Set<String> {
        var bytes = Array(text.utf8)
        // Comments blanked out, so a commented-out reference keeps nothing.
        var i = 0
        while i + 4 <= bytes.count {
            guard bytes[i] == 0x3C, bytes[i + 1] == 0x21, bytes[i + 2] == 0x2D, bytes[i + 3] == 0x2D else {
                i += 1
                continue
            }
            var end = i + 4
            while end + 3 <= bytes.count, !(bytes[end] == 0x2D && bytes[end + 1] == 0x2D && bytes[end + 2] == 0x3E) {
                end += 1
            }
            let stop = min(bytes.count, end + 3)
            for k in i..<stop { bytes[k] = 0x20 }
            i = stop
        }
        let marker = Array("@raw/".utf8)
        var names: Set<String> = []
        i = 0
        while i + marker.count <= bytes.count {
            guard bytes[i..<i + marker.count].elementsEqual(marker) else {
                i += 1
                continue
            }
            var end = i + marker.count
            while end < bytes.count,
                (bytes[end] >= 0x61 && bytes[end] <= 0x7A) || (bytes[end] >= 0x30 && bytes[end] <= 0x39)
                    || bytes[end] == 0x5F
            { end += 1 }
            if end > i + marker.count { names.insert(String(decoding: bytes[(i + marker.count)..<end], as: UTF8.self)) }
            i = end
        }
        return names
    }

    /// What a build file sets `shrinkResources` / `isShrinkResources` to, outside comments: true
    /// when any line turns it on, false when lines only turn it off, nil when none sets it.
    static func shrinkSwitch(_ text: String) -> Bool? {
        var found: Bool?
        for line in textLines(text) {
            let trimmed = line.trimmingWhitespace()
            guard !trimmed.hasPrefix("//"), !trimmed.hasPrefix("*"), !trimmed.hasPrefix("/*") else { continue }
            let code = trimmed.split(separator: "/", maxSplits: 1).first.map(String.init) ?? trimmed
            let words = code.split { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "(" || $0 == ")" }
            guard let key = words.firstIndex(where: { $0 == "shrinkResources" || $0 == "isShrinkResources" }),
                key + 1 < words.count
            else { continue }
            if words[key + 1] == "true" { return true }
            if words[key + 1] == "false" { found = false }
        }
        return found
    }

    /// The `R.raw.NAME` uses in statements that build an `android.resource` URI, by line.
    static func scan(_ text: String) -> [(line: Int, resource: String)] {
        let lines = textLines(text)
        var found: [(Int, String)] = []
        var reported = Set<Int>()
        for (i, line) in lines.enumerated()
        where !isComment(line) && (line.contains("android.resource://") || line.contains("SCHEME_ANDROID_RESOURCE")) {
            var j = i
            while j < min(lines.count, i + 5) {
                if !isComment(lines[j]), !reported.contains(j) {
                    let names = idUses(in: lines[j])
                    if !names.isEmpty { reported.insert(j) }
                    for name in names { found.append((j + 1, name)) }
                }
                // The statement goes on while a line ends in an operator or the next starts a call chain.
                let here = lines[j].trimmingWhitespace(),
                    next = j + 1 < lines.count ? lines[j + 1].trimmingWhitespace() : ""
                guard
                    ["+", "(", ",", "="].contains(where: { here.hasSuffix($0) })
                        || [".", "+", ")"].contains(where: { next.hasPrefix($0) })
                else { break }
                j += 1
            }
        }
        return found
    }

    static func isComment(_ line: String) -> Bool {
        let trimmed = line.trimmingWhitespace()
        return trimmed.hasPrefix("//") || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*")
    }

    /// `R.raw.NAME` in `line`, but not as the argument of a call that gives back its name (unless
    /// `evenWhenNamed`: for the shrinker any use keeps the resource).
    static func idUses(in line: String, evenWhenNamed: Bool = false) -> [String] {
        let bytes = Array(line.utf8), marker = Array("R.raw.".utf8)
        let entryName = [Array("getResourceEntryName(".utf8), Array("getResourceName(".utf8)]
        func isWord(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
        }
        var names: [String] = []
        var i = 0
        while i + marker.count <= bytes.count {
            guard bytes[i..<i + marker.count].elementsEqual(marker) else {
                i += 1
                continue
            }
            var end = i + marker.count
            while end < bytes.count, isWord(bytes[end]) { end += 1 }
            // `R.raw.x` glued to a word before it is some other class's (`fooR.raw.x`), not the R class.
            let glued = i > 0 && isWord(bytes[i - 1])
            // Only the bytes just before are compared: a long line of `R.raw.` is read once.
            let named = entryName.contains { bytes[..<i].reversed().starts(with: $0.reversed()) }
            if end > i + marker.count, !glued, !named || evenWhenNamed {
                names.append(String(decoding: bytes[(i + marker.count)..<end], as: UTF8.self))
            }
            i = end
        }
        return names
    }
}
