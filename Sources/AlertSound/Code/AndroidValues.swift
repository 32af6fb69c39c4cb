import AlertSoundCore

/// What an Android module's build and resources make of names its code uses in a channel's ID
/// (issue 57): `packageName` (`context.packageName`, `BuildConfig.APPLICATION_ID`) is the module's
/// `applicationId`, when its Gradle file gives one and no flavor or build type changes it
/// (`applicationIdSuffix`, a second `applicationId`); `getString(R.string.x)` is the string
/// resource `x` of `src/main/res/values`. Read once per module, bounded as every source read.
struct AndroidValues: Sendable {
    var package: String?
    var strings: [String: String] = [:]

    /// The values of the module that holds the source file `path` (the folder before its `/src/`).
    static func of(sourceFile path: String, through door: Door) -> AndroidValues {
        var values = AndroidValues()
        // The module: the folder before the last `/src/` of the path.
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let src = parts.lastIndex(of: "src"), src > 0 else { return values }
        let module = parts[..<src].joined(separator: "/")
        func text(_ file: String) -> String? {
            guard isFile(file),
                let bytes = try? door.bytes(file, limit: Limits.maximumAndroidSourceBytes, what: "build file")
            else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        for name in ["build.gradle", "build.gradle.kts"] {
            if let gradle = text(joinPath(module, name)) { values.package = applicationID(in: gradle) }
        }
        let folder = joinPath(module, "src/main/res/values")
        for file in FolderEntries.names(in: folder, .file, through: door).sorted().prefix(32)
        where lowercasedExtension(file) == "xml" {
            guard let xml = text(joinPath(folder, file)) else { continue }
            for element in xml.split(separator: "<") where element.hasPrefix("string ") {
                guard let key = AndroidAppFacts.attribute("name", in: String(element)), values.strings[key] == nil,
                    let close = element.firstIndex(of: ">")
                else { continue }
                values.strings[key] = String(element[element.index(after: close)...]).trimmingWhitespace()
            }
        }
        return values
    }

    /// The one `applicationId "x"` (`= "x"`, `("x")`) of a Gradle file; nil when there is none,
    /// several, or an `applicationIdSuffix` (the package then depends on the variant).
    static func applicationID(in gradle: String) -> String? {
        let source = SourceText(gradle)
        guard source.occurrences(of: "applicationIdSuffix").isEmpty else { return nil }
        var found: Set<String> = []
        for offset in source.occurrences(of: "applicationId") {
            var i = offset + "applicationId".unicodeScalars.count
            while i < source.scalars.count, [" ", "\t", "=", "("].contains(source.scalars[i]) { i += 1 }
            var end = i
            while end < source.scalars.count, end - i < 256, source.scalars[end] != "\n", source.scalars[end] != ")" {
                end += 1
            }
            guard let literal = SourceText.Argument(source.scalars[i..<end]).literal, !literal.isEmpty else {
                return nil
            }
            found.insert(literal)
        }
        return found.count == 1 ? found.first : nil
    }

    /// `text` with the package name and string resources it names put in their place: in a
    /// template (`${context.packageName}`, `$packageName`, `${getString(R.string.x)}`) their text,
    /// elsewhere a literal (`"com.shop"`); and literals joined by `+` one literal. Unchanged
    /// where a value is not known, or would need escaping.
    func rewrite(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var quoted = false
        var i = 0
        /// The chain of names (and a `getString(R.string.x)` call) from `start`: its end.
        func chain(from start: Int) -> Int {
            var end = start
            while end < scalars.count {
                while end < scalars.count, SourceText.isIdentifier(scalars[end]), scalars[end] != "$" { end += 1 }
                if end < scalars.count, scalars[end] == "(" {
                    var close = end
                    while close < scalars.count, close - end < 128, scalars[close] != ")" { close += 1 }
                    return close < scalars.count && scalars[close] == ")" ? close + 1 : end
                }
                var next = end
                if next < scalars.count, scalars[next] == "?" { next += 1 }
                guard next + 1 < scalars.count, scalars[next] == ".", SourceText.isIdentifier(scalars[next + 1]) else {
                    break
                }
                end = next + 1
            }
            return end
        }
        while i < scalars.count {
            let c = scalars[i]
            if quoted {
                if c == "\\", i + 1 < scalars.count {
                    out.append(c)
                    out.append(scalars[i + 1])
                    i += 2
                    continue
                }
                if c == "\"" { quoted = false }
                if c == "$", i + 1 < scalars.count {
                    let braced = scalars[i + 1] == "{"
                    let start = braced ? i + 2 : i + 1
                    let end = chain(from: start)
                    if end > start, !braced || (end < scalars.count && scalars[end] == "}"),
                        let value = value(of: String(String.UnicodeScalarView(scalars[start..<end]))),
                        !value.unicodeScalars.contains(where: { "\"$\\".unicodeScalars.contains($0) })
                    {
                        out.append(contentsOf: value.unicodeScalars)
                        i = braced ? end + 1 : end
                        continue
                    }
                }
                out.append(c)
                i += 1
                continue
            }
            if c == "\"" {
                quoted = true
                out.append(c)
                i += 1
                continue
            }
            if SourceText.isIdentifier(c), c != "$",
                i == 0 || !(SourceText.isIdentifier(scalars[i - 1]) || scalars[i - 1] == ".")
            {
                let end = chain(from: i)
                if let value = value(of: String(String.UnicodeScalarView(scalars[i..<end]))),
                    !value.unicodeScalars.contains(where: { "\"$\\".unicodeScalars.contains($0) })
                {
                    out.append(contentsOf: "\"\(value)\"".unicodeScalars)
                    i = end
                    continue
                }
                out.append(contentsOf: scalars[i..<end])
                i = max(end, i + 1)
                continue
            }
            out.append(c)
            i += 1
        }
        return Self.joined(String(out))
    }

    /// The value a chain of names stands for, when it is the package name or a string resource.
    private func value(of chain: String) -> String? {
        let compact = chain.filter { $0 != "?" }
        if compact == "packageName" || compact.hasSuffix(".packageName")
            || compact.hasSuffix("BuildConfig.APPLICATION_ID")
            || compact == "APPLICATION_ID"
        {
            return package
        }
        let marker = "getString(R.string."
        guard compact.hasSuffix(")"), let open = compact.firstIndex(of: "(") else { return nil }
        let head = compact[..<open]
        guard head == "getString" || head.hasSuffix(".getString"),
            compact[compact.index(open, offsetBy: -"getString".count)...].hasPrefix(marker)
        else { return nil }
        let key = compact[compact.index(open, offsetBy: "(R.string.".count)...].dropLast()
        return strings[String(key)]
    }

    /// Literals joined by `+` (`"com.shop" + "-" + "orders"`) as one literal; else `text`.
    static func joined(_ text: String) -> String {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for c in text {
            if c == "\"" { quoted.toggle() }
            if c == "+", !quoted {
                parts.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current)
        guard parts.count > 1 else { return text }
        var joined = ""
        for part in parts {
            guard let literal = SourceText.Argument(text: part).literal else { return text }
            joined += literal
        }
        return "\"\(joined)\""
    }
}

extension AndroidValues {
    /// The packages an app module's release builds install as (issue 57): each product flavor's
    /// `applicationId` (else the `defaultConfig`'s, else the module's `namespace`, else the
    /// manifest's `package`), with the `applicationIdSuffix` of `defaultConfig`, of the flavors (one
    /// flavor per dimension, in the dimensions' order) and of the `release` build type appended, as
    /// the Android Gradle plugin builds it. A debug build type's suffix is not what users install.
    /// nil when the build computes any of them (a variable, `onVariants`), or gives no base.
    static func releasePackages(gradle: String, manifestPackage: String?) -> [String]? {
        let text = GradleBlocks(gradle)
        guard !gradle.contains("applicationVariants"), !gradle.contains("onVariants") else { return nil }
        let android = text.block(named: "android", in: text.whole) ?? text.whole
        let defaults = text.block(named: "defaultConfig", in: android)
        let flavorsBlock = text.block(named: "productFlavors", in: android)
        // The settings outside `defaultConfig`, flavors and build types: `namespace`.
        guard case .known(let namespace) = text.setting("namespace", in: android, outside: [defaults, flavorsBlock]),
            case .known(let baseID) = defaults.map({ text.setting("applicationId", in: $0) }) ?? .known(nil),
            case .known(let baseSuffix) = defaults.map({ text.setting("applicationIdSuffix", in: $0) }) ?? .known(nil)
        else { return nil }
        guard let base = baseID ?? namespace ?? manifestPackage else { return nil }
        var release: String?
        if let types = text.block(named: "buildTypes", in: android), let block = text.block(named: "release", in: types)
        {
            guard case .known(let suffix) = text.setting("applicationIdSuffix", in: block) else { return nil }
            release = suffix
        }
        struct Flavor {
            var id: String?
            var suffix: String?
            var dimension: String?
        }
        var flavors: [Flavor] = []
        if let flavorsBlock {
            for child in text.children(of: flavorsBlock).prefix(32) {
                guard case .known(let id) = text.setting("applicationId", in: child),
                    case .known(let suffix) = text.setting("applicationIdSuffix", in: child),
                    case .known(let dimension) = text.setting("dimension", in: child)
                else { return nil }
                flavors.append(Flavor(id: id, suffix: suffix, dimension: dimension))
            }
        }
        // One flavor per dimension, in the order `flavorDimensions` lists them (a flavor without
        // one: the only dimension).
        let dimensions = text.dimensions(in: android)
        var groups: [[Flavor]] = []
        if flavors.isEmpty {
            groups = []
        } else if dimensions.count <= 1 {
            groups = [flavors]
        } else {
            for dimension in dimensions {
                let members = flavors.filter { $0.dimension == dimension }
                if !members.isEmpty { groups.append(members) }
            }
            guard groups.map(\.count).reduce(0, +) == flavors.count else { return nil }
        }
        var variants: [[Flavor]] = [[]]
        for group in groups {
            variants = variants.flatMap { prefix in group.map { prefix + [$0] } }
            guard variants.count <= 64 else { return nil }
        }
        var packages: [String] = []
        for variant in variants {
            // The first dimension's flavor that sets an `applicationId` wins over the default.
            let id = variant.lazy.compactMap(\.id).first ?? base
            let package = id + (baseSuffix ?? "") + variant.compactMap(\.suffix).joined() + (release ?? "")
            if !packages.contains(package) { packages.append(package) }
        }
        return packages
    }
}

/// A Gradle file's blocks (`name {`, `create("name") {`, `getByName("name") {`, `register("name")
/// {`) and settings (`key "value"`, `key = "value"`, `key("value")`), read over its text once:
/// each block's closing brace found by one linear pass that skips strings and comments.
struct GradleBlocks {
    enum Value: Equatable {
        case known(String?)
        case computed
    }

    let scalars: [Unicode.Scalar]
    /// The closing brace of each opening one, by offset.
    private var closes: [Int: Int] = [:]
    /// Where code is (not a string or comment), by offset.
    private var code: [Bool]

    var whole: Range<Int> { 0..<scalars.count }

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        code = Array(repeating: true, count: scalars.count)
        var stack: [Int] = []
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "/", i + 1 < scalars.count, scalars[i + 1] == "/" {
                while i < scalars.count, scalars[i] != "\n" {
                    code[i] = false
                    i += 1
                }
                continue
            }
            if c == "/", i + 1 < scalars.count, scalars[i + 1] == "*" {
                while i < scalars.count, !(scalars[i] == "*" && i + 1 < scalars.count && scalars[i + 1] == "/") {
                    code[i] = false
                    i += 1
                }
                if i < scalars.count { code[i] = false }
                if i + 1 < scalars.count { code[i + 1] = false }
                i += 2
                continue
            }
            if c == "\"" || c == "'" {
                code[i] = false
                i += 1
                while i < scalars.count, scalars[i] != c, scalars[i] != "\n" {
                    if scalars[i] == "\\" {
                        code[i] = false
                        i += 1
                    }
                    if i < scalars.count { code[i] = false }
                    i += 1
                }
                if i < scalars.count { code[i] = false }
                i += 1
                continue
            }
            if c == "{" { stack.append(i) }
            if c == "}", let open = stack.popLast() { closes[open] = i }
            i += 1
        }
    }

    /// The inside of the first block named `name` directly within `range` (depth one).
    func block(named name: String, in range: Range<Int>) -> Range<Int>? {
        children(of: range, named: name).first
    }

    /// The blocks directly within `range`, each with the name it is opened with.
    func children(of range: Range<Int>) -> [Range<Int>] { children(of: range, named: nil) }

    private func children(of range: Range<Int>, named: String?) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var i = range.lowerBound
        while i < range.upperBound {
            guard code[i], scalars[i] == "{" else {
                i += 1
                continue
            }
            let close = closes[i] ?? range.upperBound
            if let named {
                if blockName(before: i) == named { found.append((i + 1)..<min(close, range.upperBound)) }
            } else if blockName(before: i) != nil {
                found.append((i + 1)..<min(close, range.upperBound))
            }
            i = close + 1
        }
        return found
    }

    /// The name a block opening at `brace` is given: the word before it, or the literal of a
    /// `create("x")`, `getByName("x")`, `register("x")`, `maybeCreate("x")` call before it.
    private func blockName(before brace: Int) -> String? {
        var j = brace - 1
        while j >= 0, scalars[j] == " " || scalars[j] == "\t" || scalars[j] == "\n" || scalars[j] == "\r" { j -= 1 }
        if j >= 0, scalars[j] == ")" {
            var open = j
            while open >= 0, scalars[open] != "(", j - open < 256 { open -= 1 }
            guard open >= 0, scalars[open] == "(" else { return nil }
            let inside = String(String.UnicodeScalarView(scalars[(open + 1)..<j])).trimmingWhitespace()
            return SourceText.Argument(text: inside).literal
        }
        var word = String.UnicodeScalarView()
        while j >= 0, SourceText.isIdentifier(scalars[j]), word.count < 64 {
            word.insert(scalars[j], at: word.startIndex)
            j -= 1
        }
        return word.isEmpty ? nil : String(word)
    }

    /// The value of `key` set directly in `range` (outside its inner blocks and `outside`): a
    /// literal, nil when it is not set, computed when it is set to anything else.
    func setting(_ key: String, in range: Range<Int>, outside: [Range<Int>?] = []) -> Value {
        let keyScalars = Array(key.unicodeScalars)
        var depth = 0
        var value: Value = .known(nil)
        var i = range.lowerBound
        while i < range.upperBound {
            if code[i], scalars[i] == "{" { depth += 1 }
            if code[i], scalars[i] == "}" { depth -= 1 }
            guard depth == 0, code[i], i + keyScalars.count <= range.upperBound,
                i == 0 || !SourceText.isIdentifier(scalars[i - 1]) || scalars[i - 1] == "$",
                Array(scalars[i..<(i + keyScalars.count)]) == keyScalars,
                !outside.contains(where: { $0?.contains(i) == true })
            else {
                i += 1
                continue
            }
            var j = i + keyScalars.count
            guard j >= range.upperBound || !SourceText.isIdentifier(scalars[j]) else {
                i += 1
                continue
            }
            while j < range.upperBound, [" ", "\t", "=", "("].contains(scalars[j]) { j += 1 }
            var end = j
            while end < range.upperBound, end - j < 256, scalars[end] != "\n", scalars[end] != ";",
                (scalars[end] != ")" && scalars[end] != "}") || !code[end]
            {
                end += 1
            }
            let literal = SourceText.Argument(text: String(String.UnicodeScalarView(scalars[j..<end]))).literal
            guard let literal else { return .computed }
            value = .known(literal)
            i = end
        }
        return value
    }

    /// The dimensions `flavorDimensions` lists in `range`, in order (Groovy's `flavorDimensions
    /// "a", "b"`, Kotlin's `flavorDimensions += listOf("a")`, `flavorDimensions += "a"`).
    func dimensions(in range: Range<Int>) -> [String] {
        var found: [String] = []
        let key = Array("flavorDimensions".unicodeScalars)
        var i = range.lowerBound
        while i + key.count <= range.upperBound {
            guard code[i], Array(scalars[i..<(i + key.count)]) == key else {
                i += 1
                continue
            }
            var j = i + key.count
            while j < range.upperBound, scalars[j] != "\n" {
                if !code[j], scalars[j] == "\"" || scalars[j] == "'" {
                    var end = j + 1
                    while end < range.upperBound, scalars[end] != scalars[j], scalars[end] != "\n" { end += 1 }
                    found.append(String(String.UnicodeScalarView(scalars[(j + 1)..<end])))
                    j = end + 1
                    continue
                }
                j += 1
            }
            i = j
        }
        return found
    }
}
