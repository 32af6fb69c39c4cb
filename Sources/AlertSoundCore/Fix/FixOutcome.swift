/// One thing `fix` changed about a sound, in words a report can print.
public enum FixChange: Sendable, Hashable, CustomStringConvertible {
    /// Decoded with the `ffmpeg` command (libsndfile and our readers could not).
    case decodedWithFFmpeg
    /// Re-coded: from the input's container and format (`"MPEG audio (MP3)"`, `"mp3"`) to the
    /// output's (fix's is always CAF; export's Android file is WAV or Ogg Vorbis).
    case converted(fromContainer: String, fromFormat: String?, toFormat: String, toContainer: String = "CAF")
    /// Cut to a maximum duration, with a fade-out; seconds before (when known) and after.
    case trimmed(from: Double?, to: Double, fade: Double)
    /// Leading and trailing silence dropped, in seconds.
    case silenceTrimmed(leading: Double, trailing: Double)
    /// Channels mixed down, from and to.
    case mixed(from: Int, to: Int)
    /// Sample rate changed, from and to, in hertz.
    case resampled(from: Double, to: Double)
    /// Gain applied to bring the peak to -1 dBFS; peaks in dBFS.
    case normalized(fromPeak: Double, toPeak: Double)
    /// A DC offset removed (the largest channel's, as a fraction of full scale).
    case dcRemoved(offset: Double)
    /// Faded in over this many seconds: the start clicked.
    case fadedIn(seconds: Double)
    /// Faded out over the last this many seconds: the end was abrupt.
    case fadedOut(seconds: Double)
    /// The loudest 400 ms brought from and to these LUFS (as measured in the output once written).
    case loudness(from: Double, to: Double)
    /// Peaks limited: the true peak from (before limiting, after any gain) and to (as decoded from the output), in dBTP.
    case peakLimited(from: Double, to: Double)

    /// A stable name for the kind of change (JSON's `kind`).
    public var kind: String {
        switch self {
        case .decodedWithFFmpeg: return "decoded-with-ffmpeg"
        case .converted: return "converted"
        case .trimmed: return "trimmed"
        case .silenceTrimmed: return "silence-trimmed"
        case .mixed: return "mixed"
        case .resampled: return "resampled"
        case .normalized: return "normalized"
        case .dcRemoved: return "dc-removed"
        case .fadedIn: return "faded-in"
        case .fadedOut: return "faded-out"
        case .loudness: return "loudness"
        case .peakLimited: return "peak-limited"
        }
    }

    public var description: String {
        switch self {
        case .decodedWithFFmpeg:
            return "decoded with ffmpeg"
        case let .converted(container, format, to, toContainer):
            // "MPEG audio (MP3) mp3" says it twice.
            let named = format.map { container.lowercased().contains($0.lowercased()) } ?? true
            return "converted \(container)\(named ? "" : " " + format!) -> \(toContainer) \(to)"
        case let .trimmed(from, to, fade):
            let fadeText = fade > 0 ? " with a \(Formatting.number((fade * 1000).rounded())) ms fade-out" : ""
            return
                "trimmed \(from.map { Formatting.tenths($0) + " -> " } ?? "to ")\(Formatting.tenths(to)) s\(fadeText)"
        case let .silenceTrimmed(leading, trailing):
            let parts = [(leading, "leading"), (trailing, "trailing")].filter { $0.0 > 0 }.map {
                "\(Formatting.seconds($0.0)) s \($0.1)"
            }
            return "dropped silence: " + parts.joined(separator: ", ")
        case let .mixed(from, to):
            return "mixed \(from) -> \(to) channel\(to == 1 ? "" : "s")"
        case let .resampled(from, to):
            return "resampled \(Self.kilohertz(from)) -> \(Self.kilohertz(to)) kHz"
        case let .normalized(from, to):
            return "normalized peak \(Formatting.tenths(from)) -> \(Formatting.tenths(to)) dBFS"
        case let .dcRemoved(offset):
            return "removed a DC offset of \(Formatting.tenths(abs(offset) * 100))% of full scale"
        case let .fadedIn(seconds):
            return "faded in over \(Self.milliseconds(seconds)) ms"
        case let .fadedOut(seconds):
            return "faded out over the last \(Self.milliseconds(seconds)) ms"
        case let .loudness(from, to):
            return "loudest 400 ms \(Formatting.tenths(from)) -> \(Formatting.tenths(to)) LUFS"
        case let .peakLimited(from, to):
            return "limited the true peak \(Formatting.tenths(from)) -> \(Formatting.tenths(to)) dBTP"
        }
    }

    static func kilohertz(_ rate: Double) -> String { Formatting.number(rate / 1000) }
    static func milliseconds(_ seconds: Double) -> String { Formatting.number((seconds * 1000).rounded()) }
}

/// What `fix` did with one input.
public struct FixOutcome: Sendable, Equatable {
    /// How it ended.
    public enum Status: String, Sendable, Hashable, Codable {
        /// A valid sound was written to `output`.
        case fixed
        /// The input already plays and nothing else was asked for: left as is, nothing written.
        case unchanged
        /// `--dry-run`: `changes` says what would be done; nothing written.
        case planned
        /// Could not be fixed. Nothing written. Either the input or output could not be processed
        /// (`error` says why), or it was and no fix makes it play (`blockers` says why).
        case failed
    }

    /// The input as named.
    public var input: String
    /// Where the fixed sound is (or would be) written.
    public var output: String?
    /// How it ended.
    public var status: Status
    /// The input as `check` judges it.
    public var before: FileReport?
    /// The output as `check` judges it: `fixed`; or `failed` when it would still not play, and
    /// so was not written.
    public var after: FileReport?
    /// What was (or would be) changed.
    public var changes: [FixChange]
    /// Why it failed, when the input or output could not be processed (`failed` only).
    public var error: AlertSoundError?
    /// Why it failed, when it was processed and judged: the findings no fix gets past, as `check`
    /// made them (`no-audio` in `before`; the errors in `after` when the output would still not
    /// play). Empty otherwise. Findings stay findings: they are never restated as an error.
    public var blockers: [Diagnostic]
    /// Why an input was left as is, when it is not simply that it plays; or why its output has the
    /// name it has, when another input took the usual one.
    public var note: String?
    /// What would change the outcome (replacing an existing fixed copy, say).
    public var suggestion: Suggestion?

    /// An outcome.
    public init(
        input: String, output: String?, status: Status, before: FileReport?, after: FileReport? = nil,
        changes: [FixChange] = [],
        error: AlertSoundError? = nil, note: String? = nil, suggestion: Suggestion? = nil, blockers: [Diagnostic] = []
    ) {
        self.blockers = blockers
        self.note = note
        self.suggestion = suggestion
        self.input = input
        self.output = output
        self.status = status
        self.before = before
        self.after = after
        self.changes = changes
        self.error = error
    }
}

/// Every input of one `fix` run.
public struct FixReport: Sendable, Equatable {
    /// One per input, in order.
    public var outcomes: [FixOutcome]

    /// A report of `outcomes`.
    public init(outcomes: [FixOutcome]) { self.outcomes = outcomes }

    /// How many inputs ended with `status`.
    public func count(_ status: FixOutcome.Status) -> Int { outcomes.count { $0.status == status } }
    /// True when no input failed.
    public var succeeded: Bool { !outcomes.contains { $0.status == .failed } }
}
