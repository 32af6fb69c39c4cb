import Foundation
import PackagePlugin

/// Checks a target's sound resources on every build: `alertsound check --format xcode` over the
/// target's resources, so an invalid sound fails the build with `path: error: [code] message`
/// (Xcode shows it in the Issue navigator) and warnings stay warnings. Every resource is an input
/// and a stamp file the output, so the check reruns only when a resource (or alertsound) changes.
/// The stamp is a Swift file holding one comment: SwiftPM and Xcode compile a command's `.swift`
/// outputs into the target, where any other output would be copied into the app as a stray
/// resource (or, in Xcode, never asked for, so the check would not run).
/// Which resources are sounds is alertsound's to decide (`--sounds-only`: by extension or content).
@main
struct CheckSounds: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let resources = module.sourceFiles.filter { $0.type == .resource }.map(\.url)
        return try Self.commands(
            tool: alertsound(context.tool(named:)), resources: resources,
            workDirectory: context.pluginWorkDirectoryURL, targetName: target.name,
            // `directory` (a Path) is deprecated from tools 6.0, but `directoryURL` needs 6.1.
            root: URL(fileURLWithPath: context.package.directory.string))
    }

    static func commands(tool: URL, resources: [URL], workDirectory: URL, targetName: String, root: URL) -> [Command] {
        guard !resources.isEmpty else { return [] }
        let stamp = workDirectory.appendingPathComponent("AlertSoundsChecked.swift")
        // The repository's .alertsound.yml, as the command line reads it (the build runs elsewhere).
        let configuration = root.appendingPathComponent(".alertsound.yml")
        let configured = FileManager.default.fileExists(atPath: configuration.path)
        return [
            .buildCommand(
                displayName: "Checking the notification sounds of \(targetName)",
                executable: tool,
                arguments: ["check", "--format", "xcode", "--sounds-only", "--stamp", stamp.path]
                    + (configured ? ["--config", configuration.path] : []) + resources.map(\.path),
                inputFiles: resources + [tool] + (configured ? [configuration] : []),
                outputFiles: [stamp]
            )
        ]
    }
}

/// The alertsound executable: the binary artifact `alertsound` where the plugins come from the
/// binary package, the executable target `AlertSoundCLI` where they are built from source.
func alertsound(_ tool: (String) throws -> PluginContext.Tool) throws -> URL {
    if let binary = try? tool("alertsound") { return binary.url }
    return try tool("AlertSoundCLI").url
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same for an Xcode app target: its resources (the Copy Bundle Resources files) are checked.
extension CheckSounds: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let resources = target.inputFiles.filter { $0.type == .resource }.map(\.url)
        return Self.commands(
            tool: try alertsound(context.tool(named:)), resources: resources,
            workDirectory: context.pluginWorkDirectoryURL, targetName: target.displayName,
            root: URL(fileURLWithPath: context.xcodeProject.directory.string))
    }
}
#endif
