// swift-tools-version: 6.0
import PackageDescription

// scripts/dist/release sets ALERTSOUND_STATIC_ZLIB=1 so the shipped binary carries zlib (Debian's libz.a)
// and needs no libz.so at start-up; every other build links the system's zlib as usual.
let zlib: [LinkerSetting] =
    Context.environment["ALERTSOUND_STATIC_ZLIB"] == "1"
    ? [
        .unsafeFlags(["-Xlinker", "-l:libz.a"], .when(platforms: [.linux])),
        .linkedLibrary("z", .when(platforms: [.macOS, .iOS]))
    ]
    : [.linkedLibrary("z")]

let package = Package(
    name: "alertsound",
    // iOS 16: the library uses async entry points (13) and the standard library's firstRange (16).
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // Not "AlertSound": with the executable product "alertsound", two products would differ only in
        // case, and on a Mac's case-insensitive volume Xcode's build folders for them are one folder.
        // The module is still `import AlertSound`.
        .library(name: "AlertSoundLibrary", targets: ["AlertSound"]),
        // What an app or extension can link: the core alone, with no C library (see AlertSoundCore).
        .library(name: "AlertSoundCore", targets: ["AlertSoundCore"]),
        // The command is `alertsound`; its target is AlertSoundCLI, since a target named like the
        // library but for case would share its module and build folders on a case-insensitive volume.
        .executable(name: "alertsound", targets: ["AlertSoundCLI"]),
        .plugin(name: "ValidateSounds", targets: ["ValidateSounds"]),
        .plugin(name: "CheckSounds", targets: ["CheckSounds"])
    ],
    // A range, and no committed Package.resolved: a library must not force its resolution on the packages
    // that use it. The command's own builds (release, formula, CI) pin exact versions: scripts/dist/pins.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // libsndfile and libsamplerate, loaded with dlopen when a feature needs them.
        .target(name: "CAudioLibraries"),
        // zlib.h is on the default search path (Debian's zlib1g-dev; a Mac's SDK): no pkg-config,
        // whose -lz would also defeat the static link below.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CSystemShims"),
        // Bytes, containers, codecs, rules, checking, conversion, fix and the installer, with no C
        // dependency, so it builds for iOS and where no library's development files are installed.
        .target(name: "AlertSoundCore", swiftSettings: [.swiftLanguageMode(.v6)]),
        // The umbrella: the core re-exported, plus what needs C libraries (libsndfile, libsamplerate
        // and FFmpeg as decoders, zlib for archives) and what builds on them (bundles, Android, export).
        .target(
            name: "AlertSound",
            dependencies: ["AlertSoundCore", "CAudioLibraries", "CZlib", "CSystemShims"],
            swiftSettings: [.swiftLanguageMode(.v6)],
            linkerSettings: zlib
        ),
        .executableTarget(
            name: "AlertSoundCLI",
            dependencies: [
                "AlertSound",
                "CSystemShims",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
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
                intent: .custom(
                    verb: "validate-sounds",
                    description: "Check this package's notification sounds with alertsound validate-bundle."),
                permissions: []
            ),
            dependencies: ["AlertSoundCLI"]
        ),
        // Checks a target's sound resources on every build (and an Xcode target's, on macOS).
        .plugin(name: "CheckSounds", capability: .buildTool(), dependencies: ["AlertSoundCLI"]),
        .target(
            name: "AlertSoundTestSupport", dependencies: ["AlertSoundCore", "CZlib", "CAudioLibraries"],
            path: "Tests/Support",
            linkerSettings: [.linkedLibrary("z")]),
        // SoundInstaller in a process of its own, so a test can read its peak memory.
        .executableTarget(name: "InstallProbe", dependencies: ["AlertSoundCore"], path: "Tests/InstallProbe"),
        // The core's own tests: readers, codecs, bytes, formats, with nothing above the core.
        .testTarget(name: "AlertSoundCoreTests", dependencies: ["AlertSoundCore", "AlertSoundTestSupport"]),
        .testTarget(
            name: "AlertSoundTests",
            dependencies: ["AlertSound", "AlertSoundCore", "AlertSoundTestSupport", "InstallProbe"]),
        // Uses the library as a Swift 6 packaging tool would.
        .testTarget(
            name: "AlertSoundPublicAPITests", dependencies: ["AlertSound"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "AlertSoundCLITests",
            dependencies: ["AlertSoundCLI", "AlertSound", "AlertSoundCore", "AlertSoundTestSupport", "CSystemShims"])
    ],
    swiftLanguageModes: [.v5]
)
