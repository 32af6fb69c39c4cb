import AlertSoundCore

/// How a name that no sound answers exactly is judged, on each platform: rules in order, and the
/// first with something to say decides (a name gets one finding, about its nearest miss). The
/// resolvers only find sounds (``ReferenceResolver``, ``AndroidResolver``); what a miss means and
/// how it is said is here, one rule each, as ``Rule`` does for one file. Each rule's code has its
/// examples in ``BundleRule``.
struct ReferenceRule<Lookup>: Sendable {
    /// What a rule says about a name, and the sound the name nearly names.
    struct Finding {
        var diagnostic: Diagnostic
        var nearly: FoundSound?
    }

    let code: DiagnosticCode
    let evaluate: @Sendable (_ name: String, _ reference: SoundReference, _ lookup: Lookup) -> Finding?

    /// The first finding of `rules` about `name`, if any rule has one.
    static func judge(_ name: String, _ reference: SoundReference, _ lookup: Lookup, by rules: [Self]) -> Finding? {
        for rule in rules {
            if let finding = rule.evaluate(name, reference, lookup) { return finding }
        }
        return nil
    }

    /// A rule whose finding is at its code's severity unless it says otherwise.
    init(
        _ code: DiagnosticCode, severity: Severity? = nil,
        _ evaluate: @escaping @Sendable (String, SoundReference, Lookup) -> (message: String, nearly: FoundSound?)?
    ) {
        self.code = code
        self.evaluate = { name, reference, lookup in
            evaluate(name, reference, lookup).map {
                Finding(diagnostic: code.diagnostic($0.message, severity: severity), nearly: $0.nearly)
            }
        }
    }
}

extension ReferenceResolver {
    /// iOS: a name is a file name, exactly, at the bundle's top level or in Library/Sounds.
    static let rules: [ReferenceRule<ReferenceResolver>] = {
        typealias Self_ = ReferenceRule<ReferenceResolver>
        return [
            Self_(.notReachable) { name, _, sounds in
                // iOS looks names up at the top level only; a path never resolves.
                guard name.contains("/") else { return nil }
                let existing = sounds.sound(atPath: name)
                let where_ = existing.map { " (\($0.displayPath) exists, but in a sub-folder)" } ?? ""
                return (
                    "'\(name)' is a path; iOS looks a sound up by file name at the bundle's top level or in Library/Sounds\(where_)",
                    existing
                )
            },
            Self_(.missingExtension) { name, _, sounds in
                guard !ReferenceResolver.hasExtension(name) else { return nil }
                let candidates = sounds.reachable(stem: name)
                let candidate = candidates.first { ReferenceResolver.stem($0.name) == name } ?? candidates.first
                let guess = candidate.map { ": did you mean '\($0.name)'?" } ?? ""
                return ("'\(name)' has no extension; iOS needs the full file name\(guess)", candidate)
            },
            Self_(.caseMismatch) { name, _, sounds in
                guard let other = sounds.reachable(ignoringCase: name) else { return nil }
                return (
                    "'\(name)' matches '\(other.name)' only with different case: it plays in the Simulator"
                        + " (case-insensitive file system) but not on a device, where the default sound plays instead",
                    other
                )
            },
            Self_(.resourceBundle, severity: .error) { name, _, sounds in
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
            Self_(.localized) { name, _, sounds in
                guard let hidden = sounds.anywhere(ignoringCase: name), hidden.location == .localized else {
                    return nil
                }
                return (
                    "'\(name)' exists only as \(hidden.displayPath), inside a .lproj folder; notification sounds must be non-localized resources at the bundle's top level",
                    hidden
                )
            },
            Self_(.notReachable) { name, reference, sounds in
                guard let hidden = sounds.anywhere(ignoringCase: name) else { return nil }
                return (
                    "'\(name)' exists only as \(hidden.displayPath), in a sub-folder; iOS finds sounds only at the bundle's top level\(reference.critical ? "" : " or in Library/Sounds")",
                    hidden
                )
            },
            Self_(.notInTarget) { name, _, sounds in
                guard let path = sounds.uncopied(name) else { return nil }
                return (
                    "\(path) is in the project's folder, but no app target copies it, so the app has no such sound and iOS plays the default one: "
                        + "add it to the app target (Target Membership, or the Copy Bundle Resources phase)", nil
                )
            },
            Self_(.noSuchSound) { name, _, sounds in
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
    }()
}

extension AndroidResolver {
    /// Android: a name is a raw resource's name, without extension, exactly.
    static let rules: [ReferenceRule<AndroidResolver>] = {
        typealias Self_ = ReferenceRule<AndroidResolver>
        return [
            Self_(.noSuchSound) { name, _, _ in
                guard name.contains("/") else { return nil }
                return ("'\(name)' is a path; Android names a sound by its res/raw resource name alone", nil)
            },
            Self_(.noSuchSound) { name, _, sounds in
                let stem = AndroidRules.resourceName(name)
                guard stem != name, let file = sounds.raw(named: stem) else { return nil }
                return (
                    "'\(name)' has an extension; Android names raw resources without one, so it finds nothing and plays"
                        + " the default sound. Send '\(stem)' (for \(file.displayPath)) to Android", file
                )
            },
            Self_(.caseMismatch) { name, _, sounds in
                guard let other = sounds.raw(ignoringCase: name) else { return nil }
                return (
                    "'\(name)' matches @raw/\(AndroidRules.resourceName(of: other) ?? "") only with different case;"
                        + " resource names are case-sensitive (and lowercase), so Android plays the default sound",
                    other
                )
            },
            Self_(.notReachable) { name, _, sounds in
                guard let hidden = sounds.anywhere(stem: AndroidRules.resourceName(name)),
                    hidden.location != .rawResource
                else { return nil }
                return (
                    "'\(name)' exists only as \(hidden.displayPath), outside res/raw/; Android finds notification sounds only as raw resources",
                    hidden
                )
            },
            Self_(.noSuchSound) { name, _, sounds in
                let shrunk =
                    sounds.kind == .apk
                    ? " If the project has it, release resource shrinking removed it: add res/raw/keep.xml with tools:keep=\"@raw/\(AndroidRules.resourceName(name))\""
                    : ""
                return ("no res/raw resource named '\(name)'; Android plays the default sound.\(shrunk)", nil)
            }
        ]
    }()
}

/// A reference once the sound it names has been judged: whether that sound plays, and as what.
struct PlayedReference {
    let reference: SoundReference
    let platform: Platform
    /// The named sound's verdict, when it is invalid.
    let verdict: FileReport?
    /// For a critical alert on iOS: what is known of the app's entitlements.
    let entitlements: EntitlementsLookup?
}

/// A finding about a reference that resolved, once its sound is judged: the sound will not play,
/// or not as the critical alert asked for. In order; each code has its examples in ``BundleRule``.
struct PlayRule: Sendable {
    let code: DiagnosticCode
    let evaluate: @Sendable (PlayedReference) -> Rule.Finding?

    func check(_ played: PlayedReference) -> Diagnostic? {
        evaluate(played).map { code.diagnostic($0.message, suggestion: $0.suggestion) }
    }

    static let all: [PlayRule] = [invalidSound, criticalNotEntitled, entitlementsUnknown]

    static let invalidSound = PlayRule(code: .invalidSound) { p in
        guard let verdict = p.verdict, !verdict.valid, let name = p.reference.name else { return nil }
        let reasons = verdict.diagnostics.filter { $0.severity == .error }.map { "[\($0.code.rawValue)] \($0.message)" }
        return Rule.Finding(
            "'\(name)' is \(verdict.path), which \(p.platform.displayName) will not play: "
                + (reasons.isEmpty ? "it has warnings, which fail in strict mode" : reasons.joined(separator: "; ")),
            suggestion: reasons.isEmpty
                ? Suggestion(.relaxStrictness) : verdict.diagnostics.lazy.compactMap(\.suggestion).first)
    }

    /// The name as the entitlement findings say it.
    private static func what(_ p: PlayedReference) -> String { p.reference.name.map { "'\($0)'" } ?? "this sound" }

    static let criticalNotEntitled = PlayRule(code: .criticalNotEntitled) { p in
        guard p.reference.critical, case .found(let entitlements)? = p.entitlements, !entitlements.criticalAlerts
        else { return nil }
        return Rule.Finding(
            "\(what(p)) is asked for as a critical alert, but the app's entitlements (\(entitlements.source.rawValue): \(entitlements.path)) lack \(Entitlements.criticalAlertsKey):"
                + " iOS delivers it as an ordinary alert, silenced by the ringer switch and Focus. The entitlement is granted by Apple on request;"
                + " add it to the app's entitlements and provisioning profile")
    }

    static let entitlementsUnknown = PlayRule(code: .entitlementsUnknown) { p in
        guard p.reference.critical, case .unknown(let reason)? = p.entitlements else { return nil }
        return Rule.Finding(
            "\(what(p)) is asked for as a critical alert, and whether the app holds \(Entitlements.criticalAlertsKey) cannot be told (\(reason));"
                + " the validator needs the app's entitlements file or provisioning profile",
            suggestion: Suggestion(.provideEntitlements))
    }
}
