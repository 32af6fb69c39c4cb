/// Which characters of untrusted text (a file name, a payload's sound name, a lock's strings) must
/// never reach a terminal, a page, a log line or generated code as themselves: they end a line,
/// drive the terminal, or reorder what a reader sees (a right-to-left override makes
/// `evil‮fac.wav` look like `evilvaw.caf`).
public enum TextSafety {
    /// Bidirectional formatting characters (Unicode's "Bidi_Control": LRM, RLM, ALM, the embeddings,
    /// overrides and isolates), the line and paragraph separators, which are not C0/C1 controls
    /// but end a line in JavaScript and many viewers, and the other characters Unicode says to show
    /// as nothing ("Default_Ignorable_Code_Point": zero-width spaces and joiners, the soft hyphen,
    /// variation selectors): culture-aware matching may skip them, and GitHub's runner looks for
    /// `##[` with .NET's culture-aware `IndexOf(string)`, so `#`, a zero-width space, `#[` may be it.
    public static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        case 0..<0xA0: return false
        default: return scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// C0 and C1 controls, DEL, and ``isInvisibleControl(_:)``.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isInvisibleControl(scalar)
    }

    /// The text with every ``isControl(_:)`` character written as an escape (`\n`, `\r`, `\t`,
    /// `\u{202E}`), so it stays on its line and reads in its own order.
    public static func escaped(_ text: String) -> String {
        // Printable ASCII holds no control: most text is, and is passed over at a byte's cost.
        guard !text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), text.unicodeScalars.contains(where: isControl)
        else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Text for a log that a CI runner or Xcode reads as well as people: a terminal, standard output's
/// text formats, standard error. Both readers take instructions from plain lines: GitHub's runner
/// runs a line that starts with `::` (after spaces) as a workflow command, and one that holds
/// `##[command]` *anywhere* as a legacy one (`actions/runner`, `ActionCommand.TryParse`, on both
/// streams: `##[add-mask]`, `##[stop-commands]`); Xcode makes an issue of a script's line that
/// holds `: error:`, `: warning:` or `: note:`, or starts with `error:`. Untrusted text (a name, a
/// project's key, a lock's string) reaches a log line only through these, with one character of
/// each such sequence written as an escape (`\u{23}`, `\u{3A}`), as controls already are.
public enum LogText {
    /// Text inside a line (a path, a name, a message): ``TextSafety/escaped(_:)``, and the
    /// sequences that instruct wherever they stand in a line.
    public static func value(_ text: String) -> String {
        let escaped = TextSafety.escaped(text)
        guard mayInstruct(escaped.utf8, lineStart: false) else { return escaped }
        return rewrite(Array(escaped.unicodeScalars), lineStart: false)
    }

    /// A whole line: ``value(_:)``, and what instructs only at a line's start (`::`, `error:`).
    /// Idempotent, so a line of values that were escaped already is left as it is.
    public static func line(_ text: String) -> String {
        let escaped = TextSafety.escaped(text)
        guard mayInstruct(escaped.utf8, lineStart: true) else { return escaped }
        return rewrite(Array(escaped.unicodeScalars), lineStart: true)
    }

    /// Whether `utf8` may hold what ``rewrite(_:lineStart:)`` escapes, told from its bytes in one
    /// pass: `##[`, `: ` before an issue word, or at a line's start (after ASCII spaces) `::` or an
    /// issue word, or any other byte of white space's (Unicode's spaces are told by the rewrite).
    /// A superset: a line it passes is rewritten, which decides exactly. An explain of 16,000
    /// pushes spent most of its time rewriting lines, each holding `: ` before other words.
    static func mayInstruct(_ utf8: String.UTF8View, lineStart: Bool) -> Bool {
        if let answer = utf8.withContiguousStorageIfAvailable({ mayInstruct($0, lineStart: lineStart) }) {
            return answer
        }
        return Array(utf8).withUnsafeBufferPointer { mayInstruct($0, lineStart: lineStart) }
    }

    private static let issueBytes: [[UInt8]] = issueWords.map { $0.map { UInt8($0.value) } }

    private static func mayInstruct(_ bytes: UnsafeBufferPointer<UInt8>, lineStart: Bool) -> Bool {
        func word(at i: Int) -> Bool {
            issueBytes.contains { w in i + w.count <= bytes.count && w.indices.allSatisfy { bytes[i + $0] == w[$0] } }
        }
        if lineStart {
            var first = 0
            while first < bytes.count, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            if first < bytes.count {
                let b = bytes[first]
                if b >= 0x80 || b < 0x20 || (b == 0x3A && first + 1 < bytes.count && bytes[first + 1] == 0x3A)
                    || word(at: first)
                {
                    return true
                }
            }
        }
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0x23, bytes[i + 1] == 0x23, bytes[i + 2] == 0x5B { return true }
            if bytes[i] == 0x3A, bytes[i + 1] == 0x20, word(at: i + 2) { return true }
            i += 1
        }
        return false
    }

    /// Each line of `text` (which may end with a newline) as ``line(_:)``.
    public static func lines(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x23 || $0 == 0x3A || $0 < 0x20 || $0 >= 0x7F }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }
            .joined(separator: "\n")
    }

    /// Xcode's issue words, each ending in the colon it looks for.
    static let issueWords: [[Unicode.Scalar]] = ["error:", "warning:", "note:", "fatal error:"].map {
        Array($0.unicodeScalars)
    }

    static func rewrite(_ scalars: [Unicode.Scalar], lineStart: Bool) -> String {
        func matches(_ word: [Unicode.Scalar], at i: Int) -> Bool {
            i + word.count <= scalars.count && scalars[i..<(i + word.count)].elementsEqual(word)
        }
        // Where the line's text begins, after the white space the runner trims (.NET's, any Unicode space).
        var first = 0
        if lineStart { while first < scalars.count, scalars[first].properties.isWhitespace { first += 1 } }
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            var escape = false
            switch scalar {
            case "#":
                // The second `#` of `##[`.
                escape = i > 0 && scalars[i - 1] == "#" && i + 1 < scalars.count && scalars[i + 1] == "["
            case ":":
                // `: error:`, and the `::` or `error:` a line starts with.
                escape =
                    (i + 1 < scalars.count && scalars[i + 1] == " "
                        && issueWords.contains { matches($0, at: i + 2) })
                    || (lineStart && i == first && i + 1 < scalars.count && scalars[i + 1] == ":")
                    || (lineStart && issueWords.contains { i + 1 == first + $0.count && matches($0, at: first) })
            default: break
            }
            if escape {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

/// Text written into XML that alertsound generates (the Android keep file).
public enum XMLText {
    /// Safe in a double-quoted attribute: `&`, `<`, `>`, `"` and `'` as entities, and characters
    /// XML 1.0 cannot hold at all (controls other than tab, newline and return, and the
    /// noncharacters U+FFFE and U+FFFF) as U+FFFD.
    public static func attribute(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out += "&#\(scalar.value);"
            case "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            case _ where TextSafety.isControl(scalar): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Safe inside `<!-- … -->`: a comment may not contain `--` nor end with `-`, so every `-`
    /// next to another or at the end becomes `%2D`; `%` itself `%25`; controls `%XX`.
    public static func comment(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = ""
        for (i, scalar) in scalars.enumerated() {
            if scalar == "-", i + 1 == scalars.count || scalars[i + 1] == "-" || (i > 0 && scalars[i - 1] == "-") {
                out += "%2D"
            } else if scalar == "%" {
                out += "%25"
            } else if TextSafety.isControl(scalar) {
                out +=
                    scalar.value < 0x100
                    ? "%" + hexDigits(scalar.value, width: 2) : "%u" + hexDigits(scalar.value, width: 1)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// `value` in upper-case hex, zero-padded to at least `width` digits: an escape's digits (`%0A`,
/// roff's `\[u00E9]`, a URI's `%C3`).
package func hexDigits(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
