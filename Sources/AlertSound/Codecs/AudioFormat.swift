/// The coded form of an audio stream, as a writer lays it out.
public struct AudioFormat: Sendable, Hashable, CustomStringConvertible {
    public enum Encoding: Sendable, Hashable {
        /// Linear PCM; 8-bit integer is signed except in WAV, where the writer makes it unsigned.
        case pcm(bits: Int, isFloat: Bool, isBigEndian: Bool)
        case ima4
        case ulaw
        case alaw
    }

    public var sampleRate: Double
    public var channels: Int
    public var encoding: Encoding

    public init(sampleRate: Double, channels: Int, encoding: Encoding) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.encoding = encoding
    }

    public var framesPerPacket: Int { encoding == .ima4 ? IMA4.framesPerPacket : 1 }

    public var bytesPerPacket: Int {
        switch encoding {
        case .pcm(let bits, _, _): return (bits + 7) / 8 * channels
        case .ima4: return IMA4.bytesPerChannelPacket * channels
        case .ulaw, .alaw: return channels
        }
    }

    public var dataFormat: DataFormat {
        switch encoding {
        case .pcm: return .lpcm
        case .ima4: return .ima4
        case .ulaw: return .ulaw
        case .alaw: return .alaw
        }
    }

    /// In afconvert's words: `2 ch, 44100 Hz, 'ima4' (0x00000000) 0 bits/channel, 68 bytes/packet, 64 frames/packet`.
    public var description: String {
        let rate = Formatting.number(sampleRate)
        switch encoding {
        case let .pcm(bits, isFloat, isBigEndian):
            return "\(channels) ch, \(rate) Hz, 'lpcm' \(bits)-bit \(isBigEndian ? "big" : "little")-endian \(isFloat ? "float" : "signed integer")"
        case .ima4:
            return "\(channels) ch, \(rate) Hz, 'ima4' (0x00000000) 0 bits/channel, \(bytesPerPacket) bytes/packet, 64 frames/packet"
        case .ulaw, .alaw:
            return "\(channels) ch, \(rate) Hz, '\(dataFormat.code)' 8 bits/channel, \(bytesPerPacket) bytes/packet"
        }
    }
}
