import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCore

/// The stages `fix --levels` adds: the limiter, DC removal, and fades at both ends.
@Suite struct LevelStageTests {
    @Test(arguments: [1, 37, 4096])
    func limiterHoldsEveryPeakAndKeepsTheRest(blockFrames: Int) throws {
        // A quiet tone with clicks far over the ceiling, stereo with the clicks in one channel.
        let frames = 20_000
        var input = [Double](repeating: 0, count: frames * 2)
        for f in 0..<frames {
            let v = 0.2 * sin(Double(f) * 0.05)
            input[2 * f] = v
            input[2 * f + 1] = -v
        }
        for click in [3, 5000, 5003, 12_000, frames - 2] { input[2 * click] = 4.0 }
        let ceiling = 0.5
        let stage = LimiterStage(channels: 2, ceiling: ceiling, lookAhead: 220, releaseTime: 200)
        let out = try Signals.run(stage, input, channels: 2, blockFrames: blockFrames)
        #expect(out.count == input.count)
        #expect(out.allSatisfy { abs($0) <= ceiling + 1e-12 })
        // Far from any click the tone passes untouched.
        for f in 8000..<11_000 { #expect(out[2 * f] == input[2 * f]) }
        // The gain ramps: no step larger than a window's share of the deepest reduction.
        #expect(stage.deepest < 0.2)
        for f in 4000..<5003 where input[2 * f] != 0 && input[2 * f + 2] != 0 {
            let g0 = out[2 * f] / input[2 * f], g1 = out[2 * f + 2] / input[2 * f + 2]
            #expect(abs(g1 - g0) < 1.0 / 220 + 1e-9)
        }
    }

    @Test func limiterPassesWhatIsUnderTheCeiling() throws {
        let input = (0..<3000).map { 0.4 * sin(Double($0) * 0.01) }
        let stage = LimiterStage(channels: 1, ceiling: 0.5, lookAhead: 64, releaseTime: 500)
        #expect(try Signals.run(stage, input, channels: 1, blockFrames: 100) == input)
    }

    @Test func dcStageSubtractsEachChannelsOffset() throws {
        let stage = DCStage(offsets: [0.1, -0.2])
        #expect(try stage.process([0.1, -0.2, 0.5, 0.0], end: false) == [0.0, 0.0, 0.4, 0.2])
        #expect(DCStage(offsets: [0, 0]).isIdentity)
    }

    @Test(arguments: [1, 64, 5000])
    func fadesInAndOutWithoutACut(blockFrames: Int) throws {
        let input = [Double](repeating: 0.5, count: 1000)
        let stage = TrimStage(channels: 1, start: 0, length: nil, fadeFrames: 100, fadeInFrames: 40, fadesEnd: true)
        let out = try Signals.run(stage, input, channels: 1, blockFrames: blockFrames)
        #expect(out.count == 1000 && !stage.cut)
        #expect(out[0] == 0 && out[999] == 0)
        for i in 1..<40 { #expect(out[i] > out[i - 1] && out[i] < 0.5) }
        #expect(out[40..<900].allSatisfy { $0 == 0.5 })
        for i in 901..<1000 { #expect(out[i] < out[i - 1]) }
    }
}
