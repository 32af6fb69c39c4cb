// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "alertsound",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AlertSound", targets: ["AlertSound"]),
        .executable(name: "alertsound", targets: ["alertsound"]),
        .plugin(name: "ValidateSounds", targets: ["ValidateSounds"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSndFile",
            pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]
        ),
        .systemLibrary(
            name: "CSampleRate",
            pkgConfig: "samplerate",
            providers: [.apt(["libsamplerate0-dev"]), .brew(["libsamplerate"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(name: "CSystemShims"),
        .target(
            name: "AlertSound",
            dependencies: ["CSndFile", "CSampleRate", "CZlib", "CSystemShims"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "alertsound",
            dependencies: [
                "AlertSound",
                "CSystemShims",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/AlertSoundCLI"
        ),
        .executableTarget(
            name: "alertsound-samples",
            dependencies: ["AlertSound"],
            path: "Sources/SampleMaker"
        ),
        .plugin(
            name: "ValidateSounds",
            capability: .command(
                intent: .custom(verb: "validate-sounds", description: "Check this package's notification sounds with alertsound validate-bundle."),
                permissions: []
            ),
            dependencies: ["alertsound"]
        ),
        .target(name: "AlertSoundTestSupport", dependencies: ["CZlib", "CSndFile"], path: "Tests/Support"),
        .testTarget(name: "AlertSoundTests", dependencies: ["AlertSound", "AlertSoundTestSupport"]),
        // Uses the library as a Swift 6 packaging tool would.
        .testTarget(name: "AlertSoundPublicAPITests", dependencies: ["AlertSound"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(name: "AlertSoundCLITests", dependencies: ["alertsound", "AlertSound", "AlertSoundTestSupport", "CSystemShims"]),
    ],
    swiftLanguageModes: [.v5]
)
