import AlertSoundCore

/// What was built: an `.app`, an `.ipa`, an `.xcarchive`, an app's data container, an `.apk` or
/// `.aab`, each known by its path alone and judged as the device sees it (``ArchiveScanner`` reads
/// the archives in place). Never searched for inside a folder: a build's output is made from the
/// sources there.
struct BuiltApps: ProjectReader {
    static let kind = ProjectKind(
        name: "built app",
        detected:
            "a path given ending in `.app`, `.ipa`, `.xcarchive` (its `Products/Applications/*.app`), `.apk` or `.aab`, or a folder holding `Library/Sounds` (an app's data container)",
        judged:
            "the sounds where the device looks for them: an iOS app's top level (its entitlements and minimum iOS from the executable and `Info.plist`), `Library/Sounds`, an Android package's `res/raw/`",
        reports: [.app, .ipa, .xcarchive, .dataContainer, .apk])

    init() {}

    /// The files at an app's top level (its `Info.plist`, main executable, provisioning profile)
    /// that are links resolving outside the repository holding `given`: refused, and said, without
    /// a byte of them (a sound that is one is the walk's finding).
    static func linksOut(of app: String, given: String) -> [String] {
        guard let door = Door(given: given) else { return [] }
        return FolderEntries.list(app, through: door).compactMap { name, kind in
            guard kind == .link, !ContainerKind.isSoundName(name) else { return nil }
            do {
                _ = try door.resolve(joinPath(app, name))
                return nil
            } catch let error as Door.Outside {
                return "\(joinPath(app, name)): \(error)"
            } catch {
                return nil
            }
        }.sorted()
    }

    /// Which kind a folder is, and the root sounds are resolved against.
    static func classify(folder: String) throws -> (BundleKind, String) {
        switch lowercasedExtension(lastComponent(folder)) {
        // Xcode names a built app `.app`; a source folder may be `Company.App` (a .NET solution's,
        // issue 57): that is one only with an app's Info.plist.
        case "app" where lastComponent(folder).hasSuffix(".app") || isFile(folder + "/Info.plist"):
            return (.app, folder)
        case "xcodeproj", "xcworkspace": return (.resources, folder)
        case "xcarchive":
            let apps = folder + "/Products/Applications"
            // The archive is the user's to name; the link check below keeps the app inside it.
            guard
                let app = FolderEntries.list(apps, through: .userNamed).map(\.name).sorted().first(where: {
                    $0.hasSuffix(".app")
                })
            else {
                throw AlertSoundError(.malformed, "no Products/Applications/*.app inside this archive", path: folder)
            }
            let appPath = apps + "/" + app
            // An app that is a link leaving the archive would have the walk scan whatever it points at.
            if let archive = FolderScanner.realPath(Array(folder.utf8)),
                let target = FolderScanner.realPath(Array(appPath.utf8)),
                !target.starts(with: archive + [UInt8(ascii: "/")])
            {
                throw AlertSoundError(
                    .unreadable,
                    "\(appPath) is a symbolic link to \(displayName(target)), outside the archive; not followed")
            }
            return (.xcarchive, appPath)
        default:
            if isFolder(folder + "/Library/Sounds") {
                return (.dataContainer, folder)
            }
            return (.resources, folder)
        }
    }
}
