import Foundation
import Testing

@testable import AlertSoundCore

@Suite struct IMA4Tests {
    /// Worked by hand from the step table and the greedy quantizer:
    /// 100 from (0, 0): step 7 → bits 4,2,1 → code 7, diff 0+7+3+1 = 11, index 8.
    /// 100 from (11, 8): step 16, d = 89 → code 7, diff 2+16+8+4 = 30 → 41, index 16.
    /// −50 from (41, 16): step 34, d = −91 → code 15, diff 4+34+17+8 = 63 → −22, index 24.
    @Test func knownAnswerByHand() {
        var state = IMA4.ChannelState()
        #expect(state.encode(100) == 7)
        #expect(state.predictor == 11 && state.index == 8)
        #expect(state.encode(100) == 7)
        #expect(state.predictor == 41 && state.index == 16)
        #expect(state.encode(-50) == 15)
        #expect(state.predictor == -22 && state.index == 24)
    }

    /// The clamp the codec's loops use is the table's last index.
    @Test func theLastStepIndexIsTheTables() {
        #expect(IMA4.stepTable.count == Int(IMA4.maximumIndex) + 1)
        #expect(IMA4.stepTable[Int(IMA4.maximumIndex)] == 32767)
    }

    @Test func silencePacketIsAllZeros() {
        var encoder = IMA4Encoder(channels: 1)
        let bytes = encoder.encode([Int16](repeating: 0, count: 64))
        #expect(bytes == [UInt8](repeating: 0, count: 34))
    }

    @Test func packetLayoutPreambleAndNibbleOrder() {
        var encoder = IMA4Encoder(channels: 1)
        var input = [Int16](repeating: 0, count: 128)
        input[0] = 100
        input[1] = 100
        input[2] = -50
        let bytes = encoder.encode(input)
        #expect(bytes.count == 68)
        // First packet: preamble of the initial state, then codes 7,7 → 0x77, then 15 in the low nibble.
        #expect(Array(bytes[0..<4]) == [0x00, 0x00, 0x77, 0x0F | bytes[3] & 0xF0])
        // Second packet's preamble: (predictor & 0xFF80) | index of the state carried over at full precision.
        var state = IMA4.ChannelState()
        for s in input.prefix(64) { _ = state.encode(s) }
        #expect(
            UInt16(bytes[34]) << 8 | UInt16(bytes[35]) == UInt16(truncatingIfNeeded: state.predictor) & 0xFF80
                | UInt16(state.index))
    }

    @Test func stereoInterleavesWholePackets() {
        var encoder = IMA4Encoder(channels: 2)
        // Left silent, right loud: the first 34 bytes are the left channel's packet.
        let input = (0..<128).map { $0 % 2 == 0 ? Int16(0) : Int16(8000) }
        let bytes = encoder.encode(input)
        #expect(bytes.count == 68)
        #expect(bytes[0..<34].allSatisfy { $0 == 0 })
        #expect(bytes[36..<68].contains { $0 != 0 })
    }

    @Test(arguments: [1, 63, 64, 65, 128, 1000])
    func paddingMatchesAfconvert(frames: Int) {
        var encoder = IMA4Encoder(channels: 1)
        let bytes = encoder.encode([Int16](repeating: 1000, count: frames)) + encoder.finish()
        #expect(Int64(bytes.count / 34) == IMA4.packetCount(frames: Int64(frames)))
        #expect(encoder.framesIn == Int64(frames))
    }

    @Test func roundTripTracksTheSignal() {
        let input: [Int16] = (0..<4410).map { i -> Int16 in Int16(12000 * sin(Double(i) * 2 * Double.pi * 440 / 44100))
        }
        var encoder = IMA4Encoder(channels: 1)
        let bytes = encoder.encode(input) + encoder.finish()
        var decoder = IMA4Decoder(channels: 1)
        let output = Array(decoder.decode(bytes[...]).prefix(input.count))
        var signal = 0.0, noise = 0.0
        for (a, b) in zip(input, output) {
            signal += Double(a) * Double(a)
            noise += (Double(a) - Double(b)) * (Double(a) - Double(b))
        }
        #expect(10 * log10(signal / noise) > 25)
    }

    @Test func decoderReproducesEncoderReconstructionExactly() {
        // Apple's decoder keeps the full-precision state, so it lands on the encoder's predictor.
        let input = (0..<640).map { Int16(truncatingIfNeeded: ($0 * 7919) % 30000 - 15000) }
        var state = IMA4.ChannelState()
        var reconstructed: [Int16] = []
        for s in input {
            _ = state.encode(s)
            reconstructed.append(Int16(state.predictor))
        }
        var encoder = IMA4Encoder(channels: 1)
        let bytes = encoder.encode(input)
        var decoder = IMA4Decoder(channels: 1)
        #expect(decoder.decode(bytes[...]) == reconstructed)
    }

    @Test func preambleRuleKeepsOrResetsState() {
        var packet = [UInt8](repeating: 0, count: 34)
        // Preamble predictor 896 (1000 & 0xFF80), index 10.
        packet[0] = UInt8(896 >> 8)
        packet[1] = UInt8(896 & 0x80) | 10
        // The first sample a decoder in this state makes of the packet.
        func first(predictor: Int32, index: Int32) -> Int16 {
            var state = IMA4.ChannelState()
            state.predictor = predictor
            state.index = index
            var out = [Int16](repeating: 0, count: 64)
            out.withUnsafeMutableBufferPointer {
                IMA4.decodePacket(&state, packet: packet[...], into: $0, start: 0, stride: 1)
            }
            return out[0]
        }
        // Near: kept 1000, and code 0 adds step>>3 = 19>>3 = 2.
        #expect(first(predictor: 1000, index: 10) == 1002)
        // A predictor 200 away, or another index: reset to the preamble's 896.
        #expect(first(predictor: 1200, index: 10) == 898)
        #expect(first(predictor: 1000, index: 11) == 898)
    }

    @Test func g711RoundTripsItsOwnCodes() {
        for code in UInt8.min...UInt8.max {
            #expect(G711.encodeULaw(G711.decodeULaw(code)) == code || G711.decodeULaw(code) == 0)
            #expect(G711.encodeALaw(G711.decodeALaw(code)) == code)
        }
        #expect(G711.encodeULaw(0) == 0xFF)
        #expect(G711.encodeALaw(0) == 0xD5)
    }
}
