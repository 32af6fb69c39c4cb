import AlertSoundCore

/// The files at the top level of an `.app`, wherever the app is (a folder, or inside an `.ipa`).
struct AppContents: Sendable {
    /// The app as reported (`MyApp.app`, `MyApp.ipa!Payload/MyApp.app`).
    var display: String
    /// The top-level file called `name`, or nil when there is none.
    var open: @Sendable (_ name: String) throws -> ByteSource?

    /// The files of the app folder at `path`, read through `door`: an `Info.plist` or main
    /// executable that is a link out of the repository is refused, not read (issue 55).
    static func folder(_ path: String, display: String, through door: Door) -> AppContents {
        AppContents(display: display) { name in
            do {
                return try door.source(path + "/" + name)
            } catch let error as SourceError where error.isNotFound {
                return nil
            }
        }
    }

    /// The top-level files of `Payload/<app>` in an .ipa. Each is found by a walk of the central
    /// directory when asked for (only when a payload asks for a critical alert): an index of every
    /// top-level file would cost as much memory as a bundle of sounds does.
    static func archive(_ archive: ZipArchive, app: String, display: String) -> AppContents {
        AppContents(display: display) { name in
            var found: ZipEntry?
            try archive.forEachEntry { entry in
                let parts = entry.components
                if parts.count == 3, parts[0] == "Payload", parts[1] == app, parts[2] == name, entry.kind == .file,
                    !entry.escapesRoot
                {
                    found = entry
                }
                return found == nil
            }
            return try found.map { try archive.source(for: $0) }
        }
    }
}

/// What is known of an app's entitlements: found, or why not.
enum EntitlementsLookup: Sendable {
    case found(Entitlements)
    case unknown(reason: String)

    var entitlements: Entitlements? {
        if case .found(let entitlements) = self { return entitlements }
        return nil
    }

    /// The main executable's code signature (or a Simulator build's section), else the embedded
    /// provisioning profile. A part that cannot be read is passed over for the next, and its
    /// problem is part of the reason when none can be.
    static func of(_ app: AppContents) -> EntitlementsLookup {
        var problems: [String] = []
        let executable = executableName(app, problems: &problems)
        do {
            if let source = try app.open(executable) {
                if let found = try Entitlements.read(source: source, path: app.display + "/" + executable) {
                    return .found(found)
                }
                problems.append("\(executable) carries no entitlements (signed ad hoc, or not signed)")
            } else {
                problems.append("no main executable \(executable)")
            }
        } catch {
            problems.append("\(executable): \(error)")
        }
        do {
            if let source = try app.open("embedded.mobileprovision") {
                return .found(try Entitlements.profile(source: source, path: app.display + "/embedded.mobileprovision"))
            }
            problems.append("no embedded.mobileprovision")
        } catch {
            problems.append("embedded.mobileprovision: \(error)")
        }
        return .unknown(reason: problems.joined(separator: "; "))
    }

    /// `CFBundleExecutable` from `Info.plist`, else the app's name without `.app` (Xcode's default).
    private static func executableName(_ app: AppContents, problems: inout [String]) -> String {
        let appName = lastComponent(app.display)
        let fallback = appName.hasSuffix(".app") ? String(appName.dropLast(4)) : appName
        do {
            if case .string(let name)? = try app.infoPlist()?["CFBundleExecutable"], !name.isEmpty, !name.contains("/"),
                name != "..", name != "."
            {
                return name
            }
        } catch {
            problems.append("Info.plist: \(error)")
        }
        return fallback
    }
}

extension AppContents {
    /// The app's `Info.plist`, nil when it has none; throws when it is too large or not a property list.
    func infoPlist() throws -> [String: JSONValue]? {
        guard let source = try self.open("Info.plist") else { return nil }
        guard source.size <= Int64(Limits.maximumPlistBytes) else {
            throw AlertSoundError(
                .tooLarge, "\(source.size) bytes; alertsound reads at most \(Limits.maximumPlistBytes)")
        }
        return try Entitlements.dictionary(try source.read(at: 0, count: Int(source.size)), what: "Info.plist")
    }

    /// The lowest iOS version the built app runs on: `MinimumOSVersion` in its `Info.plist` (Xcode
    /// writes it from the target's deployment target); nil when it says none or cannot be read.
    var minimumIOS: MinimumIOS? {
        guard case .string(let text)? = try? infoPlist()?["MinimumOSVersion"], let version = IOSVersion(text) else {
            return nil
        }
        return MinimumIOS(version, source: "MinimumOSVersion in \(display)/Info.plist")
    }
}
