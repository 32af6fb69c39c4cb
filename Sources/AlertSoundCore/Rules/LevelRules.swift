/// What `check --levels` says about a sound's levels: rules like the others, each against a
/// ``LevelThresholds``, judging the ``SoundLevels`` a subject carries (a subject without levels is
/// never flagged by them). Their examples run as tests with the rest.
public enum LevelRules {
    /// Every level rule, in the order their findings are reported.
    public static let all: [Rule] = [
        .silent, .truePeakOver, .clipped, .dcOffset, .clickAtStart, .abruptEnd, .leadingSilence, .tooQuiet, .tooLoud
    ]

    /// The findings for `levels` against `limits`, in a fixed order. Those `fix --levels` repairs
    /// (all but clipping, which no gain undoes) suggest it for `path`.
    public static func findings(
        _ levels: SoundLevels, limits: LevelThresholds = LevelThresholds(), path: String? = nil
    ) -> [Diagnostic] {
        var subject = RuleSubject(path: path ?? "", outcome: .missing)
        subject.levels = levels
        subject.levelLimits = limits
        return all.compactMap { $0.check(subject) }
    }
}

extension Rule {
    /// A rule on a subject's levels; `repairable`: its finding suggests `fix --levels`.
    static func levels(
        _ description: RuleDescription, repairable: Bool = true, triggering: [SoundLevels], passing: [SoundLevels],
        file: String = #fileID, _ judge: @escaping @Sendable (SoundLevels, LevelThresholds) -> String?
    ) -> Rule {
        Rule(
            description,
            evaluate: { subject in
                guard let levels = subject.levels, let message = judge(levels, subject.levelLimits) else { return nil }
                return Finding(
                    message,
                    suggestion: repairable
                        ? Suggestion(.fixLevels, path: subject.path.isEmpty ? nil : subject.path) : nil)
            }, triggering: triggering.map(Example.measured), passing: passing.map(Example.measured) + [Example.sound()],
            file: file)
    }

    static let db = Formatting.tenths
}

extension SoundLevels {
    /// A well-behaved sound's levels (-18 LUFS at its loudest, faded at both ends), changed where
    /// told: the level rules' examples.
    package static func example(
        samplePeak: Double? = -6, truePeak: Double? = -5.5, maxMomentaryLoudness: Double? = -18, dcOffset: Double = 0,
        leadingSilence: Double = 0, clippedSamples: Int = 0, startPeak: Double? = -60, endPeak: Double? = -60
    ) -> SoundLevels {
        SoundLevels(
            samplePeak: samplePeak, truePeak: truePeak, integratedLoudness: maxMomentaryLoudness.map { $0 - 2 },
            maxMomentaryLoudness: maxMomentaryLoudness, maxShortTermLoudness: maxMomentaryLoudness.map { $0 - 1 },
            dcOffset: dcOffset,
            leadingSilence: leadingSilence, trailingSilence: 0.05, clippedSamples: clippedSamples, startPeak: startPeak,
            endPeak: endPeak)
    }
}
