/// Bytes and frames per packet of the constant-size formats whose length follows from the data size.
struct PacketGeometry: Hashable {
    var bytesPerPacket: Int
    var framesPerPacket: Int

    init?(format: DataFormat, pcm: PCMLayout?, channels: Int) {
        switch format {
        case .ima4:
            bytesPerPacket = IMA4.bytesPerChannelPacket * channels
            framesPerPacket = IMA4.framesPerPacket
        case .ulaw, .alaw:
            bytesPerPacket = channels
            framesPerPacket = 1
        case .lpcm:
            guard let pcm else { return nil }
            bytesPerPacket = pcm.bytesPerSample * channels
            framesPerPacket = 1
        case .imaAdpcm, .other:
            return nil
        }
    }
}
