extension Rule {
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
}
