import AlertSoundCore

extension CodeSounds {
    /// The package a sound URI names when the code writes it as a literal:
    /// `"android.resource://com.shop/raw/bell"`, `SCHEME_ANDROID_RESOURCE + "://" + "com.shop" +
    /// "/" + R.raw.bell`, a template `"${ContentResolver.SCHEME_ANDROID_RESOURCE}://com.shop/…"`,
    /// `Uri.Builder()….authority("com.shop")`, directly or in a variable this file assigns once.
    /// nil when the package is computed (`packageName`, `BuildConfig.APPLICATION_ID`: the installed
    /// one) or the URI is no resource URI (issue 57).
    static func uriPackage(_ argument: SourceText.Argument, in source: SourceText) -> String? {
        var text = argument.text.trimmingWhitespace()
        if text.hasSuffix(".toString()") { text = String(text.dropLast(".toString()".count)) }
        if let package = literalPackage(text) { return package }
        // A variable: its one assignment in this file (`Uri.parse(x)` of it, `x.toUri()`).
        var name = text
        for wrapper in ["Uri.parse(", "Uri.parse( "] where name.hasPrefix(wrapper) && name.hasSuffix(")") {
            name = String(name.dropFirst(wrapper.count).dropLast()).trimmingWhitespace()
        }
        if name.hasSuffix(".toUri()") { name = String(name.dropLast(".toUri()".count)) }
        guard !name.isEmpty, name.unicodeScalars.count <= 128, name.unicodeScalars.allSatisfy(SourceText.isIdentifier)
        else { return nil }
        let values = Set(source.assignedValues(of: name).prefix(8).map { literalPackage($0) })
        guard values.count == 1, let package = values.first else { return nil }
        return package
    }

    /// The literal package of the resource URI `text` builds (at most 2048 characters read).
    static func literalPackage(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars.prefix(2048))
        let code = String(String.UnicodeScalarView(scalars))
        guard code.contains("android.resource") || code.contains("SCHEME_ANDROID_RESOURCE") else { return nil }
        // `Uri.Builder().scheme(…).authority("com.shop")`.
        if code.contains("authority") {
            let inner = SourceText(code)
            for offset in inner.occurrences(of: "authority") {
                guard let call = inner.call(at: offset, name: "authority"), let argument = call.positional(0) else {
                    continue
                }
                return argument.literal.flatMap { isPackage($0) ? $0 : nil }
            }
        }
        // The URI's text with what the code computes as U+0001: literals' contents joined, and the
        // scheme's constant as its value.
        let computed: Unicode.Scalar = "\u{1}"
        var flat = String.UnicodeScalarView()
        var quote: Unicode.Scalar?
        var i = 0
        func chain(_ start: Int) -> Int {
            var end = start
            while end < scalars.count, SourceText.isIdentifier(scalars[end]) || scalars[end] == "." { end += 1 }
            return end
        }
        func add(chain text: String) {
            if text.hasSuffix("SCHEME_ANDROID_RESOURCE") {
                flat.append(contentsOf: "android.resource".unicodeScalars)
            } else {
                flat.append(computed)
            }
        }
        while i < scalars.count {
            let c = scalars[i]
            if let open = quote {
                if c == "\\", i + 1 < scalars.count {
                    flat.append(scalars[i + 1])
                    i += 2
                } else if c == open {
                    quote = nil
                    i += 1
                } else if c == "$", open == "\"", i + 1 < scalars.count,
                    scalars[i + 1] == "{" || SourceText.isIdentifier(scalars[i + 1])
                {
                    // A Kotlin (or Dart) template: `${…}` or `$name`.
                    let braced = scalars[i + 1] == "{"
                    let end = chain(braced ? i + 2 : i + 1)
                    add(chain: String(String.UnicodeScalarView(scalars[(braced ? i + 2 : i + 1)..<end])))
                    i = end
                    if braced {
                        while i < scalars.count, scalars[i] != "}" { i += 1 }
                        i += 1
                    }
                } else {
                    flat.append(c)
                    i += 1
                }
            } else if c == "\"" || c == "'" {
                quote = c
                i += 1
            } else if SourceText.isIdentifier(c) {
                let end = chain(i)
                add(chain: String(String.UnicodeScalarView(scalars[i..<end])))
                i = end
            } else {
                if c != " ", c != "\t", c != "\n", c != "\r", c != "+" { flat.append(computed) }
                i += 1
            }
        }
        let joined = Array(flat)
        let scheme = Array("android.resource://".unicodeScalars)
        guard joined.count >= scheme.count,
            let start = (0...(joined.count - scheme.count)).first(where: {
                Array(joined[$0..<($0 + scheme.count)]) == scheme
            })
        else { return nil }
        let rest = joined[(start + scheme.count)...]
        let package = String(String.UnicodeScalarView(rest.prefix { $0 != "/" && $0 != computed }))
        // Only a package the text ends or follows with `/`: one followed by computed text is not all of it.
        let after = rest.dropFirst(package.unicodeScalars.count).first
        guard after == "/" || after == nil, isPackage(package) else { return nil }
        return package
    }

    /// Whether `text` is spelled as an Android package (`com.shop.app`).
    static func isPackage(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.count <= 255 && text.contains(".")
            && text.unicodeScalars.allSatisfy { SourceText.isIdentifier($0) || $0 == "." }
    }
}
