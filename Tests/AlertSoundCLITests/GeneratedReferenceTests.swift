// The generated parts of the man page, the guides and the schema are what the code makes now
// (GeneratedReference). The test only checks: `alertsound generate-reference`
// (scripts/dev/generate-docs) rewrites them.
import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCLI

@Suite struct GeneratedReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Expects the file to be `made` already.
    static func compare(_ path: String, _ made: String, _ current: String) throws {
        if made != current {
            let a = current.split(separator: "\n", omittingEmptySubsequences: false)
            let b = made.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            Issue.record(
                "\(path) is out of date from line \(line + 1) (run scripts/dev/generate-docs): has '\(line < a.count ? a[line] : "")', the code makes '\(line < b.count ? b[line] : "")'"
            )
        }
    }

    /// The commands' arguments, as the built command describes them.
    static func toolInfo() throws -> GeneratedReference.ToolInfo {
        let run = try CommandLineTests().run(["--experimental-dump-help"])
        return try JSONDecoder().decode(GeneratedReference.ToolInfo.self, from: Data(run.stdout.utf8))
    }

    @Test func theGeneratedPartsOfTheDocsAreUpToDate() throws {
        let tool = try Self.toolInfo()
        var topics: [DiagnosticCode.Topic: [Int]] = [:], kinds: [String: Set<String>] = [:]
        for (path, style) in GeneratedReference.documents {
            let current = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            let (made, specs) = try GeneratedReference.regenerate(current, style: style, tool: tool)
            #expect(!specs.isEmpty, "\(path) has no generated part")
            try Self.compare(path, made, current)
            for spec in specs {
                kinds[spec[0], default: []].insert(path)
                for name in spec.dropFirst() { topics[DiagnosticCode.Topic(rawValue: name)!, default: []].append(1) }
            }
        }
        // Every code is documented in the man page and in a guide; every threshold and exit status too.
        for topic in DiagnosticCode.Topic.allCases {
            #expect(
                topics[topic]?.count == 2,
                "\(topic) is listed \(topics[topic]?.count ?? 0) times, not in the man page and one guide")
        }
        #expect(kinds["synopsis"] == ["man/alertsound.1"])
        for kind in ["thresholds", "exit-status"] {
            #expect(
                kinds[kind]?.count == 2 && kinds[kind]?.contains("man/alertsound.1") == true,
                "\(kind): \(kinds[kind] ?? [])")
        }
        let schema = try String(
            contentsOf: Self.root.appendingPathComponent(GeneratedReference.schema), encoding: .utf8)
        try Self.compare(GeneratedReference.schema, try GeneratedReference.regenerateSchema(schema), schema)
        let libraries = try String(
            contentsOf: Self.root.appendingPathComponent(GeneratedReference.librarySchema), encoding: .utf8)
        try Self.compare(
            GeneratedReference.librarySchema, try GeneratedReference.regenerateLibraries(libraries), libraries)
        #expect(kinds["libraries"] == ["man/alertsound.1", "docs/cross-platform.md"], "\(kinds["libraries"] ?? [])")
        for path in GeneratedReference.kindSchemas {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            try Self.compare(path, try GeneratedReference.regenerateKinds(text, path: path), text)
        }
    }

    /// The table of project kinds in the man page and the guide is the registry's, and the
    /// registry reports every kind of bundle the JSON can name.
    @Test(.bug(id: "56")) func theKindsOfProjectAreTheRegistrys() throws {
        let tool = try Self.toolInfo()
        var places: [String] = []
        for (path, style) in GeneratedReference.documents {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            let specs = try GeneratedReference.regenerate(text, style: style, tool: tool).specs
            if specs.contains(["project-kinds"]) { places.append(path) }
        }
        #expect(places.count == 2 && places.contains("man/alertsound.1"), "\(places)")
        #expect(Set(ProjectRegistry.bundleKinds) == Set(BundleKind.allCases))
        let table = GeneratedReference.projectKinds(style: .markdown)
        for kind in ProjectRegistry.kinds { #expect(table.contains(GeneratedReference.capitalized(kind.name))) }
        // --help names every kind too.
        let help = ValidateBundle.helpMessage(columns: 10_000)
        for kind in ProjectRegistry.kinds { #expect(help.contains(kind.name), "\(kind.name)") }
    }

    /// The synopsis lists every option; the man page's prose must also say what each does.
    @Test func theManPageDescribesEveryOption() throws {
        let manual = try String(contentsOf: Self.root.appendingPathComponent("man/alertsound.1"), encoding: .utf8)
        let prose = manual.components(separatedBy: ".SH DESCRIPTION").last ?? ""
        for command in try Self.toolInfo().command.subcommands ?? []
        where command.commandName != "help" && command.shouldDisplay != false {
            for argument in command.arguments ?? []
            where argument.kind != "positional" && argument.shouldDisplay != false {
                let names = (argument.names ?? []).map { ($0.kind == "long" ? "--" : "-") + $0.name }
                #expect(
                    names.contains {
                        prose.contains("\\fB" + GeneratedReference.roff($0))
                            || prose.contains(".BR " + GeneratedReference.roff($0))
                            || prose.contains(".B " + GeneratedReference.roff($0))
                    },
                    "man/alertsound.1 never describes \(command.commandName)'s \(names)")
            }
        }
    }

    @Test func theRenderingsKeepTextFromBecomingMarkup() {
        #expect(
            GeneratedReference.roff("-1 dBTP `--lock` a\\b µ …") == "\\-1 dBTP \\fB\\-\\-lock\\fR a\\eb \\(*m \\&...")
        #expect(GeneratedReference.roff(".lproj", line: true) == "\\&.lproj")
        // groff without preconv reads bytes as Latin-1: anything else outside ASCII by its code point.
        #expect(GeneratedReference.roff("Stra\u{DF}e \u{2013} \u{E9}") == "Stra\\[u00DF]e \\(en \\[u00E9]")
        #expect(
            GeneratedReference.markdown("*.bundle | <x> [a] `a|b` _c_")
                == "\\*.bundle \\| &lt;x&gt; \\[a\\] `a¦b` \\_c\\_")
    }

    @Test func theTablesCoverTheCodeTheyDescribe() throws {
        // Each command's statuses come in rising order and include a usage error; the commands are the CLI's.
        let commands = AlertSoundCommand.configuration.subcommands.filter { $0.configuration.shouldDisplay }.map {
            $0._commandName
        }
        #expect(Set(CommandExits.all.map(\.command)) == Set(commands))
        for exits in CommandExits.all {
            let statuses = exits.meanings.map(\.status.rawValue)
            #expect(statuses == statuses.sorted() && statuses.first == 0 && statuses.last == 64, "\(exits.command)")
        }
        // Every level code is judged against a threshold, but silence and clipping (which have none).
        let judged = Set(LevelOptions.Threshold.all.flatMap(\.codes))
        #expect(judged == Set(DiagnosticCode.Topic.levels.codes).subtracting([.silent, .clipped]))
        // The options are the ones the commands take.
        let help = Check.helpMessage()
        for threshold in LevelOptions.Threshold.all {
            #expect(help.contains("--\(threshold.option) <\(threshold.valueName)>"))
        }
    }

    /// The tool rewrites a stale block and then finds nothing to change; `--check` changes nothing
    /// and fails while a file is stale.
    @Test func theToolRewritesWhatIsStale() throws {
        let scratch = try Scratch()
        for (path, _) in GeneratedReference.documents
            + [(GeneratedReference.schema, .markdown), (GeneratedReference.librarySchema, .markdown)]
            + GeneratedReference.kindSchemas.filter({ $0 != GeneratedReference.librarySchema }).map({ ($0, .markdown) })
        {
            try FileManager.default.createDirectory(
                atPath: scratch.path(parentFolder(path)), withIntermediateDirectories: true)
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            _ = try scratch.write(path, Array(text.utf8))
        }
        let man = scratch.path("man/alertsound.1")
        let good = try String(contentsOfFile: man, encoding: .utf8)
        let stale = good.replacingOccurrences(of: ".BR too\\-long \" (error)\"", with: ".BR too\\-long \" (oops)\"")
        #expect(stale != good)
        try Data(stale.utf8).write(to: URL(fileURLWithPath: man))
        let info = try scratch.write(
            "info.json", Array(try CommandLineTests().run(["--experimental-dump-help"]).stdout.utf8))
        let cli = CommandLineTests()
        let checked = try cli.run(["generate-reference", "--tool-info", info, "--check", scratch.url.path])
        #expect(checked.status == 1 && checked.stdout.contains("out of date: man/alertsound.1"), "\(checked.stdout)")
        #expect(try String(contentsOfFile: man, encoding: .utf8) == stale, "--check changes nothing")
        let rewritten = try cli.run(["generate-reference", "--tool-info", info, scratch.url.path])
        #expect(rewritten.status == 0 && rewritten.stdout.contains("rewritten: man/alertsound.1"))
        #expect(try String(contentsOfFile: man, encoding: .utf8) == good)
        #expect(try cli.run(["generate-reference", "--tool-info", info, "--check", scratch.url.path]).status == 0)
        // Hidden: not in --help, not in the man page.
        #expect(!(try cli.run(["--help"]).stdout.contains("generate-reference")))
        #expect(!good.contains("generate\\-reference"))
    }

    /// Issue 55, item 5: `--tool-info` is read only as far as the bound, never whole whatever its
    /// size: one byte past it is `too-large`, named, and nothing is written.
    @Test(.bug(id: 55, "item 5")) func aToolInfoPastTheBoundIsRefused() throws {
        let scratch = try Scratch()
        let info = scratch.path("info.json")
        // Sparse: the size a header could claim, without the disk it would take.
        #expect(FileManager.default.createFile(atPath: info, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: info))
        try handle.truncate(atOffset: UInt64(Limits.maximumReferenceInputBytes + 1))
        try handle.close()
        let r = try CommandLineTests().run(["generate-reference", "--tool-info", info, "--check", scratch.url.path])
        #expect(r.status == 1 && r.stderr.contains("info.json: larger than 16 MiB"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }
}
