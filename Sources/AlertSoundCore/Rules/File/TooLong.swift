/// iOS plays a custom notification sound only when it is strictly shorter than this.
public let maximumAlertDuration = 30.0

extension Rule {
    static let tooLong = Rule(
        RuleDescription(
            .tooLong, .error, .file,
            step: .file,
            summary:
                "The sound plays \(Formatting.number(maximumAlertDuration)) seconds or more, so iOS plays the default sound; the message says how many seconds and frames must go.",
            details:
                "AIFF-C ima4 lengths are whole \(IMA4.framesPerPacket)-frame packets."),
        evaluate: { subject in
            // A format Apple does not document but current iOS plays (MP3, AAC, ALAC) is held to
            // the same 30 s: a 2-minute MP3 plays the default sound on every iOS (issue 57).
            guard let info = subject.info, info.container.isAppleAlertContainer || UndocumentedFormat.of(info) != nil,
                let frames = info.frames, let rate = info.sampleRate, Double(frames) >= maximumAlertDuration * rate
            else { return nil }
            // The longest that still plays is the largest frame count strictly below 30 s.
            let longest = Int64((maximumAlertDuration * rate).rounded(.up)) - 1
            let excess = frames - longest
            // Rounded up to the millisecond: a file of exactly 30 s is over by one frame, which a
            // nearest-millisecond rounding would word as "cut at least 0.000 s".
            let cut = (Double(excess) / rate * 1000).rounded(.up) / 1000
            return Finding(
                "plays \(Formatting.seconds(Double(frames) / rate)) s; iOS needs under \(Int(maximumAlertDuration)) s and otherwise silently"
                    + " plays the default sound. Cut at least \(Formatting.seconds(cut)) s (\(excess) frame\(excess == 1 ? "" : "s"))",
                suggestion: Suggestion(.fix, path: subject.path))
        },
        triggering: [
            Example.sound(frames: 1_323_000), Example.sound(.aifc, .ima4, bits: 4, frames: 20_672 * 64),
            Example.sound(.wav, rate: 8000, frames: 8000 * 45), Example.sound(.mp3, .codec(.mp3), frames: 10_000_000)
        ],
        passing: [
            Example.sound(frames: 1_322_999), Example.sound(.aifc, .ima4, bits: 4, frames: 20_671 * 64),
            Example.sound(.mp3, .codec(.mp3), frames: 44_100)
        ])
}
