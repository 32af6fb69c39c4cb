/// What a report for people shows of a sound: its waveform's envelope and a copy any browser plays.
///
/// Made in one pass over the decoded audio, in memory bounded by the copy (at most
/// ``audioLimit`` seconds) and twice `columns` envelope columns, however long the sound.
public struct SoundPreview: Sendable, Hashable {
    /// The decoded sound's rate, in hertz.
    public var sampleRate: Double
    /// The decoded sound's channels.
    public var channels: Int
    /// Frames decoded.
    public var frames: Int64
    /// Per column (each the same number of frames, in order), the lowest and highest sample of
    /// any channel, in full-scale units.
    public var lowest: [Float]
    /// See ``lowest``.
    public var highest: [Float]
    /// Per column, whether a sample there is clipped, by the same computation that counts
    /// ``SoundLevels/clippedSamples``.
    public var clipped: [Bool]
    /// Frames per column.
    public var framesPerColumn: Int64
    /// The first ``audioLimit`` seconds as a 16-bit PCM WAV file, mono or stereo (the first two
    /// channels of a wider sound) at ``audioRate`` at most; `nil` when not asked for, or when the copy would be below 1 kHz (a WAV states whole hertz). At most
    /// 30 s × 48 kHz × 2 × 2 bytes (5.8 MB), whatever the sound.
    public var wav: [UInt8]?

    /// Seconds of audio the playable copy holds at most: enough for any alert sound.
    public static let audioLimit = 30.0
    /// The highest rate of the playable copy: a sound above it is averaged down by a whole factor.
    public static let audioRate = 48_000.0

    /// Decodes the file at `path` (anything `convert` reads) into an envelope of between
    /// `columns` and twice as many columns (fewer for a shorter sound), and with `audio` a WAV copy.
    public static func make(path: String, columns: Int = 600, audio: Bool = true) throws -> SoundPreview {
        do {
            let reader = try openFrameReader(path: path)
            var envelope = Envelope(channels: reader.channels, columns: max(1, columns))
            let kept = min(2, reader.channels)
            // A preview, not an output: averaging `factor` frames is low-pass enough for a player.
            let factor = reader.sampleRate > audioRate ? Int((reader.sampleRate / audioRate).rounded(.up)) : 1
            let copyRate = reader.sampleRate / Double(factor)
            // A WAV states whole hertz, and a player needs a rate it plays: below 1 kHz there is no copy.
            let playable = audio && Limits.outputSampleRates.contains(copyRate.rounded())
            let audioFrames = playable ? Int64(audioLimit * copyRate) : 0
            var pcm: [Int16] = []
            var sums = [Double](repeating: 0, count: kept), summed = 0
            while case let block = try reader.read(maxFrames: 1 << 16), !block.isEmpty {
                envelope.add(block)
                var wanted = audioFrames - Int64(pcm.count / kept)
                guard wanted > 0 else { continue }
                var averaged: [Double] = []
                for f in 0..<(block.count / reader.channels) where wanted > 0 {
                    for c in 0..<kept { sums[c] += block[f * reader.channels + c] }
                    summed += 1
                    if summed == factor {
                        for c in 0..<kept { averaged.append(sums[c] / Double(factor)) }
                        sums = [Double](repeating: 0, count: kept)
                        summed = 0
                        wanted -= 1
                    }
                }
                pcm += quantize16(averaged)
            }
            let wav =
                playable
                ? try SoundFileBuilder.make(
                    .wave,
                    format: StreamFormat(
                        sampleRate: copyRate.rounded(), channels: kept, coding: .integer(16, order: .littleEndian)),
                    samples: pcm) : nil
            return SoundPreview(
                sampleRate: reader.sampleRate, channels: reader.channels, frames: envelope.frames,
                lowest: envelope.lowest,
                highest: envelope.highest, clipped: envelope.clipped, framesPerColumn: envelope.width, wav: wav)
        } catch {
            throw AlertSoundError.wrapping(error, as: .unreadable, path: path)
        }
    }
}

/// A waveform's envelope of unknown length in bounded columns: when twice as many columns as
/// wanted are full, neighbours merge and each column then covers twice the frames.
private struct Envelope {
    let channels: Int
    let columns: Int
    var lowest: [Float] = []
    var highest: [Float] = []
    var clipped: [Bool] = []
    var clipRuns: ClipRuns
    var width: Int64 = 1
    var frames: Int64 = 0
    /// Frames in the column being filled.
    private var filled: Int64 = 0

    init(channels: Int, columns: Int) {
        clipRuns = ClipRuns(channels: channels)
        self.channels = channels
        self.columns = columns
    }

    mutating func add(_ block: [Double]) {
        for f in 0..<(block.count / channels) {
            var low = Double.infinity, high = -Double.infinity, full = false, runStarted = false
            for c in 0..<channels {
                var x = block[f * channels + c]
                if x.isNaN { x = 0 }
                low = min(low, x)
                high = max(high, x)
                let counted = clipRuns.add(abs(x), channel: c)
                full = full || counted > 0
                runStarted = runStarted || counted == ClipRuns.minimumRun
            }
            // A run is known at its third sample: the two before may lie in the column before.
            if runStarted, filled < ClipRuns.minimumRun - 1 {
                let previous = clipped.count - (filled == 0 ? 1 : 2)
                if previous >= 0 { clipped[previous] = true }
            }
            if filled == 0 {
                lowest.append(Float(max(-1, low)))
                highest.append(Float(min(1, high)))
                clipped.append(full)
            } else {
                let i = lowest.count - 1
                lowest[i] = min(lowest[i], Float(max(-1, low)))
                highest[i] = max(highest[i], Float(min(1, high)))
                clipped[i] = clipped[i] || full
            }
            frames += 1
            filled += 1
            if filled == width {
                filled = 0
                if lowest.count == 2 * columns { halve() }
            }
        }
    }

    /// Merges neighbouring columns: half as many, each twice as wide.
    private mutating func halve() {
        let pairs = lowest.count / 2
        lowest = (0..<pairs).map { min(lowest[2 * $0], lowest[2 * $0 + 1]) }
        highest = (0..<pairs).map { max(highest[2 * $0], highest[2 * $0 + 1]) }
        clipped = (0..<pairs).map { clipped[2 * $0] || clipped[2 * $0 + 1] }
        width *= 2
    }
}

extension SoundPreview {
    /// Previews of many files on all cores, in order; a file that cannot be decoded gets its error.
    /// Memory grows with the number of paths (each holds its copy): pass a few at a time.
    public static func make(
        paths: [String], columns: Int = 600, audio: Bool = true
    ) -> [Result<SoundPreview, AlertSoundError>] {
        parallelMap(paths) { path in
            Result { try make(path: path, columns: columns, audio: audio) }.mapError {
                AlertSoundError.wrapping($0, as: .unreadable, path: path)
            }
        }
    }
}
