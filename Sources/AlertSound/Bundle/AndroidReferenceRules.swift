import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

// Android's reference rules, beside its resolver.
extension AndroidResolver {
    /// Android: a name is a raw resource's name, without extension, exactly.
    static let rules: [ReferenceRule<AndroidResolver>] = [
        noSuchSoundPath, noSuchSoundExtension, caseMismatch, notReachable, noSuchSound
    ]

    static let noSuchSoundPath = ReferenceRule<AndroidResolver>(
        ReferenceResolver.noSuchSound.description,
        triggering: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["raw/chime"])],
        passing: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["chime"])]
    ) { miss in
        let name = miss.name
        guard name.contains("/") else { return nil }
        return ("'\(name)' is a path; Android names a sound by its res/raw resource name alone", nil)
    }

    static let noSuchSoundExtension = ReferenceRule<AndroidResolver>(
        ReferenceResolver.noSuchSound.description,
        triggering: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["chime.ogg"])],
        passing: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["chime"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        let stem = SoundName(name).resourceName
        guard stem != name, let file = sounds.raw(named: stem) else { return nil }
        return (
            "'\(name)' has an extension, and \(sounds.libraries.library(for: miss.reference).rule) (raw resources"
                + " have no extension), so it finds nothing and plays the default sound. Send '\(stem)' (for"
                + " \(file.displayPath)) to Android", file
        )
    }

    static let caseMismatch = ReferenceRule<AndroidResolver>(
        ReferenceResolver.caseMismatch.description,
        triggering: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["Chime"])],
        passing: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["chime"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let other = sounds.raw(ignoringCase: name) else { return nil }
        return (
            "'\(name)' matches @raw/\(AndroidRules.resourceName(of: other) ?? "") only with different case;"
                + " resource names are case-sensitive (and lowercase), and \(sounds.libraries.library(for: miss.reference).rule),"
                + " so Android plays the default sound",
            other
        )
    }

    // A sound outside res/raw is found only in an .apk, which examples do not build; iOS's stand for the code.
    static let notReachable = ReferenceRule<AndroidResolver>(
        ReferenceResolver.notReachable.description,
        triggering: [], passing: []
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let hidden = sounds.anywhere(stem: SoundName(name).resourceName),
            hidden.location != .rawResource
        else { return nil }
        return (
            "'\(name)' exists only as \(hidden.displayPath), outside res/raw/; Android finds notification sounds only as raw resources",
            hidden
        )
    }

    static let noSuchSound = ReferenceRule<AndroidResolver>(
        ReferenceResolver.noSuchSound.description,
        triggering: [
            .android([(BundleExample.raw + "chime.ogg", chime)], names: ["bell"]),
            .android([("app/build.gradle", Array("apply plugin: 'com.android.application'".utf8))], names: ["bell"])
        ],
        passing: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["chime"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        let shrunk =
            sounds.kind == .apk
            ? " If the project has it, release resource shrinking removed it: add res/raw/keep.xml with tools:keep=\"@raw/\(SoundName(name).resourceName)\""
            : ""
        let library = sounds.libraries.library(for: miss.reference)
        if let resource = library.fallbackResource, let fallback = sounds.raw(named: resource) {
            return (
                "no res/raw resource named '\(name)'; \(library.displayName) plays its fallback \(fallback.displayPath) instead",
                nil
            )
        }
        if sounds.shipsNoSound {
            return (
                "the app ships no Android sound resources (no res/raw folder), so there is no '\(name)'; Android plays the default sound",
                nil
            )
        }
        return ("no res/raw resource named '\(name)'; Android plays the default sound.\(shrunk)", nil)
    }
}
