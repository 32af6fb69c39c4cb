import Foundation
import PackagePlugin

/// `swift package validate-sounds [PATH...] [--target NAME]... [--payload F...] [--sound N] [--sounds-from F] [--strict] [--format F]`
///
/// Runs `alertsound validate-bundle` once. Given PATHs (a built .app, an .ipa, a resources folder),
/// it checks those. Otherwise it checks the resources of this package's targets that have any (or
/// of the targets named with --target) as Swift package resources: SwiftPM copies them into a
/// `<Package>_<Target>.bundle`, where `UNNotificationSound(named:)` never looks, so each sound gets
/// the note `resource-bundle` and a reference naming one fails.
@main
struct ValidateSounds: CommandPlugin {
    /// alertsound options that take a value; the next argument belongs to them.
    static let valued: Set<String> = [
        "--payload", "--sound", "--sounds-from", "--format", "--entitlements", "--lock", "--config", "--platform"
    ]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // The binary artifact where the plugins come from the binary package; else the executable
        // target, by its name (the command it builds is alertsound).
        let tool = try (try? context.tool(named: "alertsound")) ?? context.tool(named: "AlertSoundCLI")
        var paths: [String] = []
        var targetNames: [String] = []
        var options: [String] = []
        var iterator = arguments.makeIterator()
        var payloads = false
        while let argument = iterator.next() {
            // `--payload a.json b.json`: as alertsound reads it, every argument up to the next option.
            if payloads, !argument.hasPrefix("-") {
                options.append(argument)
                continue
            }
            payloads = argument == "--payload"
            if argument == "--target" {
                if let name = iterator.next() { targetNames.append(name) }
            } else if Self.valued.contains(argument) {
                options.append(argument)
                if let value = iterator.next() { options.append(value) }
            } else if argument.hasPrefix("-") {
                options.append(argument)
            } else {
                paths.append(argument)
            }
        }
        if paths.isEmpty {
            let known = Set(context.package.targets.map(\.name))
            if let unknown = targetNames.first(where: { !known.contains($0) }) {
                Diagnostics.error("no target named '\(unknown)' in \(context.package.displayName)")
                throw ExitCode.failure
            }
            let chosen = context.package.targets.filter { targetNames.isEmpty || targetNames.contains($0.name) }
            // The folders the targets declare as resources (`.process("Sounds")`), each once; a
            // resource file at the top of a target, the target's folder. Targets without resources ship no sounds.
            paths = Array(
                Set(
                    chosen.flatMap { target -> [String] in
                        guard let module = target.sourceModule else { return [] }
                        // `directory` (a Path) is deprecated from tools 6.0, but its replacement needs 6.1.
                        let root = target.directory.string
                        return module.sourceFiles.filter { $0.type == .resource }.map { file in
                            let path = file.url.path
                            guard path.hasPrefix(root + "/") else { return root }
                            let inside = path.dropFirst(root.count + 1).split(separator: "/")
                            return inside.count > 1 ? root + "/" + inside[0] : root
                        }
                    })
            ).sorted()
            if paths.isEmpty {
                print(
                    "validate-sounds: no target\(targetNames.isEmpty ? "" : " named") has resources; nothing to check")
                return
            }
            options.append("--package-resources")
        }

        // The package's .alertsound.yml, as the command line reads it from the working folder.
        let configuration = URL(fileURLWithPath: context.package.directory.string).appendingPathComponent(
            ".alertsound.yml")
        if !options.contains("--config"), FileManager.default.fileExists(atPath: configuration.path) {
            options += ["--config", configuration.path]
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["validate-bundle"] + paths + options
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("notification sounds failed validation in: \(paths.joined(separator: ", "))")
            throw ExitCode.failure
        }
    }
}

enum ExitCode: Error { case failure }
