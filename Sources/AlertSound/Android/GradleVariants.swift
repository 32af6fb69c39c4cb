import AlertSoundCore

/// The packages an Android app's release builds install as, read from its Gradle file: in the
/// Android layer, as the app's facts (``AndroidAppFacts``) need them.
enum GradleVariants {
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
