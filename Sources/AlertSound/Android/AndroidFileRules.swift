import AlertSoundCore

extension Rule {
    /// A raw resource's subject: an MP3 Android plays, named `path`.
    static func raw(_ path: String, resourceName: String? = nil) -> RuleSubject {
        var subject = Example.sound(.mp3, .codec(.mp3), path: path)
        subject.resourceName = resourceName ?? SoundName(lastComponent(path)).resourceName
        return subject
    }
}
