/// What `fix` may change. Every default aims at the smallest change that makes a sound play.
public struct FixOptions: Sendable, Hashable {
    /// Sounds at or over the 30 s limit are cut to this many seconds (faded out). Must be under 30.
    public var maxDuration = FixOptions.defaultMaxDuration
    /// Set when the user chose `maxDuration`: then a valid sound longer than it is cut too.
    public var maxDurationIsExplicit = false
    /// Whether the output answers to iOS's 30 s limit (cut to `maxDuration` when over it). Off
    /// for a platform that plays any length (Android's raw resources, for `export`): then only
    /// an explicit `maxDuration` cuts, it may be any length, and the output's length is not judged.
    package var appliesIOSLengthLimit = true
    /// Seconds of fade-out before a cut (at most all that is kept).
    public var fade = FixOptions.defaultFade
    /// Drop leading and trailing silence: every frame before the first, and after the last,
    /// sample above `silenceThreshold`.
    public var trimSilence = false
    /// Output rate; `nil` keeps the input's up to 48 kHz and brings higher rates down (`defaultRate`).
    public var sampleRate: Double?
    /// Output channels: `-c N` keeps the first N, with `mix` mixes down to N (`mix` alone: mono).
    /// `nil` without `mix` keeps mono and stereo and mixes anything wider down to stereo by its layout.
    public var channels: Int?
    /// Mix channels down rather than keep the first ones.
    public var mix = false
    /// Scale so the peak is at `normalizedPeak` (-1 dBFS).
    public var normalize = false
    /// Repair what ``Checker/measuresLevels`` warns of (`fix --levels`): silence before the sound
    /// dropped, DC removed, a fade-in for a click at the start and a fade-out for an abrupt end,
    /// loudness outside ``levelLimits``' band brought to its nearer edge, and true peaks held at
    /// or below its maximum as decoded from the encoded output. Clipping cannot be undone.
    public var repairsLevels = false
    /// Bring the loudest 400 ms to this many LUFS (`--loudness`), under the same true-peak limit;
    /// implies ``repairsLevels``.
    public var loudness: Double?
    /// What ``repairsLevels`` repairs against (the thresholds `check --levels` uses).
    public var levelLimits = LevelThresholds()
    /// Output data format (always in CAF); `nil` is ima4.
    public var dataFormat: SampleCoding?
    /// Which IMA4 encoder: afconvert's, or the searching one.
    public var quality: EncoderQuality = .standard
    /// Which converter resamples.
    public var resamplerQuality: ResamplerQuality = .fastest
    /// Where outputs go; `nil` writes each beside its input.
    public var outputFolder: String?
    /// Replace an existing output (never an input).
    public var force = false
    /// Whether and which `ffmpeg` decodes what nothing else does (default: as the environment says).
    public var ffmpeg = FFmpegUse.environment

    /// The longest cut asked of a sound without iOS's limit: a day, which keeps frame counts
    /// at any rate far inside Int64.
    package static let longestCut = 86_400.0
    /// The length a sound is cut to unless told otherwise: half a second under iOS's limit.
    public static let defaultMaxDuration = 29.5
    /// -60 dBFS: below what a phone speaker at full volume makes audible over a room's noise.
    public static let silenceThreshold = 0.001
    /// -1 dBFS: the headroom that keeps the IMA4 encoder and the phone's DSP from clipping.
    public static let normalizedPeak = 0.891_250_938_133_745_5
    /// A fade-in for a start that clicks: 5 ms, too short to hear as a fade.
    public static let clickFade = 0.005
    /// The fade-out before a cut unless told otherwise: 50 ms, long enough not to click.
    public static let defaultFade = 0.05
    /// The highest rate `fix` keeps; above it a sound is brought to 48 kHz, or 44.1 kHz for its
    /// multiples. A phone plays alerts at 48 kHz at most; more only costs space.
    public static let highestKeptRate = 48_000.0
    /// The rate multiples of 44.1 kHz are brought to (a 2:1 or 4:1 ratio).
    public static let cdRate = 44_100.0

    /// The defaults: cut to ``defaultMaxDuration`` with a fade, CAF ima4, the input's rate up to
    /// ``highestKeptRate``.
    public init() {}

    /// Whether anything beyond validity was asked for (then a valid input is converted too).
    /// `repairsLevels` alone acts only on sounds whose levels draw a warning.
    var asksForChange: Bool {
        sampleRate != nil || channels != nil || mix || normalize || trimSilence || dataFormat != nil
            || quality != .standard || maxDurationIsExplicit
            || loudness != nil
    }

    /// Whether levels are measured and repaired.
    package var levelsRepaired: Bool { repairsLevels || loudness != nil }

    /// The output rate for an input at `rate`: as asked, else unchanged up to 48 kHz, else
    /// 44.1 kHz for its multiples (a 2:1 or 4:1 ratio) and 48 kHz for the rest.
    func outputRate(forInput rate: Double) -> Double {
        if let sampleRate { return sampleRate }
        guard rate > Self.highestKeptRate else { return rate }
        return rate.truncatingRemainder(dividingBy: Self.cdRate) == 0 ? Self.cdRate : Self.highestKeptRate
    }

    /// Why these options cannot work, if they cannot.
    package func problem() -> AlertSoundError? {
        func refuse(_ message: String) -> AlertSoundError { AlertSoundError(.invalidRequest, message) }
        if !appliesIOSLengthLimit {
            if !(maxDuration > 0 && maxDuration <= Self.longestCut) {
                return refuse(
                    "the maximum duration must be above 0 s and at most \(Int(Self.longestCut)) s; got \(Formatting.number(maxDuration))"
                )
            }
        } else if !(maxDuration > 0 && maxDuration < maximumAlertDuration) {
            return refuse(
                "the maximum duration must be above 0 and under \(Int(maximumAlertDuration)) s (iOS plays only sounds shorter than that); got \(Formatting.number(maxDuration))"
            )
        }
        if !(fade >= 0 && fade.isFinite) {
            return refuse("the fade must be 0 or more seconds; got \(Formatting.number(fade))")
        }
        // A fade as long as the sound kept is a mistaken unit (200 meant as 200 ms), not a wish.
        // (A fade longer than what a shorter input keeps fades all of it.)
        if fade >= maxDuration {
            return refuse(
                "the fade (\(Formatting.number(fade)) s) must be shorter than the \(Formatting.number(maxDuration)) s kept; "
                    + "a fade-out is usually 10 to 500 ms")
        }
        if let sampleRate, !Limits.outputSampleRates.contains(sampleRate) {
            return refuse(
                "the sample rate must be from \(Formatting.number(Limits.outputSampleRates.lowerBound)) to "
                    + "\(Formatting.number(Limits.outputSampleRates.upperBound)) Hz; got \(Formatting.number(sampleRate))"
            )
        }
        if let dataFormat, !FileType.caff.carries(dataFormat) {
            // Named as given (UI8, not the coding's "lpcm"), with what fix can write instead.
            return refuse(
                "CAF cannot hold \(OutputDataFormat.name(of: dataFormat) ?? dataFormat.code); fix writes CAF with "
                    + FileType.caff.allowedDataFormats.joined(separator: ", "))
        }
        if let loudness, !LevelThresholds.Range.loudness.contains(loudness) {
            return refuse(
                "the loudness target must be from \(Formatting.range(LevelThresholds.Range.loudness)) LUFS; got \(Formatting.number(loudness))"
            )
        }
        if normalize, levelsRepaired {
            return refuse("normalizing the peak and setting the levels both choose the gain; ask for one")
        }
        if let problem = levelLimits.problem() { return problem }
        return nil
    }
}
