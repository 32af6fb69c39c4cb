import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCore

/// Every input width (8/16/24/32-bit integer, 32/64-bit float) to every linear-PCM `-d`: what
/// the output can hold comes out bit-exact, a narrower output rounds to nearest once and clips,
/// floats keep values past full scale, and the reported SNR is nil exactly when nothing was lost.
@Suite struct WidthTableTests {
    struct Input: Sendable, CustomTestStringConvertible {
        var bits: Int
        var isFloat: Bool
        var testDescription: String { (isFloat ? "F" : "I") + String(bits) }

        /// Values the format holds exactly, chosen to hit full scale, ties and every low bit.
        var samples: [Double] {
            if isFloat {
                let values: [Double] = [
                    0, 1, -1, 1.5, -2, 0.1, -1.0 / 3, 1e-9, 0.999_999_9, -0.5 - 1e-12,
                    Double(Float.leastNormalMagnitude)
                ]
                return bits == 32 ? values.map { Double(Float($0)) } : values
            }
            let top = Int64(1) << (bits - 1)
            var integers: [Int64] = [-top, -top + 1, -1, 0, 1, top - 1, top / 3, -top / 5]
            // Ties and near-ties for every narrower output (8, 16 and 24 bits).
            for narrow in [8, 16, 24] where narrow < bits {
                let half = Int64(1) << (bits - narrow - 1)
                integers += [half, -half, 3 * half, -3 * half, half - 1, half + 1, top - half, top - half - 1]
            }
            return integers.map { Double($0) / Double(top) }
        }

        var format: StreamFormat {
            StreamFormat(
                sampleRate: 8000, channels: 1,
                coding: isFloat ? .float(bits, order: .bigEndian) : .integer(bits, order: .bigEndian))
        }
    }

    static let inputs = [
        Input(bits: 8, isFloat: false), Input(bits: 16, isFloat: false), Input(bits: 24, isFloat: false),
        Input(bits: 32, isFloat: false), Input(bits: 32, isFloat: true), Input(bits: 64, isFloat: true)
    ]
    static let outputs = [
        "I8", "UI8", "LEI16", "BEI16", "LEI24", "BEI24", "LEI32", "BEI32", "LEF32", "BEF32", "LEF64", "BEF64"
    ]

    /// What a correct output holds: the exact value, rounded once to the output's grid.
    static func expected(_ v: Double, output: SampleCoding) -> Double {
        guard let bits = output.pcm?.bits, let isFloat = output.pcm?.isFloat else { return .nan }
        if isFloat { return bits == 32 ? Double(Float(v)) : v }
        let scale = Double(Int64(1) << (bits - 1))
        return min(max((v * scale).rounded(), -scale), scale - 1) / scale
    }

    /// A CAF holding `samples` in `input`'s format, packed by hand (big-endian).
    static func file(_ input: Input) -> [UInt8] {
        let width = input.bits / 8
        var audio: [UInt8] = []
        for v in input.samples {
            let pattern: UInt64 =
                input.isFloat
                ? (input.bits == 32 ? UInt64(Float(v).bitPattern) : v.bitPattern)
                : UInt64(bitPattern: Int64(v * Double(Int64(1) << (input.bits - 1))))
            for b in 0..<width { audio.append(UInt8(truncatingIfNeeded: pattern >> UInt64(8 * (width - 1 - b)))) }
        }
        return FileType.caff.carrying(input.format)!.header(
            frames: Int64(input.samples.count), audioBytes: Int64(audio.count)) + audio
    }

    @Test(arguments: inputs, outputs)
    func widthConversion(input: Input, output: String) throws {
        let scratch = try Scratch()
        let source = try scratch.write("in.caf", Self.file(input))
        let format = try OutputDataFormat(parsing: output)
        let type: FileType = output == "UI8" ? .wave : .caff
        let result = try Converter(options: ConversionOptions(dataFormat: format, fileType: type, measuresLoss: true))
            .convert(input: source, output: scratch.path("out"))
        let reader = try openFrameReader(path: result.outputPath)
        let got = try reader.read(maxFrames: 1000)
        let want = input.samples.map { Self.expected($0, output: format.coding) }
        #expect(got.count == want.count)
        for (i, (g, w)) in zip(got, want).enumerated() {
            #expect(g == w, "sample \(i): \(input.samples[i]) became \(g), expected \(w)")
        }
        let lossless = zip(want, input.samples).allSatisfy { $0 == $1 }
        #expect(
            (result.snr == nil) == lossless,
            "-v must call it lossless exactly when every sample is stored exactly (snr \(result.snr ?? .nan))")

        // The rules the table must follow, stated directly.
        if let bits = format.coding.pcm?.bits, let isFloat = format.coding.pcm?.isFloat {
            let widens =
                !input.isFloat && ((!isFloat && bits >= input.bits) || (isFloat && (bits == 64 || input.bits <= 24)))
            let floatToWiderOrEqualFloat = input.isFloat && isFloat && bits >= input.bits
            if widens || floatToWiderOrEqualFloat {
                #expect(lossless, "\(input.testDescription) → \(output) must be bit-exact")
            }
            if input.isFloat && isFloat { #expect(got.contains(-2), "float to float keeps values past full scale") }
        }
    }

    /// CAF and AIFF hold a fractional rate exactly; WAV cannot, and says so instead of rounding.
    @Test func fractionalRatesAreKeptOrRefused() throws {
        let scratch = try Scratch()
        let source = try scratch.write("in.caf", Self.file(Input(bits: 16, isFloat: false)))
        for type in [FileType.caff, .aifc] {
            let result = try Converter(
                options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "BEI16@22050.7"), fileType: type)
            )
            .convert(input: source, output: scratch.path("out." + type.fileExtension))
            #expect(try SoundFile.inspect(path: result.outputPath).sampleRate == 22050.7)
        }
        #expect {
            _ = try Converter(
                options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "LEI16@22050.7"), fileType: .wave)
            )
            .convert(input: source, output: scratch.path("out.wav"))
        } throws: { error in
            let e = error as? AlertSoundError
            return e?.kind == .invalidRequest && e?.message.contains("whole hertz") == true
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.wav")))
    }
}

/// The `-d` names live in one table; each file type's list follows from one rule, and the manual
/// documents every name.
@Suite struct DataFormatTableTests {
    @Test func fileTypesCarryWhatAfconvertWrites() {
        #expect(
            FileType.caff.allowedDataFormats == [
                "ima4", "ulaw", "alaw", "LEI16", "BEI16", "LEI24", "BEI24", "LEI32", "BEI32", "LEF32", "BEF32", "LEF64",
                "BEF64", "I8"
            ])
        #expect(FileType.aiff.allowedDataFormats == ["BEI16", "BEI24", "BEI32", "I8"])
        #expect(
            FileType.aifc.allowedDataFormats == [
                "ima4", "ulaw", "alaw", "LEI16", "BEI16", "BEI24", "BEI32", "BEF32", "BEF64", "I8"
            ])
        #expect(
            FileType.wave.allowedDataFormats == ["ulaw", "alaw", "LEI16", "LEI24", "LEI32", "LEF32", "LEF64", "UI8"])
    }

    @Test func everyNameParsesAndPrintsBack() throws {
        for (name, coding) in OutputDataFormat.all {
            #expect(try OutputDataFormat(parsing: name).coding == coding)
            #expect(try OutputDataFormat(parsing: name.lowercased() + "@8000").description == name + "@8000")
        }
    }

    @Test func theManualNamesEveryFormat() throws {
        let manual = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("man/alertsound.1")
        let text = try String(contentsOf: manual, encoding: .utf8)
        for (name, _) in OutputDataFormat.all {
            #expect(text.contains("\\fB\(name)\\fR"), "man/alertsound.1 does not document -d \(name)")
        }
    }
}

@Suite struct RoundingTests {
    /// The inline rounding must be `rounded()` exactly: ties away from zero, every sign, and the
    /// values just beside a tie.
    @Test func roundHalfAwayIsRounded() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.5, -3.5, 32767.5, -32768.5,
            0.49999999999999994, -0.49999999999999994, 4_503_599_627_370_495.5, 1e300, -1e300, .infinity, -.infinity
        ]
        for k in 0..<2000 { values.append(Double(k) * 0.25 - 250) }
        for v in values { #expect(roundHalfAway(v) == v.rounded(), "\(v)") }
        #expect(roundHalfAway(.nan).isNaN)
    }
}
