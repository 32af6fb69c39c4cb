import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// One regression test per finding in shared/attack/README.md (F1–F17), each with the class
/// behind it. The exact inputs are in AttackInputs.swift (scripts/dev/attack-fixtures); the rest are
/// built here.
@Suite struct HardeningTests {
    static let mono16 = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .bigEndian))
    static let goodCAF = try! SoundFileBuilder.make(.caff, format: mono16, samples: [Int16](repeating: 300, count: 800))

    func codes(_ report: FileReport) -> [String] { report.diagnostics.map(\.code.rawValue) }

    func ipaReport(_ bytes: [UInt8], references: [SoundReference] = []) throws -> BundleReport {
        let scratch = try Scratch()
        return try BundleValidator().validate(path: try scratch.write("App.ipa", bytes), references: references)
    }

    // F1: an RF64 size of Int64.max overflowed `declared + 8` and trapped check, folders and .ipa runs.
    @Test func f1RF64SizeOverflowIsReportedNotTrapped() throws {
        let report = Checker().check(bytes: AttackInputs.f1Rf64RiffsizeOverflowWav, name: "boom.wav")
        #expect(codes(report).contains("unsupported-container"))
        #expect(codes(report).contains("damaged-header"))
        let bundle = try ipaReport(AttackInputs.f1Rf64Ipa)
        #expect(bundle.files.map(\.relativePath) == ["alert.caf", "boom.wav"], "the whole archive is reported")
        #expect(bundle.files[0].report.valid && !bundle.files[1].report.valid)
        // The class: a ds64 that states any 64-bit sizes.
        for size in [UInt64.max, UInt64(Int64.max), UInt64(Int64.max) - 7, 1 << 62] {
            var bytes = AttackInputs.f1Rf64RiffsizeOverflowWav
            for i in 0..<8 {
                bytes[20 + i] = UInt8(truncatingIfNeeded: size >> (8 * UInt64(i)))
                bytes[28 + i] = bytes[20 + i]
            }
            _ = Checker().check(bytes: bytes, name: "x.wav")
        }
    }

    // F2: deflate streams that stop before their end made ZIPFoundation's inflate loop spin forever.
    @Test func f2DeflateThatStopsShortIsUnreadableNotAHang() throws {
        for input in [AttackInputs.f2MinTruncatedDeflateIpa, AttackInputs.f2MinUnterminatedDeflateIpa] {
            let bundle = try ipaReport(input)
            #expect(bundle.files.count == 1)
            #expect(codes(bundle.files[0].report) == ["unreadable"])
            #expect(bundle.files[0].report.diagnostics[0].message.contains("cannot decompress"))
        }
        // The class: streams cut where the header walk must read, and sizes that lie in both
        // directions. (A cut inside audio the check never reads is not noticed: it reads headers only.)
        let tailed = Fixture.wav([
            .init("fmt ", Fixture.fmt()), .init("data", [UInt8](repeating: 7, count: 1600)),
            .init("LIST", Array("INFOtail".utf8))
        ])
        var zip = ZipWriter()
        for cut in [8, 17, 40] { zip.add("Payload/App.app/cut\(cut).wav", tailed, dropTail: cut) }
        zip.add("Payload/App.app/short.wav", tailed, declaredSize: tailed.count * 3)
        zip.add("Payload/App.app/whole.wav", tailed)
        let bundle = try ipaReport(zip.archive())
        #expect(bundle.files.map(\.relativePath) == ["cut17.wav", "cut40.wav", "cut8.wav", "short.wav", "whole.wav"])
        for file in bundle.files.dropLast() { #expect(codes(file.report) == ["unreadable"], "\(file.relativePath)") }
        #expect(bundle.files.last?.report.valid == true)
    }

    // F3: `Payload/App.app///é` trapped inside Foundation's NSString.lastPathComponent.
    @Test func f3OddEntryNamesAreNormalisedWithoutFoundation() throws {
        let bundle = try ipaReport(AttackInputs.f3MinDoubleSlashNameIpa)
        #expect(bundle.files.map(\.relativePath) == ["alert.caf"])
        var zip = ZipWriter()
        zip.add("Payload//App.app///./é.caf", Self.goodCAF, method: .stored)
        zip.add("Payload/App.app/../../evil.caf", Self.goodCAF)
        zip.add(raw: Array("Payload/App.app/bad".utf8) + [0xFF, 0xFE] + Array(".caf".utf8), Self.goodCAF)
        zip.add("Payload/App.app/link.caf", Array("alert.caf".utf8), method: .stored, unixMode: 0o120777)
        let odd = try ipaReport(zip.archive())
        let byPath = Dictionary(uniqueKeysWithValues: odd.files.map { ($0.relativePath, $0.report) })
        #expect(byPath["é.caf"]?.valid == true)
        #expect(
            byPath["bad\\xff\\xfe.caf"]?.valid == true, "a name that is not UTF-8 is shown escaped and still checked")
        #expect(byPath["link.caf"].map(codes) == ["unreadable"])
        #expect(odd.files.contains { $0.report.diagnostics.contains { $0.message.contains("'..'") } })
    }

    // F4 and F17: implausible headers were called valid, and then trapped convert's narrowing.
    @Test func f4f17ImplausibleHeadersAreUnreadable() throws {
        #expect(codes(Checker().check(bytes: AttackInputs.f4Caf40000chNoaudioCaf, name: "x.caf")) == ["malformed"])
        #expect(codes(Checker().check(bytes: AttackInputs.f4FuzzWav32770chWav, name: "x.wav")) == ["malformed"])
        let implausible: [(String, [UInt8])] = [
            (
                "255-bit PCM",
                Fixture.wav([
                    .init("fmt ", Fixture.fmt(bits: 255, blockAlign: 32)),
                    .init("data", [UInt8](repeating: 0, count: 64))
                ])
            ),
            (
                "16-bit float",
                Fixture.wav([
                    .init("fmt ", Fixture.fmt(tag: 3, bits: 16)), .init("data", [UInt8](repeating: 0, count: 64))
                ])
            ),
            (
                "24-bit float",
                Fixture.wav([
                    .init("fmt ", Fixture.fmt(tag: 3, bits: 24)), .init("data", [UInt8](repeating: 0, count: 63))
                ])
            ),
            ("CAF 5 GHz", Fixture.caf([.init("desc", Fixture.desc(rate: 5e9)), .init("data", Fixture.cafData(8))])),
            (
                "65,535 channels",
                Fixture.wav([.init("fmt ", Fixture.fmt(channels: 65_535, blockAlign: 65_534)), .init("data", [0, 0])])
            ),
            (
                "CAF 16-bit float",
                Fixture.caf([
                    .init("desc", Fixture.desc(flags: 1, bytesPerPacket: 2, bits: 16)),
                    .init("data", Fixture.cafData(8))
                ])
            ),
            (
                "CAF 5-byte integers",
                Fixture.caf([
                    .init("desc", Fixture.desc(bytesPerPacket: 5, bits: 40)), .init("data", Fixture.cafData(10))
                ])
            ),
            (
                "AIFF 32,767 channels",
                Fixture.aiff([.init("COMM", Fixture.comm(channels: 32_767)), .init("SSND", Fixture.ssnd(4))])
            )
        ]
        for (what, bytes) in implausible {
            #expect(codes(Checker().check(bytes: bytes, name: "x")) == ["malformed"], "\(what)")
        }
        // A rate AudioToolbox would read as stated is read and judged (docs/command-line.md's policy), not malformed.
        let fast = Fixture.wav([
            .init("fmt ", Fixture.fmt(rate: 99_999_999)), .init("data", [UInt8](repeating: 0, count: 64))
        ])
        #expect(codes(Checker().check(bytes: fast, name: "x.wav")) == ["unusual-sample-rate"])
        let scratch = try Scratch()
        for (name, bytes) in [
            ("a.caf", AttackInputs.f4Caf40000chNoaudioCaf), ("b.wav", AttackInputs.f4FuzzWav32770chWav)
        ] {
            let input = try scratch.write(name, bytes)
            for type in FileType.allCases {
                #expect(throws: AlertSoundError.self) {
                    _ = try Converter(options: ConversionOptions(fileType: type)).convert(
                        input: input, output: scratch.path("out"))
                }
            }
        }
        #expect(scratch.contents == ["a.caf", "b.wav"], "no temporary file is left")
    }

    // F5: every inflated entry was held until the end (1 GB for 16 entries of 60 MB).
    @Test func f5ArchiveEntriesAreReadThroughABoundedWindow() throws {
        // A WAV whose data chunk claims 60 MB of zeros, then a trailing chunk: the walk must inflate it all.
        let audio = 60 << 20
        var wav = Fixture.wav([
            .init("fmt ", Fixture.fmt()), .init("data", [UInt8](repeating: 0, count: audio)),
            .init("LIST", [0, 0, 0, 0])
        ])
        let compressed = ZipWriter.deflate(wav)
        let source = try InflatingSource(
            archive: MemorySource(compressed), dataOffset: 0, compressedSize: Int64(compressed.count),
            size: Int64(wav.count))
        let info = try SoundFile.inspect(source: source, name: "big.wav")
        #expect(info.frames == Int64(audio / 2))
        #expect(info.chunks.map(\.id) == ["fmt ", "data", "LIST"])
        #expect(source.keptBlocks <= Int(InflatingSource.pinnedBlocks) + InflatingSource.maximumKeptBlocks)
        wav = []
        // Reading backwards restarts the stream a bounded number of times, then gives up with an error.
        let backwards = try InflatingSource(
            archive: MemorySource(compressed), dataOffset: 0, compressedSize: Int64(compressed.count), size: 60 << 20)
        #expect(throws: AlertSoundError.self) {
            for block in stride(from: Int64(59 << 20), to: 1 << 20, by: -(1 << 20)) {
                _ = try backwards.read(at: block, count: 4)
            }
        }
    }

    // F6: 2,048 case variants of one name gave each a warning listing all the others (quadratic output).
    @Test func f6CollisionWarningsGrowLinearly() throws {
        var zip = ZipWriter()
        let base = Array("notifications")
        for variant in 0..<2048 {
            let name =
                String(
                    base.enumerated().map { i, c in i < 11 && variant >> i & 1 == 1 ? Character(c.uppercased()) : c })
                + ".caf"
            zip.add("Payload/App.app/" + name, Self.goodCAF, method: .stored)
        }
        let bundle = try ipaReport(zip.archive())
        #expect(bundle.files.count == 2048)
        let messages = bundle.files.flatMap {
            $0.report.diagnostics.filter { $0.code.rawValue == "ambiguous-name" }.map(\.message)
        }
        #expect(messages.count == 2048)
        let total = messages.reduce(0) { $0 + $1.utf8.count }
        #expect(total < 2048 * 200 + 2048 * 25, "each colliding name appears a bounded number of times: \(total) bytes")
    }

    // F8: an .xcarchive whose app is a link to `/` scanned the whole disk.
    @Test func f8XcarchiveAppLinkedOutsideIsReported() throws {
        let scratch = try Scratch()
        let apps = scratch.path("My.xcarchive/Products/Applications")
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: apps + "/My.app", withDestinationPath: "/")
        #expect { _ = try BundleValidator().validate(path: scratch.path("My.xcarchive")) } throws: { error in
            (error as? AlertSoundError)?.message.contains("outside the archive") == true
        }
    }

    // F9: a FIFO (directly or through a link in a folder) blocked check forever.
    @Test func f9FIFOsAndDevicesAreRefusedWithoutBlocking() throws {
        let scratch = try Scratch()
        #expect(mkfifo(scratch.path("pipe.caf"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("link.wav"), withDestinationPath: scratch.path("pipe.caf"))
        _ = try scratch.write("good.caf", Self.goodCAF)
        let direct = Checker().check(path: scratch.path("pipe.caf"))
        #expect(codes(direct) == ["unreadable"] && direct.diagnostics[0].message.contains("FIFO"))
        #expect(codes(Checker().check(path: "/dev/zero")) == ["unreadable"])
        let folder = Checker().check(paths: [scratch.url.path])
        #expect(folder.files.map { lastComponent($0.path) } == ["good.caf", "link.wav", "pipe.caf"])
        #expect(folder.files.map(\.valid) == [true, false, false])
        let scratch2 = try Scratch()
        #expect(throws: AlertSoundError.self) {
            _ = try Converter().convert(input: scratch.path("pipe.caf"), output: scratch2.path("x.caf"))
        }
    }

    // F10: convert held channels × 16,384 frames per block (1.6 GB for 65,535 channels).
    @Test func f10ConversionBlocksAreBoundedByBytes() throws {
        let scratch = try Scratch()
        let channels = Limits.maximumChannels
        let format = StreamFormat(sampleRate: 8000, channels: channels, coding: .integer(16, order: .bigEndian))
        let input = try scratch.write(
            "wide.caf",
            try SoundFileBuilder.make(.caff, format: format, samples: [Int16](repeating: 1, count: channels * 700)))
        let result = try Converter(
            options: ConversionOptions(dataFormat: OutputDataFormat(parsing: "LEI16"), fileType: .wave)
        )
        .convert(input: input, output: scratch.path("wide.wav"))
        #expect(result.frames == 700)
        let info = try SoundFile.inspect(path: scratch.path("wide.wav"))
        #expect(info.channels == channels && info.frames == 700)
        #expect(
            Converter.blockFrames(channels: channels, blockBytes: Limits.conversionBlockBytes) * channels * 4
                <= Limits.conversionBlockBytes)
    }

    // F11: alertsound's own temporary files, left by a killed run, were reported as valid sounds.
    @Test func f11OwnTemporaryFilesAreNotSounds() throws {
        let scratch = try Scratch()
        _ = try scratch.write(".alertsound-Ab3dE9", Self.goodCAF)
        _ = try scratch.write("alert.caf", Self.goodCAF)
        #expect(Checker().check(paths: [scratch.url.path]).files.map { lastComponent($0.path) } == ["alert.caf"])
        #expect(try BundleValidator().validate(path: scratch.url.path).files.map(\.relativePath) == ["alert.caf"])
    }

    // F14 (and names that are not UTF-8): sounds deeper than PATH_MAX were skipped without a word.
    @Test func f14WalksReachAnyDepthAndAnyName() throws {
        let scratch = try Scratch()
        var fd = open(scratch.url.path, O_RDONLY | O_DIRECTORY)
        let level = String(repeating: "d", count: 200)
        for depth in 0..<25 {  // 25 × 201 bytes: past PATH_MAX (4096)
            if mkdirat(fd, level, 0o755) != 0 {
                // Linux and APFS take any depth through openat; a path-based FUSE mount (the
                // case-insensitive test's) refuses past PATH_MAX. Test only what the volume can hold.
                #expect(errno == ENAMETOOLONG && depth >= 19, "mkdirat failed at depth \(depth): errno \(errno)")
                close(fd)
                return
            }
            let next = openat(fd, level, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        // APFS refuses a name that is not UTF-8; where the volume takes one, the walk must show it.
        let odd = Volume.acceptsNonUTF8Names(scratch.url.path)
        for name in [Array("deep.caf".utf8)] + (odd ? [Array("caf".utf8) + [0xFF] + Array(".caf".utf8)] : []) {
            let file = (name + [0]).withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { openat(fd, $0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
            }
            #expect(Self.goodCAF.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == Self.goodCAF.count)
            close(file)
        }
        close(fd)
        let report = Checker().check(paths: [scratch.url.path])
        #expect(report.files.count == (odd ? 2 : 1))
        #expect(report.files.allSatisfy { $0.valid })
        #expect(!odd || report.files.contains { $0.path.hasSuffix("/caf\\xff.caf") })
        #expect(report.files.allSatisfy { $0.path.utf8.count > 5000 })
    }

    // F16: a 100 MB payload of numbers cost 3 GB; a million names cost 1 GB.
    @Test func f16PayloadsAndNameListsHaveLimits() throws {
        let scratch = try Scratch()
        let big =
            "{\"aps\":{\"sound\":\"a.caf\"},\"n\":[" + String(repeating: "1,", count: Limits.maximumPayloadBytes / 2)
            + "1]}"
        let path = try scratch.write("big.apns", Array(big.utf8))
        let references = SoundReference.payload(at: path)
        #expect(references.count == 1 && references[0].problems.map(\.code.rawValue) == ["bad-payload"])
        #expect(references[0].problems[0].message.contains("at most"))
        let list = try scratch.write(
            "names.txt", Array(String(repeating: "a.caf\n", count: Limits.maximumNameListEntries + 1).utf8))
        #expect(throws: AlertSoundError.self) { _ = try SoundReference.list(at: list) }
        let huge = try scratch.write("huge.txt", [UInt8](repeating: 0x61, count: Limits.maximumNameListBytes + 1))
        #expect(throws: AlertSoundError.self) { _ = try SoundReference.list(at: huge) }
    }

    /// Found by `scripts/dev/fuzz convert` in this session: an AIFF-C whose rate is too low for
    /// libsamplerate to reach 11025 Hz made Resampler free its state twice (SEGV in src_delete).
    static let resamplerDoubleFree = [UInt8](
        Data(
            base64Encoded:
                "Rk9STQAARVhBSUZDRlZFUgAAAASigFFAQ09NTQAAAEQAAQAAETsAIEAArA4AAABEAABpbjMyLExpbmVhciBQQ00sIDMyIGJpdCBiaWctZW5kaWFuIHNpZ25lZCBpbnRlZ2VyAFNTTkQAAET0AAAAAAAAAAAAAAAKAAAACgAAAAoAAAAKAAAACgAAAAoAAAAKAAAACoAAAFBLBgZ/hRu/f4epnv+KN37/jMVef49TPn9wkeEd/5Ru/f+W/N1/mYq8/5wYnP+epnx/oTRcf6PCO/+mUBv/qN37f6tr23+t+br/sIea/7MVen+1o1n/uDE5/7q/GX+9TPl/v9rY/8JouL/E9ph/x4R4P8oSV//MoDe/zy4Xf9G79z/USdb/1te2f9lllj/b83X/3oFVv+EPNX/jnRU/5ir0/+i41L/rRrRf7dSUH/Bic9/y8FOP9X4zT/gMEwf6mfK//SfSe/+1sjYCQ5HwBNFxqAdfUWAJ7TEgDHsQ0A8I8JARltBAFCSwABayj8AZQG+AG85PIB5cLuAg6g7AI3fuQCYFzgAok63AKyGNgC2vbUAwPU0AMssswDVZDIA35uxAOnTLwD0Cq4A/kItAQh5rAESsSwBHOiqAScgKAExV6gBO48mAUXGpgFP/iQBWjWkAWRtIgFupKIBeNwgAYMTngGNSx4Bl4KcAaG6HAGr8ZoBtikaAcBgmAHKmBgB1M+WAd8HFgHpPpQB83YSAf////4H5Q/+EhyP/hxUDf4mi43+MMML/jr6i/5FMgn+T2mH/lmhB/5j2IX+bhAF/nhHg/6CfwP+jLaB/pbuAf6hJX/+q14CAO3F/gslQ/4VXMP+H5RBjYWZmAAEAAGRliBEB6mfMBHhHiAcGJ0AJlAbwDCHmsA6vxnARPaYgE8uF4BZZZaAY50VAG3UlAB4DBMAgkOSAIx7EQCWspAAoOoPAKshjgC1WQwAv5CLAMnICgDT/4kA3jcIAOhuhwDypgYA/N2FAQcVBAERTIIBG4QCASW7gAEv8wABOip+AURh/AFOmXwBWND5JRDOAWMIegFtP/gBd3d4AYGu9gGL5nYBlh30AaBVdAGqjPIBtMRwAb778AHJM24B02ruAd2ibAHn2ewB8hFoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgH8SOoCBoBn/hC35f4a72QAAAAAAAAAAAAAAAAAAAAAAAH+JSbj/i9eY/45leH+Q81h/k4E0/5YPF/+YnPd/myrW/524tv+gRpZ/otR2f6ViVf+n8DX/qn4Vf60L9X+vmdT/sie0/7S1lH+3Q3P/udFT/7xfM3++7RN/wXry/8QI0r/GlrJ/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAyQAAAAAAAAAAAAAAAAAAAAAAAAAkkg=="
        )!)

    @Test func fuzzResamplerRefusalIsAnErrorNotADoubleFree() throws {
        let scratch = try Scratch()
        let slow = try SoundFileBuilder.make(
            .aiff, format: StreamFormat(sampleRate: 10, channels: 1, coding: .integer(16, order: .bigEndian)),
            samples: [Int16](repeating: 9, count: 100))
        for (name, bytes) in [("fuzz.aifc", Self.resamplerDoubleFree), ("slow.aiff", slow)] {
            let input = try scratch.write(name, bytes)
            #expect {
                _ = try Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4@11025")))
                    .convert(input: input, output: scratch.path("out.caf"))
            } throws: { error in
                let e = error as? AlertSoundError
                return e?.kind == .invalidRequest && e?.message.contains("1/256 to 256") == true
            }
        }
        #expect(scratch.contents == ["fuzz.aifc", "slow.aiff"])
    }
}
