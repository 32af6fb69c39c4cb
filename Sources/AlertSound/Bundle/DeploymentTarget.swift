import AlertSoundCore

/// Where a project says the lowest iOS version its app runs on, read as data (never run): what
/// decides whether an undocumented format (``UndocumentedFormat``) is a warning or an error. The
/// build uses the app target's `IPHONEOS_DEPLOYMENT_TARGET` (``XcodeProject/App/deploymentTarget``);
/// the readers here are for what sets it elsewhere. A built app's is ``AppContents/minimumIOS``.
enum DeploymentTarget {
    /// An Xcode app target's setting, else the Podfile beside the project (`platform :ios, '13.0'`;
    /// CocoaPods' own projects follow it, and Flutter and React Native apps set both).
    static func ofXcodeApp(_ app: XcodeProject.App, project: String, within confinement: Confinement) -> MinimumIOS? {
        if let text = app.deploymentTarget, let version = IOSVersion(text) {
            let targets = app.targets.joined(separator: ", ")
            return MinimumIOS(version, source: "IPHONEOS_DEPLOYMENT_TARGET of \(targets) in \(project)")
        }
        return ofPodfile(at: joinPath(parentFolder(project), "Podfile"), within: confinement)
    }

    /// `platform :ios, 'X'` in the Podfile at `path` (a commented-out line, as Flutter's template
    /// has, says nothing; a version made by Ruby, as React Native's `min_ios_version_supported`, is
    /// not known here).
    static func ofPodfile(at path: String, within confinement: Confinement) -> MinimumIOS? {
        guard isFile(path), confinement.contains(path),
            let bytes = try? confinement.door.bytes(path, limit: Limits.maximumPayloadBytes, what: "Podfile"),
            let text = validUTF8(bytes)
        else { return nil }
        for (index, line) in textLines(text).enumerated() {
            if let version = podfilePlatform(line) {
                return MinimumIOS(version, source: "platform :ios in \(path):\(index + 1)")
            }
        }
        return nil
    }

    /// The version of a `platform :ios, '13.0'` line (parentheses allowed), nil for any other line.
    static func podfilePlatform(_ line: String) -> IOSVersion? {
        var rest = Substring(line.trimmingWhitespace())
        guard rest.hasPrefix("platform") else { return nil }
        rest = rest.dropFirst("platform".count)
        guard let next = rest.first, next == " " || next == "(" || next == "\t" else { return nil }
        rest = rest.drop { $0 == " " || $0 == "(" || $0 == "\t" }
        guard rest.hasPrefix(":ios") else { return nil }
        rest = rest.dropFirst(":ios".count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "," else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard let quote = rest.first, quote == "'" || quote == "\"" else { return nil }
        let inside = rest.dropFirst().prefix { $0 != quote }
        guard rest.dropFirst(inside.count + 1).first == quote else { return nil }
        return IOSVersion(String(inside))
    }

    /// An Expo app's: `expo-build-properties`' `ios.deploymentTarget` in its config (`expo` in
    /// `app.json`), else `ios.deploymentTarget` in `ios/Podfile.properties.json` (what `expo
    /// prebuild` writes). Expo's own default follows its SDK and is not guessed.
    static func ofExpo(
        config: [String: JSONValue], configPath: String, folder: String, within confinement: Confinement
    )
        -> MinimumIOS?
    {
        if case .array(let plugins)? = config["plugins"] {
            for entry in plugins {
                guard case .array(let pair) = entry, pair.count >= 2, case .string("expo-build-properties") = pair[0],
                    case .object(let options) = pair[1], case .object(let ios)? = options["ios"],
                    case .string(let text)? = ios["deploymentTarget"], let version = IOSVersion(text)
                else { continue }
                return MinimumIOS(version, source: "expo-build-properties' ios.deploymentTarget in \(configPath)")
            }
        }
        let properties = joinPath(folder, "ios/Podfile.properties.json")
        guard isFile(properties), confinement.contains(properties),
            let bytes = try? confinement.door.bytes(properties, limit: Limits.maximumPayloadBytes, what: "properties"),
            case .object(let top)? = try? JSONParser.parse(bytes),
            case .string(let text)? = top["ios.deploymentTarget"],
            let version = IOSVersion(text)
        else { return nil }
        return MinimumIOS(version, source: "ios.deploymentTarget in \(properties)")
    }
}
