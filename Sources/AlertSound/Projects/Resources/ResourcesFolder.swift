import AlertSoundCore

/// A folder in which no kind of project was found: its files are the resources copied to an iOS
/// app's top level (or, with `--package-resources`, a Swift package target's, which land in a
/// resource bundle of their own), judged where they would land.
struct ResourcesFolder: ProjectReader {
    static let kind = ProjectKind(
        name: "folder of resources",
        detected:
            "any other folder (an `.xcodeproj`'s folder is its project's); with `--package-resources`, a Swift package target's resources",
        judged:
            "its sound files as an iOS app's resources: at the top level they are found by name, in a `.lproj` or another folder they are not; a package's land in a `*.bundle`, where they are not",
        reports: [.resources, .packageResources])

    init() {}
}
