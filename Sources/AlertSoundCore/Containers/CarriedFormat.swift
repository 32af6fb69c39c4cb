/// A stream format in a file type that carries it, made only by ``FileType/carrying(_:)``: the
/// header writers and the encoder take one, so none meets a coding it has no layout for.
package struct CarriedFormat: Sendable, Hashable {
    /// Which writer lays the header out (the coding is ``coding``, stated once): CAF and AIFF-C
    /// lay out every writable coding, AIFF its PCM, and WAVE all but IMA4 (``FileType/carrying(_:)``
    /// is the one statement of which type holds what).
    package enum Layout: Sendable, Hashable {
        case caf
        case aiff(compressed: Bool)
        case wave
    }

    package let type: FileType
    package let format: StreamFormat
    package let coding: WritableCoding
    package let layout: Layout

    /// Only ``FileType/carrying(_:)`` calls this; it has checked the layout against the type.
    package init(type: FileType, format: StreamFormat, coding: WritableCoding, layout: Layout) {
        self.type = type
        self.format = format
        self.coding = coding
        self.layout = layout
    }

    /// Everything before the audio: `audioBytes` whose true length is `frames`. The length never
    /// depends on the sizes, so a streaming writer can rewrite it in place. `source`: what afconvert
    /// copies from the input into a CAF (other types drop it).
    package func header(frames: Int64, audioBytes: Int64, source: SourceFacts = SourceFacts()) -> [UInt8] {
        switch layout {
        case .caf:
            return CAFWriter.header(
                format: format, coding: coding, validFrames: frames, audioBytes: audioBytes, source: source)
        case .aiff(let compressed):
            // AIFF-C ima4 states whole packets, padding included.
            let stated =
                coding == .ima4 ? audioBytes / Int64(format.packet.bytes) * Int64(format.packet.frames) : frames
            return AIFFWriter.header(
                format: format, coding: coding, compressed: compressed, frames: stated, audioBytes: audioBytes)
        case .wave:
            return WAVWriter.header(format: format, coding: coding, frames: frames, audioBytes: audioBytes)
        }
    }

    /// What follows the audio: AIFF's pad byte after odd-sized sound data (Apple writes none in
    /// WAV, and CAF needs none).
    package func trailer(audioBytes: Int64) -> [UInt8] {
        if case .aiff = layout, audioBytes % 2 == 1 { return [0] }
        return []
    }
}
