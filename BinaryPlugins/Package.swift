// swift-tools-version: 6.0
// alertsound's plugins with a prebuilt alertsound: a consumer's build downloads the release's
// artifact bundle (macOS universal, Linux x86_64 and aarch64) instead of compiling alertsound and
// swift-argument-parser. Published as a repository of its own by the release workflow
// (scripts/dist/plugin-package writes this manifest with the release's URL and checksum, and copies the
// plugins, which live in ../Plugins and are the source-built package's too).
import PackageDescription

let package = Package(
    name: "alertsound-plugins",
    products: [
        .plugin(name: "CheckSounds", targets: ["CheckSounds"]),
        .plugin(name: "ValidateSounds", targets: ["ValidateSounds"])
    ],
    targets: [
        .binaryTarget(
            name: "alertsound",
            url: "https://github.com/OWNER/alertsound/releases/download/VERSION/alertsound.artifactbundle.zip",
            checksum: "CHECKSUM"
        ),
        .plugin(
            name: "ValidateSounds",
            capability: .command(
                intent: .custom(
                    verb: "validate-sounds",
                    description: "Check this package's notification sounds with alertsound validate-bundle."),
                permissions: []
            ),
            dependencies: ["alertsound"]
        ),
        .plugin(name: "CheckSounds", capability: .buildTool(), dependencies: ["alertsound"])
    ]
)
