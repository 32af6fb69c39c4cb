import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

@Suite struct ConverterTests {
    static let combinations: [(String, String)] = FileType.allCases.flatMap { type in
        type.allowedDataFormats.map { (type.rawValue, $0) }
    }

    @Test(arguments: combinations)
    func everyOutputTypeHasTheRightLayout(type: String, format: String) throws {
        let scratch = try Scratch()
        let fileType = try FileType(parsing: type)
        let input = try scratch.write(
            "in.wav",
            try SoundFileBuilder.make(
                .wave, format: StreamFormat(sampleRate: 22050, channels: 2, coding: .integer(16, order: .littleEndian)),
                samples: testSignal(frames: 1000, rate: 22050)))
        let options = ConversionOptions(
            dataFormat: try OutputDataFormat(parsing: format), fileType: fileType, measuresLoss: true)
        let result = try Converter(options: options).convert(input: input, output: scratch.path("out"))
        let info = try SoundFile.inspect(path: result.outputPath)
        let expectedContainer: ContainerKind = [.caff: .caf, .aiff: .aiff, .aifc: .aifc, .wave: .wav][fileType]!
        #expect(info.container == expectedContainer)
        #expect(info.channels == 2)
        #expect(info.sampleRate == 22050)
        #expect(info.repairs.isEmpty, "\(info.repairs)")
        #expect(result.frames == 1000)
        #expect(info.fileSize == result.fileSize)
        let isIMA4 = format == "ima4"
        #expect(
            info.frames == (isIMA4 && fileType != .caff ? Int64(16 * 64) : 1000), "AIFF-C ima4 states whole packets")
        #expect(info.coding?.code == (isIMA4 ? "ima4" : format == "ulaw" ? "ulaw" : format == "alaw" ? "alaw" : "lpcm"))

        let chunks = info.chunks.map(\.id)
        switch fileType {
        // Apple's layouts (notes §4): `chan` for ima4 only, the WAV input's `info` carried into a CAF,
        // FLLR so the audio starts at 4096 in every type.
        case .caff:
            #expect(
                chunks == (isIMA4 ? ["desc", "chan", "info", "pakt", "free", "data"] : ["desc", "info", "free", "data"])
            )
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: result.outputPath)))
            #expect(Array(bytes[4092..<4096]) == [0, 0, 0, 1], "edit count 1")
        case .aifc: #expect(chunks == ["FVER", "COMM", "FLLR", "SSND"])
        case .aiff: #expect(chunks == ["COMM", "FLLR", "SSND"])
        case .wave: #expect(chunks == ["fmt ", "FLLR", "data"])
        }
        #expect(info.dataOffset == 4096)
        if isIMA4 {
            #expect(result.packets == IMA4.packetCount(frames: 1000))
            #expect(info.dataSize == result.packets * 68)
        }
        // Formats of 16 bits or more store the 16-bit signal exactly.
        if let bits = try OutputDataFormat(parsing: format).coding.pcm?.bits, bits >= 16 {
            #expect(try readAll(result.outputPath) == testSignal(frames: 1000, rate: 22050))
            #expect(result.snr == nil)
        } else {
            #expect((result.snr ?? 0) > 20)
        }
    }

    /// Without a Xing/Info frame, libsndfile takes a variable-bit-rate MP3's length from its first
    /// frame's bit rate and stops reading there: 3 s became 0.48 s, and `-v` printed that estimate as
    /// the input's length. Counted by frame headers it is decoded whole (through FFmpeg), and the
    /// input's frames are the ones decoded.
    @Test(.tags(.ffmpeg), .enabled(if: ExportTests.which("ffmpeg") != nil, "ffmpeg is not installed"))
    func aVariableBitRateMP3WithoutATagIsDecodedWhole() throws {
        let scratch = try Scratch()
        let path = scratch.path("tone.mp3")
        try SoundWriter.write(
            .mp3, path: path, samples: FixTests.tone(seconds: 3, rate: 44_100, channels: 2), rate: 44_100, channels: 2)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let start = Int(Sniffer.audioStart(bytes) ?? 0)
        let first = try #require(MPEGFrames.Header(bytes[start...]))
        #expect(
            MPEGFrames.taggedLength(bytes[start..<start + first.length], header: first) == 132_300,
            "LAME's tag states 3 s")
        bytes.removeSubrange(start..<start + first.length)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let walked = try #require(try MPEGFrames.walkedLength(MemorySource(bytes)))
        let estimate = try #require(try SndFileReader(path: path).frameCount)
        #expect(estimate < walked / 2, "the file this test needs: libsndfile's estimate far short")
        let result = try Converter().convert(input: path, output: scratch.path("o.caf"))
        #expect(result.frames == walked && result.inputFrames == walked && result.decoder == .ffmpeg)
    }

    @Test func ima4CAFFromSixteenBitIsAfconvertsLayout() throws {
        let scratch = try Scratch()
        let samples = testSignal(frames: 6400)
        let input = try scratch.write(
            "in.aiff",
            try SoundFileBuilder.make(
                .aiff, format: StreamFormat(sampleRate: 44100, channels: 2, coding: .integer(16, order: .bigEndian)),
                samples: samples))
        let result = try Converter().convert(input: input, output: scratch.path("out.caf"))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: result.outputPath)))
        var encoder = IMA4Encoder(channels: 2)
        let audio = encoder.encode(samples) + encoder.finish()
        // 6400 frames is a multiple of 64: afconvert still adds a whole packet of padding.
        #expect(audio.count == 101 * 68)
        #expect(
            bytes == FileType.caff.carrying(StreamFormat(sampleRate: 44100, channels: 2, coding: .ima4))!.header(
                frames: 6400, audioBytes: Int64(audio.count)) + audio)
        let info = try SoundFile.inspect(bytes: bytes)
        #expect(info.frames == 6400)
    }

    @Test func reportedSNRIsWhatTheDecoderProduces() throws {
        let scratch = try Scratch()
        let samples = testSignal(frames: 5000)
        let input = try scratch.write(
            "in.wav",
            try SoundFileBuilder.make(
                .wave, format: StreamFormat(sampleRate: 44100, channels: 2, coding: .integer(16, order: .littleEndian)),
                samples: samples))
        let result = try Converter(options: ConversionOptions(measuresLoss: true)).convert(
            input: input, output: scratch.path("o.caf"))
        #expect(
            try Converter().convert(input: input, output: scratch.path("p.caf")).snr == nil, "measured only when asked")
        var decoded = try readAll(result.outputPath)
        #expect(decoded.count == samples.count)
        // The padding in the last packet is heard too, so it counts as error against silence.
        var encoder = IMA4Encoder(channels: 2)
        var decoder = IMA4Decoder(channels: 2)
        decoded = decoder.decode((encoder.encode(samples) + encoder.finish())[...])
        let padded = samples + [Int16](repeating: 0, count: decoded.count - samples.count)
        var signal = 0.0, noise = 0.0
        for (a, b) in zip(padded, decoded) {
            signal += Double(a) * Double(a)
            noise += (Double(a) - Double(b)) * (Double(a) - Double(b))
        }
        let snr = try #require(result.snr)
        #expect(abs(snr - 10 * log10(signal / noise)) < 1e-9)
        #expect(snr > 25)
    }

    @Test func widerAndFloatInputRoundToNearestWithClipping() throws {
        let scratch = try Scratch()
        // 24-bit: 0x000080 rounds up to 1; 0x7FFFFF rounds to 32768 and clips to 32767.
        let pcm24: [UInt8] = [0x80, 0x00, 0x00, 0x7F, 0x00, 0x00, 0xFF, 0xFF, 0x7F, 0x00, 0x00, 0x80]
        let format = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(24, order: .littleEndian))
        let input = try scratch.write(
            "in.wav", try SoundFileBuilder.assemble(.wave, format: format, frames: 4, audio: pcm24))
        let result = try Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "LEI16")))
            .convert(input: input, output: scratch.path("o.wav"))
        #expect(try readAll(result.outputPath) == [1, 0, 32767, -32768])
    }

    @Test func channelsKeepFirstOrMix() throws {
        let scratch = try Scratch()
        let samples: [Int16] = Array(repeating: [1000, 3000, -500], count: 200).flatMap { $0 }
        let input = try scratch.write(
            "in.caf",
            try SoundFileBuilder.make(
                .caff, format: StreamFormat(sampleRate: 8000, channels: 3, coding: .integer(16, order: .bigEndian)),
                samples: samples))
        let pcm = try OutputDataFormat(parsing: "BEI16")
        let first = try Converter(options: ConversionOptions(dataFormat: pcm, channels: 2)).convert(
            input: input, output: scratch.path("first.caf"))
        #expect(try readAll(first.outputPath) == Array(repeating: [Int16(1000), 3000], count: 200).flatMap { $0 })
        let mixed = try Converter(options: ConversionOptions(dataFormat: pcm, mix: true)).convert(
            input: input, output: scratch.path("mix.caf"))
        // Three channels are L, R, C: the centre goes to each side at -3 dB, so to mono at 2 × -3 dB.
        let h = 0.5.squareRoot()
        let mono = Int16(((1000 + 3000 + 2 * h * -500) / (2 + 2 * h)).rounded())
        #expect(mono == 964)
        #expect(try readAll(mixed.outputPath) == [Int16](repeating: mono, count: 200))
    }

    @Test func resamplingKeepsTheToneAndLength() throws {
        let scratch = try Scratch()
        let input = try scratch.write(
            "in.wav",
            try SoundFileBuilder.make(
                .wave, format: StreamFormat(sampleRate: 44100, channels: 1, coding: .integer(16, order: .littleEndian)),
                samples: testSignal(frames: 44100, channels: 1)))
        let result = try Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "LEI16@22050")))
            .convert(input: input, output: scratch.path("o.wav"))
        #expect(abs(result.frames - 22050) <= 2)
        let out = try readAll(result.outputPath)
        let expected = testSignal(frames: out.count, channels: 1, rate: 22050)
        // Away from the edges, the resampled 440 Hz tone matches a tone generated at 22.05 kHz.
        var signal = 0.0, noise = 0.0
        for i in 1000..<(out.count - 1000) {
            signal += Double(expected[i]) * Double(expected[i])
            noise += pow(Double(expected[i]) - Double(out[i]), 2)
        }
        #expect(10 * log10(signal / noise) > 40)
    }

    @Test func inputIsNeverModifiedAndOutputReplacesAtomically() throws {
        let scratch = try Scratch()
        let original = try SoundFileBuilder.make(
            .aiff, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .bigEndian)),
            samples: testSignal(frames: 500, channels: 1))
        let input = try scratch.write("in.aiff", original)
        _ = try scratch.write("out.caf", [1, 2, 3])
        _ = try Converter().convert(input: input, output: scratch.path("out.caf"))
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: input))) == original)
        #expect(try SoundFile.inspect(path: scratch.path("out.caf")).coding == .ima4)
        #expect(scratch.contents == ["in.aiff", "out.caf"])
        #expect {
            _ = try Converter(options: ConversionOptions(fileType: .aiff)).convert(
                input: input, output: scratch.path("./in.aiff"))
        } throws: { ($0 as? AlertSoundError)?.kind == .invalidRequest }
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: input))) == original)
    }

    @Test func failingConversionsLeaveNothingBehind() throws {
        let scratch = try Scratch()
        let aac = try scratch.write(
            "aac.caf",
            Fixture.caf([
                .init("desc", Fixture.desc(format: "aac ", bytesPerPacket: 0, framesPerPacket: 1024, bits: 0)),
                .init("pakt", Fixture.pakt(packets: 1, valid: 10)), .init("data", Fixture.cafData(20))
            ]))
        #expect { _ = try Converter().convert(input: aac, output: scratch.path("out.caf")) } throws: {
            [.malformed, .unsupported].contains(($0 as? AlertSoundError)?.kind)
        }
        let noise = try scratch.write("noise.caf", Array("not a sound at all".utf8))
        #expect(throws: AlertSoundError.self) {
            _ = try Converter().convert(input: noise, output: scratch.path("out2.caf"))
        }
        #expect(scratch.contents == ["aac.caf", "noise.caf"])
    }

    @Test(arguments: [true, false])
    func abandonedOutputRemovesItsTemporaryFile(unnamed: Bool) throws {
        let scratch = try Scratch()
        var output: AtomicOutput? = try AtomicOutput(path: scratch.path("partial.caf"), unnamed: unnamed)
        try output!.append([UInt8](repeating: 7, count: 1000))
        if output!.temporaryPath == nil {
            #expect(scratch.contents.isEmpty, "an unnamed temporary file is invisible while it is written")
        } else {
            #expect(scratch.contents.count == 1 && AtomicOutput.isTemporaryName(scratch.contents[0]))
        }
        output = nil
        #expect(scratch.contents.isEmpty)
    }

    @Test(arguments: [true, false])
    func committedOutputReplacesOnlyARegularFileAndKeepsItsMode(unnamed: Bool) throws {
        let scratch = try Scratch()
        let existing = try scratch.write("out.caf", [1, 2, 3])
        chmod(existing, 0o640)
        let output = try AtomicOutput(path: existing, unnamed: unnamed)
        try output.append([9, 9])
        try output.commit()
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: existing))) == [9, 9])
        var info = stat()
        stat(existing, &info)
        #expect(info.st_mode & 0o777 == 0o640, "F7: an existing output keeps its permissions")
        #expect(scratch.contents == ["out.caf"])

        let fresh = try AtomicOutput(path: scratch.path("new.caf"), unnamed: unnamed)
        try fresh.append([5])
        try fresh.commit()
        #expect(scratch.contents == ["new.caf", "out.caf"])
    }

    /// F7: a FIFO, a device or a folder at the output path is refused and left as it was.
    @Test func outputThatIsNotARegularFileIsRefused() throws {
        let scratch = try Scratch()
        let fifo = scratch.path("pipe.caf")
        #expect(mkfifo(fifo, 0o644) == 0)
        let folder = scratch.path("dir.caf")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let input = try scratch.write(
            "in.aiff",
            try SoundFileBuilder.make(
                .aiff, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .bigEndian)),
                samples: [Int16](repeating: 100, count: 800)))
        for (target, what) in [(fifo, "a FIFO"), (folder, "a folder"), ("/dev/null", "a character device")] {
            #expect {
                _ = try Converter().convert(input: input, output: target)
            } throws: { error in
                let e = error as? AlertSoundError
                return e?.kind == .invalidRequest && e?.message.contains(what) == true
            }
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(Set(scratch.contents) == ["pipe.caf", "dir.caf", "in.aiff"])
    }

    /// F13: the temporary name must not push a long output name past NAME_MAX.
    @Test(arguments: [true, false])
    func outputNamesUpToNameMaxWork(unnamed: Bool) throws {
        let scratch = try Scratch()
        let name = String(repeating: "n", count: 251) + ".caf"
        let output = try AtomicOutput(path: scratch.path(name), unnamed: unnamed)
        try output.append([1])
        try output.commit()
        #expect(scratch.contents == [name])
    }

    /// F12: an input cut short while it is converted is an error, not a short output.
    @Test func inputThatShrinksWhileReadIsAnError() throws {
        let scratch = try Scratch()
        let format = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian))
        let input = try scratch.write(
            "in.wav", try SoundFileBuilder.make(.wave, format: format, samples: [Int16](repeating: 5, count: 40_000)))
        let source = try FileSource(path: input)
        let info = try SoundFile.inspect(source: source, name: input)
        let reader = try #require(NativeReader(source: source, info: info))
        _ = try reader.read(maxFrames: 1000)
        #expect(truncate(input, 20_000) == 0)
        #expect { while try !reader.read(maxFrames: 1000).isEmpty {} } throws: { error in
            (error as? AlertSoundError)?.message.contains("shrank") == true
        }
    }

    @Test func ima4InputsUseApplesDecoder() throws {
        // An AIFF-C ima4 written by us must decode to exactly what our decoder reconstructs.
        let scratch = try Scratch()
        let samples = testSignal(frames: 640, channels: 1)
        var encoder = IMA4Encoder(channels: 1)
        let audio = encoder.encode(samples) + encoder.finish()
        let format = StreamFormat(sampleRate: 8000, channels: 1, coding: .ima4)
        let input = try scratch.write(
            "in.aifc", try SoundFileBuilder.assemble(.aifc, format: format, frames: 11 * 64, audio: audio))
        var decoder = IMA4Decoder(channels: 1)
        #expect(try readAll(input) == decoder.decode(audio[...]))
    }
}
