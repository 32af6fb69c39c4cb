import AlertSoundCore

/// The rules' example sound.
private let sound = BundleExample.sound

extension SoundRules {
    /// Files of one `res/raw/` folder that give one resource name: aapt2 stops the build with
    /// "Duplicate resources". Named as ``ambiguousName`` names its group.
    static let duplicateResource = rule(
        Rule.androidBadName.description,
        triggering: [.android([(BundleExample.raw + "chime.ogg", sound), (BundleExample.raw + "chime.wav", sound)])],
        passing: [.android([(BundleExample.raw + "chime.ogg", sound), (BundleExample.raw + "bell.wav", sound)])]
    ) { s in
        guard let group = s.facts.names.collision(of: s.index) else { return nil }
        let first = group[0]
        let resource = AndroidRules.resourceName(of: s.sound) ?? ""
        if s.index == first {
            let names = group.map { "'\(s.sounds[$0].name)'" }.joined(separator: ", ")
            return
                "\(names) are all resource @raw/\(resource): aapt2 stops the build with \"Duplicate resources\"; keep one"
        }
        let more = group.count > 2 ? " (and \(group.count - 2) more)" : ""
        return "'\(s.sound.name)' and '\(s.sounds[first].name)'\(more) are all resource @raw/\(resource):"
            + " aapt2 stops the build with \"Duplicate resources\"; keep one"
    }
}
