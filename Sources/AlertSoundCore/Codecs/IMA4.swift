/// Apple's IMA 4:1 ADPCM (`ima4`): packets of 64 frames in 34 bytes per channel.
///
/// A packet is a 2-byte big-endian preamble (top 9 bits of the predictor, 7-bit step index)
/// and 32 bytes of 4-bit codes, first sample in the low nibble. Stereo files interleave whole
/// packets, not samples.
enum IMA4 {
    static let framesPerPacket = 64
    static let bytesPerChannelPacket = 34
    /// Apple's encoder takes at most two channels.
    static let maximumChannels = 2

    static let stepTable: [Int32] = [
        7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28,
        31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97, 107, 118,
        130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494,
        544, 598, 658, 724, 796, 876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066,
        2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484, 7132, 7845, 8630,
        9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767
    ]
    /// The last step index: the table's 89 steps end at 88 (a literal so the hot loops clamp to a
    /// constant; `IMA4Tests` holds it to the table).
    static let maximumIndex: Int32 = 88
    static let indexAdjust: [Int32] = [-1, -1, -1, -1, 2, 4, 6, 8]

    /// One channel's running state. It carries across packets at full precision.
    struct ChannelState: Sendable, Hashable {
        var predictor: Int32 = 0
        var index: Int32 = 0
        init() {}

        /// Reconstructs one sample from a code with shifts and adds, exactly as Apple does.
        @inline(__always)
        mutating func apply(_ code: UInt8) -> Int16 {
            let step = IMA4.stepTable[Int(index)]
            var diff = step >> 3
            if code & 4 != 0 { diff += step }
            if code & 2 != 0 { diff += step >> 1 }
            if code & 1 != 0 { diff += step >> 2 }
            predictor = code & 8 != 0 ? max(predictor - diff, -32768) : min(predictor + diff, 32767)
            index = min(max(index + IMA4.indexAdjust[Int(code & 7)], 0), IMA4.maximumIndex)
            return Int16(predictor)
        }

        /// The greedy quantizer for one sample (the reference; packets use the same code path).
        mutating func encode(_ sample: Int16) -> UInt8 {
            IMA4.stepTable.withUnsafeBufferPointer { steps in
                IMA4.indexAdjust.withUnsafeBufferPointer { adjust in
                    IMA4.quantize(sample, predictor: &predictor, index: &index, steps: steps, adjust: adjust)
                }
            }
        }

        /// The 2-byte packet preamble for the current state.
        var preamble: UInt16 { UInt16(truncatingIfNeeded: predictor) & 0xFF80 | UInt16(index) }
    }

    /// What a packet encoder measures per sample. Generic rather than a flag, so the unmeasured
    /// encoder is specialised into a loop with no measuring in it at all.
    protocol PacketMeter {
        mutating func add(sample: Int16, reconstructed: Int32)
        /// Adds what another meter (another channel's) measured.
        mutating func merge(_ other: Self)
    }

    /// Measures nothing.
    struct NoMeter: PacketMeter {
        @inline(__always) mutating func add(sample: Int16, reconstructed: Int32) {}
        mutating func merge(_ other: NoMeter) {}
    }

    /// Signal and squared-error energy in 16-bit units.
    struct EnergyMeter: PacketMeter {
        var signal: Int64 = 0
        var noise: Int64 = 0
        @inline(__always) mutating func add(sample: Int16, reconstructed: Int32) {
            let error = Int64(Int32(sample) - reconstructed)
            signal += Int64(sample) * Int64(sample)
            noise += error * error
        }

        mutating func merge(_ other: EnergyMeter) {
            signal += other.signal
            noise += other.noise
        }
    }

    /// How a packet's 4-bit codes are chosen. What a packet means is fixed by the decoder; a
    /// quantizer only chooses, so whatever it picks plays on every IMA4 decoder.
    protocol PacketQuantizer {
        /// Codes one channel's 64 samples (`samples[start + i * stride]`) as 34 bytes at `out`,
        /// starting from the decoder's running `state` and leaving `state` as the decoder will
        /// have it after the packet; tells `meter` each sample and its reconstruction.
        mutating func encodePacket<Meter: PacketMeter>(
            _ state: inout ChannelState, samples: UnsafeBufferPointer<Int16>, start: Int, stride: Int,
            into out: UnsafeMutablePointer<UInt8>, meter: inout Meter)

        /// Told, before a block is coded, the `packets` packets of one channel it will code next
        /// (packet p's samples at `samples[start + p * packetStride + i * stride]`) and the
        /// decoder's state before them: a quantizer with a budget spends it where it is needed.
        mutating func plan(
            _ state: ChannelState, samples: UnsafeBufferPointer<Int16>, start: Int, stride: Int, packetStride: Int,
            packets: Int)
    }

    /// Apple's quantizer: the preamble is the running state, each code is chosen greedily.
    /// afconvert's output, byte for byte.
    struct GreedyQuantizer: PacketQuantizer {
        func plan(
            _ state: ChannelState, samples: UnsafeBufferPointer<Int16>, start: Int, stride: Int, packetStride: Int,
            packets: Int
        ) {}

        @inline(__always)
        mutating func encodePacket<Meter: PacketMeter>(
            _ state: inout ChannelState, samples: UnsafeBufferPointer<Int16>, start: Int, stride: Int,
            into out: UnsafeMutablePointer<UInt8>, meter: inout Meter
        ) {
            let preamble = state.preamble
            out[0] = UInt8(preamble >> 8)
            out[1] = UInt8(preamble & 0xFF)
            var predictor = state.predictor
            var index = state.index
            stepTable.withUnsafeBufferPointer { steps in
                indexAdjust.withUnsafeBufferPointer { adjust in
                    var i = start
                    for b in 0..<(framesPerPacket / 2) {
                        let first = samples[i], second = samples[i + stride]
                        let low = quantize(first, predictor: &predictor, index: &index, steps: steps, adjust: adjust)
                        meter.add(sample: first, reconstructed: predictor)
                        let high = quantize(second, predictor: &predictor, index: &index, steps: steps, adjust: adjust)
                        meter.add(sample: second, reconstructed: predictor)
                        out[2 + b] = low | high << 4
                        i += 2 * stride
                    }
                }
            }
            state.predictor = predictor
            state.index = index
        }
    }

    /// Decodes one channel's 34-byte packet into `out[start + i * stride]`.
    ///
    /// Like Apple's decoder (and FFmpeg's `adpcm_ima_qt`), the running state is kept when the
    /// preamble's index matches it and its predictor is within 0x7F; otherwise the preamble wins.
    static func decodePacket(
        _ state: inout ChannelState, packet: ArraySlice<UInt8>, into out: UnsafeMutableBufferPointer<Int16>,
        start: Int, stride: Int
    ) {
        let base = packet.startIndex
        let preamble = UInt16(packet[base]) << 8 | UInt16(packet[base + 1])
        let predictor = Int32(Int16(bitPattern: preamble & 0xFF80))
        let index = min(Int32(preamble & 0x7F), IMA4.maximumIndex)
        if index != state.index || abs(predictor - state.predictor) > 0x7F {
            state.predictor = predictor
            state.index = index
        }
        var o = start
        for b in 0..<(framesPerPacket / 2) {
            let byte = packet[base + 2 + b]
            out[o] = state.apply(byte & 0x0F)
            out[o + stride] = state.apply(byte >> 4)
            o += 2 * stride
        }
    }

    /// Apple's greedy quantizer: sign, then compare with step, step/2, step/4; the predictor moves
    /// by the shift-add reconstruction of the chosen code, so encoder and decoder stay in step.
    @inline(__always)
    static func quantize(
        _ sample: Int16, predictor: inout Int32, index: inout Int32,
        steps: UnsafeBufferPointer<Int32>, adjust: UnsafeBufferPointer<Int32>
    ) -> UInt8 {
        let step = steps[Int(index)]
        var diff = Int32(sample) - predictor
        var code: UInt8 = 0
        if diff < 0 {
            code = 8
            diff = -diff
        }
        var delta = step >> 3
        if diff >= step {
            code |= 4
            diff -= step
            delta += step
        }
        if diff >= step >> 1 {
            code |= 2
            diff -= step >> 1
            delta += step >> 1
        }
        if diff >= step >> 2 {
            code |= 1
            delta += step >> 2
        }
        predictor = code & 8 != 0 ? max(predictor - delta, -32768) : min(predictor + delta, 32767)
        index = min(max(index + adjust[Int(code & 7)], 0), IMA4.maximumIndex)
        return code
    }

    /// How many packets afconvert writes for `frames`: always one more than the whole packets,
    /// so a multiple of 64 still gets a final packet of padding.
    static func packetCount(frames: Int64) -> Int64 { frames / Int64(framesPerPacket) + 1 }
}
