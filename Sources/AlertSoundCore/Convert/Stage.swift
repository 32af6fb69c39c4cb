/// One step of the full-precision path between decoding and encoding: it takes interleaved
/// full-scale blocks and gives blocks back, possibly of another length or channel count. `end`
/// comes with the last (possibly empty) block, so a stage that holds samples back can drain them.
/// Channel mapping and resampling are stages; trim, fade and gain belong here too.
package protocol Stage: AnyObject {
    /// Whether the stage changes nothing (the converter then leaves it out).
    var isIdentity: Bool { get }
    func process(_ block: [Double], end: Bool) throws -> [Double]
}

/// `-c` / `--mix` as a stage.
final class ChannelMapStage: Stage {
    let map: ChannelMap
    let inputChannels: Int

    init(_ map: ChannelMap, inputChannels: Int) {
        self.map = map
        self.inputChannels = inputChannels
    }

    var isIdentity: Bool { map.isIdentity && map.outputChannels == inputChannels }

    func process(_ block: [Double], end: Bool) throws -> [Double] {
        map.apply(block, inputChannels: inputChannels)
    }
}

extension Resampler: Stage {
    package var isIdentity: Bool { false }
}

extension [Stage] {
    /// Runs a block through every stage in order.
    func process(_ block: [Double], end: Bool) throws -> [Double] {
        try reduce(block) { try $1.process($0, end: end) }
    }
}
