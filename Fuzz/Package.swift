// swift-tools-version: 5.9
// Coverage-guided fuzz targets for alertsound. Not part of the main package, so `swift test` never
// builds it (scripts/check/fuzz-targets type-checks it in scripts/test); `scripts/dev/fuzz TARGET
// SECONDS` builds it with -sanitize=fuzzer,address and runs one.
import PackageDescription

let package = Package(
    name: "alertsound-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "alertsound", path: "..")],
    targets: [
        .target(name: "FuzzDriver", path: "Sources/FuzzDriver"),
        .executableTarget(
            name: "alertsound-fuzz",
            dependencies: ["FuzzDriver", .product(name: "AlertSoundLibrary", package: "alertsound")]
        )
    ]
)
