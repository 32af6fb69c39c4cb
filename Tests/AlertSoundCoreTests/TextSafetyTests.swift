import Testing

@testable import AlertSoundCore

/// What untrusted text becomes on its way to a log that a CI runner or Xcode reads too.
@Suite struct TextSafetyTests {
    @Test(
        .bug(id: 44, "item 1"),
        arguments: [
            // (text, as a value inside a line, as a whole line)
            ("a\n::error::x", #"a\n::error::x"#, #"a\n::error::x"#),
            ("::add-mask::s", "::add-mask::s", #"\u{3A}:add-mask::s"#),
            ("\u{00A0} ::error::x", "\u{00A0} ::error::x", "\u{00A0} \\u{3A}:error::x"),
            ("x ##[add-mask]s", #"x #\u{23}[add-mask]s"#, #"x #\u{23}[add-mask]s"#),
            ("###[x", #"##\u{23}[x"#, #"##\u{23}[x"#),
            ("#\u{200B}#[x", #"#\u{200B}#[x"#, #"#\u{200B}#[x"#),
            ("a.caf: warning: b", #"a.caf\u{3A} warning: b"#, #"a.caf\u{3A} warning: b"#),
            ("a: fatal error: b", #"a\u{3A} fatal error: b"#, #"a\u{3A} fatal error: b"#),
            ("error: b", "error: b", #"error\u{3A} b"#),
            ("  note: b", "  note: b", #"  note\u{3A} b"#),
            ("Error: b (ArgumentParser's)", "Error: b (ArgumentParser's)", "Error: b (ArgumentParser's)"),
            ("a:b:: c #x [y]", "a:b:: c #x [y]", "a:b:: c #x [y]")
        ])
    func logTextBreaksWhatInstructs(text: String, value: String, line: String) {
        #expect(LogText.value(text) == value)
        #expect(LogText.line(text) == line)
        // A line of values escaped already is left as it is.
        #expect(LogText.line(LogText.line(text)) == LogText.line(text))
    }

    /// The byte check that spares most lines the rewrite never spares one that needs it: over
    /// every short text of the characters that make (or nearly make) an instruction, `line` and
    /// `value` are the rewrite's own answer (issue 57: an explain of 16,000 pushes spent most of its
    /// time rewriting lines that needed nothing).
    @Test(.bug(id: "57")) func theFastPathNeverSparesALineThatInstructs() {
        let alphabet: [Unicode.Scalar] = [":", " ", "#", "[", "e", "r", "o", "w", "n", "f", "x", "\u{2003}", "\t"]
        var generator = SystemRandomNumberGenerator()
        var texts: [[Unicode.Scalar]] = [
            Array("error:".unicodeScalars), Array(" note:".unicodeScalars), Array("a: warning:".unicodeScalars),
            Array("##[".unicodeScalars), Array("\u{2003}::".unicodeScalars), Array("a: fatal error:".unicodeScalars)
        ]
        for _ in 0..<20_000 {
            texts.append(
                (0..<Int.random(in: 1...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        for scalars in texts {
            let text = String(String.UnicodeScalarView(scalars))
            let escaped = Array(TextSafety.escaped(text).unicodeScalars)
            #expect(LogText.line(text) == LogText.rewrite(escaped, lineStart: true), "\(scalars)")
            #expect(LogText.value(text) == LogText.rewrite(escaped, lineStart: false), "\(scalars)")
        }
    }

    @Test(.bug(id: 44, "item 1")) func linesAreEachALine() {
        #expect(LogText.lines("ok\n::error::x\n") == "ok\n\\u{3A}:error::x\n")
        #expect(LogText.lines("plain text\n") == "plain text\n")
    }

    @Test func invisibleCharactersAreControls() {
        for scalar: Unicode.Scalar in [
            "\u{200B}", "\u{200D}", "\u{00AD}", "\u{FEFF}", "\u{FE0F}", "\u{E0041}", "\u{202E}"
        ] {
            #expect(TextSafety.isControl(scalar), "\(scalar.value)")
        }
        for scalar: Unicode.Scalar in ["a", "é", "\u{00A0}", "日", "\u{1F514}"] {
            #expect(!TextSafety.isControl(scalar))
        }
    }

    /// JSON printed in a CI step is read line by line as a log: the same string, nothing that instructs.
    @Test(.bug(id: 44, "item 1")) func jsonStringsCannotInstruct() throws {
        for text in ["x ##[add-mask]s", "a.caf: error: b", "#\u{200B}#[x", "ok [1]: fine", "é ü 日本 \u{1F514}"] {
            var bytes: [UInt8] = []
            JSONText.quote(text, into: &bytes)
            let written = String(decoding: bytes, as: UTF8.self)
            #expect(!written.contains("##["))
            #expect(!written.contains(": error:"))
            #expect(!written.unicodeScalars.contains("\u{200B}"))
            #expect(try JSONParser.parse(bytes) == .string(text), "\(written)")
        }
        var plain: [UInt8] = []
        JSONText.quote("ok [1]: fine é", into: &plain)
        #expect(String(decoding: plain, as: UTF8.self) == "\"ok [1]: fine é\"")
    }
}
