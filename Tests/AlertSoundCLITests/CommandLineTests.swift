import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// Runs the built `alertsound` binary as a user or CI script would; the tests here hold for every
/// command (usage errors, help), each command's own are in its `…CommandTests`.
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
    func run(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil, input: Data? = nil
    ) throws -> Run {
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
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            // Written before reading: a payload is small, far below a pipe's buffer.
            stdin.fileHandleForWriting.write(input)
            try stdin.fileHandleForWriting.close()
        }
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
        let folder = try Scratch.kept().url
        let mono = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian))
        try Data(try SoundFileBuilder.make(.caff, format: mono, samples: [Int16](repeating: 0, count: 8000))).write(
            to: folder.appendingPathComponent("ok.caf"))
        try Data(try SoundFileBuilder.make(.wave, format: mono, samples: [Int16](repeating: 0, count: 8000 * 31)))
            .write(to: folder.appendingPathComponent("long.wav"))
        let mp3: [UInt8] = [0xFF, 0xFB, 0x90, 0xC4] + [UInt8](repeating: 0, count: 413)
        try Data(mp3).write(to: folder.appendingPathComponent("fake.caf"))
        return folder
    }

    /// An empty folder of the test's own, removed when the test ends.
    static func scratch() throws -> Scratch { try Scratch() }

    /// A scratch folder holding what `alertsound-samples` makes (the README's Samples/).
    static func samples() throws -> Scratch {
        let scratch = try Scratch()
        let process = Process()
        process.executableURL = binary.deletingLastPathComponent().appendingPathComponent("alertsound-samples")
        process.arguments = [scratch.url.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return scratch
    }

    @Test func usageErrorsExit64() throws {
        #expect(try run(["check"]).status == 64)
        #expect(try run(["check", "--format", "yaml", "x.caf"]).status == 64)
        #expect(try run(["check", "--no-such-flag", "x.caf"]).status == 64)
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
