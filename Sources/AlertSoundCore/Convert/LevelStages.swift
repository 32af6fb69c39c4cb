#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Multiplies every sample by `gain` (normalisation, loudness).
final class GainStage: Stage {
    let gain: Double

    init(gain: Double) { self.gain = gain }

    var isIdentity: Bool { gain == 1 }

    func process(_ block: [Double], end: Bool) throws -> [Double] {
        block.map { $0 * gain }
    }
}

/// Subtracts each channel's offset: a constant removed exactly, with no filter to ring or to
/// change the sound's low end.
final class DCStage: Stage {
    let offsets: [Double]

    init(offsets: [Double]) { self.offsets = offsets }

    var isIdentity: Bool { offsets.allSatisfy { $0 == 0 } }

    func process(_ block: [Double], end: Bool) throws -> [Double] {
        var out = block
        let channels = offsets.count
        for i in out.indices { out[i] -= offsets[i % channels] }
        return out
    }
}

/// A look-ahead peak limiter: no sample leaves above `ceiling`, and the gain never jumps.
///
/// Each frame asks for the gain that brings its loudest channel to the ceiling. The gain applied
/// at a frame is the smallest asked for over the next `window` frames, recovering at most at the
/// release rate, then averaged over `window` frames: every value averaged is at most what the
/// peak asked for (each covers it), so the peak is held under the ceiling, and the gain ramps over
/// `window` frames rather than stepping. The output is `2 × (window - 1)` frames late, drained at the end.
final class LimiterStage: Stage {
    let channels: Int
    let ceiling: Double
    let window: Int
    private let release: Double

    /// Frames waiting for their gain, and the gains asked for, as rings of `window` frames.
    private var delayed: [Double]
    private var asked: [Double]
    /// The look-ahead minimum: indexes into `asked`'s stream, increasing gains.
    private var minima: [Int64] = []
    private var minimaStart = 0
    /// The released minimum, and the last `window` of them with their sum.
    private var held = 1.0
    private var recent: [Double]
    private var recentSum: Double
    private var count: Int64 = 0
    /// The smallest gain applied, for the report.
    private(set) var deepest = 1.0

    /// `ceiling` in full-scale units; `lookAhead` and `releaseTime` in frames.
    init(channels: Int, ceiling: Double, lookAhead: Int, releaseTime: Double) {
        self.channels = channels
        self.ceiling = ceiling
        window = max(1, lookAhead)
        release = releaseTime > 0 ? 1 - exp(-1 / releaseTime) : 1
        delayed = Array(repeating: 0, count: window * channels)
        asked = Array(repeating: 1, count: window)
        recent = Array(repeating: 1, count: window)
        recentSum = Double(window)
        // A frame's gain averages the `window` before it, so those before the first must see the
        // peaks ahead too: the sound starts after `window - 1` frames of silence, let out unheard.
        var none: [Double] = []
        let silence = [Double](repeating: 0, count: channels)
        for _ in 0..<(window - 1) { push(frame: silence[...], gain: 1, into: &none) }
        unheard = window - 1
    }

    /// Frames of the leading silence still to be let out (and dropped).
    private var unheard = 0

    var isIdentity: Bool { false }

    func process(_ block: [Double], end: Bool) throws -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(block.count + (end ? window * channels : 0))
        let frames = block.count / channels
        for f in 0..<frames {
            var loudest = 0.0
            for c in 0..<channels { loudest = max(loudest, abs(block[f * channels + c])) }
            push(
                frame: block[(f * channels)..<(f * channels + channels)],
                gain: loudest > ceiling ? ceiling / loudest : 1, into: &out)
        }
        if end {
            // What follows the end is silence: it asks for nothing, and lets the last frames out.
            let silence = [Double](repeating: 0, count: channels)
            for _ in 0..<(window - 1) { push(frame: silence[...], gain: 1, into: &out) }
        }
        return out
    }

    /// Takes frame `count` with the gain it asks for, and lets out frame `count - window + 1`.
    private func push(frame: ArraySlice<Double>, gain: Double, into out: inout [Double]) {
        let slot = Int(count % Int64(window))
        // Before this frame is stored, its slot holds the frame `window` back: the one let out now
        // is `window - 1` back, the next slot.
        asked[slot] = gain
        while minima.count > minimaStart, asked[Int(minima[minima.count - 1] % Int64(window))] >= gain {
            minima.removeLast()
        }
        minima.append(count)
        let outgoing = count - Int64(window) + 1
        if minimaStart < minima.count, minima[minimaStart] < outgoing { minimaStart += 1 }
        if minimaStart > 4096 {
            minima.removeFirst(minimaStart)
            minimaStart = 0
        }
        for (c, x) in frame.enumerated() { delayed[slot * channels + c] = x }
        count += 1
        guard outgoing >= 0 else { return }
        let lowest = asked[Int(minima[minimaStart] % Int64(window))]
        // Recovered to within a millionth is recovered: the sound passes untouched again.
        held = min(lowest, held > 1 - 1e-6 ? 1 : held + (1 - held) * release)
        let recentSlot = Int(outgoing % Int64(window))
        recentSum += held - recent[recentSlot]
        recent[recentSlot] = held
        // Summed afresh once a window, so rounding cannot creep (the ceiling has margin for the rest).
        if recentSlot == window - 1 { recentSum = recent.reduce(0, +) }
        let applied = min(1, recentSum / Double(window))
        deepest = min(deepest, applied)
        guard unheard == 0 else {
            unheard -= 1
            return
        }
        let source = Int(outgoing % Int64(window)) * channels
        for c in 0..<channels { out.append(delayed[source + c] * applied) }
    }
}
