import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// A stereo test signal with different content in each channel.
func testSignal(frames: Int, channels: Int = 2, rate: Double = 44100) -> [Int16] {
    var out: [Int16] = []
    out.reserveCapacity(frames * channels)
    for i in 0..<frames {
        for c in 0..<channels {
            let v = 9000 * sin(2 * Double.pi * Double(440 * (c + 1)) * Double(i) / rate)
            out.append(Int16(v.rounded()))
        }
    }
    return out
}

func readAll(_ path: String) throws -> [Int16] {
    let reader = try openFrameReader(path: path)
    var all: [Double] = []
    while true {
        let block = try reader.read(maxFrames: 4096)
        if block.isEmpty { break }
        all += block
    }
    return quantize16(all)
}

@Suite struct ConversionPlanTests {
    func plan(
        _ output: String?, d: String? = nil, f: String? = nil, c: Int? = nil, mix: Bool = false, channels: Int = 2
    ) throws -> ConversionPlan {
        let options = ConversionOptions(
            dataFormat: try d.map(OutputDataFormat.init(parsing:)), fileType: try f.map(FileType.init(parsing:)),
            channels: c, mix: mix)
        return try ConversionPlan.make(
            input: "Sounds/in.aiff", output: output, rate: 44100, channels: channels, options: options)
    }

    @Test func defaultsAreIMA4InCAF() throws {
        let p = try plan("out.caf")
        #expect(p.fileType == .caff)
        #expect(p.output.coding == .ima4)
        #expect(p.output.sampleRate == 44100)
        #expect(p.output.channels == 2)
    }

    @Test func typeFollowsExtensionAndDefaultFormatFitsIt() throws {
        #expect(try plan("out.wav").fileType == .wave)
        #expect(try plan("out.wav").dataFormat.name == "LEI16")
        #expect(try plan("out.aiff").dataFormat.name == "BEI16")
        #expect(try plan("out.aifc").output.coding == .ima4)
        #expect(try plan("out.sound").fileType == .caff)
        #expect(try plan("out.wav", f: "caff").fileType == .caff)
    }

    @Test func outputNameDefaultsToInputBeside() throws {
        #expect(try plan(nil).outputPath == "Sounds/in.caf")
        #expect(try plan(nil, f: "WAVE").outputPath == "Sounds/in.wav")
        #expect(ConversionPlan.defaultOutput(for: "in.mp3", type: .aifc) == "in.aifc")
    }

    @Test func rateAndChannels() throws {
        #expect(try plan("o.caf", d: "ima4@22050").output.sampleRate == 22050)
        #expect(try plan("o.caf", d: "ima4@22050").resamples)
        #expect(try plan("o.caf", c: 1).channelMap.sources == [[0]])
        #expect(try plan("o.caf", mix: true).channelMap.sources == [[0, 1]])
        // 5.1 to stereo by layout (L + C + Ls, R + C + Rs; no LFE); other counts by position.
        #expect(try plan("o.caf", c: 2, mix: true, channels: 6).channelMap.sources == [[0, 2, 4], [1, 2, 5]])
        #expect(
            try plan("o.caf", c: 2, mix: true, channels: 10).channelMap.sources == [[0, 2, 4, 6, 8], [1, 3, 5, 7, 9]])
    }

    @Test(arguments: [
        ("o.wav", "ima4", nil as String?, nil as Int?, 2, "WAVE files cannot hold ima4"),
        ("o.aiff", "LEF32", nil, nil, 2, "AIFF files cannot hold LEF32"),
        ("o.caf", "UI8", nil, nil, 2, "caff files cannot hold UI8"),
        ("o.wav", "BEI16", nil, nil, 2, "goes in caff or AIFF or AIFC"),
        ("o.caf", "ima4", nil, nil, 6, "at most 2 channels"),
        ("o.caf", "ima4", nil, 3, 2, "but the input has 2"),
        ("o.caf", "ima4", nil, 0, 2, "1 or more"),
        ("o.caf", "aac", nil, nil, 2, "unknown data format 'aac'"),
        ("o.caf", "ima4@0", nil, nil, 2, "is not a sample rate"),
        ("o.caf", "ima4", "MPG3", nil, 2, "unknown file type")
    ])
    func refusalsAreUsageErrorsThatSayWhatWorks(
        output: String, d: String, f: String?, c: Int?, channels: Int, expected: String
    ) {
        #expect {
            _ = try plan(output, d: d, f: f, c: c, channels: channels)
        } throws: { error in
            guard let e = error as? AlertSoundError else { return false }
            return e.kind == .invalidRequest && e.message.contains(expected)
        }
    }

    @Test func dataFormatNamesParseLikeAfconvert() throws {
        let f = try OutputDataFormat(parsing: "BEI24@48000")
        #expect(f.coding == .pcm(PCMFormat(.signed, bits: 24, bytesPerSample: 3, order: .bigEndian)))
        #expect(f.sampleRate == 48000)
        #expect(try OutputDataFormat(parsing: "'ima4'").coding == .ima4)
        #expect(try OutputDataFormat(parsing: "lef32").name == "LEF32")
        #expect(try FileType(parsing: "caff") == .caff)
        #expect(try FileType(parsing: "WAVE") == .wave)
    }
}
