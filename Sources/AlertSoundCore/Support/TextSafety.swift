/// Which characters of untrusted text (a file name, a payload's sound name, a lock's strings) must
/// never reach a terminal, a page, a log line or generated code as themselves: they end a line,
/// drive the terminal, or reorder what a reader sees (a right-to-left override makes
/// `evil‮fac.wav` look like `evilvaw.caf`).
public enum TextSafety {
    /// Bidirectional formatting characters (Unicode's "Bidi_Control": LRM, RLM, ALM, the embeddings,
    /// overrides and isolates) and the line and paragraph separators, which are not C0/C1 controls
    /// but end a line in JavaScript and many viewers.
    public static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// C0 and C1 controls, DEL, and ``isInvisibleControl(_:)``.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isInvisibleControl(scalar)
    }

    /// The text with every ``isControl(_:)`` character written as an escape (`\n`, `\r`, `\t`,
    /// `\u{202E}`), so it stays on its line and reads in its own order.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
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

/// Text written into XML that alertsound generates (the Android keep file).
public enum XMLText {
    /// Safe in a double-quoted attribute: `&`, `<`, `>`, `"` and `'` as entities, and characters
    /// XML 1.0 cannot hold at all (controls other than tab, newline and return) as U+FFFD.
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
                    ? "%" + String(format2: scalar.value) : "%u" + String(scalar.value, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

private extension String {
    /// Two upper-case hex digits.
    init(format2 value: UInt32) {
        let digits = String(value, radix: 16, uppercase: true)
        self = digits.count < 2 ? "0" + digits : digits
    }
}
