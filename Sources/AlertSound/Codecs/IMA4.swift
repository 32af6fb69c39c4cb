/// Apple's IMA 4:1 ADPCM (`ima4`): 64 frames in 34 bytes per channel.
public enum IMA4 {
    public static let framesPerPacket = 64
    public static let bytesPerChannelPacket = 34
}
