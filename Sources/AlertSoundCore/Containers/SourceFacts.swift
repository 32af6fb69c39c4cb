/// What afconvert carries from the input file into a CAF output besides the audio (notes §4):
/// its `info` dictionary, a CAF input's own channel layout, and for 8-bit samples, where order means
/// nothing, the input's byte order in the little-endian flag.
package struct SourceFacts: Sendable, Hashable {
    package var info: [InfoEntry] = []
    /// The input CAF's `chan` body, kept for a linear-PCM output with as many channels.
    package var channelLayout: [UInt8]?
    /// The input's byte order; `nil` when not known (another decoder), which marks 8-bit samples
    /// little-endian as afconvert does from a WAV.
    package var littleEndian: Bool?

    package init(info: [InfoEntry] = [], channelLayout: [UInt8]? = nil, littleEndian: Bool? = nil) {
        self.info = info
        self.channelLayout = channelLayout
        self.littleEndian = littleEndian
    }
}
