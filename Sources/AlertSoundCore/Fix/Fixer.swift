import Dispatch

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns any sound into one iOS plays as an alert: CAF IMA4, under 30 s, mono or stereo.
///
/// (Just over 400 lines: one job's path from judging through shaping to the atomic write, kept
/// in one reading order; the in-memory and streamed variants live in `FixInMemory` and `FixerStream`.)
///
/// ```swift
/// var options = FixOptions()
/// options.outputFolder = "Fixed"
/// let report = try Fixer(options: options).fix(paths: ["Sounds"])
/// for outcome in report.outcomes { print(outcome.input, outcome.status, outcome.changes) }
/// ```
public struct Fixer: Sendable {
    /// What to do to each sound.
    public var options: FixOptions
    /// Set by the `async` entry point: cancellation in, progress out.
    var control: OperationControl?

    /// A fixer with these options.
    public init(options: FixOptions = FixOptions()) {
        self.options = options
    }

    /// Fixes every sound in `paths` (files and folders) on all cores. `dryRun` decides and reports
    /// without writing. `progress` is called as each input finishes, with the number finished and
    /// the total: from any thread, but never twice at once.
    public func fix(
        paths: [String], dryRun: Bool = false, progress: (@Sendable (FixOutcome, Int, Int) -> Void)? = nil
    ) throws -> FixReport {
        if let problem = options.problem() { throw problem }
        let jobs = FixJob.plan(paths: paths, outputFolder: options.outputFolder)
        let finished = Counter()
        control?.expect(Int64(jobs.count))
        let outcomes = parallelMap(jobs) { job in
            let outcome = fix(job, dryRun: dryRun)
            finished.increment { progress?(outcome, $0, jobs.count) }
            return outcome
        }
        return FixReport(outcomes: outcomes)
    }

    /// Fixes every sound in `urls` on a thread of its own. Cancelling the task stops each
    /// conversion under way between blocks and starts no other; nothing half-written is left, and
    /// the call throws an error of kind `cancelled`. `progress` counts inputs finished.
    public func fix(
        urls: [URL], dryRun: Bool = false, progress: (@Sendable (ProgressUpdate) -> Void)? = nil
    ) async throws -> FixReport {
        var fixer = self
        let control = OperationControl(unit: .files, progress: progress)
        fixer.control = control
        return try await OperationControl.run(control) { [fixer] in
            let report = try fixer.fix(paths: urls.map(\.path), dryRun: dryRun)
            try control.check()
            return report
        }
    }

    /// Fixes one input (a job from `FixJob.plan`).
    public func fix(_ job: FixJob, dryRun: Bool = false) -> FixOutcome {
        fix(job, dryRun: dryRun, into: nil)
    }

    /// Fixes one input into memory, as export does: the bytes of the file ``fix(_:dryRun:)`` would
    /// write at `job.output` (which only names it in messages), with its outcome. Nothing is
    /// written, so nothing is left on disk however the process ends.
    package func fixedBytes(_ job: FixJob) -> (outcome: FixOutcome, bytes: [UInt8]?) {
        let memory = MemoryOutput()
        let outcome = fix(job, dryRun: false, into: memory)
        return (outcome, outcome.status == .fixed ? memory.bytes : nil)
    }

    private func fix(_ job: FixJob, dryRun: Bool, into memory: MemoryOutput?) -> FixOutcome {
        if control?.isCancelled == true {
            return FixOutcome(
                input: job.input, output: nil, status: .failed, before: nil, error: .cancellation(path: job.input))
        }
        defer { try? control?.advance(1) }
        if let refusal = job.refusal {
            return FixOutcome(input: job.input, output: nil, status: .failed, before: nil, error: refusal)
        }
        let before = inputChecker.check(path: job.input)
        // A warning whose suggestion is a plain `fix` (a repaired header) is one fix acts on: that
        // advice must not lead to "left as is". Notes (wide PCM) advise `fix -d ima4`, which asks.
        // With --levels, so are the level warnings it repairs.
        let acted: Set<Suggestion.Action> = options.levelsRepaired ? [.fix, .fixLevels] : [.fix]
        let fixable = before.diagnostics.contains {
            $0.severity == .warning && $0.suggestion.map { acted.contains($0.action) } == true
        }
        // No conversion makes a sound of no frames: the finding is the reason, as check made it.
        let silent = before.diagnostics.filter { $0.code == .noAudio }
        if !silent.isEmpty {
            return FixOutcome(input: job.input, output: nil, status: .failed, before: before, blockers: silent)
        }
        if before.valid, !options.asksForChange, !fixable {
            return FixOutcome(input: job.input, output: nil, status: .unchanged, before: before)
        }
        do {
            if let problem = options.problem() { throw problem }
            return try convert(job, before: before, dryRun: dryRun, into: memory)
        } catch let rejected as OutputRejected {
            return FixOutcome(
                input: job.input, output: job.output, status: .failed, before: before, after: rejected.report,
                blockers: rejected.report.diagnostics.filter { $0.fails(strict: false) })
        } catch {
            return FixOutcome(
                input: job.input, output: job.output, status: .failed, before: before,
                error: AlertSoundError.wrapping(error, as: .unreadable, path: job.input).writing(
                    job.output, from: job.input))
        }
    }

    private func convert(
        _ job: FixJob, before: FileReport, dryRun: Bool, into memory: MemoryOutput?
    ) throws -> FixOutcome {
        try Converter.refuseOverwritingInput(input: job.input, output: job.output)
        if memory == nil, access(job.output, F_OK) == 0 {
            if !options.force {
                // A fixed copy from an earlier run: nothing to do, so a build step can run fix every time.
                // Unless the input changed since (or the file was never its copy): then saying
                // "nothing to do" would ship the old sound, so it is a failure the user resolves.
                if let inputTime = modificationTime(job.input), let outputTime = modificationTime(job.output),
                    inputTime > outputTime
                {
                    throw AlertSoundError(
                        .invalidRequest,
                        "\(job.output) exists but is older than the input, so it is not its fixed copy "
                            + "(or the input changed since); it is replaced only when asked to", path: job.input,
                        suggestion: Suggestion(.replaceOutput, output: job.output))
                }
                let existing = Checker().check(path: job.output)
                if existing.valid {
                    return FixOutcome(
                        input: job.input, output: job.output, status: .unchanged, before: before, after: existing,
                        note: "its fixed copy \(job.output) exists and plays",
                        suggestion: Suggestion(.replaceOutput, output: job.output))
                }
                throw AlertSoundError(
                    .invalidRequest, "\(job.output) exists (and does not play); it is replaced only when asked to",
                    path: job.input, suggestion: Suggestion(.replaceOutput, output: job.output))
            }
            if job.outputIsInput {
                throw AlertSoundError(
                    .invalidRequest, "its output \(job.output) is also an input of this run, and is never replaced",
                    path: job.input, suggestion: Suggestion(.chooseOutput, output: job.output))
            }
        }
        var reader = try openFrameReader(path: job.input, ffmpeg: options.ffmpeg)
        let plan = try makePlan(job, reader: reader)
        var (edits, changes, limit) = try decideEdits(job, reader: reader, plan: plan, before: before)
        let repair = options.levelsRepaired ? try repairLevels(job, plan: plan, edits: &edits, changes: &changes) : nil
        if dryRun {
            return FixOutcome(
                input: job.input, output: job.output, status: .planned, before: before, changes: changes,
                note: Self.note(job, repair))
        }
        if options.outputFolder != nil, memory == nil { try makeFolders(parentFolder(job.output)) }

        var after: FileReport?
        var result: ConversionResult
        var attempt = 1
        while true {
            do {
                (result, after) = try write(
                    job, reader: reader, plan: plan, edits: edits, repair: repair, attempt: attempt,
                    into: memory.map { memory in
                        // Each attempt starts from nothing.
                        memory.reset()
                        return memory
                    })
                break
            } catch let miss as LevelMiss {
                // IMA4 and the peaks between samples took the decoded output over the limit, or the
                // fades and the limiter moved its loudness: again, corrected by what was measured.
                correct(&edits, changes: &changes, repair: repair ?? LevelRepair(), miss: miss)
                attempt += 1
                reader = try openFrameReader(path: job.input, ffmpeg: options.ffmpeg)
            }
        }
        if let levels = after?.levels { changes = LevelRepair.measured(changes, output: levels) }
        // A length the header did not state is known only now.
        if result.cut, let limit, edits.length == limit, !changes.contains(where: { $0.kind == "trimmed" }) {
            changes.append(.trimmed(from: nil, to: Double(limit) / plan.output.sampleRate, fade: options.fade))
        }
        return FixOutcome(
            input: job.input, output: job.output, status: .fixed, before: before, after: after, changes: changes,
            note: Self.note(job, repair))
    }

    /// The outcome's note: a renamed output, and clipping that no repair undoes.
    static func note(_ job: FixJob, _ repair: LevelRepair?) -> String? {
        let notes = [job.renameNote, repair?.note].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    /// The checker that judges inputs (and outputs): with their levels when they are repaired.
    private var inputChecker: Checker {
        var checker = Checker()
        checker.measuresLevels = options.levelsRepaired
        checker.levelLimits = options.levelLimits
        return checker
    }

    /// Encodes and puts the output in place once it is judged as `check` would judge it (with its
    /// levels, decoded, when they are repaired); returns that report too. Throws `LevelMiss` when
    /// the decoded output misses what `repair` aimed at and try `attempt` is not the last.
    private func write(
        _ job: FixJob, reader: FrameReader, plan: ConversionPlan, edits: Edits, repair: LevelRepair?, attempt: Int,
        into memory: MemoryOutput?
    ) throws -> (ConversionResult, FileReport?) {
        let checker = inputChecker
        var judged: FileReport?
        let result = try Converter(options: conversionOptions(plan.output.sampleRate)).write(
            reader: reader, plan: plan, edits: edits, sink: memory, control: control,
            replacing: options.force
        ) { contents in
            // The finished file, judged as `check` would (its levels by the same rules), before it
            // replaces anything.
            var subject: RuleSubject
            do {
                subject = RuleSubject(
                    path: job.output, outcome: .inspected(try SoundFile.inspect(source: contents, name: job.output)))
            } catch let error as AlertSoundError {
                throw AlertSoundError(
                    .outputFailed, "the output could not be read back: \(error.reason)", path: job.output)
            }
            if checker.measuresLevels {
                let meter = try SoundLevels.meter(source: contents, name: job.output)
                let levels = meter.levels()
                if repair?.audible == true, levels.samplePeak == nil {
                    throw AlertSoundError(
                        .outputFailed,
                        "the output decodes to digital silence although the input is not silent; nothing was written",
                        path: job.input)
                }
                if let miss = repair?.miss(
                    levels, means: meter.channelMeans, limits: checker.levelLimits, attempt: attempt)
                {
                    throw miss
                }
                subject.levels = levels
                subject.levelLimits = checker.levelLimits
            }
            var report = checker.report(subject)
            if !options.appliesIOSLengthLimit { report.diagnostics.removeAll { $0.code == .tooLong } }
            guard report.valid else { throw OutputRejected(report: report) }
            judged = report
        }
        return (result, judged)
    }

    /// When the file was last written, to the nanosecond; nil when it cannot be read.
    private func modificationTime(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

    private func conversionOptions(_ rate: Double?) -> ConversionOptions {
        ConversionOptions(
            dataFormat: OutputDataFormat(options.dataFormat ?? .ima4, sampleRate: rate), fileType: .caff,
            channels: options.channels, mix: options.mix, quality: options.quality,
            resamplerQuality: options.resamplerQuality)
    }

    private func makePlan(_ job: FixJob, reader: FrameReader) throws -> ConversionPlan {
        var conversion = conversionOptions(options.outputRate(forInput: reader.sampleRate))
        // Mono and stereo stay; anything wider is mixed to stereo by its layout, never cut.
        if options.channels == nil, !options.mix, reader.channels > 2 {
            conversion.channels = 2
            conversion.mix = true
        }
        return try ConversionPlan.make(
            input: job.input, output: job.output, rate: reader.sampleRate, channels: reader.channels,
            options: conversion)
    }

    /// Trim, fade and gain, from the header and (for silence and normalising) one pass over the audio.
    /// Also returns the frame limit a cut to the maximum duration keeps (nil: no limit).
    private func decideEdits(
        _ job: FixJob, reader: FrameReader, plan: ConversionPlan, before: FileReport
    ) throws -> (Edits, [FixChange], Int64?) {
        let rate = plan.output.sampleRate
        var changes: [FixChange] = []
        if reader.backend == .ffmpeg { changes.append(.decodedWithFFmpeg) }
        let info = before.info
        let outputName = OutputDataFormat.name(of: plan.output.coding) ?? plan.output.coding.code
        if info?.container != .caf || info?.coding != plan.output.coding {
            changes.append(
                .converted(
                    fromContainer: info?.container.displayName ?? "unreadable header", fromFormat: info?.coding?.code,
                    toFormat: outputName))
        }
        if plan.output.channels != reader.channels {
            changes.append(.mixed(from: reader.channels, to: plan.output.channels))
        }
        if plan.resamples { changes.append(.resampled(from: reader.sampleRate, to: rate)) }

        let inputSeconds = reader.frameCount.map { Double($0) / reader.sampleRate }
        // A sound that is too long (or whose length is unknown) is cut to the maximum; one that
        // plays is cut only when asked, or at the last frame under 30 s should resampling round up.
        // Without iOS's limit only an explicit maximum cuts, and nothing is kept back otherwise.
        let tooLong = options.appliesIOSLengthLimit && (inputSeconds.map { $0 >= maximumAlertDuration } ?? true)
        let capSeconds = tooLong || options.maxDurationIsExplicit ? options.maxDuration : nil
        let limit =
            capSeconds.map { Int64(($0 * rate).rounded(.down)) }
            ?? (options.appliesIOSLengthLimit ? Int64((maximumAlertDuration * rate).rounded(.up)) - 1 : nil)
        if let limit, limit < 1 {
            // A rate far below any real one (AudioToolbox reads 0.01 Hz as stated): a cut would leave an empty file "fixed".
            throw AlertSoundError(
                .unsupported,
                "at \(Formatting.number(rate)) Hz not one frame fits in \(Formatting.seconds(capSeconds ?? maximumAlertDuration)) s, "
                    + "so a cut would leave nothing to play; the sound needs a usual sample rate first", path: job.input
            )
        }
        var edits = Edits(start: 0, length: limit, fadeFrames: Int((options.fade * rate).rounded()), gain: 1)

        if options.trimSilence || options.normalize {
            let scanner = try openFrameReader(path: job.input, ffmpeg: options.ffmpeg)
            let stages = try Converter.stages(plan: plan, inputChannels: scanner.channels)
            let blockFrames = Converter.blockFrames(
                channels: max(scanner.channels, plan.output.channels), blockBytes: Limits.conversionBlockBytes)
            var drained = false
            let scan = try LevelScan.scan(
                channels: plan.output.channels, threshold: FixOptions.silenceThreshold,
                fromFirstAudible: options.trimSilence, window: limit
            ) {
                while !drained {
                    let block = try scanner.read(maxFrames: blockFrames)
                    drained = block.isEmpty
                    let out = try stages.process(block, end: drained)
                    if !out.isEmpty { return out }
                }
                return []
            }
            if options.trimSilence {
                guard let first = scan.firstAudible, let end = scan.audibleEnd else {
                    throw AlertSoundError(
                        .unsupported, "silent throughout (no sample above -60 dBFS): nothing to keep", path: job.input)
                }
                edits.start = first
                edits.length = limit.map { min(end - first, $0) } ?? end - first
                // Trailing silence is what follows the last audible frame, when the sound ends before the cap.
                let total =
                    drained
                    ? scan.frames
                    : (reader.frameCount.map { Int64((Double($0) * rate / reader.sampleRate).rounded()) } ?? end)
                let trailing = (limit.map { end - first < $0 } ?? true) ? max(0, total - end) : 0
                if first > 0 || trailing > 0 {
                    changes.append(.silenceTrimmed(leading: Double(first) / rate, trailing: Double(trailing) / rate))
                }
            }
            if options.normalize, scan.peak > 0 {
                edits.gain = FixOptions.normalizedPeak / scan.peak
                changes.append(
                    .normalized(fromPeak: 20 * log10(scan.peak), toPeak: 20 * log10(FixOptions.normalizedPeak)))
            }
        }
        if let inputSeconds, let limit, edits.length == limit,
            inputSeconds - Double(edits.start) / reader.sampleRate > Double(limit) / rate
        {
            // Only our own readers count frames exactly; libsndfile's and ffmpeg's length of an MP3
            // or AAC is an estimate (134.7 s said of a 133.85 s file), so it is not given as fact.
            changes.append(
                .trimmed(
                    from: reader.backend == .native ? inputSeconds : nil, to: Double(limit) / rate, fade: options.fade))
        }
        return (edits, changes, limit)
    }

}

/// A thread-safe count of finished jobs.
final class Counter: @unchecked Sendable {
    private let lock = Lock()
    private var value = 0

    /// Counts one more and runs `body` with the new count, one caller at a time.
    func increment(_ body: (Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        body(value)
    }
}

/// The finished output judged as `check` would, and found not to play: the write stops and the
/// outcome carries the report and its findings (not an error made of them).
private struct OutputRejected: Error {
    let report: FileReport
}
