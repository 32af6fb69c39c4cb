import AlertSoundCore

extension AndroidResolver {
    /// Android: a name is a raw resource's name, without extension, exactly.
    static let rules: [ReferenceRule<AndroidResolver>] = [
        .init(code: .noSuchSound) { name, _, _ in
            guard name.contains("/") else { return nil }
            return ("'\(name)' is a path; Android names a sound by its res/raw resource name alone", nil)
        },
        .init(code: .noSuchSound) { name, _, sounds in
            let stem = AndroidRules.resourceName(name)
            guard stem != name, let file = sounds.raw(named: stem) else { return nil }
            return (
                "'\(name)' has an extension; Android names raw resources without one, so it finds nothing and plays"
                    + " the default sound. Send '\(stem)' (for \(file.displayPath)) to Android", file
            )
        },
        .init(code: .caseMismatch) { name, _, sounds in
            guard let other = sounds.raw(ignoringCase: name) else { return nil }
            return (
                "'\(name)' matches @raw/\(AndroidRules.resourceName(of: other) ?? "") only with different case;"
                    + " resource names are case-sensitive (and lowercase), so Android plays the default sound",
                other
            )
        },
        .init(code: .notReachable) { name, _, sounds in
            guard let hidden = sounds.anywhere(stem: AndroidRules.resourceName(name)),
                hidden.location != .rawResource
            else { return nil }
            return (
                "'\(name)' exists only as \(hidden.displayPath), outside res/raw/; Android finds notification sounds only as raw resources",
                hidden
            )
        },
        .init(code: .noSuchSound) { name, _, sounds in
            let shrunk =
                sounds.kind == .apk
                ? " If the project has it, release resource shrinking removed it: add res/raw/keep.xml with tools:keep=\"@raw/\(AndroidRules.resourceName(name))\""
                : ""
            return ("no res/raw resource named '\(name)'; Android plays the default sound.\(shrunk)", nil)
        }
    ]
}
