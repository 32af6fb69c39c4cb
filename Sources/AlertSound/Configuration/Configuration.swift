import AlertSoundCore

/// A repository's choices, in `.alertsound.yml` at its root (as SwiftLint reads `.swiftlint.yml`):
/// read by the command line (from the working folder, or `--config`), so the GitHub Action and the
/// package plugins, which run it, read the same file.
///
/// ```yaml
/// # Sounds never judged (globs, relative to the folder holding this file).
/// ignore:
///   - ios/Runner/Ringtones/*.caf
/// # notification-sounds (default): only the sounds something names fail; every-sound: all do.
/// judge: notification-sounds
/// strict: false
/// platforms: [ios, android]
/// # The app's lowest iOS version, when the project does not say it (AAC and MP3 verdicts follow it).
/// ios-minimum: 18.0
/// ```
///
/// The file is a small part of YAML: top-level `key: value`, a list as `- item` lines or `[a, b]`,
/// `#` comments, plain or quoted scalars. A key alertsound does not know, or a value of the wrong
/// shape, is an error naming the line: a misspelt key silently ignored would judge what the user
/// meant to leave out.
public struct Configuration: Sendable, Equatable {
    /// Globs of sound paths never judged, relative to ``folder``.
    public var ignore: [String] = [] { didSet { ignorePatterns = ignore.map(PathGlob.init) } }
    /// ``ignore`` compiled once, not once per sound (a long pattern × 40 sounds took 20 s).
    private var ignorePatterns: [PathGlob] = []
    /// Whether every sound fails on its findings, or only those something names (the default).
    public var judgeEverySound = false
    /// `--strict`, when the file sets it.
    public var strict: Bool?
    /// The platforms judged, when the file sets them (`--platform`).
    public var platforms: Set<Platform>?
    /// The lowest iOS version the apps run on (`--ios-minimum`), when the file sets it.
    public var minimumIOS: MinimumIOS?
    /// The folder the file is in: ``ignore`` is relative to it.
    public var folder = "."

    /// The file's name at a repository's root.
    public static let fileName = ".alertsound.yml"
    /// The keys it may hold.
    public static let keys = ["ignore", "judge", "strict", "platforms", "ios-minimum"]

    /// No choices: alertsound's defaults.
    public init() {}

    /// Reads the configuration at `path` (`--config FILE`: the user's to name, read wherever it
    /// leads); throws `malformed` naming the line of what it cannot take.
    public static func read(path: String) throws -> Configuration {
        try read(path: path, through: .userNamed)
    }

    /// The repository's configuration, `.alertsound.yml` in `folder` (the working folder, `.`):
    /// none when nothing is there. Anything else of that name that is not a readable file inside
    /// the repository holding `folder` (a link that leads nowhere or out of it, a folder, a FIFO)
    /// is an `unreadable` error naming it, never silently no configuration, and a link out is not
    /// read (its first key would be echoed in the error).
    public static func found(in folder: String = ".") throws -> Configuration {
        let path = folder == "." ? fileName : joinPath(folder, fileName)
        guard Door.hasEntry(path) else { return Configuration() }
        switch pathKind(path) {
        case nil:
            throw AlertSoundError(
                .unreadable, "a symbolic link that leads nowhere; remove it, or point it at the configuration",
                path: path)
        case .folder?:
            throw AlertSoundError(.unreadable, "a folder, not a configuration file", path: path)
        case .file?:
            guard let door = Door(given: folder) else {
                throw AlertSoundError(.unreadable, "cannot resolve the folder holding it", path: path)
            }
            return try read(path: path, through: door)
        }
    }

    /// Reads the configuration at `path` through `door`.
    static func read(path: String, through door: Door) throws -> Configuration {
        let bytes = try door.contents(path, limit: Limits.maximumPlistBytes, what: "configuration")
        guard let text = validUTF8(bytes) else {
            throw AlertSoundError(.malformed, "not UTF-8 text", path: path)
        }
        var configuration = try parse(text, path: path)
        configuration.folder = parentFolder(path)
        return configuration
    }

    /// The configuration in `text` (the file at `path`, for errors).
    static func parse(_ text: String, path: String) throws -> Configuration {
        var configuration = Configuration()
        var seen: Set<String> = []
        var listKey: String?
        var list: [String] = []
        func fail(_ line: Int, _ message: String) -> AlertSoundError {
            AlertSoundError(.invalidRequest, "line \(line): \(message)", path: path)
        }
        func finishList(_ line: Int) throws {
            guard let key = listKey else { return }
            try configuration.set(key, list: list, line: line, fail: fail)
            listKey = nil
            list = []
        }
        let lines = textLines(text)
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = stripComment(raw)
            if line.trimmingWhitespace().isEmpty { continue }
            if line.hasPrefix(" ") || line.hasPrefix("\t") || line.hasPrefix("-") {
                let item = line.trimmingWhitespace()
                guard listKey != nil, item.hasPrefix("- ") || item == "-" else {
                    throw fail(number, "an indented line belongs under a key that takes a list (ignore, platforms)")
                }
                list.append(try scalar(String(item.dropFirst(1)).trimmingWhitespace(), line: number, fail: fail))
                continue
            }
            try finishList(number)
            guard let colon = line.firstIndex(of: ":") else {
                throw fail(number, "expected 'key: value'")
            }
            let key = String(line[..<colon]).trimmingWhitespace()
            let value = String(line[line.index(after: colon)...]).trimmingWhitespace()
            guard keys.contains(key) else {
                throw fail(number, "unknown key '\(key)'; the keys are \(keys.joined(separator: ", "))")
            }
            guard seen.insert(key).inserted else { throw fail(number, "'\(key)' is given twice") }
            if value.isEmpty {
                listKey = key
            } else if value.hasPrefix("[") {
                guard value.hasSuffix("]") else { throw fail(number, "a list in brackets must end with ']'") }
                let items = value.dropFirst().dropLast().split(separator: ",").map {
                    String($0).trimmingWhitespace()
                }.filter { !$0.isEmpty }
                try configuration.set(
                    key, list: items.map { try scalar($0, line: number, fail: fail) }, line: number, fail: fail)
            } else {
                try configuration.set(
                    key, value: try scalar(value, line: number, fail: fail), line: number, path: path, fail: fail)
            }
        }
        try finishList(lines.count)
        return configuration
    }

    private mutating func set(
        _ key: String, value: String, line: Int, path: String, fail: (Int, String) -> AlertSoundError
    ) throws {
        switch key {
        case "ios-minimum":
            guard let version = IOSVersion(value) else {
                throw fail(line, "ios-minimum is an iOS version such as 15.0, not '\(value)'")
            }
            minimumIOS = MinimumIOS(version, source: "ios-minimum in \(path)")
        case "judge":
            switch value {
            case "notification-sounds": judgeEverySound = false
            case "every-sound": judgeEverySound = true
            default: throw fail(line, "judge is notification-sounds or every-sound, not '\(value)'")
            }
        case "strict":
            guard value == "true" || value == "false" else { throw fail(line, "strict is true or false") }
            strict = value == "true"
        default:
            try set(key, list: [value], line: line, fail: fail)
        }
    }

    private mutating func set(
        _ key: String, list: [String], line: Int, fail: (Int, String) -> AlertSoundError
    ) throws {
        switch key {
        case "ignore":
            ignore = list
        case "platforms":
            var chosen: Set<Platform> = []
            for item in list {
                guard let platform = Platform(rawValue: item) else {
                    throw fail(line, "platforms are ios and android, not '\(item)'")
                }
                chosen.insert(platform)
            }
            guard !chosen.isEmpty else { throw fail(line, "platforms names none") }
            platforms = chosen
        default:
            throw fail(line, "'\(key)' takes one value, not a list")
        }
    }

    /// A plain or quoted scalar.
    private static func scalar(_ text: String, line: Int, fail: (Int, String) -> AlertSoundError) throws -> String {
        guard let first = text.first, first == "\"" || first == "'" else { return text }
        guard text.count >= 2, text.last == first else { throw fail(line, "a quoted value must end with its quote") }
        return String(text.dropFirst().dropLast())
    }

    /// The line without a `#` comment (one at the start, or after a space, outside quotes).
    private static func stripComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, c) in line.enumerated() {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#", previous == " " || previous == "\t" {
                return String(line.prefix(offset))
            }
            previous = c
        }
        return line
    }

    /// Whether the sound at `path` (as reported, relative to the working folder or absolute) is
    /// one ``ignore`` names. Patterns are relative to ``folder``; `*` matches within a name and
    /// `**` across folders.
    public func ignores(_ path: String) -> Bool {
        guard !ignore.isEmpty else { return false }
        let relative = Self.relative(path, to: folder)
        let text = Array(relative.utf8)
        return ignorePatterns.contains { $0.matches(text) }
    }

    static func relative(_ path: String, to folder: String) -> String {
        var path = collapsedPath(path)
        let base = collapsedPath(folder)
        if !base.isEmpty, base != ".", path.hasPrefix(base + "/") { path = String(path.dropFirst(base.count + 1)) }
        return path
    }
}

/// An ``Configuration/ignore`` glob, compiled: `*` any run within a name, `**` any run across
/// names (`**/` also none), `?` one byte; the rest literally. A run of stars is one token (the
/// widest), so the tokens that consume nothing never outnumber those that consume a byte; and
/// matching stops when no position is left. Time: the pattern once, then at most about twice the
/// path's length in tokens, each over the path (both short), whatever the pattern's length.
struct PathGlob: Sendable, Equatable {
    enum Token: Sendable, Equatable { case byte(UInt8), one, star, deep }
    let tokens: [Token]

    init(_ pattern: String) { self.init(Array(pattern.utf8)[...]) }

    /// From the pattern's bytes (which need not be UTF-8).
    init(_ pattern: ArraySlice<UInt8>) {
        var tokens: [Token] = []
        var i = pattern.startIndex
        func star(_ token: Token) {
            // `*` after `*`, or either beside `**`, is the wider of the two.
            if let last = tokens.last, last == .star || last == .deep {
                tokens[tokens.count - 1] = last == .deep || token == .deep ? .deep : .star
            } else {
                tokens.append(token)
            }
        }
        while i < pattern.endIndex {
            if pattern[i] == UInt8(ascii: "*") {
                if i + 1 < pattern.endIndex, pattern[i + 1] == UInt8(ascii: "*") {
                    star(.deep)
                    i += 2
                    // `**/` matches no folder too: the slash is part of the token.
                    if i < pattern.endIndex, pattern[i] == UInt8(ascii: "/") { i += 1 }
                } else {
                    star(.star)
                    i += 1
                }
            } else {
                tokens.append(pattern[i] == UInt8(ascii: "?") ? .one : .byte(pattern[i]))
                i += 1
            }
        }
        self.tokens = tokens
    }

    /// Decided over every pair of positions once.
    func matches(_ t: [UInt8]) -> Bool {
        // matched[j]: the tokens so far match t[0..<j].
        var matched = [Bool](repeating: false, count: t.count + 1)
        var next = matched
        matched[0] = true
        for token in tokens {
            for j in next.indices { next[j] = false }
            var any = false
            switch token {
            case .byte(let b):
                for j in 0..<t.count where matched[j] && t[j] == b {
                    next[j + 1] = true
                    any = true
                }
            case .one:
                for j in 0..<t.count where matched[j] {
                    next[j + 1] = true
                    any = true
                }
            case .star:
                // Any run without a slash.
                for j in 0...t.count where matched[j] || (j > 0 && next[j - 1] && t[j - 1] != UInt8(ascii: "/")) {
                    next[j] = true
                    any = true
                }
            case .deep:
                for j in 0...t.count where matched[j] || (j > 0 && next[j - 1]) {
                    next[j] = true
                    any = true
                }
            }
            swap(&matched, &next)
            // No position left: no later token brings one back.
            guard any else { return false }
        }
        return matched[t.count]
    }
}
