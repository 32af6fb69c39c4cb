// The parts of the documentation that are facts of the code — every diagnostic code with its
// severity and meaning, the level thresholds, each command's exit statuses — made from the code:
// `DiagnosticCode` (topic, severity, summary, details), `LevelOptions.Threshold`, `CommandExits`,
// `FileType` and `ContainerKind` (what each type is named and holds, which names are sounds),
// `Limits.documented` (every bound on what is read), `FixDefaults` (what fix does unless told),
// and the commands' own arguments (the synopsis, from `alertsound --experimental-dump-help`, the
// description ArgumentParser's generate-manual reads). In the man page and the guides they sit between markers naming what goes there:
//
//     .\" generated: codes file levels          <!-- generated: thresholds -->
//     ...                                       ...
//     .\" end generated                         <!-- end generated -->
//
// and in Schemas/common.schema.json as the `code` definition. `alertsound generate-reference` (hidden;
// scripts/dev/generate-docs runs it) rewrites them, as argument-parser's generate-manual and
// swift-format's generate-swift-format make theirs; GeneratedReferenceTests only checks that they are
// what this makes.
import AlertSound
import AlertSoundCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum GeneratedReference {
    enum Style { case roff, markdown }

    /// Every file with generated parts, from the repository's root.
    static let documents: [(path: String, style: Style)] = [
        ("man/alertsound.1", .roff), ("docs/command-line.md", .markdown), ("docs/ci-and-xcode.md", .markdown),
        ("docs/cross-platform.md", .markdown)
    ]
    static let schema = "Schemas/common.schema.json"
    /// The schema whose `library` enum lists ``AndroidLibrary/allCases``.
    static let librarySchema = "Schemas/validate-bundle.schema.json"
    /// The schemas whose bundles' `kind` enum is the registry's (``ProjectRegistry/bundleKinds``).
    static let kindSchemas = ["Schemas/validate-bundle.schema.json", "Schemas/explain.schema.json"]

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    // MARK: Documents

    /// `text` with each generated block's body made afresh; also the specs it found.
    static func regenerate(_ text: String, style: Style, tool: ToolInfo) throws -> (text: String, specs: [[String]]) {
        let (open, close, end) =
            style == .roff
            ? (".\\\" generated: ", "", ".\\\" end generated") : ("<!-- generated: ", " -->", "<!-- end generated -->")
        var out: [Substring] = [], specs: [[String]] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            out.append(line)
            guard line.hasPrefix(open), line.hasSuffix(close) else { continue }
            let spec = line.dropFirst(open.count).dropLast(close.count).split(separator: " ").map(String.init)
            guard let stop = lines.firstIndex(where: { $0 == end }) else {
                throw Problem(description: "'\(line)' has no '\(end)'")
            }
            lines = lines[stop...]
            // A Markdown table keeps a blank line either side, so the markers never join it.
            let body = try block(spec, style: style, tool: tool)
            out += (style == .markdown ? "\n" + body : body).split(separator: "\n", omittingEmptySubsequences: false)
            if style == .roff { out.removeLast() }
            specs.append(spec)
        }
        return (out.joined(separator: "\n"), specs)
    }

    /// One block's body, ending in a newline.
    static func block(_ spec: [String], style: Style, tool: ToolInfo) throws -> String {
        switch spec.first {
        case "synopsis" where spec.count == 1 && style == .roff: return synopsis(tool)
        case "codes":
            let topics = try spec.dropFirst().map { name in
                guard let topic = DiagnosticCode.Topic(rawValue: name) else {
                    throw Problem(description: "no topic '\(name)'")
                }
                return topic
            }
            return codes(topics.flatMap(\.codes), style: style)
        case "thresholds" where spec.count == 1: return thresholds(style: style)
        case "exit-status" where spec.count == 1: return exitStatus(style: style)
        case "file-types" where spec.count == 1: return fileTypes(style: style)
        case "limits" where spec.count == 1: return limits(style: style)
        case "fix-defaults" where spec.count == 1: return fixDefaults(style: style)
        case "sound-extensions" where spec.count == 1 && style == .roff: return soundExtensions()
        case "libraries" where spec.count == 1: return libraries(style: style)
        case "project-kinds" where spec.count == 1: return projectKinds(style: style)
        case "formats" where spec.count == 1 && style == .roff: return formats()
        default: throw Problem(description: "no generated block '\(spec.joined(separator: " "))'")
        }
    }

    static func codes(_ codes: [DiagnosticCode], style: Style) -> String {
        switch style {
        case .roff:
            return codes.map { code in
                let text = [code.summary, code.details].compactMap { $0 }.joined(separator: " ")
                return entry(".BR \(roff(code.rawValue)) \" (\(code.severity.rawValue))\"", text)
            }.joined()
        case .markdown:
            return table(
                ["code", "severity", "meaning"],
                codes.map { ["`\($0.rawValue)`", $0.severity.rawValue, markdown($0.summary)] })
        }
    }

    static func thresholds(style: Style) -> String {
        let all = LevelOptions.Threshold.all
        func codes(_ t: LevelOptions.Threshold) -> String { spans(t.codes.map(\.rawValue)) }
        switch style {
        case .roff:
            return all.map { t in
                let text = "\(capitalized(t.meaning)), \(t.range); default \(t.defaultValue). Judges \(codes(t))."
                return entry(".BR \\-\\-\(roff(t.option)) \" \\fI\(roff(t.valueName))\\fR\"", text)
            }.joined()
        case .markdown:
            return table(
                ["option", "what it bounds", "values", "default", "codes"],
                all.map {
                    [
                        "`--\($0.option) \($0.valueName)`", markdown($0.meaning), markdown($0.range), $0.defaultValue,
                        codes($0)
                    ]
                })
        }
    }

    static func exitStatus(style: Style) -> String {
        func text(_ exits: CommandExits) -> String { exits.list + "." }
        switch style {
        case .roff:
            return CommandExits.all.map { entry(".B \(roff($0.command))", text($0)) }.joined()
        case .markdown:
            return table(["command", "exit status"], CommandExits.all.map { ["`\($0.command)`", markdown(text($0))] })
        }
    }

    /// Each file type `convert` and `fix` write: the extensions that choose it, its data format
    /// without `-d`, and the `-d` names it holds (`FileType`, the one statement of which type
    /// carries what).
    static func fileTypes(style: Style) -> String {
        let rows = FileType.allCases.map { type in
            (
                type: type.rawValue, extensions: spans(type.container.fileExtensions.map { "." + $0 }),
                fallback: "`\(type.defaultDataFormat.name)`", holds: spans(type.allowedDataFormats)
            )
        }
        switch style {
        case .roff:
            return rows.map { row in
                let text = "Named \(row.extensions); without `-d`, \(row.fallback). Holds \(row.holds)."
                return entry(".B \(roff(row.type))", text)
            }.joined()
        case .markdown:
            return table(
                ["`-f`", "named", "without `-d`", "holds (`-d`)"],
                rows.map { ["`\($0.type)`", markdown($0.extensions), markdown($0.fallback), markdown($0.holds)] })
        }
    }

    /// Every bound on what alertsound reads, with its numbers from `Limits`.
    static func limits(style: Style) -> String {
        switch style {
        case .roff:
            return Limits.documented.map { entry(".B \(roff(capitalized($0.what)))", capitalized($0.limit) + ".") }
                .joined()
        case .markdown:
            return table(["what", "limit"], Limits.documented.map { [markdown($0.what), markdown($0.limit)] })
        }
    }

    /// What `fix` does unless an option says otherwise (`FixDefaults`, which `--help` words too).
    static func fixDefaults(style: Style) -> String {
        switch style {
        case .roff:
            return FixDefaults.documented.map { row in
                entry(
                    roff("`" + capitalized(row.what) + "` (" + spans(row.options) + ")", line: true),
                    capitalized(row.value) + ".")
            }.joined()
        case .markdown:
            return table(
                ["what", "unless told otherwise", "option"],
                FixDefaults.documented.map { [markdown($0.what), markdown($0.value), markdown(spans($0.options))] })
        }
    }

    /// Every kind of project `validate-bundle` reads, from the registry (``ProjectRegistry``): how
    /// each is recognised, what it is judged by and its `kind` in the JSON; then the frameworks
    /// whose apps are their Xcode and Gradle projects, with their code in the folder above.
    static func projectKinds(style: Style) -> String {
        var rows = ProjectRegistry.kinds.map { kind in
            (
                name: kind.name, detected: kind.detected, judged: kind.judged,
                reports: spans(kind.reports.map(\.rawValue))
            )
        }
        rows += ProjectRegistry.hosts.map { host in
            (
                name: host.framework,
                detected: host.naming.map {
                    "a `\(host.marker)` naming `\($0)` in the folder above an Xcode or Gradle project it finds, or in a module folder in it"
                } ?? "`\(host.marker)` in the folder above an Xcode or Gradle project it finds",
                judged: "by those projects, as each says; the app's code is read from the folder above them",
                reports: "as those projects'"
            )
        }
        switch style {
        case .roff:
            return rows.map { row in
                entry(
                    ".B \(roff(capitalized(row.name)))",
                    "Recognised by \(row.detected). Judged: \(row.judged). Reported as \(row.reports).")
            }.joined()
        case .markdown:
            return table(
                ["kind", "recognised by", "judged", "`kind` in the JSON"],
                rows.map {
                    [markdown(capitalized($0.name)), markdown($0.detected), markdown($0.judged), markdown($0.reports)]
                })
        }
    }

    /// The extensions that make a file a sound in a folder walk, and the ones left out.
    static func soundExtensions() -> String {
        let all = ContainerKind.allCases.flatMap(\.fileExtensions)
        let sounds = all.filter { ContainerKind.isSoundName("x." + $0) }
        let videos = all.filter { !ContainerKind.isSoundName("x." + $0) }
        let text =
            "(\(sounds.joined(separator: " ")); not \(videos.joined(separator: " or ")), which usually name videos)"
        return roff(text, line: true) + "\n"
    }

    /// Every command with every argument it shows in `--help`, as the man page's SYNOPSIS: options
    /// by their short name where they have one (afconvert's `-d`, `-f`, `-c`), operands last.
    static func synopsis(_ tool: ToolInfo) -> String {
        var out: [String] = []
        for command in tool.command.subcommands ?? []
        where command.commandName != "help" && command.shouldDisplay != false {
            out.append(".B \(roff(tool.command.commandName)) \(roff(command.commandName))")
            let shown = (command.arguments ?? []).filter {
                $0.shouldDisplay != false && !["help", "version"].contains($0.preferredName?.name)
            }
            for argument in shown where argument.kind != "positional" {
                let names = argument.names ?? []
                guard let name = names.first(where: { $0.kind == "short" }) ?? argument.preferredName ?? names.first
                else { continue }
                var words = [roff((name.kind == "long" ? "--" : "-") + name.name)]
                if argument.kind == "option",
                    let value = argument.allValues?.joined(separator: "|") ?? argument.valueName
                {
                    words.append(value.contains("|") ? "\" \(roff(value))\"" : "\" \\fI\(roff(value))\\fR\"")
                }
                out.append(".RB [ \(words.joined(separator: " ")) ]\(argument.isRepeating ? "..." : "")")
            }
            for argument in shown where argument.kind == "positional" {
                let names = (argument.valueName ?? "operand").split(separator: "> <", omittingEmptySubsequences: false)
                    .map { roff(String($0)) }
                let list = names.joined(separator: " \" \" ")
                let repeated = argument.isRepeating ? " ..." : ""
                out.append(argument.isOptional ? ".RI [ \(list) ]\(repeated)" : ".IR \(list)\(repeated)")
            }
            out.append(".br")
        }
        out.removeLast()
        return out.joined(separator: "\n") + "\n"
    }

    /// The notification libraries (``AndroidLibrary/allCases``): for the guide, a table of how each
    /// is declared, its rule and where the rule was read; for the man page, each rule in a phrase
    /// and the ids JSON says.
    static func libraries(style: Style) -> String {
        let all = AndroidLibrary.allCases
        switch style {
        case .roff:
            let rules = all.map { roff($0.rule) }.joined(separator: "; ")
            let ids = all.map { "\\fB\(roff($0.id))\\fR" }
            return rules + ".\nAn Android reference's \\fBlibrary\\fR is one of "
                + ids.dropLast().joined(separator: ", ") + " or " + (ids.last ?? "") + ".\n"
        case .markdown:
            func declared(_ c: AndroidLibrary.Coordinates) -> String {
                let parts: [(String, [String])] = [
                    ("npm", c.npm), ("pub", c.pub), ("Gradle", c.gradle), ("NuGet", c.nuget),
                    ("Unity's `Packages/manifest.json`", c.upm)
                ]
                return parts.filter { !$0.1.isEmpty }.map { "\($0.0) \(spans($0.1))" }.joined(separator: "; ")
            }
            func example(_ e: AndroidLibrary.Example) -> String {
                "`\(e.name)` → "
                    + (e.lookups.isEmpty
                        ? "the default sound" : e.lookups.map { "`\($0)`" }.joined(separator: ", then "))
            }
            return table(
                [
                    "library (`library` in JSON)", "declared by", "how a name becomes a resource", "for example",
                    "read in"
                ],
                all.map {
                    [
                        markdown(
                            $0.displayName.contains("`\($0.id)`") ? $0.displayName : "\($0.displayName) (`\($0.id)`)"),
                        markdown(declared($0.coordinates)),
                        markdown($0.ruleDocumented), markdown($0.examples.map(example).joined(separator: "; ")),
                        markdown("`\($0.citation.repository)`, `\($0.citation.file)`, `\($0.citation.function)`")
                    ]
                })
        }
    }

    /// `Schemas/validate-bundle.schema.json` with its `library` enum made afresh.
    static func regenerateLibraries(_ text: String) throws -> String {
        let start = "\"library\": { \"enum\": [", end = "]"
        guard let from = text.firstRange(of: start), let to = text[from.upperBound...].firstRange(of: end)
        else { throw Problem(description: "\(librarySchema) has no '\(start)'") }
        let ids = AndroidLibrary.allCases.map { "\"\($0.id)\"" }.joined(separator: ", ")
        return text[..<from.upperBound] + ids + text[to.lowerBound...]
    }

    // MARK: The schema

    /// The schema with its `code` definition made afresh: the codes, and what each means.
    static func regenerateSchema(_ text: String) throws -> String {
        let start = "    \"code\": {\n", end = "\n    },\n"
        guard let from = text.firstRange(of: start), let to = text[from.upperBound...].firstRange(of: end)
        else { throw Problem(description: "\(schema) has no '\"code\": {' definition") }
        // Quoted as every document alertsound writes quotes strings.
        func json(_ value: String) -> String {
            var bytes: [UInt8] = []
            JSONText.quote(value, into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        let codes = DiagnosticCode.allCases
        let description = json(
            "Stable kebab-case code (alertsound(1), DIAGNOSTIC CODES; DiagnosticCode in the library); enumDescriptions says what each means, in the same order."
        )
        let names = codes.map { json($0.rawValue) }.joined(separator: ", ")
        let meanings = codes.map { "        " + json("\($0.severity.rawValue): \($0.summary.filter { $0 != "`" })") }
            .joined(separator: ",\n")
        let body =
            "      \"description\": \(description),\n      \"enum\": [\(names)],\n      \"enumDescriptions\": [\n\(meanings)\n      ]"
        return text[..<from.upperBound] + body + text[to.lowerBound...]
    }

    /// A schema with its bundles' `kind` enum made afresh from the registry: each line
    /// `"kind": { "enum": [...] }` is rewritten.
    static func regenerateKinds(_ text: String, path: String) throws -> String {
        let marker = "\"kind\": { \"enum\": ["
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found = false
        let names = ProjectRegistry.bundleKinds.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        for (i, line) in lines.enumerated() {
            guard let start = line.firstRange(of: marker), let end = line[start.upperBound...].firstRange(of: "] }")
            else {
                continue
            }
            lines[i] = String(line[..<start.upperBound]) + names + String(line[end.lowerBound...])
            found = true
        }
        guard found else { throw Problem(description: "\(path) has no '\(marker)' line") }
        return lines.joined(separator: "\n")
    }

    /// `--format`'s description in the man page: each reporter's own words (``Reporter/manual``).
    static func formats() -> String {
        "Output form. "
            + Reporters.all.map { "\\fI\($0.name)\\fR" + roff($0.manual) }.joined(separator: " ")
            + " \\fBinfo\\fR takes \\fItext\\fR or \\fIjson\\fR.\n"
    }

    // MARK: Rendering

    /// Plain text with Markdown code spans as roff: spans in bold, hyphens as minus signs, and
    /// what roff would read as a request or an escape made literal.
    static func roff(_ text: String, line: Bool = false) -> String {
        var out = ""
        for (i, part) in text.split(separator: "`", omittingEmptySubsequences: false).enumerated() {
            var escaped = ""
            for c in part {
                switch c {
                case "\\": escaped += "\\e"
                case "-", "−": escaped += "\\-"
                case "µ": escaped += "\\(*m"
                case "…": escaped += "\\&..."
                case "—": escaped += "\\(em"
                case "–": escaped += "\\(en"
                case _ where !c.isASCII:
                    // groff without preconv reads bytes as Latin-1: every other character by its code point.
                    escaped += c.unicodeScalars.map { "\\[u" + hexDigits($0.value, width: 4) + "]" }.joined()
                default: escaped.append(c)
                }
            }
            out += i % 2 == 1 ? "\\fB\(escaped)\\fR" : escaped
        }
        return line && (out.hasPrefix(".") || out.hasPrefix("'")) ? "\\&" + out : out
    }

    /// Plain text with code spans as a Markdown table cell, escaped as the command's own Markdown
    /// tables escape names (`MarkdownReporter`).
    static func markdown(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { i, part in
            i % 2 == 1 ? "`" + MarkdownReporter.code(String(part)) + "`" : MarkdownReporter.cell(String(part))
        }.joined()
    }

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |\n" }
        return row(header) + row(header.map { _ in "---" }) + rows.map(row).joined()
    }

    /// What `--experimental-dump-help` prints, as far as the synopsis needs it.
    struct ToolInfo: Decodable {
        struct Command: Decodable {
            var commandName: String
            var shouldDisplay: Bool?
            var subcommands: [Command]?
            var arguments: [Argument]?
        }
        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            var kind: String
            var shouldDisplay: Bool?
            var isOptional: Bool
            var isRepeating: Bool
            var valueName: String?
            var allValues: [String]?
            var names: [Name]?
            var preferredName: Name?
        }
        var command: Command
    }

    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// One entry of a roff list: its tag line as given (already roff), then `text` rendered.
    static func entry(_ tag: String, _ text: String) -> String { ".TP\n\(tag)\n\(roff(text, line: true))\n" }

    /// Names as a list of code spans: `` `a`, `b` ``.
    static func spans(_ names: [String]) -> String { names.map { "`\($0)`" }.joined(separator: ", ") }
}
