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
    static let valued: Set<String> = ["--payload", "--sound", "--sounds-from", "--format", "--entitlements"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // The executable target, by its name (the command it builds is alertsound).
        let tool = try context.tool(named: "AlertSoundCLI")
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
            // Only targets that declare resources: the others ship no sounds.
            paths = chosen.compactMap { target -> String? in
                guard let module = target.sourceModule, module.sourceFiles.contains(where: { $0.type == .resource }) else { return nil }
                // `directory` (a Path) is deprecated from tools 6.0, but its replacement needs 6.1.
                let resources = target.directory.appending("Resources").string
                return FileManager.default.fileExists(atPath: resources) ? resources : target.directory.string
            }
            if paths.isEmpty {
                print("validate-sounds: no target\(targetNames.isEmpty ? "" : " named") has resources; nothing to check")
                return
            }
            options.append("--package-resources")
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
