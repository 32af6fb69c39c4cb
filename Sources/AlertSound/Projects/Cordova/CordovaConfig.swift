import AlertSoundCore

/// What a Cordova app's `config.xml` says, as far as notification sounds need it: that it is one
/// (its root is `<widget>`), the platforms it names, each platform's `<resource-file>` elements
/// (the files `cordova prepare` copies into the generated native project), its `<plugin>`s, its
/// `<engine>`s and its preferences. Read from the text in one pass with a stack of open elements
/// bounded in depth (as ``MSBuildProject`` reads a `.csproj`), so a file of any size or nesting
/// is read in time linear in its bytes, or refused with the offset where it stops making sense.
struct CordovaConfig: Sendable {
    /// A `<resource-file>` of a `<platform>`: its source, relative to the app's root, and its
    /// target (relative to `platforms/android/` on Android; iOS takes the source's when absent).
    struct ResourceFile: Sendable, Equatable {
        var src: String
        var target: String?
        /// The line it is on, for evidence.
        var line: Int
    }

    /// The widget's `id` (the app's package name).
    var id: String?
    /// Each `<platform name=…>`'s resource files, by the platform's name as written (`ios`, `android`).
    var resourceFiles: [String: [ResourceFile]] = [:]
    /// The platforms `<platform>` and `<engine>` elements name.
    var platforms: Set<String> = []
    /// `<engine name="android" spec="…">`: the platform's version, as written.
    var engines: [String: String] = [:]
    /// The `<plugin name=…>`s.
    var plugins: [String] = []
    /// `<preference name value>`, top level and per platform (the platform's win), by platform
    /// (`""`: every platform).
    var preferences: [String: [String: String]] = [:]

    /// A preference for `platform`: the platform's own, else the top-level one.
    func preference(_ name: String, for platform: String) -> String? {
        preferences[platform]?[name] ?? preferences[""]?[name]
    }

    /// Elements open at once beyond which a config is refused: Cordova's own nest a few deep
    /// (`<platform><config-file><meta-data>`).
    static let maximumDepth = 64

    /// Reads `config.xml`'s bytes; nil when its root is not `<widget>` (another tool's
    /// `config.xml`); throws `malformed` naming the offset for XML it cannot follow.
    static func parse(_ bytes: [UInt8], path: String) throws -> CordovaConfig? {
        var config = CordovaConfig()
        var stack: [(name: String, platform: String?)] = []
        var sawRoot = false
        var line = 1
        var counted = 0
        var reader = XMLTags.Reader(bytes) { what, at in
            AlertSoundError(.malformed, "not a Cordova config: \(what)", path: path, offset: Int64(at))
        }
        // Lines counted once over the bytes, as far as the scan has come.
        func lineAt(_ offset: Int) -> Int {
            while counted < offset, counted < bytes.count {
                if bytes[counted] == 0x0A { line += 1 }
                counted += 1
            }
            return line
        }
        while let tag = try reader.next() {
            let start = tag.start
            if tag.closing {
                let name = tag.name
                guard let top = stack.last, top.name == name else {
                    throw reader.fail("</\(name)> closes nothing open")
                }
                stack.removeLast()
                continue
            }
            let selfClosing = tag.selfClosing
            let name = tag.name
            let attributes = tag.attributes
            func attribute(_ key: String) throws -> String? {
                try XMLTags.attribute(key, in: attributes, fail: { reader.fail($0) })
            }
            if !sawRoot {
                // Another tool's config.xml (Android's res/xml, a PhoneGap build's is a widget too).
                guard name == "widget" else { return nil }
                sawRoot = true
                config.id = try attribute("id")
            } else if stack.count == 1 {
                switch name {
                case "platform":
                    if let platform = try attribute("name")?.lowercased() { config.platforms.insert(platform) }
                case "engine":
                    if let platform = try attribute("name")?.lowercased() {
                        config.platforms.insert(platform)
                        config.engines[platform] = try attribute("spec")
                    }
                case "plugin":
                    if let plugin = try attribute("name") { config.plugins.append(plugin) }
                case "preference":
                    if let key = try attribute("name"), let value = try attribute("value") {
                        config.preferences["", default: [:]][key] = value
                    }
                default: break
                }
            } else if stack.count == 2, stack[1].name == "platform", let platform = stack[1].platform {
                switch name {
                case "resource-file":
                    if let src = try attribute("src") {
                        config.resourceFiles[platform, default: []].append(
                            ResourceFile(src: src, target: try attribute("target"), line: lineAt(start)))
                    }
                case "preference":
                    if let key = try attribute("name"), let value = try attribute("value") {
                        config.preferences[platform, default: [:]][key] = value
                    }
                default: break
                }
            }
            if !selfClosing {
                guard stack.count < maximumDepth else {
                    throw reader.fail("elements nest more than \(maximumDepth) deep")
                }
                let platform = stack.count == 1 && name == "platform" ? try attribute("name")?.lowercased() : nil
                stack.append((name, platform))
            }
        }
        return sawRoot ? config : nil
    }
}
