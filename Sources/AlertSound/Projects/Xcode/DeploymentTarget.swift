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
        return ofPodfile(at: joinPath(parentFolder(project), "Podfile"), app: app.targets, within: confinement)
    }

    /// `platform :ios, 'X'` in the Podfile at `path` that applies to the app built by the Xcode
    /// targets `app` (``podfilePlatform(_:app:)``; a commented-out line, as Flutter's template has,
    /// says nothing; a version made by Ruby, as React Native's `min_ios_version_supported`, is not
    /// known here).
    static func ofPodfile(at path: String, app: [String], within confinement: Confinement) -> MinimumIOS? {
        guard isFile(path), confinement.contains(path),
            let bytes = try? confinement.door.bytes(path, limit: Limits.maximumPayloadBytes, what: "Podfile"),
            let text = validUTF8(bytes), let found = podfilePlatform(text, app: app)
        else { return nil }
        return MinimumIOS(found.version, source: "platform :ios in \(path):\(found.line)")
    }

    /// The `platform :ios` a Podfile gives the app whose Xcode targets are `app`: the one in the
    /// app's own `target '…' do` block, else in a block that encloses it (an `abstract_target`),
    /// else the one outside every target block; never another target's. Comments of every Ruby
    /// form say nothing: `#` to the end of a line (outside a string) and `=begin` … `=end`; nor does
    /// what follows `__END__`. One pass over the lines, each character looked at once; blocks are
    /// followed by their openers (`do`, `{`, `if`, `def`, …) and `end`, as CocoaPods' own Podfiles
    /// are written, without running any Ruby.
    static func podfilePlatform(_ text: String, app: [String]) -> (version: IOSVersion, line: Int)? {
        // Each target block's parent target block (nil: the top level) and depth; each open block's
        // innermost target block.
        var parents: [Int?] = [], depths: [Int] = [], names: [String] = []
        var open: [Int?] = []
        var found: [(target: Int?, version: IOSVersion, line: Int)] = []
        var inComment = false
        for (index, raw) in textLines(text).enumerated() {
            if inComment {
                if startsWord(raw, "=end") { inComment = false }
                continue
            }
            if startsWord(raw, "=begin") {
                inComment = true
                continue
            }
            if raw.trimmingWhitespace() == "__END__" && raw.hasPrefix("__END__") { break }
            let line = rubyCode(raw).trimmingWhitespace()
            let current = open.last ?? nil
            if let version = podfilePlatform(line) { found.append((current, version, index + 1)) }
            if line == "end" || (line.hasPrefix("end") && !isIdentifier(line.dropFirst(3).first)) || line.hasPrefix("}")
            {
                if !open.isEmpty { open.removeLast() }
                continue
            }
            guard opensBlock(line) else { continue }
            if let name = targetName(line) {
                parents.append(current)
                depths.append(current.map { depths[$0] + 1 } ?? 1)
                names.append(name)
                open.append(names.count - 1)
            } else {
                open.append(current)
            }
        }
        // The app's chain of target blocks, from its own outwards.
        var chain: [Int: Int] = [:]
        var at = names.firstIndex { app.contains($0) }
        while let block = at {
            chain[block] = depths[block]
            at = parents[block]
        }
        var best: (version: IOSVersion, line: Int, depth: Int)?
        for candidate in found {
            let depth = candidate.target.map { chain[$0] } ?? 0
            guard let depth, depth > (best?.depth ?? -1) else { continue }
            best = (candidate.version, candidate.line, depth)
        }
        return best.map { ($0.version, $0.line) }
    }

    /// `line` starts with `word` followed by nothing or a space (`=begin`, `=end` at a line's start).
    private static func startsWord(_ line: String, _ word: String) -> Bool {
        guard line.hasPrefix(word) else { return false }
        let next = line.dropFirst(word.count).first
        return next == nil || next == " " || next == "\t" || next == "\r"
    }

    private static func isIdentifier(_ c: Character?) -> Bool {
        guard let c else { return false }
        return c == "_" || c.isLetter || c.isNumber
    }

    /// A line's Ruby code: what comes before a `#` that is not inside a quoted string.
    static func rubyCode(_ line: String) -> Substring {
        var quote: Character?
        var escaped = false
        for index in line.indices {
            let c = line[index]
            if let open = quote {
                if escaped {
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == open {
                    quote = nil
                }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "#" {
                return line[..<index]
            }
        }
        return line[...]
    }

    /// Whether a line of code (trimmed, without its comment) opens a block its `end` or `}` closes.
    private static func opensBlock(_ line: String) -> Bool {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first, let last = words.last else { return false }
        // `do` or `do |x|` at the end, or `{` / `{ |x|`.
        if last == "do" || last == "{" || line.hasSuffix("{") { return true }
        if line.hasSuffix("|"), let pipe = line.dropLast().lastIndex(of: "|") {
            let before = line[..<pipe].trimmingWhitespace()
            if before.hasSuffix(" do") || before == "do" || before.hasSuffix("{") { return true }
        }
        let openers: Set<Substring> = [
            "if", "unless", "while", "until", "case", "begin", "def", "class", "module", "for"
        ]
        // A one-line `if x then y end` closes itself.
        return openers.contains(first) && last != "end"
    }

    /// The name of a `target 'App' do` or `abstract_target 'Base' do` line (quoted, or a symbol).
    private static func targetName(_ line: String) -> String? {
        var rest = Substring(line)
        if rest.hasPrefix("abstract_target") {
            rest = rest.dropFirst("abstract_target".count)
        } else if rest.hasPrefix("target") {
            rest = rest.dropFirst("target".count)
        } else {
            return nil
        }
        guard let next = rest.first, next == " " || next == "(" || next == "\t" else { return nil }
        rest = rest.drop { $0 == " " || $0 == "(" || $0 == "\t" }
        guard let quote = rest.first else { return nil }
        if quote == ":" { return String(rest.dropFirst().prefix { isIdentifier($0) }) }
        guard quote == "'" || quote == "\"" else { return nil }
        let inside = rest.dropFirst().prefix { $0 != quote }
        return rest.dropFirst(inside.count + 1).first == quote ? String(inside) : nil
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
