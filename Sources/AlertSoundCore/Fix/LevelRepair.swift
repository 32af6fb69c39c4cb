#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `fix --levels` decided beyond the edits: the figures its changes report, corrected once
/// the output is measured.
struct LevelRepair: Sendable {
    /// The loudest 400 ms of what is kept, before any gain (LUFS).
    var loudness: Double?
    /// The loudness aimed at (LUFS), when the gain is chosen for one.
    var target: Double?
    /// The gain chosen, in dB.
    var gain = 0.0
    /// The true peak of what is kept, after the gain and before limiting (dBTP).
    var truePeak: Double?
    /// Whether what is kept is not silent: an output that decodes to silence is then refused.
    var audible = false
    /// Samples of what is kept that were clipped before any gain: no gain undoes that distortion.
    var clippedBefore = 0

    /// What the outcome says beside the changes.
    var note: String? {
        clippedBefore > 0
            ? "\(clippedBefore) samples were clipped in the input; the distortion remains (fix cannot undo clipping)"
            : nil
    }

    /// The gains fix applies at most: below −100 dB a sound is silence, and a non-finite gain
    /// (from a loudness of ±inf) would write digital silence and call it fixed.
    static let gains = -100.0...100.0

    /// How many times an output whose loudness missed the target is encoded again with the gain
    /// corrected; then as many more, to bring a decoded true peak still over the limit under it
    /// (the limiter's ceiling lowered each time), before it is accepted with its warning.
    static let loudnessAttempts = 4, attempts = 8
    /// How far the output's loudness may miss the target (LU): less than the meters disagree by.
    static let tolerance = 0.1
    /// How far inside the band a loudness outside it is brought, so the output is clear of the edge.
    static let inside = 1.0

    /// Why the output as measured must be made again, if it must.
    /// `means`: each channel's mean in the output, for a DC offset the encoder or the limiter
    /// brought back (IMA4 of a clipped tone left 1.8 % that check then warned of).
    func miss(_ levels: SoundLevels, means: [Double], limits: LevelThresholds, attempt: Int) -> LevelMiss? {
        guard attempt < Self.attempts else { return nil }
        let excess = levels.truePeak.map { $0 - limits.maximumTruePeak } ?? 0
        let short = attempt < Self.loudnessAttempts ? zip(target, levels.maxMomentaryLoudness).map { $0 - $1 } ?? 0 : 0
        let dc = abs(levels.dcOffset) > limits.maximumDCOffset
        guard excess > 0 || abs(short) > Self.tolerance || dc else { return nil }
        return LevelMiss(
            peakExcess: max(0, excess), loudnessShort: abs(short) > Self.tolerance ? short : 0,
            dcMeans: dc ? means : nil)
    }
    /// How far below the true-peak limit the limiter holds sample peaks at first: IMA4's
    /// quantisation and the peaks between samples add about this much.
    static let headroom = 0.5

    /// `changes` with the loudness and true peak the output measured.
    static func measured(_ changes: [FixChange], output levels: SoundLevels) -> [FixChange] {
        changes.map { change in
            switch change {
            case let .loudness(from, to): return .loudness(from: from, to: levels.maxMomentaryLoudness ?? to)
            case let .peakLimited(from, to): return .peakLimited(from: from, to: levels.truePeak ?? to)
            default: return change
            }
        }
    }
}

/// Raised from the output's check when its decoded true peak is over the limit or its loudness
/// missed the target.
struct LevelMiss: Error {
    /// dB over the true-peak limit (0 when under).
    var peakExcess: Double
    /// LU the loudness fell short of the target (negative when over; 0 when within tolerance).
    var loudnessShort: Double
    /// Each output channel's mean, when one is off zero by more than the limit.
    var dcMeans: [Double]? = nil
}

private func zip(_ a: Double?, _ b: Double?) -> (Double, Double)? {
    guard let a, let b else { return nil }
    return (a, b)
}

extension Fixer {
    /// Decides the level edits from what the edits so far keep: leading silence, DC, fades, gain,
    /// and whether to limit. Measures the kept audio once, and again after leading silence or DC
    /// is removed.
    func repairLevels(
        _ job: FixJob, plan: ConversionPlan, edits: inout Edits, changes: inout [FixChange]
    ) throws -> LevelRepair {
        let rate = plan.output.sampleRate
        let limits = options.levelLimits
        var kept = try measureKept(job, plan: plan, edits: edits)
        // Silence before something louder than it: a sound quiet throughout (every sample under
        // -60 dBFS) is all "silence", and dropping it left an empty file called fixed.
        func soundFollows(_ measured: (levels: SoundLevels, means: [Double], frames: Int64)) -> Bool {
            measured.levels.samplePeak != nil && measured.levels.leadingSilence < Double(measured.frames) / rate
                && measured.levels.leadingSilence > limits.maximumLeadingSilence
        }
        if !options.trimSilence, soundFollows(kept) {
            let silent = Int64((kept.levels.leadingSilence * rate).rounded(.down))
            edits.start += silent
            changes.append(.silenceTrimmed(leading: Double(silent) / rate, trailing: 0))
            kept = try measureKept(job, plan: plan, edits: edits)
        }
        var fadeIn = kept.levels.startPeak.map { $0 > limits.maximumEdgeLevel } ?? false
        var fadeOut = kept.levels.endPeak.map { $0 > limits.maximumEdgeLevel } ?? false
        // A click and then silence: fading the click in would leave the silence for a second pass
        // to drop (check warned leading-silence after fix). What follows the fade is measured, and
        // when it starts with silence, the click goes with it.
        if fadeIn, !options.trimSilence, kept.levels.samplePeak != nil {
            var past = edits
            past.start += Int64((FixOptions.clickFade * rate).rounded())
            let after = try measureKept(job, plan: plan, edits: past)
            if soundFollows(after) {
                past.start += Int64((after.levels.leadingSilence * rate).rounded(.down))
                let dropped = Double(past.start - edits.start) / rate
                edits = past
                if let i = changes.firstIndex(where: { $0.kind == "silence-trimmed" }),
                    case let .silenceTrimmed(leading, trailing) = changes[i]
                {
                    changes[i] = .silenceTrimmed(leading: leading + dropped, trailing: trailing)
                } else {
                    changes.append(.silenceTrimmed(leading: dropped, trailing: 0))
                }
                kept = try measureKept(job, plan: plan, edits: edits)
                fadeIn = kept.levels.startPeak.map { $0 > limits.maximumEdgeLevel } ?? false
            }
        }
        if abs(kept.levels.dcOffset) > limits.maximumDCOffset {
            edits.dcOffsets = kept.means
            changes.append(.dcRemoved(offset: kept.levels.dcOffset))
            // Removing it moves both ends off zero: they fade. Peaks and the step at the start
            // (which K-weighting hears) are measured again without it.
            fadeIn = true
            fadeOut = true
            kept = try measureKept(job, plan: plan, edits: edits)
        }
        let levels = kept.levels
        // No fade longer than a quarter of the sound.
        let quarter = Double(kept.frames) / rate / 4
        if fadeIn, kept.frames > 0 {
            let seconds = min(FixOptions.clickFade, quarter)
            edits.fadeInFrames = max(1, Int((seconds * rate).rounded()))
            changes.append(.fadedIn(seconds: Double(edits.fadeInFrames) / rate))
        }
        // A cut to the maximum duration fades already.
        if fadeOut, kept.frames > 0, !changes.contains(where: { $0.kind == "trimmed" }) {
            let seconds = min(options.fade > 0 ? options.fade : FixOptions.clickFade, quarter)
            edits.fadeFrames = max(1, Int((seconds * rate).rounded()))
            edits.fadesEnd = true
            changes.append(.fadedOut(seconds: Double(edits.fadeFrames) / rate))
        }
        var repair = LevelRepair(loudness: levels.maxMomentaryLoudness)
        repair.audible = levels.samplePeak != nil
        repair.clippedBefore = levels.clippedSamples
        if let loudness = levels.maxMomentaryLoudness {
            let band = limits.loudnessBand
            let target =
                options.loudness
                ?? (loudness < band.lowerBound
                    ? min(band.lowerBound + LevelRepair.inside, band.upperBound)
                    : loudness > band.upperBound ? max(band.upperBound - LevelRepair.inside, band.lowerBound) : nil)
            if let target, abs(target - loudness) >= 0.05, LevelRepair.gains.contains(target - loudness) {
                repair.target = target
                repair.gain = target - loudness
                edits.gain = pow(10, repair.gain / 20)
                changes.append(.loudness(from: loudness, to: target))
            }
        }
        repair.truePeak = levels.truePeak.map { $0 + repair.gain }
        if let peak = repair.truePeak, peak > limits.maximumTruePeak {
            edits.ceiling = pow(10, (limits.maximumTruePeak - LevelRepair.headroom) / 20)
            changes.append(.peakLimited(from: peak, to: limits.maximumTruePeak))
        }
        return repair
    }

    /// After an output missed: the gain corrected by what the loudness fell short, and, when the
    /// decoded peak was `excess` dB over, a ceiling that much lower (and a little more), starting
    /// from the limiter's first ceiling if it was not limiting.
    func correct(_ edits: inout Edits, changes: inout [FixChange], repair: LevelRepair, miss: LevelMiss) {
        let corrected = edits.gain * pow(10, miss.loudnessShort / 20)
        if corrected.isFinite, LevelRepair.gains.contains(20 * log10(corrected)) { edits.gain = corrected }
        if let means = miss.dcMeans {
            // The output's offset is the kept audio's residue times the gain: taken off before it.
            var offsets = edits.dcOffsets ?? Array(repeating: 0, count: means.count)
            if offsets.count == means.count {
                for c in offsets.indices { offsets[c] += means[c] / max(edits.gain, 1e-5) }
                edits.dcOffsets = offsets
                if !changes.contains(where: { $0.kind == "dc-removed" }) {
                    changes.append(.dcRemoved(offset: means.max { abs($0) < abs($1) } ?? 0))
                }
            }
        }
        guard miss.peakExcess > 0 else { return }
        let limit = options.levelLimits.maximumTruePeak
        let current = edits.ceiling.map { 20 * log10($0) } ?? limit - LevelRepair.headroom
        edits.ceiling = pow(10, (current - miss.peakExcess - 0.1) / 20)
        if !changes.contains(where: { $0.kind == "peak-limited" }) {
            changes.append(.peakLimited(from: repair.truePeak ?? limit + miss.peakExcess, to: limit))
        }
    }

    /// The levels of the audio `edits` keep (with their DC removal), as the encoder would get it
    /// before any other level edit, each channel's mean, and the frames kept.
    private func measureKept(
        _ job: FixJob, plan: ConversionPlan, edits: Edits
    ) throws -> (levels: SoundLevels, means: [Double], frames: Int64) {
        let reader = try openFrameReader(path: job.input, ffmpeg: options.ffmpeg)
        let trim = TrimStage(channels: plan.output.channels, start: edits.start, length: edits.length, fadeFrames: 0)
        let stages =
            try Converter.stages(plan: plan, inputChannels: reader.channels)
            + (edits.dcOffsets.map { [DCStage(offsets: $0)] } ?? []) + [trim]
        let blockFrames = Converter.blockFrames(
            channels: max(reader.channels, plan.output.channels), blockBytes: Limits.conversionBlockBytes)
        var meter = LevelMeter(sampleRate: plan.output.sampleRate, channels: plan.output.channels)
        while true {
            let block = trim.finished ? [] : try reader.read(maxFrames: blockFrames)
            meter.add(try stages.process(block, end: block.isEmpty))
            if block.isEmpty { break }
        }
        return (meter.levels(), meter.channelMeans, meter.frameCount)
    }
}
