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
