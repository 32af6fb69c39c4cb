import AlertSoundCore

/// The rules' example sound.
private let chime = BundleExample.sound

extension AndroidResolver {
    static let noSuchSound = ReferenceRule<AndroidResolver>(
        ReferenceResolver.noSuchSound.description,
        triggering: [
            .android([(BundleExample.raw + "chime.ogg", chime)], names: ["bell"]),
            .android([("app/build.gradle", Array("apply plugin: 'com.android.application'".utf8))], names: ["bell"])
        ],
        passing: [.android([(BundleExample.raw + "chime.ogg", chime)], names: ["chime"])]
    ) { miss in
        let name = miss.name
        let sounds = miss.lookup
        let shrunk =
            sounds.kind == .apk
            ? " If the project has it, release resource shrinking removed it: add res/raw/keep.xml with tools:keep=\"@raw/\(SoundName(name).resourceName)\""
            : ""
        let library = sounds.libraries.library(for: miss.reference)
        if let resource = library.fallbackResource, let fallback = sounds.raw(named: resource) {
            return (
                "no res/raw resource named '\(name)'; \(library.displayName) plays its fallback \(fallback.displayPath) instead",
                nil
            )
        }
        if sounds.shipsNoSound {
            return (
                "the app ships no Android sound resources (no res/raw folder), so there is no '\(name)'; Android plays the default sound",
                nil
            )
        }
        return ("no res/raw resource named '\(name)'; Android plays the default sound.\(shrunk)", nil)
    }
}
