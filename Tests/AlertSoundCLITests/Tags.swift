import Testing

/// Tests that need something outside the package: `scripts/setup --test` installs the tools, and
/// Xcode's test plans or `swift test --filter`/`--skip` on the tagged names can leave them out.
/// Each test target that uses them declares them (AlertSoundTests, AlertSoundCLITests), so the shared
/// support module stays a plain library without Swift Testing.
extension Tag {
    /// Runs the `ffmpeg` command (to make inputs, or as the optional decoder under test).
    @Tag static var ffmpeg: Self
    /// Compiles what `export` writes with each language's own compiler (`tsc`, `kotlinc`, `swiftc`).
    @Tag static var compilers: Self
    /// Reads `../shared/corpus` or `../shared/corpus-apple` beside the checkout.
    @Tag static var sharedCorpus: Self
}
