/// Which input channels feed each output channel, and with what weight.
public struct ChannelMap: Sendable, Hashable {
    /// For each output channel, the input channels mixed into it.
    public var sources: [[Int]]
    /// For each output channel, the weight of each of its `sources` (they sum to 1 when mixed).
    public var weights: [[Double]]
    /// Channels out.
    public var outputChannels: Int { sources.count }
    /// Every channel stays where it is.
    public var isIdentity: Bool { sources.enumerated().allSatisfy { $0.element == [$0.offset] } }

    init(sources: [[Int]], weights: [[Double]]? = nil) {
        self.sources = sources
        self.weights = weights ?? sources.map { [Double](repeating: 1 / Double($0.count), count: $0.count) }
        averages = weights == nil
    }

    /// Plain means are summed and divided, as before weights existed, so their results stay the same to the bit.
    private let averages: Bool

    /// `-c N` keeps the first N channels; with `mix`, output channel k averages inputs k, k+N, k+2N, …
    /// (`mix` alone mixes to mono) — except that a surround input (3 to 8 channels) mixed to
    /// stereo or mono is downmixed by its layout (`SurroundDownmix`), not by position.
    public static func make(inputChannels: Int, keep: Int?, mix: Bool) throws -> ChannelMap {
        if let keep, keep < 1 {
            throw AlertSoundError(.invalidRequest, "the channel count must be 1 or more; got \(keep)")
        }
        let count = keep ?? (mix ? 1 : inputChannels)
        guard count <= inputChannels else {
            throw AlertSoundError(.invalidRequest, "\(count) channels asked for, but the input has \(inputChannels)")
        }
        if mix, let downmix = SurroundDownmix.map(inputChannels: inputChannels, outputChannels: count) {
            return downmix
        }
        if mix {
            return ChannelMap(sources: (0..<count).map { k in Array(stride(from: k, to: inputChannels, by: count)) })
        }
        return ChannelMap(sources: (0..<count).map { [$0] })
    }

    /// Maps interleaved frames of `inputChannels` to the output layout.
    func apply(_ samples: [Double], inputChannels: Int) -> [Double] {
        if isIdentity && outputChannels == inputChannels { return samples }
        let frames = samples.count / inputChannels
        var out = [Double](repeating: 0, count: frames * outputChannels)
        for f in 0..<frames {
            let base = f * inputChannels
            for k in 0..<sources.count {
                let inputs = sources[k], gains = weights[k]
                var sum = 0.0
                if averages {
                    for i in inputs { sum += samples[base + i] }
                    out[f * outputChannels + k] = inputs.count == 1 ? sum : sum / Double(inputs.count)
                } else {
                    for j in 0..<inputs.count { sum += samples[base + inputs[j]] * gains[j] }
                    out[f * outputChannels + k] = sum
                }
            }
        }
        return out
    }

    /// Keeping channels (no mixing) moves samples without changing them: the direct paths can use it.
    func select<T>(_ samples: [T], inputChannels: Int) -> [T] {
        if isIdentity && outputChannels == inputChannels { return samples }
        let frames = samples.count / inputChannels
        var out: [T] = []
        out.reserveCapacity(frames * outputChannels)
        for f in 0..<frames {
            for inputs in sources { out.append(samples[f * inputChannels + inputs[0]]) }
        }
        return out
    }

    /// True when every output channel is one input channel at full weight (nothing is mixed).
    var onlySelects: Bool { sources.allSatisfy { $0.count == 1 } && weights.allSatisfy { $0 == [1] } }
}

/// Surround to stereo (or mono) by the speakers' roles, as ITU-R BS.775 describes: the centre goes
/// to both sides at -3 dB, each surround to its own side at -3 dB, a back centre to both at -6 dB,
/// and the LFE is dropped (a phone speaker cannot play it, and summed it only muddies the mix).
/// Each side's weights are then scaled to sum to 1, so a full-scale input cannot clip.
///
/// Files rarely state their layout; the order is the one WAV, FLAC, Vorbis, libsndfile and FFmpeg
/// all use by default for each channel count.
enum SurroundDownmix {
    enum Role { case left, right, centre, lfe, leftSurround, rightSurround, backCentre }

    /// The default layout for `channels` (3 to 8), or `nil`.
    static func layout(channels: Int) -> [Role]? {
        switch channels {
        case 3: return [.left, .right, .centre]
        case 4: return [.left, .right, .leftSurround, .rightSurround]
        case 5: return [.left, .right, .centre, .leftSurround, .rightSurround]
        case 6: return [.left, .right, .centre, .lfe, .leftSurround, .rightSurround]
        case 7: return [.left, .right, .centre, .lfe, .backCentre, .leftSurround, .rightSurround]
        // 7.1: back left and right, then side left and right; both pairs go to their side.
        case 8: return [.left, .right, .centre, .lfe, .leftSurround, .rightSurround, .leftSurround, .rightSurround]
        default: return nil
        }
    }

    static let minus3dB = 0.5.squareRoot()

    /// The weights of each role in the left (`0`) and right (`1`) output.
    static func gain(_ role: Role, side: Int) -> Double {
        switch role {
        case .left: return side == 0 ? 1 : 0
        case .right: return side == 1 ? 1 : 0
        case .centre: return minus3dB
        case .lfe: return 0
        case .leftSurround: return side == 0 ? minus3dB : 0
        case .rightSurround: return side == 1 ? minus3dB : 0
        case .backCentre: return 0.5
        }
    }

    /// The map from a surround input to stereo or mono; `nil` for other channel counts.
    public static func map(inputChannels: Int, outputChannels: Int) -> ChannelMap? {
        guard (1...2).contains(outputChannels), let roles = layout(channels: inputChannels) else { return nil }
        // Mono is the mean of the two stereo sides.
        let sides: [[Double]] = (0..<2).map { side in roles.map { gain($0, side: side) } }
        let rows: [[Double]] = outputChannels == 2 ? sides : [zip(sides[0], sides[1]).map { $0 + $1 }]
        var sources: [[Int]] = [], weights: [[Double]] = []
        for row in rows {
            let total = row.reduce(0, +)
            let used = row.indices.filter { row[$0] > 0 }
            sources.append(used)
            weights.append(used.map { row[$0] / total })
        }
        return ChannelMap(sources: sources, weights: weights)
    }
}
