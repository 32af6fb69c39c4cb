import Foundation
import PackagePlugin

/// `swift package validate-sounds [PATH...] [--payload F] [--sound N] [--sounds-from F] [--strict] [--format F]`
///
/// Runs `alertsound validate-bundle` on each PATH, or when none is given on every target's
/// `Resources/` folder (or the target's folder when it has none), and fails when any sound or
/// reference is invalid.
@main
struct ValidateSounds: CommandPlugin {
    /// alertsound options that take a value; the next argument belongs to them.
    static let valued: Set<String> = ["--payload", "--sound", "--sounds-from", "--format", "--entitlements"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "alertsound")
        var paths: [String] = []
        var options: [String] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if Self.valued.contains(argument) {
                options.append(argument)
                if let value = iterator.next() { options.append(value) }
            } else if argument.hasPrefix("-") {
                options.append(argument)
            } else {
                paths.append(argument)
            }
        }
        if paths.isEmpty {
            // A target's Resources/ folder is what `.process` copies to the bundle's top level.
            paths = context.package.targets.map { target in
                let resources = target.directory.appending("Resources").string
                return FileManager.default.fileExists(atPath: resources) ? resources : target.directory.string
            }.filter { FileManager.default.fileExists(atPath: $0) }
        }

        var failed: [String] = []
        for path in paths {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool.path.string)
            process.arguments = ["validate-bundle", path] + options
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(path) }
        }
        if !failed.isEmpty {
            Diagnostics.error("notification sounds failed validation in: \(failed.joined(separator: ", "))")
            throw ExitCode.failure
        }
    }
}

enum ExitCode: Error { case failure }
