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

/// Issue 44, item 1: a run that stops printed its error line raw on standard error, and a CI runner
/// reads workflow commands from both streams (Xcode reads `path: error:` from a script's too).
extension OutputEscapingCommandTests {
    /// Text a hostile input carries into a message: a workflow command after a newline, GitHub's
    /// legacy command anywhere (once with a zero-width space inside), Xcode's issue marker.
    static let hostile = "a\n::error file=x.caf::pwned ##[add-mask]secret #\u{200B}#[stop-commands]t: warning: fake"

    /// The lines of `output` a CI runner or Xcode would take for an instruction: one starting with
    /// `::` (but for `--format github`'s own commands), one holding `##[` once invisible characters
    /// are dropped, one holding Xcode's marker beyond the one an xcode-format line starts with.
    static func instructions(in output: String, format: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in
            let visible = String(
                String.UnicodeScalarView(line.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }))
            let trimmed = visible.drop { $0.isWhitespace }
            let ownCommand =
                format == "github"
                && trimmed.range(of: #"^::(error|warning|notice)[ :]"#, options: .regularExpression) != nil
            let markers = visible.ranges(of: #/: (error|warning|note|fatal error):/#).count
            // An xcode-format line has its own marker, after its path (whose colons are %3A).
            return (trimmed.hasPrefix("::") && !ownCommand) || visible.contains("##[")
                || markers > (format == "xcode" ? 1 : 0) || trimmed.hasPrefix("error:")
        }
    }

    /// A hand-edited lock, a project's key, a folder's name and an option's value, in every format:
    /// the run stops or fails with the text shown, and no line instructs a runner or Xcode.
    @Test(.bug(id: 44, "item 1"), arguments: ["text", "json", "github", "xcode", "markdown"])
    func stoppedRunsCannotInstructALog(format: String) throws {
        let scratch = try Scratch()
        let app = scratch.path("My.app"), ios = scratch.path("ios")
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: ios + "/App.xcodeproj", withIntermediateDirectories: true)
        let lock = try scratch.write(
            "lock.json",
            Array(
                #"{"schemaVersion":1,"sounds":[{"name":"\#(Self.hostile.replacingOccurrences(of: "\n", with: "\\n"))","contentHash":"x","channelId":"c"}]}"#
                    .utf8))
        try Data(#"{ objects = { "\#(Self.hostile)" ; }; }"#.utf8).write(
            to: URL(fileURLWithPath: ios + "/App.xcodeproj/project.pbxproj"))
        let runs: [[String]] = [
            ["validate-bundle", app, "--lock", lock], ["validate-bundle", ios],
            ["validate-bundle", "--", scratch.path(Self.hostile)], ["check", "--max-leading-silence", Self.hostile, app]
        ]
        for arguments in runs {
            let run = try cli.run([arguments[0], "--format", format] + arguments.dropFirst())
            #expect(run.status != 0, "\(arguments)")
            #expect(run.stderr.contains("pwned"), "the text is still shown: \(run.stderr)")
            #expect(Self.instructions(in: run.stderr, format: "stderr").isEmpty, "\(arguments): \(run.stderr)")
            #expect(Self.instructions(in: run.stdout, format: format).isEmpty, "\(arguments) \(format): \(run.stdout)")
        }
    }

    /// Names in reports, in every format: a file's name in a checked folder.
    @Test(.bug(id: 44, "item 1"), arguments: ["text", "json", "github", "xcode", "markdown", "html"])
    func namesInReportsCannotInstructALog(format: String) throws {
        let scratch = try Scratch()
        _ = try scratch.write(
            Self.hostile.replacingOccurrences(of: "\n", with: "\r") + ".caf", Array("not a sound".utf8))
        let run = try cli.run(["check", "--format", format, scratch.url.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("pwned"))
        #expect(Self.instructions(in: run.stdout, format: format).isEmpty, "\(format): \(run.stdout)")
        #expect(Self.instructions(in: run.stderr, format: "stderr").isEmpty, "\(run.stderr)")
    }
}

extension OutputEscapingCommandTests {
    /// Every byte the commands write goes through `Printers`, where each stream's escaping is:
    /// a `print` or `fputs` of its own is how a raw error line once reached a CI log.
    @Test(.bug(id: 44, "item 1")) func onlyPrintersWrites() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/AlertSoundCLI")
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("Output/Printers.swift") }
        #expect(files.count > 20)
        let writes =
            #/(^|[^A-Za-z_.])(print|fputs|fwrite|puts|putchar)\(|[^A-Za-z_.]write\((1|2|STD)|FileHandle\.standard|stderr|stdout/#
        for file in files {
            let text = try String(contentsOfFile: root.path + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(writes) {
                Issue.record("\(file):\(number + 1) writes without Printers: \(line)")
            }
        }
    }
}
