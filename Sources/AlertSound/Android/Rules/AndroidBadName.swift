import AlertSoundCore

extension Rule {
    /// A raw resource whose name aapt2 refuses (not `[a-z][a-z0-9_]*`, or a Java keyword): the
    /// build fails. Silent for a sound that is not a raw resource.
    static let androidBadName = Rule(
        RuleDescription(
            .androidBadName, .error, .android,
            step: .lookup,
            summary:
                "A file in `res/raw/` whose resource name is not `[a-z][a-z0-9_]*` or is a Java keyword, or two files of one folder that give the same name: the build fails.",
            details:
                "The message suggests a name."),
        evaluate: { subject in
            guard let name = subject.resourceName else { return nil }
            return AndroidRules.nameProblem(lastComponent(subject.path), resourceName: name).map { Finding($0) }
        },
        triggering: [
            raw("res/raw/Alert-Tone.mp3"), raw("res/raw/class.ogg"), raw("res/raw/2chime.wav"),
            raw("app.apk!res/Gh4.mp3", resourceName: "Order Ready")
        ],
        passing: [
            raw("res/raw/alert_tone.mp3"), raw("app.apk!res/Gh4.mp3", resourceName: "order_ready"),
            Example.sound(.mp3, .codec(.mp3), path: "assets/Alert-Tone.mp3")
        ])
}
