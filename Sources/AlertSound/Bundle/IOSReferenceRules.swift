import AlertSoundCore

// iOS's reference rules (Android's are beside its resolver; the rule type is in Scan/).
extension ReferenceResolver {
    /// iOS: a name is a file name, exactly, at the bundle's top level or in Library/Sounds.
    static let rules: [ReferenceRule<ReferenceResolver>] = [
        .init(code: .notReachable) { name, _, sounds in
            // iOS looks names up at the top level only; a path never resolves.
            guard name.contains("/") else { return nil }
            let existing = sounds.sound(atPath: name)
            let where_ = existing.map { " (\($0.displayPath) exists, but in a sub-folder)" } ?? ""
            return (
                "'\(name)' is a path; iOS looks a sound up by file name at the bundle's top level or in Library/Sounds\(where_)",
                existing
            )
        },
        .init(code: .missingExtension) { name, _, sounds in
            guard !ReferenceResolver.hasExtension(name) else { return nil }
            let candidates = sounds.reachable(stem: name)
            let candidate = candidates.first { ReferenceResolver.stem($0.name) == name } ?? candidates.first
            let guess = candidate.map { ": did you mean '\($0.name)'?" } ?? ""
            return ("'\(name)' has no extension; iOS needs the full file name\(guess)", candidate)
        },
        .init(code: .caseMismatch) { name, _, sounds in
            guard let other = sounds.reachable(ignoringCase: name) else { return nil }
            return (
                "'\(name)' matches '\(other.name)' only with different case: it plays in the Simulator"
                    + " (case-insensitive file system) but not on a device, where the default sound plays instead",
                other
            )
        },
        .init(code: .resourceBundle, severity: .error) { name, _, sounds in
            guard let hidden = sounds.anywhere(ignoringCase: name), hidden.location == .resourceBundle else {
                return nil
            }
            return (
                "'\(name)' exists only as \(hidden.displayPath), inside a resource bundle (SwiftPM copies a package's"
                    + " resources into <Package>_<Target>.bundle); UNNotificationSound(named:) searches only the main bundle's top level and Library/Sounds,"
                    + " so the default sound plays. Add the sound to the app target's own resources, or copy it to Library/Sounds at run time",
                hidden
            )
        },
        .init(code: .localized) { name, _, sounds in
            guard let hidden = sounds.anywhere(ignoringCase: name), hidden.location == .localized else {
                return nil
            }
            return (
                "'\(name)' exists only as \(hidden.displayPath), inside a .lproj folder; notification sounds must be non-localized resources at the bundle's top level",
                hidden
            )
        },
        .init(code: .notReachable) { name, reference, sounds in
            guard let hidden = sounds.anywhere(ignoringCase: name) else { return nil }
            return (
                "'\(name)' exists only as \(hidden.displayPath), in a sub-folder; iOS finds sounds only at the bundle's top level\(reference.critical ? "" : " or in Library/Sounds")",
                hidden
            )
        },
        .init(code: .notInTarget) { name, _, sounds in
            guard let path = sounds.uncopied(name) else { return nil }
            return (
                "\(path) is in the project's folder, but no app target copies it, so the app has no such sound and iOS plays the default one: "
                    + "add it to the app target (Target Membership, or the Copy Bundle Resources phase)", nil
            )
        },
        .init(code: .noSuchSound) { name, _, sounds in
            let sameStem = sounds.reachable(stem: ReferenceResolver.stem(name)).map { "'\($0.name)'" }
            let hint =
                sameStem.isEmpty
                ? ""
                : "; the bundle has \(sameStem.joined(separator: ", ")): the name must match the file, extension included"
            return (
                "no sound named '\(name)' at the bundle's top level or in Library/Sounds\(hint); iOS will play the default sound",
                nil
            )
        }
    ]
}
