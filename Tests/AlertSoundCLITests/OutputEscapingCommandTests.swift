import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// What a file or payload names reaches people escaped for where it is shown: a terminal, a
/// Markdown job summary, Xcode's issue navigator. Names here are the attack round's.
@Suite struct OutputEscapingCommandTests {
    let cli = CommandLineTests()

    func folder() throws -> URL { try ConvertCommandTests().folder() }

    /// A right-to-left override makes `evil‮fac.wav` read as `evilvaw.caf`.
    @Test func textShowsBidiControlsAsEscapes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = "evil\u{202E}fac.wav"
        try Data(FloatWAV.bytes([0.1, -0.1])).write(to: dir.appendingPathComponent(name))
        for format in ["text", "xcode", "github", "markdown", "html"] {
            let run = try cli.run(["check", "--format", format, dir.path])
            #expect(!run.stdout.unicodeScalars.contains("\u{202E}"), "\(format): \(run.stdout)")
            #expect(run.stdout.contains("\\u{202E}"), "\(format): \(run.stdout)")
        }
    }

    /// A payload's sound name once became a live link and a remote image in the job summary.
    @Test func markdownShowsPayloadNamesAsText() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = dir.appendingPathComponent("App.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(FloatWAV.bytes([0.1, -0.1])).write(to: app.appendingPathComponent("ok.wav"))
        let payload = dir.appendingPathComponent("push.json")
        let sound = "![x](https://tracker.invalid/p.png)[Approved](https://evil.invalid)*bold*"
        try JSONSerialization.data(withJSONObject: ["aps": ["sound": sound]]).write(to: payload)
        let run = try cli.run(["validate-bundle", "--format", "markdown", "--payload", payload.path, "--", app.path])
        #expect(run.status == 1)
        // Code spans show their text literally; outside them no link, image or emphasis may open.
        let outside = run.stdout.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
            $0.offset % 2 == 0
        }.map(\.element).joined()
        for live in ["![x](", "[Approved](", "*bold*"] { #expect(!outside.contains(live), "\(live) in \(run.stdout)") }
        #expect(
            outside.range(of: #"(?<!\\)\]\("#, options: .regularExpression) == nil, "an unescaped ](: \(run.stdout)")
        #expect(run.stdout.contains("tracker.invalid"), "the name is still shown: \(run.stdout)")
    }

    /// `bad.caf: warning: x.caf` once showed an error as a warning in Xcode.
    @Test func xcodeLinesKeepTheirSeverity() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = "bad.caf: warning: x.caf"
        try Data("not a sound".utf8).write(to: dir.appendingPathComponent(name))
        let run = try cli.run(["check", "--format", "xcode", dir.path])
        #expect(run.status == 1)
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("bad.caf") })
        // Xcode takes the first ": error:"/": warning:" as the severity.
        let first = try #require(line.range(of: #": (error|warning|note): "#, options: .regularExpression))
        #expect(line[first].contains("error"), "\(line)")
        #expect(
            line.hasPrefix(dir.path.replacingOccurrences(of: ":", with: "%3A"))
                && line.contains("bad.caf%3A warning%3A x.caf"), "\(line)")
    }

    /// Every command takes `--` before its paths, so a name starting with '-' is never an option.
    @Test func everyCommandTakesDoubleDash() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sound = dir.appendingPathComponent("-h.wav")
        try Data(FloatWAV.bytes([0.1, -0.1])).write(to: sound)
        for arguments in [["check", "--", "-h.wav"], ["info", "--", "-h.wav"], ["validate-bundle", "--", "."]] {
            let run = try cli.run(arguments, in: dir)
            #expect(
                run.status == 0 && !run.stdout.contains("USAGE"),
                "\(arguments): \(run.status) \(run.stdout) \(run.stderr)")
        }
        let convert = try cli.run(["convert", "--", "-h.wav", "-out.caf"], in: dir)
        #expect(
            convert.status == 0 && FileManager.default.fileExists(atPath: dir.appendingPathComponent("-out.caf").path),
            "\(convert.stderr)")
        let fix = try cli.run(["fix", "--dry-run", "--", "-h.wav"], in: dir)
        #expect(fix.status == 0, "\(fix.stderr)")
    }

    /// F15: a newline in a payload's sound name injected a fake Xcode issue line.
    @Test(.bug(id: "attack F15")) func payloadNamesCannotInjectLines() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = dir.appendingPathComponent("My.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let payload = dir.appendingPathComponent("push.apns")
        try Data(#"{"aps":{"sound":"x.caf\n/etc/passwd:1: error: [fake] injected\u001b[2J"}}"#.utf8).write(to: payload)
        for format in ["xcode", "text"] {
            let r = try cli.run(["validate-bundle", app.path, "--payload", payload.path, "--format", format])
            #expect(r.status == 1)
            #expect(!r.stdout.split(separator: "\n").contains { $0.hasPrefix("/etc/passwd") }, "\(format): \(r.stdout)")
            #expect(!r.stdout.contains("\u{1B}"))
            #expect(r.stdout.contains(#"x.caf\n/etc/passwd"#))
        }
    }
}

extension OutputEscapingCommandTests {
    /// `--format github` printed ESC, TAB and U+2028 from file names raw (text and xcode escaped them).
    @Test(.bug(id: 22)) func githubEscapesControlCharactersInNames() throws {
        let scratch = try CommandLineTests.scratch(), dir = scratch.url.path
        let name = "a\u{1B}[31m\tb\u{2028}c.caf"
        try Data("not a sound".utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        let run = try cli.run(["check", dir, "--format", "github"])
        #expect(run.status == 1)
        #expect(
            !run.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\t" || $0 == "\u{2028}" }, "\(run.stdout)")
        #expect(run.stdout.contains("a\\u{1B}[31m\\tb\\u{2028}c.caf"))
    }
}
