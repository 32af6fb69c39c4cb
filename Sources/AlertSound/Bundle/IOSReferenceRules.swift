import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

// iOS's reference rules, beside its resolver.
extension ReferenceResolver {
    /// iOS: a name is a file name, exactly, at the bundle's top level or in Library/Sounds.
    static let rules: [ReferenceRule<ReferenceResolver>] = [
        notReachablePath, missingExtension, caseMismatch, resourceBundle, localized, notReachable, notInTarget,
        installedAtRunTime, noSuchSound
    ]

    /// A name the bundle lacks, in an app whose code writes sounds into `Library/Sounds` at run
    /// time: iOS searches there first, so only the device can tell; a warning, not `noSuchSound`'s error.
    static let installedAtRunTime = ReferenceRule<ReferenceResolver>(
        noSuchSound.description, severity: .warning,
        triggering: [installing(names: ["tone.caf"])],
        passing: [installing(names: ["chime.caf"])]
    ) { miss in
        guard let installer = miss.lookup.installer else { return nil }
        return (
            "'\(miss.name)' is not in the bundle, but the app's code writes sounds into Library/Sounds at run time"
                + " (\(installer.file):\(installer.line)), which iOS searches first: it plays if the app put it there, else the default sound",
            nil
        )
    }

    /// An Xcode project copying chime.caf whose Swift writes sounds into Library/Sounds, and `names`.
    private static func installing(names: [String]) -> BundleExample {
        let code = #"let folder = URL.libraryDirectory.appending(components: "Sounds")"#
        var e = BundleExample(
            shape: .xcodeProject,
            files: [(path: "App/chime.caf", bytes: chime), (path: "App/Tones.swift", bytes: Array(code.utf8))])
        e.copied = ["App/chime.caf"]
        e.names = names
        return e
    }

    static let notReachablePath = ReferenceRule<ReferenceResolver>(
        notReachable.description,
        triggering: [.app([("Sounds/chime.caf", chime)], names: ["Sounds/chime.caf"])],
        passing: [.app([("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        // iOS looks names up at the top level only; a path never resolves.
        guard name.contains("/") else { return nil }
        let existing = sounds.sound(atPath: name)
        let where_ = existing.map { " (\($0.displayPath) exists, but in a sub-folder)" } ?? ""
        return (
            "'\(name)' is a path; iOS looks a sound up by file name at the bundle's top level or in Library/Sounds\(where_)",
            existing
        )
    }

    static let missingExtension = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .missingExtension, .error, .bundle,
            summary:
                "A referenced name has no extension; iOS needs the full file name."),
        triggering: [.app([("chime.caf", chime)], names: ["chime"])],
        passing: [.app([("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard !ReferenceResolver.hasExtension(name) else { return nil }
        let candidates = sounds.reachable(stem: name)
        let candidate = candidates.first { SoundName($0.name).stem == name } ?? candidates.first
        let guess = candidate.map { ": did you mean '\($0.name)'?" } ?? ""
        return ("'\(name)' has no extension; iOS needs the full file name\(guess)", candidate)
    }

    static let caseMismatch = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .caseMismatch, .error, .bundle,
            summary:
                "The name matches a reachable sound only with different case: it plays in the Simulator, whose file system ignores case, but not on a device."
        ),
        triggering: [.app([("Chime.caf", chime)], names: ["chime.caf"])],
        passing: [.app([("Chime.caf", chime)], names: ["Chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let other = sounds.reachable(ignoringCase: name) else { return nil }
        return (
            "'\(name)' matches '\(other.name)' only with different case: it plays in the Simulator"
                + " (case-insensitive file system) but not on a device, where the default sound plays instead",
            other
        )
    }

    static let resourceBundle = ReferenceRule<ReferenceResolver>(
        SoundRules.resourceBundle.description, severity: .error,
        triggering: [.app([("Kit_Sounds.bundle/chime.caf", chime)], names: ["chime.caf"])],
        passing: [.app([("Kit_Sounds.bundle/chime.caf", chime), ("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let hidden = sounds.anywhere(ignoringCase: name), hidden.location == .resourceBundle else {
            return nil
        }
        return (
            "'\(name)' exists only as \(hidden.displayPath), inside a resource bundle (SwiftPM copies a package's"
                + " resources into <Package>_<Target>.bundle); UNNotificationSound(named:) searches only the main bundle's top level and Library/Sounds,"
                + " so the default sound plays. Add the sound to the app target's own resources, or copy it to Library/Sounds at run time",
            hidden
        )
    }

    static let localized = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .localized, .error, .bundle,
            summary:
                "The referenced sound exists only inside a `.lproj` folder; sounds must be non-localized."),
        triggering: [.app([("en.lproj/chime.caf", chime)], names: ["chime.caf"])],
        passing: [.app([("en.lproj/chime.caf", chime), ("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let hidden = sounds.anywhere(ignoringCase: name), hidden.location == .localized else {
            return nil
        }
        return (
            "'\(name)' exists only as \(hidden.displayPath), inside a .lproj folder; notification sounds must be non-localized resources at the bundle's top level",
            hidden
        )
    }

    static let notReachable = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .notReachable, .error, .bundle,
            summary:
                "The referenced sound exists only in a sub-folder, where iOS does not look, or the reference is a path."
        ),
        triggering: [.app([("Media/chime.caf", chime)], names: ["chime.caf"])],
        passing: [.app([("chime.caf", chime), ("Media/bell.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let reference = miss.reference
        let sounds = miss.lookup
        guard let hidden = sounds.anywhere(ignoringCase: name) else { return nil }
        return (
            "'\(name)' exists only as \(hidden.displayPath), in a sub-folder; iOS finds sounds only at the bundle's top level\(reference.critical ? "" : " or in Library/Sounds")",
            hidden
        )
    }

    static let notInTarget = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .notInTarget, .error, .bundle,
            summary:
                "With an Xcode project: a reference names a sound in the project's folder that no app target copies (an extension's resources are not the app's), so iOS plays the default sound.",
            details:
                "Add the sound to the app target's Copy Bundle Resources (Target Membership)."),
        triggering: [
            {
                var e = BundleExample(
                    shape: .xcodeProject,
                    files: [(path: "Runner/chime.caf", bytes: chime), (path: "Runner/stray.caf", bytes: chime)],
                    names: ["stray.caf"])
                e.copied = ["Runner/chime.caf"]
                return e
            }()
        ],
        passing: [
            {
                var e = BundleExample(
                    shape: .xcodeProject,
                    files: [(path: "Runner/chime.caf", bytes: chime), (path: "Runner/stray.caf", bytes: chime)],
                    names: ["chime.caf", "gone.caf"])
                e.copied = ["Runner/chime.caf"]
                return e
            }()
        ]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        guard let path = sounds.uncopied(name) else { return nil }
        return (
            "\(path) is in the project's folder, but no app target copies it, so the app has no such sound and iOS plays the default one: "
                + "add it to the app target (Target Membership, or the Copy Bundle Resources phase)", nil
        )
    }

    static let noSuchSound = ReferenceRule<ReferenceResolver>(
        RuleDescription(
            .noSuchSound, .error, .bundle,
            summary:
                "No reachable sound has the referenced name.",
            details:
                "A sound with the same name but another extension is named in the message (`x.caf` for `x.wav`). A warning instead when the app's code writes sounds into `Library/Sounds` at run time (`Library/Sounds`, a `\"Sounds\"` folder of the library directory or an app group's container, alertsound's `SoundInstaller`): iOS searches there first, so the name may be found there."
        ),
        triggering: [.app([("chime.caf", chime)], names: ["bell.caf"])],
        passing: [.app([("chime.caf", chime)], names: ["chime.caf"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        let sameStem = sounds.reachable(stem: SoundName(name).stem).map { "'\($0.name)'" }
        let hint =
            sameStem.isEmpty
            ? ""
            : "; the bundle has \(sameStem.joined(separator: ", ")): the name must match the file, extension included"
        return (
            "no sound named '\(name)' at the bundle's top level or in Library/Sounds\(hint); iOS will play the default sound",
            nil
        )
    }
}
