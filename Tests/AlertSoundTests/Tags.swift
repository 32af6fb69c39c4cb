import Testing

/// Tests that need something outside the package: `scripts/setup --test` installs the tools, and
/// Xcode's test plans or `swift test --filter`/`--skip` on the tagged names can leave them out.
extension Tag {
    /// Runs the `ffmpeg` command (to make inputs, or as the optional decoder under test).
    @Tag static var ffmpeg: Self
    /// Compiles what `export` writes with each language's own compiler (`tsc`, `kotlinc`, `swiftc`).
    @Tag static var compilers: Self
    /// Reads `../shared/corpus` or `../shared/corpus-apple` beside the checkout.
    @Tag static var sharedCorpus: Self
}
