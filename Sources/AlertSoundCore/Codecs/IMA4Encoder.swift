import Dispatch

/// How hard an encoder works for its signal-to-noise ratio.
public enum EncoderQuality: String, Sendable, Hashable, CaseIterable {
    /// afconvert's encoder, byte for byte.
    case standard
    /// IMA4 from a search over preambles and codes: the same standard stream, less noise, slower.
    case high
}

/// Streams interleaved 16-bit frames into IMA4 packets, keeping each channel's state across
/// calls and padding the end as afconvert does.
struct IMA4Encoder: Sendable {
    let channels: Int
    let quality: EncoderQuality
    /// Whether `signalEnergy` and `noiseEnergy` are kept (they cost time in the quantizer).
    let measuresNoise: Bool
    private var states: [IMA4.ChannelState]
    /// One quantizer a channel, kept from block to block: the searching one carries its time budget.
    private var greedy: [IMA4.GreedyQuantizer]
    private var searchers: [IMA4.SearchingQuantizer]
    /// Frames waiting for a full packet.
    private var pending: [Int16] = []
    private(set) var framesIn: Int64 = 0
    private(set) var packetsOut: Int64 = 0
    /// Energy of the input and of the coding error, over the frames that came from the input.
    private(set) var signalEnergy: Double = 0
    private(set) var noiseEnergy: Double = 0
    /// Whether a stream of whole packets still ends with one packet of silence (`FileType.padsWholeLastPacket`).
    var padsWholeLastPacket = true

    init(channels: Int, measuresNoise: Bool = true, quality: EncoderQuality = .standard) {
        precondition((1...IMA4.maximumChannels).contains(channels), "IMA4 takes one or two channels")
        self.channels = channels
        self.quality = quality
        self.measuresNoise = measuresNoise
        states = Array(repeating: IMA4.ChannelState(), count: channels)
        greedy = Array(repeating: IMA4.GreedyQuantizer(), count: channels)
        searchers = quality == .high ? Array(repeating: IMA4.SearchingQuantizer(), count: channels) : []
    }

    /// Encodes as many whole packets as `samples` (interleaved) complete; keeps the rest.
    mutating func encode(_ samples: [Int16]) -> [UInt8] {
        framesIn += Int64(samples.count / channels)
        let perPacket = IMA4.framesPerPacket * channels
        guard pending.isEmpty else {
            pending.append(contentsOf: samples)
            let block = pending
            pending = []
            return encodeWhole(block, perPacket: perPacket)
        }
        // Nothing waiting: encode straight from the caller's block and keep only its tail.
        return encodeWhole(samples, perPacket: perPacket)
    }

    private mutating func encodeWhole(_ samples: [Int16], perPacket: Int) -> [UInt8] {
        let whole = samples.count / perPacket
        var meter = IMA4.EnergyMeter()
        var none = IMA4.NoMeter()
        // Chosen once a block, so each combination is a specialised loop. The quantizers are
        // taken out while they work (no copy of them is made) and put back after.
        var greedy = self.greedy, searchers = self.searchers
        self.greedy = []
        self.searchers = []
        defer { (self.greedy, self.searchers) = (greedy, searchers) }
        let out: [UInt8]
        switch (quality, measuresNoise) {
        case (.standard, true):
            out = packets(samples, whole: whole, perPacket: perPacket, quantizers: &greedy, meter: &meter)
        case (.standard, false):
            out = packets(samples, whole: whole, perPacket: perPacket, quantizers: &greedy, meter: &none)
        case (.high, true):
            out = packets(samples, whole: whole, perPacket: perPacket, quantizers: &searchers, meter: &meter)
        case (.high, false):
            out = packets(samples, whole: whole, perPacket: perPacket, quantizers: &searchers, meter: &none)
        }
        // The padded last packet's zeros add no signal; its error is counted, as it is heard.
        signalEnergy += Double(meter.signal)
        noiseEnergy += Double(meter.noise)
        pending = Array(samples[(whole * perPacket)...])
        packetsOut += Int64(whole)
        return out
    }

    /// `whole` packets of every channel from `samples`, straight into the output buffer. A searching
    /// quantizer codes the channels on separate cores: their states never meet.
    private mutating func packets<Quantizer: IMA4.PacketQuantizer, Meter: IMA4.PacketMeter>(
        _ samples: [Int16], whole: Int, perPacket: Int, quantizers: inout [Quantizer], meter: inout Meter
    ) -> [UInt8] {
        let size = whole * IMA4.bytesPerChannelPacket * channels
        let channels = channels
        let parallel = quality == .high && channels > 1 && whole > 1
        var meters = Array(repeating: meter, count: channels)
        var states = states
        let out = [UInt8](unsafeUninitializedCapacity: size) { bytes, count in
            samples.withUnsafeBufferPointer { buffer in
                let base = bytes.baseAddress!
                states.withUnsafeMutableBufferPointer { states in
                    meters.withUnsafeMutableBufferPointer { meters in
                        quantizers.withUnsafeMutableBufferPointer { quantizers in
                            // Each channel touches only its own state, quantizer, meter and packets.
                            let statesAt = states.baseAddress!, metersAt = meters.baseAddress!,
                                quantizersAt = quantizers.baseAddress!
                            @inline(__always) func code(_ q: inout Quantizer, packet p: Int, channel c: Int) {
                                q.encodePacket(
                                    &statesAt[c], samples: buffer, start: p * perPacket + c, stride: channels,
                                    into: base + (p * channels + c) * IMA4.bytesPerChannelPacket, meter: &metersAt[c])
                            }
                            @inline(__always) func plan(_ q: inout Quantizer, channel c: Int) {
                                q.plan(
                                    statesAt[c], samples: buffer, start: c, stride: channels, packetStride: perPacket,
                                    packets: whole)
                            }
                            if parallel {
                                concurrently(channels) { c in
                                    plan(&quantizersAt[c], channel: c)
                                    for p in 0..<whole { code(&quantizersAt[c], packet: p, channel: c) }
                                }
                            } else {
                                for c in 0..<channels { plan(&quantizersAt[c], channel: c) }
                                // Packet by packet, as the file lays them out: measured 25 % faster than
                                // channel by channel for the greedy encoder.
                                for p in 0..<whole {
                                    for c in 0..<channels { code(&quantizersAt[c], packet: p, channel: c) }
                                }
                            }
                        }
                    }
                }
            }
            count = size
        }
        self.states = states
        for m in meters { meter.merge(m) }
        return out
    }

    /// Pads the last packet with silence — and adds a whole packet of it when the input ended on
    /// a packet boundary, which is what afconvert does.
    mutating func finish() -> [UInt8] {
        guard !pending.isEmpty || padsWholeLastPacket else { return [] }
        let perPacket = IMA4.framesPerPacket * channels
        let padding = perPacket - pending.count
        let frames = framesIn
        let out = encode([Int16](repeating: 0, count: padding))
        framesIn = frames
        return out
    }
}

/// Decodes IMA4 packets (as stored: whole packets per channel, interleaved) to 16-bit frames.
struct IMA4Decoder: Sendable {
    let channels: Int
    private var states: [IMA4.ChannelState]

    init(channels: Int) {
        self.channels = channels
        states = Array(repeating: IMA4.ChannelState(), count: channels)
    }

    /// Decodes whole packets from `bytes`; a trailing partial packet is ignored.
    mutating func decode(_ bytes: ArraySlice<UInt8>) -> [Int16] {
        let packetBytes = IMA4.bytesPerChannelPacket * channels
        let packets = bytes.count / packetBytes
        var out = [Int16](repeating: 0, count: packets * IMA4.framesPerPacket * channels)
        out.withUnsafeMutableBufferPointer { buffer in
            for p in 0..<packets {
                for c in 0..<channels {
                    let at = bytes.startIndex + p * packetBytes + c * IMA4.bytesPerChannelPacket
                    IMA4.decodePacket(
                        &states[c], packet: bytes[at..<at + IMA4.bytesPerChannelPacket], into: buffer,
                        start: p * IMA4.framesPerPacket * channels + c, stride: channels)
                }
            }
        }
        return out
    }
}
