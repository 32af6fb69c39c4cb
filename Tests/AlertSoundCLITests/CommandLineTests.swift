import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// Runs the built `alertsound` binary as a user or CI script would.
@Suite struct CommandLineTests {
    init() {}
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `alertsound` built with these tests: beside the test bundle, whatever the configuration
    /// (debug, release), triple folder or `--scratch-path`; `ALERTSOUND_BINARY` overrides it.
    static let binary: URL = {
        if let chosen = ProcessInfo.processInfo.environment["ALERTSOUND_BINARY"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen)
        }
        return BuiltProducts.executable("alertsound")
            ?? URL(fileURLWithPath: "alertsound-binary-not-found-beside-the-tests")
    }()

    /// `environment` entries are added to (or replace) this process's own.
    func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let run = Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
        Self.checkAgainstSchema(arguments, run)
        return run
    }

    static let schemas = try? SchemaValidator()

    /// Every JSON document any test makes the command print must conform to its schema in
    /// `Schemas/`: the contract is checked on every output the suite produces, not on samples.
    static func checkAgainstSchema(_ arguments: [String], _ run: Run) {
        guard let command = arguments.first, let format = arguments.firstIndex(of: "--format"),
            format + 1 < arguments.count,
            arguments[format + 1] == "json", run.status != 64 || !run.stdout.isEmpty
        else { return }
        guard let schemas else {
            Issue.record("Schemas/ cannot be read")
            return
        }
        let problems = schemas.problems(run.stdout, schema: command + ".schema.json")
        if !problems.isEmpty {
            Issue.record(
                "alertsound \(arguments.joined(separator: " ")): JSON does not match Schemas/\(command).schema.json: \(problems.prefix(5).joined(separator: "; "))"
            )
        }
        schemaChecks.increment()
    }

    /// How many documents were checked, so a test can show the hook runs.
    static let schemaChecks = Counter()

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() {
            lock.lock()
            count += 1
            lock.unlock()
        }
        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
    }

    /// A folder with one valid sound, one too long, and one MP3 named .caf.
    func fixtureFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "alertsound-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mono = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian))
        try Data(try SoundFileBuilder.make(.caff, format: mono, samples: [Int16](repeating: 0, count: 8000))).write(
            to: folder.appendingPathComponent("ok.caf"))
        try Data(try SoundFileBuilder.make(.wave, format: mono, samples: [Int16](repeating: 0, count: 8000 * 31)))
            .write(to: folder.appendingPathComponent("long.wav"))
        let mp3: [UInt8] = [0xFF, 0xFB, 0x90, 0xC4] + [UInt8](repeating: 0, count: 413)
        try Data(mp3).write(to: folder.appendingPathComponent("fake.caf"))
        return folder
    }

    @Test func validFileExitsZero() throws {
        let folder = try fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try run(["check", folder.appendingPathComponent("ok.caf").path])
        #expect(r.status == 0)
        #expect(r.stdout.contains("ok.caf: valid (CAF, lpcm 16-bit, 8000 Hz, 1 ch, 1.000 s)"))
        #expect(r.stdout.contains("1 file checked: 1 valid, 0 invalid"))
    }

    @Test func invalidFolderExitsOneWithCodes() throws {
        let folder = try fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try run(["check", folder.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("error [too-long]"))
        #expect(r.stdout.contains("error [unsupported-container]"))
        #expect(r.stdout.contains("warning [extension-mismatch]"))
        #expect(r.stdout.contains("3 files checked: 1 valid, 2 invalid"))
    }

    @Test func missingPathExitsOne() throws {
        let r = try run(["check", "/nonexistent/x.caf"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("[not-found]"))
    }

    @Test func usageErrorsExit64() throws {
        #expect(try run(["check"]).status == 64)
        #expect(try run(["check", "--format", "yaml", "x.caf"]).status == 64)
        #expect(try run(["check", "--no-such-flag", "x.caf"]).status == 64)
    }

    @Test func jsonIsOneObjectWithDocumentedFields() throws {
        let folder = try fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try run(["check", "--format", "json", folder.path])
        #expect(r.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect(json["valid"] as? Bool == false)
        let files = json["files"] as! [[String: Any]]
        #expect(files.count == 3)
        let long = files.first { ($0["path"] as! String).hasSuffix("long.wav") }!
        #expect(long["duration"] as? Double == 31)
        #expect(long["frames"] as? Int == 248_000)
        #expect((long["diagnostics"] as! [[String: Any]]).first?["code"] as? String == "too-long")
        let fake = files.first { ($0["path"] as! String).hasSuffix("fake.caf") }!
        #expect(fake["container"] as? String == "mp3")
        // The first frame's rate is stated; its length is not, so frames stay unknown.
        #expect(fake["sampleRate"] as? Double == 44_100 && fake["frames"] is NSNull)
    }

    @Test func xcodeAndGitHubFormats() throws {
        let folder = try fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = folder.appendingPathComponent("long.wav").path
        let xcode = try run(["check", "--format", "xcode", long])
        #expect(xcode.stdout.hasPrefix("\(long): error: [too-long] plays 31.000 s"))
        let github = try run(["check", "--format", "github", long])
        #expect(github.stdout.hasPrefix("::error file=\(long),title=too-long::plays 31.000 s"))
        #expect(github.status == 1)
    }

    @Test func strictFailsOnWarnings() throws {
        let folder = try fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let misnamed = folder.appendingPathComponent("ok.wav")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("ok.caf"), to: misnamed)
        #expect(try run(["check", misnamed.path]).status == 0)
        #expect(try run(["check", "--strict", misnamed.path]).status == 1)
    }

    @Test func infoShowsHeaderFacts() throws {
        let folder = try fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try run(["info", folder.appendingPathComponent("ok.caf").path])
        #expect(r.status == 0)
        for expected in [
            "Container        CAF (caf)", "Data format      lpcm 'lpcm'", "Frames           8000",
            "Duration         1.000 s",
            "Audio data       16000 bytes at byte 4096", "'desc' @8 (32)"
        ] {
            #expect(r.stdout.contains(expected), "missing \(expected)")
        }
        let json = try run([
            "info", "--format", "json", folder.appendingPathComponent("ok.caf").path, "/nonexistent.caf"
        ])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let files = object["files"] as! [[String: Any]]
        #expect((files[0]["chunks"] as! [[String: Any]]).map { $0["id"] as! String } == ["desc", "free", "data"])
        #expect((files[1]["error"] as? [String: Any])?["message"] as? String == "no such file or folder")
    }

    @Test func helpListsCommands() throws {
        let r = try run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("check") && r.stdout.contains("info"))
    }

    /// A newcomer found runs of spaces inside `validate-bundle --help`'s sentences, and level codes
    /// listed for a command that has no --levels.
    @Test(arguments: ["check", "info", "convert", "fix", "validate-bundle", "export"])
    func helpSentencesAreWhole(_ command: String) throws {
        let help = try run([command, "--help"]).stdout
        // Lines that start with text (not an option's aligned column) hold no run of spaces mid-sentence.
        let runs = help.split(separator: "\n").filter {
            !$0.hasPrefix(" ") && $0.range(of: "[^ ]  +[^ ]", options: .regularExpression) != nil
        }
        #expect(runs.isEmpty, "\(runs)")
        if command == "validate-bundle" {
            let codes = help.components(separatedBy: "Codes:").last ?? ""
            #expect(!codes.contains("true-peak-over") && !codes.contains("too-quiet"), "\(codes)")
        }
    }
}
