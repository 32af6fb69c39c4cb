#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps `length` frames after dropping `start`, and fades the last `fadeFrames` of them out when
/// audio is cut off after them, so the cut does not click (or, with `fadesEnd`, wherever the sound
/// ends). Whether anything follows is only known once it arrives (a piped decoder does not state
/// its length), so the last `fadeFrames` frames are held back until then. The first
/// `fadeInFrames` kept fade in, for a sound that starts with a click.
final class TrimStage: Stage {
    let channels: Int
    private var toDrop: Int64
    private var toKeep: Int64?
    let fadeFrames: Int
    let fadeInFrames: Int
    let fadesEnd: Bool
    /// Frames passed on so far (for the fade-in).
    private var emitted = 0
    private var pending: [Double] = []
    private var done = false
    /// Nothing more will pass: the decoder can stop.
    var finished: Bool { done }
    /// Whether audio after the kept frames was cut off (and the fade applied).
    private(set) var cut = false

    init(channels: Int, start: Int64, length: Int64?, fadeFrames: Int, fadeInFrames: Int = 0, fadesEnd: Bool = false) {
        self.channels = channels
        toDrop = max(0, start)
        toKeep = length.map { max(0, $0) }
        self.fadeFrames = max(0, fadeFrames)
        self.fadeInFrames = max(0, fadeInFrames)
        self.fadesEnd = fadesEnd
    }

    var isIdentity: Bool { toDrop == 0 && toKeep == nil && fadeInFrames == 0 && !fadesEnd }

    /// The fade's gain for frame `i` of `count`: a raised cosine from just under 1 to exactly 0 at
    /// the last frame, falling all the way (no step at either end).
    static func fadeGain(_ i: Int, of count: Int) -> Double {
        0.5 * (1 + cos(Double.pi * Double(i + 1) / Double(count)))
    }

    /// The fade-in's gain for frame `i` of `count`: the fade-out reversed, from exactly 0.
    static func fadeInGain(_ i: Int, of count: Int) -> Double {
        fadeGain(count - 1 - i, of: count)
    }

    /// Fades out the last `count` frames held.
    private func fadeOutPending() {
        let faded = min(fadeFrames, pending.count / channels)
        let first = pending.count / channels - faded
        for i in 0..<faded {
            let gain = Self.fadeGain(i, of: faded)
            for c in 0..<channels { pending[(first + i) * channels + c] *= gain }
        }
    }

    /// Fades in what of `out` falls in the first `fadeInFrames`, and counts it passed on.
    private func passOn(_ out: [Double]) -> [Double] {
        var out = out
        let frames = out.count / channels
        if emitted < fadeInFrames {
            for f in 0..<min(frames, fadeInFrames - emitted) {
                let gain = Self.fadeInGain(emitted + f, of: fadeInFrames)
                for c in 0..<channels { out[f * channels + c] *= gain }
            }
        }
        emitted += frames
        return out
    }

    func process(_ block: [Double], end: Bool) throws -> [Double] {
        if done { return [] }
        var frames = block.count / channels
        var offset = 0
        if toDrop > 0 {
            let dropped = Int(min(Int64(frames), toDrop))
            toDrop -= Int64(dropped)
            offset = dropped * channels
            frames -= dropped
        }
        var overflow = false
        if let left = toKeep {
            if Int64(frames) > left {
                frames = Int(left)
                overflow = true
            }
            toKeep = left - Int64(frames)
        }
        pending.append(contentsOf: block[offset..<offset + frames * channels])
        if overflow || end {
            done = true
            cut = overflow
            if overflow || fadesEnd { fadeOutPending() }
            defer { pending = [] }
            return passOn(pending)
        }
        // Hold back only what a fade may still need.
        let held = toKeep == nil && !fadesEnd ? 0 : min(fadeFrames, pending.count / channels)
        let ready = pending.count - held * channels
        let out = Array(pending[0..<ready])
        pending.removeFirst(ready)
        return passOn(out)
    }
}

/// What one pass over the (mixed and resampled) audio found: where sound starts and ends, and
/// its peak within the part that will be kept.
struct LevelScan: Sendable, Hashable {
    /// The first frame with a sample above the threshold; `nil` when every sample is below it.
    var firstAudible: Int64?
    /// One past the last frame above the threshold within the kept window.
    var audibleEnd: Int64?
    /// The largest magnitude within the kept window.
    var peak: Double
    /// Frames seen (all of them, unless the scan stopped at the end of the window).
    var frames: Int64

    /// Scans `read` (blocks of interleaved frames, empty at the end). The window starts at the
    /// first audible frame when `fromFirstAudible`, else at 0, and holds `window` frames (all when
    /// `nil`); the scan stops once past it.
    static func scan(
        channels: Int, threshold: Double, fromFirstAudible: Bool, window: Int64?, read: () throws -> [Double]
    ) throws -> LevelScan {
        var result = LevelScan(firstAudible: nil, audibleEnd: nil, peak: 0, frames: 0)
        var windowStart: Int64? = fromFirstAudible ? nil : 0
        while true {
            let block = try read()
            if block.isEmpty { break }
            let frames = block.count / channels
            for f in 0..<frames {
                let index = result.frames + Int64(f)
                var loudest = 0.0
                // An infinite or NaN sample is clipped by the encoder; it is no level to normalize to.
                for c in 0..<channels {
                    let magnitude = abs(block[f * channels + c])
                    if magnitude.isFinite { loudest = max(loudest, magnitude) }
                }
                if loudest > threshold, result.firstAudible == nil {
                    result.firstAudible = index
                    if windowStart == nil { windowStart = index }
                }
                guard let start = windowStart else { continue }
                if let window, index >= start + window {
                    result.frames = index
                    return result
                }
                result.peak = max(result.peak, loudest)
                if loudest > threshold { result.audibleEnd = index + 1 }
            }
            result.frames += Int64(frames)
        }
        return result
    }
}
