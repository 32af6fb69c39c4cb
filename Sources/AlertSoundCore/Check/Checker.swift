import Dispatch

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Judges sound files against iOS's notification-sound rules.
///
/// ```swift
/// let checker = Checker(strict: true)
/// let report = checker.check(paths: ["Resources/Sounds"])
/// for file in report.files where !file.valid {
///     for d in file.diagnostics { print(file.path, d.severity, d.code, d.message) }
/// }
/// ```
public struct Checker: Sendable {
    /// Whether warnings fail a file too.
    public var strict: Bool
    /// The rules applied, in the order their findings are reported.
    public var rules: [Rule]
    /// Files named directly that are not sounds (by extension or content) are left out, as a
    /// folder search leaves them, and a folder without sounds is no finding: for build tools that
    /// pass every resource of a target.
    public var soundsOnly = false
    /// Set by the `async` entry points: cancellation in, progress out.
    var control: OperationControl?

    /// Decode each readable sound and judge its levels too (``LevelRules``): `check --levels`.
    public var measuresLevels = false
    /// What ``measuresLevels`` judges the levels against.
    public var levelLimits = LevelThresholds()
    /// The lowest iOS version the app runs on, when known: it decides whether `undocumented-format`
    /// (AAC, MP3, ALAC) is a warning or an error (``UndocumentedFormat``).
    public var minimumIOS: MinimumIOS?

    /// A checker applying `rules` (all of them unless told).
    public init(strict: Bool = false, rules: [Rule] = Rule.all) {
        self.strict = strict
        self.rules = rules
    }

    /// Checks files and folders (searched recursively for sound files), in parallel.
    public func check(paths: [String]) -> CheckReport {
        var files: [FileReport] = []
        check(paths: paths) { files.append($0) }
        return CheckReport(files: files)
    }

    /// Files checked together, in parallel, before their reports are handed on.
    static let batch = Limits.reportBatch

    /// Checks like ``check(paths:)`` but hands each file's report to `each`, in order, as soon as
    /// its batch of files is judged, keeping none: memory stays bounded however many files
    /// there are (100,000 files' reports and JSON took 396 MB when kept). Returns whether every file is valid.
    @discardableResult
    public func check(paths: [String], each: (FileReport) -> Void) -> Bool {
        checkInBatches(paths: paths) { $0.forEach(each) }
    }

    /// Checks like ``check(paths:each:)``, handing on each batch's reports (in order) at once.
    @discardableResult
    public func checkInBatches(paths: [String], _ eachBatch: ([FileReport]) -> Void) -> Bool {
        let targets = SoundPaths.expand(paths, soundsOnly: soundsOnly)
        control?.expect(Int64(targets.count))
        var valid = true
        for start in stride(from: 0, to: targets.count, by: Self.batch) {
            let reports = judge(Array(targets[start..<min(start + Self.batch, targets.count)]))
            valid = valid && reports.allSatisfy(\.valid)
            eachBatch(reports)
        }
        return valid
    }

    private func judge(_ targets: [SoundPaths.Target]) -> [FileReport] {
        parallelMap(targets) { target in
            // Once cancelled, the rest are skipped; the async caller throws instead of returning them.
            if control?.isCancelled == true {
                return FileReport(path: target.path, info: nil, diagnostics: [], strict: strict)
            }
            defer { try? control?.advance(1) }
            if let problem = target.problem {
                return FileReport(path: target.path, info: nil, diagnostics: [problem], strict: strict)
            }
            if let file = target.file { return check(file: file, name: target.path) }
            return target.exists ? check(path: target.path) : report(RuleSubject(path: target.path, outcome: .missing))
        }
    }

    /// Checks files and folders on a thread of its own. Cancelling the task stops the work
    /// between files and throws an error of kind `cancelled`; `progress` counts files judged.
    public func check(urls: [URL], progress: (@Sendable (ProgressUpdate) -> Void)? = nil) async throws -> CheckReport {
        var checker = self
        let control = OperationControl(unit: .files, progress: progress)
        checker.control = control
        return try await OperationControl.run(control) { [checker] in
            let report = checker.check(paths: urls.map(\.path))
            try control.check()
            return report
        }
    }

    /// Checks one file on a thread of its own (with ``measuresLevels``, its audio is decoded
    /// there too). Cancelling the task throws an error of kind `cancelled`.
    public func check(url: URL) async throws -> FileReport {
        let control = OperationControl(unit: .files, progress: nil)
        return try await OperationControl.run(control) { [self] in
            let report = check(path: url.path)
            try control.check()
            return report
        }
    }

    /// Checks one file (and with ``measuresLevels`` measures it).
    public func check(path: String) -> FileReport {
        check(name: path) { try FileSource(path: path) }
    }

    /// Checks a file's contents held in memory; `name` is the file name the app would use.
    public func check(bytes: [UInt8], name: String) -> FileReport {
        report(subject(path: name) { try SoundFile.inspect(bytes: bytes, name: name) })
    }

    /// Checks a file found by a folder walk (any depth, any name).
    package func check(file: FolderFile, name: String) -> FileReport {
        check(name: name) { try file.open() }
    }

    /// Checks the file `opening` opens. With ``measuresLevels`` the readable ones are decoded from
    /// the same open file, their header read once, and judged by ``LevelRules``; a sound whose
    /// audio cannot be decoded keeps its verdict without levels, and says why.
    private func check(name: String, _ opening: () throws -> FileSource) -> FileReport {
        var opened: (source: FileSource, info: SoundInfo)?
        var subject = subject(path: name) {
            let source = try SoundFile.open(name: name, opening)
            let info = try SoundFile.inspect(source: source, name: name)
            if measuresLevels { opened = (source, info) }
            return info
        }
        var levelsError: AlertSoundError?
        if let opened {
            do {
                subject.levels = try SoundLevels.measure(path: name, opened: opened)
                subject.levelLimits = levelLimits
            } catch {
                levelsError = AlertSoundError.wrapping(error, as: .unreadable, path: name)
            }
        }
        var report = report(subject)
        report.levelsError = levelsError
        return report
    }

    /// Checks contents read through any byte source (an archive entry).
    package func check(source: ByteSource, name: String) -> FileReport {
        report(subject(path: name) { try SoundFile.inspect(source: source, name: name) })
    }

    private func subject(path: String, _ read: () throws -> SoundInfo) -> RuleSubject {
        do {
            return RuleSubject(path: path, outcome: .inspected(try read()))
        } catch {
            return RuleSubject(path: path, outcome: .failed(.wrapping(error, as: .unreadable, path: path)))
        }
    }

    /// Applies the rules to a subject that was already read, and the level rules when it carries
    /// levels (their findings after the others).
    public func report(_ subject: RuleSubject) -> FileReport {
        var subject = subject
        if subject.minimumIOS == nil { subject.minimumIOS = minimumIOS }
        let judged = subject.levels == nil ? rules : rules + LevelRules.all
        var report = FileReport(
            path: subject.path, info: subject.info, diagnostics: judged.compactMap { $0.check(subject) }, strict: strict
        )
        report.levels = subject.levels
        return report
    }
}
