/// A stream of coded audio: rate, channels and coding.
public struct StreamFormat: Sendable, Hashable, CustomStringConvertible {
    /// Sample frames per second.
    public var sampleRate: Double
    /// Channels per frame.
    public var channels: Int
    /// How the samples are coded.
    public var coding: SampleCoding

    /// A stream format.
    public init(sampleRate: Double, channels: Int, coding: SampleCoding) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.coding = coding
    }

    /// Packet size; the writable codings all have one.
    public var packet: PacketGeometry { coding.packet(channels: channels) ?? PacketGeometry(bytes: 0, frames: 0) }

    /// In afconvert's words: `2 ch, 44100 Hz, 'ima4' (0x00000000) 0 bits/channel, 68 bytes/packet, 64 frames/packet`.
    public var description: String {
        let head = "\(channels) ch, \(Formatting.number(sampleRate)) Hz, '\(coding.code)'"
        switch coding {
        case .pcm(let p): return head + " " + p.wording
        case .ima4: return head + " (0x00000000) 0 bits/channel, \(packet.bytes) bytes/packet, 64 frames/packet"
        case .ulaw, .alaw: return head + " 8 bits/channel, \(packet.bytes) bytes/packet"
        case .imaAdpcm, .other: return head
        }
    }
}
