/// A sound's name, and every form it takes on the way to a file: the one place a name is cut,
/// lowercased or rewritten (issue 56). iOS looks a name up as a file name, exactly; Android knows a
/// file in `res/raw/` by a resource name aapt2 makes of it; each Android notification library turns
/// the name it is given into the resource names it asks for (``LookupRule``); export makes a name
/// both platforms accept. Each of those is a property or method here, so two parts of alertsound
/// cannot cut the same name differently (`SoundNameTests` fails on a copy elsewhere).
public struct SoundName: Sendable, Hashable, CustomStringConvertible {
    /// The name as given: a file name, a payload's `sound`, a name in code.
    public let text: String

    /// The name as given.
    public init(_ text: String) { self.text = text }

    /// The name as given.
    public var description: String { text }

    /// Its last path component (`c.wav` of `a/b/c.wav`).
    public var fileName: String { lastComponent(text) }

    /// The file name without its extension, as iOS's missing-extension lookups and a file's own
    /// name compare it: cut at the last `.`, unless that is the first character (`.caf` stays).
    public var stem: String {
        guard let dot = text.lastIndex(of: "."), dot != text.startIndex else { return text }
        return String(text[..<dot])
    }

    /// The resource name aapt2 gives a file in `res/raw/`: the file name up to its first `.`
    /// (`alarm.mp3` → `alarm`, `a.b.wav` → `a`).
    public var resourceName: String { String(text.prefix { $0 != "." }) }

    /// The key `explain` gathers a push's files by, loose enough that every platform's and
    /// library's lookup of the name meets it: the last path component up to its first `.`,
    /// lowercased, `-` as `_` (notifee's rewriting). Never a verdict: only what is shown.
    public var looseKey: String {
        let base = fileName.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return Self.rewrite(String(base), [.lowercased, .dashAsUnderscore])
    }

    /// The name `alertsound export` gives a source (`Order Ready!.wav` → `order_ready`): its file
    /// name without extension made a valid Android resource name, which also suits an iOS file
    /// name; nil when nothing is left to make one of.
    public var exportName: String? {
        let file = fileName
        let base = file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
        return Self.validResourceName(from: base.isEmpty ? file : base)
    }

    /// Whether aapt2 accepts it as a resource name: lowercase ASCII letters, digits and `_`,
    /// starting with a letter, and not a Java keyword (`R.raw.NAME` must compile).
    public var isValidResourceName: Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first >= 0x61 && first <= 0x7A else { return false }
        let allowed = bytes.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
        return allowed && !Self.javaKeywords.contains(text)
    }

    /// A name aapt2 accepts made from `text` (`Alert-Tone` → `alert_tone`, `1up` → `sound_1up`,
    /// `class` → `class_sound`), or nil when it has no letter or digit.
    public static func validResourceName(from text: String) -> String? {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                out.unicodeScalars.append(scalar)
            } else if !out.hasSuffix("_") {
                out += "_"
            }
        }
        out = out.trimming(["_"])
        if let first = out.unicodeScalars.first, !(first >= "a" && first <= "z") { out = "sound_" + out }
        guard !out.isEmpty else { return nil }
        return javaKeywords.contains(out) ? out + "_sound" : out
    }

    /// Words `R.raw.<name>` cannot use (Java's reserved words and literals).
    public static let javaKeywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null"
    ]

    // MARK: Android libraries

    /// How a notification library turns the name it is given into raw resource names, as data:
    /// the names it tries, in order, each made by rewriting the name step by step (read from each
    /// library's source; `AndroidLibrary` cites them).
    public struct LookupRule: Sendable, Hashable {
        /// One rewriting of a name.
        public enum Step: String, Sendable, Hashable, CaseIterable {
            /// Cut at the last `.`, when there is one (Java's `substring(0, lastIndexOf('.'))`:
            /// `.wav` becomes empty).
            case cutAtLastDot
            /// Its last path component, when it has a `/`.
            case lastPathComponent
            /// A name with a `/` becomes its last path component (left as it is, extension and
            /// all); any other is cut at its last `.` (Capacitor's `AssetUtil.getResourceBaseName`).
            case lastPathComponentElseCutAtLastDot
            /// Lowercased.
            case lowercased
            /// Each `-` as `_`.
            case dashAsUnderscore
        }

        /// When the name is the word `default`, which the library plays as the default sound
        /// without looking anything up.
        public enum DefaultWord: String, Sendable, Hashable {
            /// `default` is looked up like any name.
            case looksUp
            /// `default`, exactly.
            case exact
            /// `default` in any case.
            case anyCase
        }

        /// The names it tries, in order: each the name rewritten by these steps (a name already
        /// tried is not tried again).
        public var tries: [[Step]]
        /// Whether `default` is the default sound.
        public var defaultWord: DefaultWord

        /// A rule from its tries and its reading of `default`.
        public init(tries: [[Step]], defaultWord: DefaultWord) {
            self.tries = tries
            self.defaultWord = defaultWord
        }

        /// The name exactly (FCM's SDK, flutter_local_notifications, OneSignal).
        public static let exact = LookupRule(tries: [[]], defaultWord: .exact)
    }

    /// The raw resource names a library following `rule` asks Android for, in order; empty when it
    /// plays the default sound without looking (`default`).
    public func lookups(_ rule: LookupRule) -> [String] {
        switch rule.defaultWord {
        case .looksUp: break
        case .exact: if text == "default" { return [] }
        case .anyCase: if text.lowercased() == "default" { return [] }
        }
        var names: [String] = []
        for steps in rule.tries {
            let name = Self.rewrite(text, steps)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The resource a library following `rule` comes to, without looking at the app: the first
    /// of its lookups that can be a resource's name at all (aapt2 gives no resource a name with
    /// a `.`, a capital or a `-`, so a lookup of one finds nothing and the library goes on to the
    /// next), else its first lookup. Nil for `default`.
    public func resource(_ rule: LookupRule) -> String? {
        let names = lookups(rule)
        return names.first { SoundName($0).isValidResourceName } ?? names.first
    }

    /// The resource a message's name comes to: `resolved`, the resource it was found as, when it
    /// was; else its ``resourceName``. What `validate-bundle` and `explain` compare with a channel's.
    /// `buildLowercases`: the app's build lowercases its resources' file names, as .NET for Android
    /// does (dotnet/android `AndroidComputeResPaths`, `LowercaseFilenames`: `ToLowerInvariant` of
    /// each path), keeping the project's spelling in a case map for C#'s `Resource.Raw.notifMessage`;
    /// a name spelled as the project spells the file is then that resource.
    public func namedResource(resolved: String?, buildLowercases: Bool = false) -> String {
        resolved ?? (buildLowercases ? resourceName.lowercased() : resourceName)
    }

    private static func rewrite(_ text: String, _ steps: [LookupRule.Step]) -> String {
        var name = text
        for step in steps {
            switch step {
            case .cutAtLastDot:
                if let dot = name.lastIndex(of: ".") { name = String(name[..<dot]) }
            case .lastPathComponent:
                if name.contains("/") {
                    name = String(name.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
                }
            case .lastPathComponentElseCutAtLastDot:
                if name.contains("/") {
                    name = String(name.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
                } else if let dot = name.lastIndex(of: ".") {
                    name = String(name[..<dot])
                }
            case .lowercased:
                name = name.lowercased()
            case .dashAsUnderscore:
                name = String(name.map { $0 == "-" ? "_" : $0 })
            }
        }
        return name
    }
}
