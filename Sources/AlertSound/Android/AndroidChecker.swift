import AlertSoundCore

/// `check --platform android`: files judged as Android raw resources, by Android's rules (a valid
/// resource name, a format Android plays, its length however long), as if each lay in `res/raw/`:
/// a valid Ogg is valid here where iOS's rules refuse it.
///
/// ```swift
/// let valid = AndroidChecker().check(paths: ["app/src/main/res/raw"]) { batch in
///     for file in batch where !file.valid { print(file.path, file.diagnostics) }
/// }
/// ```
public struct AndroidChecker: Sendable {
    /// Whether warnings fail a file too.
    public var strict: Bool
    /// Only files a folder search would take (sounds by extension or content).
    public var soundsOnly = false

    /// A checker; see the properties.
    public init(strict: Bool = false) { self.strict = strict }

    /// Judges the files and the sounds in the folders at `paths`, handing each batch of reports on
    /// in order as it is made; returns whether every file is valid.
    @discardableResult
    public func check(paths: [String], _ each: ([FileReport]) -> Void) -> Bool {
        let targets = SoundPaths.expand(paths, soundsOnly: soundsOnly)
        var valid = true
        for start in stride(from: 0, to: targets.count, by: Limits.reportBatch) {
            let reports = parallelMap(Array(targets[start..<min(start + Limits.reportBatch, targets.count)])) {
                judge($0)
            }
            valid = valid && reports.allSatisfy(\.valid)
            each(reports)
        }
        return valid
    }

    private func judge(_ target: SoundPaths.Target) -> FileReport {
        if let problem = target.problem {
            return FileReport(path: target.path, info: nil, diagnostics: [problem], strict: strict)
        }
        guard target.exists else {
            return Checker(strict: strict).report(RuleSubject(path: target.path, outcome: .missing))
        }
        let name = lastComponent(target.path)
        // Shown as given; placed in res/raw, where Android's rules read its resource name.
        let shown = String(target.path.dropLast(name.count))
        let sound = FoundSound(
            relativePath: "res/raw/" + name, displayRoot: shown, shownFrom: "res/raw/".utf8.count,
            location: .rawResource,
            content: .file(target.file ?? FolderFile(path: target.path)))
        return AndroidRules.judge(sound, resourceName: AndroidRules.resourceName(of: sound), strict: strict)
    }
}
