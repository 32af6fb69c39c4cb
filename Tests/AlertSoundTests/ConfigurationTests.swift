import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// `.alertsound.yml`: a repository's choices, a strict small part of YAML (issue 45, item 7).
@Suite struct ConfigurationTests {
    @Test(.bug(id: 45, "item 7")) func theKeysAreRead() throws {
        let configuration = try Configuration.parse(
            """
            # the repository's choices
            ignore:
              - ios/Runner/Ringtones/*.caf   # ringtones, not notifications
              - "assets/**/demo.wav"
            judge: every-sound
            strict: true
            platforms: [ios]
            """, path: ".alertsound.yml")
        #expect(configuration.ignore == ["ios/Runner/Ringtones/*.caf", "assets/**/demo.wav"])
        #expect(configuration.judgeEverySound && configuration.strict == true && configuration.platforms == [.ios])
        #expect(configuration.ignores("ios/Runner/Ringtones/loop.caf"))
        #expect(configuration.ignores("./ios/Runner/Ringtones/loop.caf"))
        #expect(!configuration.ignores("ios/Runner/Ringtones/deeper/loop.caf"))
        #expect(configuration.ignores("assets/a/b/demo.wav") && configuration.ignores("assets/demo.wav"))
        #expect(!configuration.ignores("ios/Runner/chime.caf"))
    }

    /// A key alertsound does not know, or a value of the wrong shape, is an error naming its line:
    /// a misspelt key silently ignored would judge what the user meant to leave out.
    @Test(.bug(id: 45, "item 7")) func whatItDoesNotKnowIsAnError() {
        for (text, message) in [
            ("ignor:\n  - x", "line 1: unknown key 'ignor'"),
            ("judge: some", "line 1: judge is notification-sounds or every-sound"),
            ("strict: yes", "line 1: strict is true or false"),
            ("platforms: [ios, windows]", "line 1: platforms are ios and android, not 'windows'"),
            ("strict: true\nstrict: false", "line 2: 'strict' is given twice"),
            ("  - stray", "line 1: an indented line belongs under a key"),
            ("judge:\n  - every-sound", "'judge' takes one value"),
            ("ignore: \"open", "line 1: a quoted value must end with its quote")
        ] {
            #expect(throws: AlertSoundError.self, "\(text)") { try Configuration.parse(text, path: "c.yml") }
            do {
                _ = try Configuration.parse(text, path: "c.yml")
            } catch let error as AlertSoundError {
                #expect(error.kind == .invalidRequest && error.message.contains(message), "\(error.message)")
            } catch {}
        }
    }

    @Test func globs() {
        func match(_ pattern: String, _ text: String) -> Bool {
            PathGlob(pattern).matches(Array(text.utf8))
        }
        #expect(match("*.caf", "a.caf") && !match("*.caf", "x/a.caf") && match("**/*.caf", "x/y/a.caf"))
        #expect(match("a?c", "abc") && !match("a?c", "ac") && match("**", "any/thing"))
        // A long run of stars and a long name cost little.
        #expect(!match(String(repeating: "*", count: 200) + "x", String(repeating: "a", count: 5000)))
    }

    /// One long ignore pattern over many sounds (issue 55): it was compiled again for each sound
    /// and walked whole over each path; now once, and it stops where nothing can match. Its
    /// verdicts are the pattern's, checked against a plain matcher on small patterns.
    @Test(.bug(id: 55, "item 2")) func aLongIgnorePatternIsCompiledOnceAndStillMatches() {
        var configuration = Configuration()
        configuration.ignore = [
            String(repeating: "*a", count: 100_000) + "*b", String(repeating: "**/", count: 50_000) + "*.wav"
        ]
        let paths = (0..<40).map { "sounds/s\($0).caf" } + ["x/y/z.wav", String(repeating: "a", count: 100) + "b"]
        #expect(paths.filter(configuration.ignores) == ["x/y/z.wav"])
        configuration.ignore = ["sounds/s1*.caf"]
        #expect(paths.filter(configuration.ignores).count == 11)
        // Every pattern of up to four tokens over every path of up to four bytes: as the plain
        // definition says.
        let pieces = ["a", "/", "*", "**", "?", "**/"]
        var patterns = [""]
        for _ in 0..<3 { patterns += patterns.flatMap { p in pieces.map { p + $0 } } }
        let texts = ["", "a", "b", "/", "a/", "/a", "aa", "a/a", "ab/a", "a//b", "aaab"]
        for pattern in Set(patterns) {
            for text in texts {
                #expect(
                    PathGlob(pattern).matches(Array(text.utf8))
                        == Self.reference(pattern, text),
                    "'\(pattern)' against '\(text)'")
            }
        }
    }

    /// The definition, by backtracking: `**` (and `**/`) any run, `*` any run without `/`, `?`
    /// one byte.
    static func reference(_ pattern: String, _ text: String) -> Bool {
        func match(_ p: Substring, _ t: Substring) -> Bool {
            // The slash of `**/` is the token's: it matches any run, none too.
            if p.hasPrefix("**/") { return (0...t.count).contains { match(p.dropFirst(3), t.dropFirst($0)) } }
            if p.hasPrefix("**") { return (0...t.count).contains { match(p.dropFirst(2), t.dropFirst($0)) } }
            if p.hasPrefix("*") {
                var rest = t
                while true {
                    if match(p.dropFirst(), rest) { return true }
                    guard let c = rest.first, c != "/" else { return false }
                    rest = rest.dropFirst()
                }
            }
            guard let c = p.first else { return t.isEmpty }
            guard let d = t.first, c == "?" || c == d else { return false }
            return match(p.dropFirst(), t.dropFirst())
        }
        return match(Substring(pattern), Substring(text))
    }
}
