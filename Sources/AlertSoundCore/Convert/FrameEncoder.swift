/// The output side of a conversion: picks the coding's `SampleEncoder`, counts frames, and
/// passes G.711 codes through when the input already has the output's law.
struct FrameEncoder {
    let format: StreamFormat
    private var codec: any SampleEncoder
    private(set) var frames: Int64 = 0

    /// `carried` decides the codec, and how IMA4's last packet is padded (by file type).
    init(carried: CarriedFormat, measuresLoss: Bool = true, quality: EncoderQuality = .standard) {
        format = carried.format
        switch carried.coding {
        case .pcm(let pcm):
            codec = PCMEncoder(format: pcm, measuresLoss: measuresLoss)
        case .ulaw, .alaw:
            codec = G711Encoder(uLaw: carried.coding == .ulaw, measuresLoss: measuresLoss)
        case .ima4:
            var ima4 = IMA4Encoder(channels: format.channels, measuresNoise: measuresLoss, quality: quality)
            ima4.padsWholeLastPacket = carried.type.padsWholeLastPacket
            codec = ima4
        }
    }

    mutating func encode(_ samples: [Double]) -> [UInt8] {
        frames += Int64(samples.count / format.channels)
        return codec.encode(samples)
    }

    mutating func encode(_ samples: [Int16]) -> [UInt8] {
        frames += Int64(samples.count / format.channels)
        return codec.encode(samples)
    }

    /// G.711 codes of the output's own law, copied: decoding and re-encoding would fold µ-law's
    /// negative zero into positive zero.
    mutating func passThrough(_ codes: [UInt8]) -> [UInt8] {
        frames += Int64(codes.count / format.channels)
        return codes
    }

    /// The last (padded) packet, for IMA4; nothing for the others.
    mutating func finish() -> [UInt8] { codec.finish() }

    /// Packets written: IMA4 counts its own (the padded last one, and the one afconvert adds
    /// after a whole last packet); every other coding writes one frame a packet.
    var packets: Int64 { (codec as? IMA4Encoder)?.packetsOut ?? frames }

    /// Signal-to-noise ratio of the encoding in dB; `nil` when every sample was stored exactly, or
    /// when not measuring.
    var snr: Double? { codec.loss?.snr }
}
