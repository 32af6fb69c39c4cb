import Foundation
import Testing

/// Package.swift read as a Mac's case-insensitive volume would read its build products: two
/// targets whose names differ only in case share `Modules/X.swiftmodule` and `X.build/` there, and
/// one silently overwrites the other (issue 20: `AlertSound` and `alertsound` did).
@Suite struct PackageManifestTests {
    static let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Package.swift")

    /// The names of targets and products the manifest declares, with the kind of declaration.
    static func declarations(_ text: String) -> [(kind: String, name: String)] {
        let pattern = try! NSRegularExpression(
            pattern:
                #"\.(target|executableTarget|testTarget|systemLibrary|plugin|binaryTarget|macro|library|executable)\(\s*name:\s*"([^"]+)""#
        )
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).map {
            (String(text[Range($0.range(at: 1), in: text)!]), String(text[Range($0.range(at: 2), in: text)!]))
        }
    }

    static func caseTwins(_ names: [String]) -> [[String]] {
        Dictionary(grouping: Set(names), by: { $0.lowercased() }).values.filter { $0.count > 1 }.map { $0.sorted() }
    }

    @Test func noTwoTargetsDifferOnlyInCase() throws {
        let text = try String(contentsOf: Self.manifest, encoding: .utf8)
        let declared = Self.declarations(text)
        let targets = declared.filter {
            ["target", "executableTarget", "testTarget", "systemLibrary", "plugin", "binaryTarget", "macro"].contains(
                $0.kind)
        }.map(\.name)
        #expect(targets.count >= 8, "the manifest's targets were not found: \(targets)")
        #expect(Self.caseTwins(targets).isEmpty, "targets differ only in case: \(Self.caseTwins(targets))")
        // Products too: Xcode builds each product in a folder named after it.
        let products = declared.filter { ["library", "executable", "plugin"].contains($0.kind) }.map(\.name)
        #expect(Self.caseTwins(products).isEmpty, "products differ only in case: \(Self.caseTwins(products))")
        // The command keeps its name: the executable product is `alertsound`.
        #expect(declared.contains { $0.kind == "executable" && $0.name == "alertsound" })
    }

    @Test func theCheckFindsTwins() {
        let text = #".target(name: "AlertSound"), .executableTarget(name: "alertsound", path: "x")"#
        #expect(Self.caseTwins(Self.declarations(text).map(\.name)) == [["AlertSound", "alertsound"]])
    }
}

/// What a project ships besides code.
@Suite struct ReleaseFilesTests {
    static let root = PackageManifestTests.manifest.deletingLastPathComponent()

    @Test func versionMatchesTheChangelog() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let latest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") }).dropFirst(3)
        let command = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/AlertSoundCLI/AlertSoundCommand.swift"),
            encoding: .utf8)
        #expect(
            command.contains("static let current = \"\(latest)\""),
            "--version and CHANGELOG.md's latest entry (\(latest)) differ")
        let manual = try String(contentsOf: Self.root.appendingPathComponent("man/alertsound.1"), encoding: .utf8)
        #expect(manual.contains("\"alertsound \(latest)\""), "the man page names another version")
    }

    @Test func licenseIsApache2() throws {
        let license = try String(contentsOf: Self.root.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License") && license.contains("Version 2.0, January 2004"))
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("CONTRIBUTING.md").path))
    }
}
