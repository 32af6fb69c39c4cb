import AlertSoundCore
import Foundation

/// Signals the level, fix and export tests measure, and how they measure them.
public enum Signals {
    /// A sine at `dBFS` in the channels `active` (all when `nil`), silence in the others.
    public static func sine(
        _ seconds: Double, dBFS: Double, frequency: Double = 1000, rate: Double = 48_000, channels: Int = 2,
        active: Set<Int>? = nil, phase: Double = 0
    ) -> [Double] {
        let amplitude = pow(10, dBFS / 20)
        let frames = Int(seconds * rate)
        var out = [Double](repeating: 0, count: frames * channels)
        for f in 0..<frames {
            let x = amplitude * sin(2 * Double.pi * frequency * Double(f) / rate + phase)
            for c in 0..<channels where active?.contains(c) ?? true { out[f * channels + c] = x }
        }
        return out
    }

    /// The levels of `samples`, fed to the meter in uneven blocks as a reader hands them over.
    public static func measure(_ samples: [Double], rate: Double = 48_000, channels: Int = 2) -> SoundLevels {
        var meter = LevelMeter(sampleRate: rate, channels: channels)
        var at = 0
        var size = 1001
        while at < samples.count {
            let end = min(samples.count, at + size * channels)
            meter.add(Array(samples[at..<end]))
            at = end
            size = size * 7 % 9973 + 13
        }
        return meter.levels()
    }

    /// A stereo 1 kHz sine at `dBFS` with 10 ms fades: a sound no level rule flags at the defaults.
    public static func clean(dBFS: Double = -23, seconds: Double = 1) -> [Double] {
        let rate = 48_000.0
        var samples = sine(seconds, dBFS: dBFS)
        let fade = Int(0.01 * rate), frames = samples.count / 2
        for f in 0..<frames {
            let gain = min(1, Double(f) / Double(fade), Double(frames - 1 - f) / Double(fade))
            samples[2 * f] *= gain
            samples[2 * f + 1] *= gain
        }
        return samples
    }

    /// What a stage makes of `input` given in blocks of `blockFrames`, then its end.
    package static func run(_ stage: Stage, _ input: [Double], channels: Int, blockFrames: Int) throws -> [Double] {
        var out: [Double] = []
        var i = 0
        while i < input.count {
            let end = min(input.count, i + blockFrames * channels)
            out += try stage.process(Array(input[i..<end]), end: false)
            i = end
        }
        return out + (try stage.process([], end: true))
    }
}
