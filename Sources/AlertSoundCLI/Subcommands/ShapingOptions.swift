import AlertSound
import ArgumentParser

/// How a sound is shaped into an alert: the options `fix` and `export` share.
struct ShapingOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Cut longer sounds to this length: 10, 10s or 10000ms (under \(Formatting.number(maximumAlertDuration)) s; default \(Formatting.number(FixOptions.defaultMaxDuration))s).",
            valueName: "duration"))
    var maxDuration: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Fade-out before a cut: 50ms or 0.05s (default \(FixDefaults.fade)ms); a bare number is seconds only below 1.",
            valueName: "duration"))
    var fade: String?

    @Flag(
        name: .long,
        help: "Drop leading and trailing silence (below \(FixDefaults.silence) dBFS): leading silence delays the alert."
    )
    var trimSilence = false

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Output sample rate, \(Formatting.number(Limits.outputSampleRates.lowerBound))-\(Formatting.number(Limits.outputSampleRates.upperBound)) Hz (default: the input's up to \(FixDefaults.highestKeptRate), else \(FixDefaults.highestKeptRate) or \(FixDefaults.cdRate)).",
            valueName: "hz"))
    var rate: Double?

    @OptionGroup var encoding: EncodingOptions

    @Flag(name: .long, help: "Scale the sound so its peak is at \(FixDefaults.normalizedPeak) dBFS.")
    var normalize = false

    @Flag(
        name: .long,
        help:
            "Repair what check --levels warns of: silence before the sound dropped, DC removed, a \(FixDefaults.clickFade) ms fade-in for a click at the start, a fade-out (--fade) for an abrupt end, loudness outside the band brought 1 LU inside it, true peaks limited to the maximum as decoded from the output. Clipping cannot be undone."
    )
    var levels = false

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Bring the loudest 400 ms to this loudness, limiting true peaks to the maximum (\(LevelOptions.Threshold.truePeak.defaultValue) dBTP) as decoded from the output; implies --levels.",
            valueName: "LUFS"))
    var loudness: Double?

    @OptionGroup var levelLimits: LevelOptions

    func validate() throws {
        if let fade {
            guard let seconds = Fix.seconds(fade) else {
                throw ValidationError("--fade takes a duration: 50ms or 0.05s; got '\(fade.escapedForDisplay)'.")
            }
            // `--fade 200` is 200 ms more often than 200 s: a bare number of a second or more must say which.
            if Double(fade) != nil, seconds >= 1 {
                throw ValidationError(
                    "--fade \(fade.escapedForDisplay): seconds or milliseconds? Write \(fade.escapedForDisplay)ms or \(fade.escapedForDisplay)s."
                )
            }
        }
        if levelLimits.given, !levels, loudness == nil {
            throw ValidationError("The level thresholds apply with --levels or --loudness.")
        }
        if let maxDuration, Fix.seconds(maxDuration) == nil {
            throw ValidationError(
                "--max-duration takes a duration: 10, 10s or 10000ms; got '\(maxDuration.escapedForDisplay)'.")
        }
    }

    /// Sets what these options say on `options`; throws what the thresholds cannot be.
    func apply(to options: inout FixOptions) throws {
        if let maxDuration = maxDuration.flatMap(Fix.seconds) {
            options.maxDuration = maxDuration
            options.maxDurationIsExplicit = true
        }
        if let fade { options.fade = Fix.seconds(fade) ?? options.fade }
        options.trimSilence = trimSilence
        options.sampleRate = rate
        options.channels = encoding.channels
        options.mix = encoding.mix
        options.normalize = normalize
        options.repairsLevels = levels
        options.loudness = loudness
        options.quality = encoding.encoderQuality
        options.resamplerQuality = encoding.resamplerQuality
        options.levelLimits = try levelLimits.limits()
    }
}
