/// What a walk of a folder finds that is no file's content: a folder with no sound in it, a
/// symbolic link that leaves the bundle. Rules judge them as they judge a file, so `check`'s walk,
/// the bundle scans and `validate-bundle` say each one way.
package enum WalkFinding: Sendable, Hashable {
    /// A folder named to be checked holds no sound, at any depth.
    case noSounds
    /// A symbolic link leads out of the bundle, to `target`.
    case linkOutside(target: String)
}

extension Rule {
    /// The rules for what a walk finds, in order.
    package static let walkRules: [Rule] = [noSoundsInFolder, linkOutsideBundle]

    /// The finding for what a walk found, made by its rule.
    package static func judge(walk finding: WalkFinding, path: String = "") -> Diagnostic {
        var subject = RuleSubject(path: path, outcome: .missing)
        subject.walk = finding
        for rule in walkRules {
            if let diagnostic = rule.check(subject) { return diagnostic }
        }
        // Every finding has its rule (RuleTests holds it): this is never reached.
        return linkOutsideBundle.description.diagnostic("\(finding)")
    }

    package static let noSoundsInFolder = Rule(
        RuleDescription(
            .noSounds, .error, .file,
            step: .file,
            summary:
                "A folder named to be checked holds no sound file, so a mistyped path fails the build.",
            details:
                "For `validate-bundle`, a plain folder (not an app, archive, data container or Android project) with no sound in it, such as a mistyped path or a folder of sources."
        ),
        evaluate: { subject in
            guard subject.walk == .noSounds else { return nil }
            return Finding(
                "no sound files in this folder or below it (a mistyped path, or sounds not yet built): nothing here was checked"
            )
        },
        triggering: [walked(.noSounds)],
        passing: [Example.sound(), walked(.linkOutside(target: "../x.caf"))])

    package static let linkOutsideBundle = Rule(
        RuleDescription(
            .linkOutsideBundle, .error, .bundle,
            step: .lookup,
            summary:
                "A symbolic link points outside the bundle; it is not followed, and will not exist on a device."),
        evaluate: { subject in
            guard case .linkOutside(let target)? = subject.walk else { return nil }
            return Finding(
                "symbolic link to \(target), outside the bundle: not followed, and it will not be there on a device")
        },
        triggering: [walked(.linkOutside(target: "../x.caf"))],
        passing: [Example.sound(), walked(.noSounds)])

    private static func walked(_ finding: WalkFinding) -> RuleSubject {
        var subject = RuleSubject(path: "Sounds", outcome: .missing)
        subject.walk = finding
        return subject
    }
}
