import AlertSound
import ArgumentParser

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `alertsound generate-reference` (hidden): rewrites the generated parts of the man page, the guides
/// and the schema from the code (``GeneratedReference``), as argument-parser's generate-manual does
/// for a manual. scripts/dev/generate-docs runs it from the repository's root with the command's own
/// `--experimental-dump-help`; GeneratedReferenceTests checks that nothing would change.
struct GenerateReference: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-reference",
        abstract: "Rewrite the documentation made from the code (for alertsound's own repository).",
        shouldDisplay: false)

    @Option(
        name: .customLong("tool-info"),
        help: ArgumentHelp("What `alertsound --experimental-dump-help` printed.", valueName: "file"))
    var toolInfo: String

    @Flag(name: .long, help: "Change nothing; list the files that are out of date and exit 1 when any is.")
    var check = false

    @Argument(help: "The repository's root.")
    var root = "."

    func run() throws {
        let tool = try JSONDecoder().decode(
            GeneratedReference.ToolInfo.self, from: Data(try Self.read(toolInfo)))
        var stale: [String] = []
        for (path, style) in GeneratedReference.documents {
            let current = String(decoding: try Self.read(joinPath(root, path)), as: UTF8.self)
            let made = try GeneratedReference.regenerate(current, style: style, tool: tool).text
            if made != current { stale.append(path) }
            if made != current, !check { try Self.write(made, to: joinPath(root, path)) }
        }
        let schemas = [
            (GeneratedReference.schema, GeneratedReference.regenerateSchema),
            (GeneratedReference.librarySchema, GeneratedReference.regenerateLibraries)
        ]
        for (path, regenerate) in schemas {
            let schema = String(decoding: try Self.read(joinPath(root, path)), as: UTF8.self)
            let made = try regenerate(schema)
            if made != schema {
                stale.append(path)
                if !check { try Self.write(made, to: joinPath(root, path)) }
            }
        }
        for path in GeneratedReference.kindSchemas {
            let current = String(decoding: try Self.read(joinPath(root, path)), as: UTF8.self)
            let made = try GeneratedReference.regenerateKinds(current, path: path)
            if made != current {
                stale.append(path)
                if !check { try Self.write(made, to: joinPath(root, path)) }
            }
        }
        for path in stale { Printers.line("\(check ? "out of date" : "rewritten"): \(path)") }
        if check, !stale.isEmpty { throw ExitStatus.failure.code }
    }

    /// The file at `path`, whole, when it holds at most ``Limits/maximumReferenceInputBytes``: one
    /// byte more is read, never what the file's size claims, so a larger file (or one that grows)
    /// is refused before it is held.
    static func read(_ path: String) throws -> [UInt8] {
        let limit = Limits.maximumReferenceInputBytes
        let bytes: [UInt8]
        do {
            bytes = try FileSource(path: path).read(at: 0, count: limit + 1)
        } catch {
            throw AlertSoundError.wrapping(error, as: .unreadable, path: path)
        }
        guard bytes.count <= limit else {
            throw AlertSoundError(
                .tooLarge,
                "larger than \(limit >> 20) MiB, the most generate-reference reads of one file", path: path)
        }
        return bytes
    }

    static func write(_ text: String, to path: String) throws {
        let output = try AtomicOutput(path: path)
        try output.append(Array(text.utf8))
        try output.commit()
    }
}
