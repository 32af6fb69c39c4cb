import AlertSoundCore

/// A reference resolved from names alone, before any sound is judged; whether the sound it names
/// plays is added once that sound's verdict is known (``report(target:strict:)``).
struct LocatedReference: Sendable {
    var reference: SoundReference
    var platform: Platform
    var diagnostics: [Diagnostic]
    /// The path of the sound it names exactly, as reported in `files`.
    var resolvedPath: String?
    /// That sound's index among the bundle's sounds: its verdict decides whether the reference plays.
    var target: Int?
    /// The sound it nearly names (another case, a sub-folder, no extension), when it names none exactly.
    var candidate: ReferenceReport.Candidate?
    /// On Android, the library whose rule resolved the name.
    var library: AndroidLibrary?

    init(_ reference: SoundReference, platform: Platform) {
        self.reference = reference
        self.platform = platform
        diagnostics = reference.problems
    }

    /// Names sound `index` of `sounds` exactly: it plays if that sound is valid.
    mutating func resolve(to index: Int, in sounds: [FoundSound]) {
        target = index
        resolvedPath = sounds[index].displayPath
    }

    /// Says which sound it nearly names.
    mutating func nearly(_ sound: FoundSound) {
        candidate = ReferenceReport.Candidate(
            path: sound.displayPath, relativePath: sound.relativePath, location: sound.location)
    }

    /// The report, with what resolving the name found; `findings`: what judging the sound it names
    /// found (the validator's ``PlayRule``s).
    func report(adding findings: [Diagnostic], strict: Bool) -> ReferenceReport {
        ReferenceReport(
            name: reference.name, source: reference.source, field: reference.field, platform: platform,
            critical: reference.critical,
            resolvedPath: resolvedPath, diagnostics: diagnostics + findings, strict: strict, candidate: candidate,
            position: reference.position, library: library)
    }
}
