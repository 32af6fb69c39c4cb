#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Measures ``SoundLevels`` from interleaved samples fed in blocks, in memory that does not grow
/// with the sound's length (bar ten numbers a second for the loudness gate).
///
/// Loudness follows ITU-R BS.1770-4: each channel K-weighted (a high shelf, then a high-pass, with
/// the filters' published analog parameters mapped to the sample rate), squared, weighted by
/// channel (1.0 for left, right and centre, 1.41 for the surrounds, LFE left out, as libebur128 maps
/// channels), summed over 100 ms steps; momentary is a 400 ms window, short-term 3 s, and
/// integrated is the mean of the 400 ms blocks above −70 LUFS and above the mean minus 10 LU.
/// True peak is measured 4× oversampled (2× from 96 kHz, not at all from 192 kHz) through a
/// 49-tap Hann-windowed sinc, the interpolator libebur128 uses.
public struct LevelMeter: Sendable {
    /// The rate the samples are at, in hertz.
    public let sampleRate: Double
    /// Channels per frame: L R C Ls Rs, or L R C LFE Ls Rs for six (libebur128's default order).
    public let channels: Int

    private var kWeighting: [KWeighting]
    private let weights: [Double]
    private var truePeak: [TruePeakInterpolator]

    /// Samples in a 100 ms step, and the weighted energy of the step under way.
    private let stepLength: Int
    private var stepFill = 0
    private var stepEnergy = 0.0
    /// The energy of the last 30 steps (3 s), newest last, and of every 400 ms block so far.
    private var recentSteps: [Double] = []
    private var blockEnergies: [Double] = []
    private var maxMomentary = 0.0
    private var maxShortTerm = 0.0

    private var frames: Int64 = 0
    private var peak = 0.0
    private var sums: [Double]
    private var firstLoud: Int64?
    private var lastLoud: Int64?
    private var clipRuns: ClipRuns
    private var clipped = 0
    /// The first frame's largest magnitude, and each of the last millisecond of frames' (a ring).
    private var firstFrame = 0.0
    private var endFrames: [Double]
    private var endAt = 0

    /// −60 dBFS: below it a sample counts as silence.
    static let silence = 0.001
    /// +60 dBFS: the largest float sample measured as it is.
    static let ceiling = 1000.0
    /// The lowest rate loudness is measured at. BS.1770's pre-filter is a shelf at 1,682 Hz mapped
    /// to the rate through tan(π·f/rate), which passes π/2 at 3,364 Hz and folds over below: the
    /// "loudness" there is `inf` or 1,140 LUFS. Below this rate none is reported (true and sample
    /// peaks still are).
    public static let minimumLoudnessRate = 4000.0

    /// A meter for samples at `sampleRate` with `channels` interleaved.
    public init(sampleRate: Double, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
        kWeighting = Array(repeating: KWeighting(sampleRate: sampleRate), count: channels)
        weights = (0..<channels).map { Self.weight(channel: $0, of: channels) }
        truePeak = Array(
            repeating: TruePeakInterpolator(factor: sampleRate < 96_000 ? 4 : sampleRate < 192_000 ? 2 : 1),
            count: channels)
        // Whole samples, as FFmpeg's meter counts them (1102 at 11,025 Hz).
        stepLength = max(1, Int(sampleRate / 10))
        sums = Array(repeating: 0, count: channels)
        clipRuns = ClipRuns(channels: channels)
        endFrames = Array(repeating: 0, count: max(1, Int(sampleRate * Self.endWindow)))
    }

    /// How much of the end counts as "the end" for ``SoundLevels/endPeak``.
    static let endWindow = 0.001

    /// BS.1770's channel weights for channel `index` of `count`, in libebur128's default order:
    /// L R C Ls Rs, or L R C LFE Ls Rs for six; further channels are left out.
    static func weight(channel index: Int, of count: Int) -> Double {
        if count == 6 { return [1, 1, 1, 0, 1.41, 1.41][index] }
        switch index {
        case 0, 1, 2: return 1
        case 3, 4: return 1.41
        default: return 0
        }
    }

    /// More interleaved frames.
    public mutating func add(_ samples: [Double]) {
        let count = samples.count / channels
        samples.withUnsafeBufferPointer { block in
            for f in 0..<count {
                var energy = 0.0
                var loud = false
                var framePeak = 0.0
                for c in 0..<channels {
                    var x = block[f * channels + c]
                    // A float sample may pass full scale; up to +60 dBFS it is measured as it is (a
                    // true peak of +3 dBTP is worth knowing), beyond that it is nonsense and held
                    // there, so no sum overflows. NaN is heard as nothing.
                    if !(abs(x) <= Self.ceiling) { x = x.isNaN ? 0 : (x > 0 ? Self.ceiling : -Self.ceiling) }
                    let magnitude = abs(x)
                    peak = max(peak, magnitude)
                    framePeak = max(framePeak, magnitude)
                    sums[c] += x
                    if magnitude > Self.silence { loud = true }
                    clipped += clipRuns.add(magnitude, channel: c)
                    truePeak[c].add(x)
                    if weights[c] != 0 {
                        let y = kWeighting[c].filter(x)
                        energy += weights[c] * y * y
                    }
                }
                if loud {
                    if firstLoud == nil { firstLoud = frames }
                    lastLoud = frames
                }
                if frames == 0 { firstFrame = framePeak }
                endFrames[endAt] = framePeak
                endAt = endAt + 1 == endFrames.count ? 0 : endAt + 1
                frames += 1
                stepEnergy += energy
                stepFill += 1
                if stepFill == stepLength { endStep() }
            }
        }
    }

    private mutating func endStep() {
        recentSteps.append(stepEnergy)
        if recentSteps.count > 30 { recentSteps.removeFirst() }
        stepEnergy = 0
        stepFill = 0
        if recentSteps.count >= 4 {
            let block = recentSteps.suffix(4).reduce(0, +) / Double(4 * stepLength)
            blockEnergies.append(block)
            maxMomentary = max(maxMomentary, block)
        }
        if recentSteps.count == 30 {
            maxShortTerm = max(maxShortTerm, recentSteps.reduce(0, +) / Double(30 * stepLength))
        }
    }

    /// Each channel's mean so far (its DC offset), as a fraction of full scale.
    var channelMeans: [Double] { sums.map { frames > 0 ? $0 / Double(frames) : 0 } }

    /// Frames measured so far.
    var frameCount: Int64 { frames }

    /// What the samples so far measure.
    public func levels() -> SoundLevels {
        func decibels(_ amplitude: Double) -> Double? { amplitude > 0 ? 20 * log10(amplitude) : nil }
        let measurable = sampleRate >= Self.minimumLoudnessRate
        func loudness(_ energy: Double) -> Double? {
            guard measurable, energy > 0, energy.isFinite else { return nil }
            return -0.691 + 10 * log10(energy)
        }
        // Shorter than 400 ms: the sound in one block, padded with silence.
        let momentary =
            blockEnergies.isEmpty ? (recentSteps.reduce(0, +) + stepEnergy) / Double(4 * stepLength) : maxMomentary
        let seconds = Double(frames) / sampleRate
        let loudFrom = firstLoud.map { Double($0) / sampleRate } ?? seconds
        let loudTo = lastLoud.map { Double(frames - 1 - $0) / sampleRate } ?? seconds
        let dc = sums.map { frames > 0 ? $0 / Double(frames) : 0 }.max { abs($0) < abs($1) } ?? 0
        return SoundLevels(
            samplePeak: decibels(peak), truePeak: decibels(max(peak, truePeak.map(\.peak).max() ?? 0)),
            integratedLoudness: Self.gated(blockEnergies).flatMap(loudness),
            maxMomentaryLoudness: loudness(momentary),
            // Zero until a whole 3 s window has passed: none below 3 s.
            maxShortTermLoudness: loudness(maxShortTerm),
            dcOffset: dc, leadingSilence: loudFrom, trailingSilence: loudTo, clippedSamples: clipped,
            startPeak: decibels(firstFrame), endPeak: decibels(endFrames.max() ?? 0))
    }

    /// The mean energy of the blocks that pass BS.1770's absolute (−70 LUFS) and relative
    /// (−10 LU) gates; `nil` when none does.
    static func gated(_ blocks: [Double]) -> Double? {
        let absolute = pow(10, (-70 + 0.691) / 10)
        let loud = blocks.filter { $0 > absolute }
        guard !loud.isEmpty else { return nil }
        let relative = loud.reduce(0, +) / Double(loud.count) * pow(10, -1.0)
        let kept = loud.filter { $0 > relative }
        guard !kept.isEmpty else { return nil }
        return kept.reduce(0, +) / Double(kept.count)
    }
}

/// BS.1770's K-weighting for one channel: the "pre-filter" high shelf (+4 dB above about 1.7 kHz)
/// and the RLB high-pass (about 38 Hz), from their analog parameters at any sample rate.
struct KWeighting: Sendable {
    private var shelf: Biquad
    private var highPass: Biquad

    init(sampleRate: Double) {
        var k = tan(Double.pi * 1681.974450955533 / sampleRate)
        let q = 0.7071752369554196
        let vh = pow(10, 3.999843853973347 / 20)
        let vb = pow(vh, 0.4996667741545416)
        var a0 = 1 + k / q + k * k
        shelf = Biquad(
            b0: (vh + vb * k / q + k * k) / a0, b1: 2 * (k * k - vh) / a0, b2: (vh - vb * k / q + k * k) / a0,
            a1: 2 * (k * k - 1) / a0, a2: (1 - k / q + k * k) / a0)
        k = tan(Double.pi * 38.13547087602444 / sampleRate)
        let q2 = 0.5003270373238773
        a0 = 1 + k / q2 + k * k
        highPass = Biquad(b0: 1, b1: -2, b2: 1, a1: 2 * (k * k - 1) / a0, a2: (1 - k / q2 + k * k) / a0)
    }

    mutating func filter(_ x: Double) -> Double { highPass.filter(shelf.filter(x)) }
}

/// A second-order section, direct form II transposed.
struct Biquad: Sendable {
    let b0, b1, b2, a1, a2: Double
    private var z1 = 0.0, z2 = 0.0

    init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0, b1, b2, a1, a2)
    }

    mutating func filter(_ x: Double) -> Double {
        let y = b0 * x + z1
        z1 = b1 * x - a1 * y + z2
        z2 = b2 * x - a2 * y
        return y
    }
}

/// The largest magnitude between one channel's samples: the signal `factor`× oversampled through
/// a 49-tap Hann-windowed sinc, cut off at the original Nyquist frequency.
struct TruePeakInterpolator: Sendable {
    let factor: Int
    /// `factor` phases of the filter, each as many taps as history it reads.
    private let phases: [[Double]]
    /// The newest samples, newest first from `at`, written twice so a phase reads them in one run.
    private var history: [Double]
    private var at = 0
    private let length: Int
    private(set) var peak = 0.0

    static let taps = 49

    init(factor: Int) {
        self.factor = factor
        let center = Double(Self.taps - 1) / 2
        let h = (0..<Self.taps).map { j -> Double in
            let t = (Double(j) - center) / Double(factor)
            let sinc = t == 0 ? 1 : sin(Double.pi * t) / (Double.pi * t)
            let window = 0.5 * (1 - cos(2 * Double.pi * Double(j) / Double(Self.taps - 1)))
            return sinc * window
        }
        phases = (0..<factor).map { p in stride(from: p, to: Self.taps, by: factor).map { h[$0] } }
        length = phases.map(\.count).max() ?? 1
        history = Array(repeating: 0, count: 2 * length)
    }

    mutating func add(_ x: Double) {
        guard factor > 1 else {
            peak = max(peak, abs(x))
            return
        }
        at = at == 0 ? length - 1 : at - 1
        history[at] = x
        history[at + length] = x
        var top = peak
        history.withUnsafeBufferPointer { recent in
            let newest = recent.baseAddress! + at
            for phase in phases {
                var y = 0.0
                phase.withUnsafeBufferPointer { taps in
                    for k in 0..<taps.count { y += taps[k] * newest[k] }
                }
                top = max(top, abs(y))
            }
        }
        peak = top
    }
}
