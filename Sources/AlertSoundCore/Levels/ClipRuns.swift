/// Clipping as `check --levels` counts it and the HTML waveform marks it: one computation, so
/// the count and the marks agree. A clipped sample sits within ``tolerance`` of full scale in a
/// run of ``minimumRun`` or more on its channel. The tolerance takes in what a clipper's dither
/// leaves (sox writes 32767 and 32766 by turns where it clipped: no run at exactly full scale, and
/// 73,413 clipped samples were counted as none); the run keeps a clean sine's crest, which passes
/// full scale for a sample or two, from counting.
struct ClipRuns: Sendable {
    /// Two 16-bit steps under full scale (32767/32768).
    static let level = (32767.0 - 2) / 32768
    /// Samples in a row at that level that make a clip.
    static let minimumRun = 3

    private var runs: [Int]

    init(channels: Int) { runs = Array(repeating: 0, count: channels) }

    /// Takes channel `channel`'s next sample magnitude; returns how many samples it makes
    /// clipped: ``minimumRun`` when a run reaches it (the run's earlier samples with it), 1 for
    /// each sample after in the run, else 0.
    mutating func add(_ magnitude: Double, channel: Int) -> Int {
        guard magnitude >= Self.level else {
            runs[channel] = 0
            return 0
        }
        runs[channel] += 1
        return runs[channel] == Self.minimumRun ? Self.minimumRun : runs[channel] > Self.minimumRun ? 1 : 0
    }
}
