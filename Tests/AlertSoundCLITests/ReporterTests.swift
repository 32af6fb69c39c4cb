import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCLI

/// Every output format is one `Reporter`, registered once: what `--format` offers is the registry,
/// and each registered format reports a run, stops a run and judges bundles as it says it does.
@Suite struct ReporterTests {
    let cli = CommandLineTests()

    /// `--format`'s choices in `--help` are the registry's, for both commands.
    @Test func theChoicesAreTheRegistry() throws {
        // The help as one line: ArgumentParser wraps it.
        func help(_ command: String) throws -> String {
            try cli.run([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let check = try help("check"), bundle = try help("validate-bundle")
        for reporter in Reporters.all {
            #expect(check.contains(reporter.name + " " + reporter.purpose.prefix(12)), "\(reporter.name)")
            #expect(
                bundle.contains("\(reporter.name) \(reporter.purpose.prefix(12))") == reporter.judgesBundles,
                "\(reporter.name)")
        }
        #expect(ReportFormat.allValueStrings == Reporters.all.map { $0.name })
        #expect(BundleReportOptions.Choice.allValueStrings == Reporters.all.filter { $0.judgesBundles }.map { $0.name })
    }

    /// Each format reports a run of `check` (one valid sound, one not) and, where it judges bundles,
    /// of `validate-bundle`; says a stopped run; and is refused by a command it is not offered by.
    @Test(arguments: Reporters.all.map { $0.name })
    func eachFormatReportsAndStops(name: String) throws {
        let reporter = try #require(Reporters.all.first { $0.name == name })
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("My.app"), withIntermediateDirectories: true)
        _ = try scratch.write("My.app/ok.wav", FloatWAV.bytes([0.1, -0.1, 0.1]))
        _ = try scratch.write("My.app/bad.caf", Array("not a sound".utf8))
        let check = try cli.run(["check", "--format", name, scratch.path("My.app")])
        #expect(
            check.status == 1 && check.stdout.contains("bad.caf") && check.stdout.contains("ok.wav"), "\(check.stdout)")
        let bundle = try cli.run(["validate-bundle", "--format", name, scratch.path("My.app")])
        if reporter.judgesBundles {
            #expect(bundle.status == 1 && bundle.stdout.contains("bad.caf"), "\(bundle.stdout)")
        } else {
            #expect(bundle.status == 64 && bundle.stderr.contains("--format \(name) is check's"), "\(bundle.stderr)")
        }
        // The stamp cannot be written after the report: standard error alone says so, and what
        // standard output holds is still the one report (one JSON document).
        try FileManager.default.removeItem(atPath: scratch.path("My.app/bad.caf"))
        let stamp = try cli.run(
            ["check", "--format", name, "--stamp", scratch.path("no/such/folder/stamp"), scratch.path("My.app")])
        #expect(stamp.status == 2 && stamp.stderr.contains("cannot write the stamp file"), "\(stamp.stderr)")
        #expect(!stamp.stdout.contains("stamp"), "\(stamp.stdout)")
        // A run that stops before any report: standard error says it, and standard output as the
        // format does (JSON's error document, an Xcode issue, an annotation).
        guard reporter.judgesBundles else { return }
        let missing = scratch.path("Missing.app")
        let stopped = try cli.run(["validate-bundle", "--format", name, missing])
        #expect(stopped.status == 2 && stopped.stderr.contains("no such file or folder"), "\(stopped.stderr)")
        let said = reporter.stopped(
            AlertSoundError(.notFound, "no such file or folder", path: missing), command: "validate-bundle")
        #expect(stopped.stdout == (said ?? ""), "\(stopped.stdout)")
    }
}
