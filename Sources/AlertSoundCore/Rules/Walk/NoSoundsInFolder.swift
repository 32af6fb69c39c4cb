extension Rule {
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
}
