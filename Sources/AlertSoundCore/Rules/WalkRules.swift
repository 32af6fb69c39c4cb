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

    static func walked(_ finding: WalkFinding) -> RuleSubject {
        var subject = RuleSubject(path: "Sounds", outcome: .missing)
        subject.walk = finding
        return subject
    }
}
