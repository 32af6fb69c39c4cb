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
    private static func levels(
        _ description: RuleDescription, repairable: Bool = true, triggering: [SoundLevels], passing: [SoundLevels],
        _ judge: @escaping @Sendable (SoundLevels, LevelThresholds) -> String?
    ) -> Rule {
        Rule(
            description,
            evaluate: { subject in
                guard let levels = subject.levels, let message = judge(levels, subject.levelLimits) else { return nil }
                return Finding(
                    message,
                    suggestion: repairable
                        ? Suggestion(.fixLevels, path: subject.path.isEmpty ? nil : subject.path) : nil)
            }, triggering: triggering.map(Example.measured), passing: passing.map(Example.measured) + [Example.sound()])
    }

    private static let db = Formatting.tenths

    // NaN samples are measured as zero, so a sound of NaN is silent too. No fix gives it a level.
    package static let silent = levels(
        RuleDescription(
            .silent, .warning, .levels,
            step: .file,
            summary:
                "Every sample is zero (or not a number): the alert plays nothing.",
            details:
                "No fix gives it a level."), repairable: false,
        triggering: [.example(samplePeak: nil, truePeak: nil, maxMomentaryLoudness: nil)],
        passing: [.example(), .example(samplePeak: -80, truePeak: -80, maxMomentaryLoudness: nil)]
    ) { levels, _ in
        guard levels.samplePeak == nil else { return nil }
        return "every sample is zero (or not a number): the alert plays nothing"
    }

    package static let truePeakOver = levels(
        RuleDescription(
            .truePeakOver, .warning, .levels,
            step: .file,
            summary:
                "The true peak is above \(Formatting.number(LevelThresholds().maximumTruePeak)) dBTP: it may clip once decoded, or in a speaker."
        ), triggering: [.example(truePeak: 0.4), .example(truePeak: -0.9)],
        passing: [.example(truePeak: -1.0), .example(samplePeak: nil, truePeak: nil)]
    ) { levels, limits in
        guard let peak = levels.truePeak, peak > limits.maximumTruePeak else { return nil }
        return
            "true peak \(db(peak)) dBTP, above \(db(limits.maximumTruePeak)) dBTP: it may clip once decoded; lower it by \(db(peak - limits.maximumTruePeak)) dB"
    }

    package static let clipped = levels(
        RuleDescription(
            .clipped, .warning, .levels,
            step: .file,
            summary:
                "Three or more consecutive samples of a channel at full scale: the sound was clipped.",
            details:
                "Within two 16-bit steps of full scale (a clipper's dither writes 32767 and 32766 by turns); the HTML waveform marks the same samples. No gain undoes it, so `fix` does not offer to."
        ), repairable: false, triggering: [.example(clippedSamples: 12)],
        passing: [.example(clippedSamples: 0)]
    ) { levels, _ in
        guard levels.clippedSamples > 0 else { return nil }
        return
            "\(levels.clippedSamples) samples sit at full scale (within two 16-bit steps) in runs of three or more: the sound was clipped"
    }

    package static let dcOffset = levels(
        RuleDescription(
            .dcOffset, .warning, .levels,
            step: .file,
            summary:
                "A channel's mean is more than \(Formatting.number(LevelThresholds().maximumDCOffset * 100))% of full scale off zero: it clicks when it starts and stops."
        ), triggering: [.example(dcOffset: 0.05), .example(dcOffset: -0.02)],
        passing: [.example(dcOffset: 0.01), .example(dcOffset: -0.005)]
    ) { levels, limits in
        guard abs(levels.dcOffset) > limits.maximumDCOffset else { return nil }
        return
            "a channel's mean is \(db(abs(levels.dcOffset) * 100))% of full scale off zero: it clicks when it starts and stops"
    }

    package static let clickAtStart = levels(
        RuleDescription(
            .clickAtStart, .warning, .levels,
            step: .file,
            summary:
                "The first sample is above \(Formatting.number(LevelThresholds().maximumEdgeLevel)) dBFS, with no fade-in: it starts with a click."
        ), triggering: [.example(startPeak: -3)],
        passing: [.example(startPeak: -20), .example(startPeak: nil)]
    ) { levels, limits in
        guard let start = levels.startPeak, start > limits.maximumEdgeLevel else { return nil }
        return "the first sample is at \(db(start)) dBFS with no fade-in: it starts with a click"
    }

    package static let abruptEnd = levels(
        RuleDescription(
            .abruptEnd, .warning, .levels,
            step: .file,
            summary:
                "The last millisecond still peaks above \(Formatting.number(LevelThresholds().maximumEdgeLevel)) dBFS: it ends with a click."
        ), triggering: [.example(endPeak: -6)],
        passing: [.example(endPeak: -45), .example(endPeak: nil)]
    ) { levels, limits in
        guard let end = levels.endPeak, end > limits.maximumEdgeLevel else { return nil }
        return "the last millisecond still peaks at \(db(end)) dBFS: it ends with a click; fade it out"
    }

    // Digital silence throughout has no start to be late: it is not flagged for leading silence.
    package static let leadingSilence = levels(
        RuleDescription(
            .leadingSilence, .warning, .levels,
            step: .file,
            summary:
                "More than \(Formatting.number(LevelThresholds().maximumLeadingSilence)) s below -60 dBFS before the sound starts, which delays the alert."
        ), triggering: [.example(leadingSilence: 0.5)],
        passing: [.example(leadingSilence: 0.1), .example(samplePeak: nil, leadingSilence: 2)]
    ) { levels, limits in
        guard levels.leadingSilence > limits.maximumLeadingSilence, levels.samplePeak != nil else { return nil }
        return
            "\(Formatting.seconds(levels.leadingSilence)) s of silence before the sound starts, which delays the alert"
    }

    package static let tooQuiet = levels(
        RuleDescription(
            .tooQuiet, .warning, .levels,
            step: .file,
            summary:
                "The loudest 400 ms are below \(Formatting.number(LevelThresholds().loudnessBand.lowerBound)) LUFS (Apple's system alert sounds measure -27.5 to -16.8 LUFS)."
        ), triggering: [.example(maxMomentaryLoudness: -42)],
        passing: [.example(maxMomentaryLoudness: -35), .example(maxMomentaryLoudness: nil)]
    ) { levels, limits in
        guard let loudness = levels.maxMomentaryLoudness, loudness < limits.loudnessBand.lowerBound else { return nil }
        return
            "the loudest 400 ms measure \(db(loudness)) LUFS, below \(db(limits.loudnessBand.lowerBound)): hard to hear next to other alerts"
    }

    package static let tooLoud = levels(
        RuleDescription(
            .tooLoud, .warning, .levels,
            step: .file,
            summary:
                "The loudest 400 ms are above \(Formatting.number(LevelThresholds().loudnessBand.upperBound)) LUFS (Apple's system alert sounds measure -27.5 to -16.8 LUFS)."
        ), triggering: [.example(maxMomentaryLoudness: -2)],
        passing: [.example(maxMomentaryLoudness: -5), .example(maxMomentaryLoudness: -60)]
    ) { levels, limits in
        guard let loudness = levels.maxMomentaryLoudness, loudness > limits.loudnessBand.upperBound else { return nil }
        return
            "the loudest 400 ms measure \(db(loudness)) LUFS, above \(db(limits.loudnessBand.upperBound)): startlingly loud next to other alerts"
    }
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
