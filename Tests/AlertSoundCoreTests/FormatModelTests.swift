import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCore

/// The one format model: what a writer is given is what the header readers find again, packet
/// geometry comes from the coding alone, and the `-d` table, the file types and the descriptions
/// agree with each other.
@Suite struct FormatModelTests {
    static let cases: [(FileType, String)] = FileType.allCases.flatMap { type in
        type.allowedDataFormats.map { (type, $0) }
    }

    /// A byte has no order: 8-bit codings compare without it.
    static func sameCoding(_ a: SampleCoding?, _ b: SampleCoding) -> Bool {
        guard var p = a?.pcm, var q = b.pcm, p.bits == 8, q.bits == 8 else { return a == b }
        p.order = .littleEndian
        q.order = .littleEndian
        return p == q
    }

    @Test(arguments: cases)
    func readersFindWhatWritersWrote(type: FileType, name: String) throws {
        let coding = try OutputDataFormat(parsing: name).coding
        for channels in [1, 2] {
            let format = StreamFormat(sampleRate: 22050, channels: channels, coding: coding)
            let samples = (0..<(100 * channels)).map { Int16(truncatingIfNeeded: $0 * 517) }
            let info = try SoundFile.inspect(
                bytes: try SoundFileBuilder.make(type, format: format, samples: samples), name: "t")
            #expect(
                Self.sameCoding(info.coding, coding),
                "\(type.rawValue) \(name): read back as \(String(describing: info.coding))")
            #expect(info.channels == channels && info.sampleRate == 22050)
            let packet = try #require(coding.packet(channels: channels))
            #expect(info.bytesPerPacket == packet.bytes && info.framesPerPacket == packet.frames)
            // AIFF-C ima4 counts whole packets; every other layout states the true length.
            #expect(info.frames == (type == .aifc && coding == .ima4 ? 128 : 100))
        }
    }

    @Test func onlyWritableCodingsAreCarried() {
        let unwritable: [SampleCoding] = [
            .imaAdpcm, .codec(.aac), .pcm(PCMFormat(.signed, bits: 12, order: .bigEndian)),
            .pcm(PCMFormat(.signed, bits: 24, bytesPerSample: 4, order: .littleEndian)),
            .float(16, order: .littleEndian),
            .pcm(PCMFormat(.unsigned, bits: 16, order: .littleEndian))
        ]
        for coding in unwritable {
            #expect(!coding.isWritable)
            #expect(FileType.allCases.allSatisfy { !$0.carries(coding) }, "\(coding) must not be carried")
        }
    }

    @Test func everyNameIsWritableAndCarriedSomewhere() {
        let names = OutputDataFormat.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Set(OutputDataFormat.all.map(\.coding)).count == names.count, "two names for one coding")
        for (name, coding) in OutputDataFormat.all {
            #expect(coding.isWritable, "\(name)")
            #expect(FileType.allCases.contains { $0.carries(coding) }, "\(name) fits no file type")
            #expect(OutputDataFormat.name(of: coding) == name)
        }
    }

    @Test func packetGeometryComesFromTheCoding() {
        #expect(SampleCoding.ima4.packet(channels: 2) == PacketGeometry(bytes: 68, frames: 64))
        #expect(SampleCoding.ulaw.packet(channels: 3) == PacketGeometry(bytes: 3, frames: 1))
        #expect(
            SampleCoding.pcm(PCMFormat(.signed, bits: 24, bytesPerSample: 4, order: .littleEndian)).packet(channels: 2)
                == PacketGeometry(bytes: 8, frames: 1))
        #expect(SampleCoding.imaAdpcm.packet(channels: 1) == nil)
        #expect(SampleCoding.codec(.aac).packet(channels: 1) == nil)
    }

    @Test func descriptionsUseAfconvertsWords() {
        #expect(
            StreamFormat(sampleRate: 44100, channels: 2, coding: .ima4).description
                == "2 ch, 44100 Hz, 'ima4' (0x00000000) 0 bits/channel, 68 bytes/packet, 64 frames/packet")
        #expect(
            StreamFormat(sampleRate: 8000, channels: 1, coding: .ulaw).description
                == "1 ch, 8000 Hz, 'ulaw' 8 bits/channel, 1 bytes/packet")
        #expect(
            StreamFormat(sampleRate: 48000, channels: 1, coding: .float(64, order: .littleEndian)).description
                == "1 ch, 48000 Hz, 'lpcm' 64-bit little-endian float")
        #expect(
            StreamFormat(sampleRate: 8000, channels: 1, coding: .unsigned8).description
                == "1 ch, 8000 Hz, 'lpcm' 8-bit little-endian unsigned integer")
    }

    /// One table of extensions: what a name promises, what a folder walk takes by name and what
    /// `convert` writes all come from `ContainerKind.fileExtensions`.
    @Test func oneTableOfExtensions() {
        for kind in ContainerKind.allCases {
            for ext in kind.fileExtensions {
                #expect(
                    ContainerKind(fileExtension: ext) == kind && ContainerKind(fileExtension: ext.uppercased()) == kind)
                #expect(ContainerKind.isSoundName("x." + ext) == !["mov", "3gp"].contains(ext), "\(ext)")
            }
        }
        for type in FileType.allCases {
            #expect(FileType(extension: type.fileExtension) == type && FileType(container: type.container) == type)
            #expect(type.container.fileExtensions.first == type.fileExtension)
        }
        #expect(
            FileType(extension: "aif") == .aiff && FileType(extension: "wave") == .wave
                && FileType(extension: "mp3") == nil)
        // The folder walk's list lacked these three while the extension rule knew them.
        #expect(
            ContainerKind(fileExtension: "m4b") == .mp4 && ContainerKind(fileExtension: "mov") == .mp4
                && ContainerKind(fileExtension: "3gp") == .mp4)
        #expect(ContainerKind.isSoundName("book.M4B") && !ContainerKind.isSoundName("intro.mov"))
        #expect(
            ContainerKind(fileExtension: "aac")?.family == [.adts, .mp4]
                && ContainerKind(fileExtension: "aif")?.family == [.aiff, .aifc])
    }

    /// An audiobook-style `.m4b` is found in a folder by its name, and judged by its content.
    @Test func aFolderWalkFindsWhatTheTableNames() throws {
        let scratch = try Scratch()
        let dir = scratch.url.path
        let caf = try SoundFileBuilder.make(
            .caff, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .ima4),
            samples: [Int16](repeating: 0, count: 640))
        #expect(FileManager.default.createFile(atPath: dir + "/chapter.m4b", contents: Data(caf)))
        #expect(FileManager.default.createFile(atPath: dir + "/intro.mov", contents: Data("not a sound".utf8)))
        let report = Checker().check(paths: [dir])
        #expect(report.files.map { lastComponent($0.path) } == ["chapter.m4b"])
        #expect(report.files.first?.diagnostics.contains { $0.code == .extensionMismatch } == true)
    }

    /// What a file type does not carry cannot reach a writer: the builder throws where it trapped.
    @Test func whatATypeDoesNotCarryIsRefusedNotTrapped() {
        let refused: [(FileType, SampleCoding)] = [
            (.wave, .ima4), (.caff, .codec(.aac)), (.aifc, .imaAdpcm),
            (.aiff, .integer(16, order: .littleEndian)), (.wave, .integer(16, order: .bigEndian)),
            (.wave, .integer(8, order: .littleEndian))
        ]
        for (type, coding) in refused {
            let format = StreamFormat(sampleRate: 8000, channels: 1, coding: coding)
            #expect(type.carrying(format) == nil && !type.carries(coding))
            #expect(throws: AlertSoundError.self) { try SoundFileBuilder.make(type, format: format, samples: [0, 0]) }
        }
        // Every coding a type carries has a layout, and only those.
        for type in FileType.allCases {
            for (_, coding) in OutputDataFormat.all {
                #expect(
                    (type.carrying(StreamFormat(sampleRate: 8000, channels: 1, coding: coding)) != nil)
                        == type.carries(coding))
            }
        }
        #expect(
            WritableCoding(.codec(.aac)) == nil && WritableCoding(.imaAdpcm) == nil
                && WritableCoding(.ima4)?.coding == .ima4)
    }

    /// OtherCodec names are spelled once (``OtherCodec``); what a file names otherwise is carried as it comes.
    @Test func codecNamesComeFromOneList() throws {
        for codec in OtherCodec.allCases {
            #expect(SampleCoding.codec(codec).code == codec.rawValue && SampleCoding.codec(codec).codec == codec)
        }
        #expect(SampleCoding.other("au-encoding-9").codec == nil && SampleCoding.ima4.codec == nil)
        // The sniffer's names are the list's.
        let flac = Sniffer.kind(of: Array("fLaC".utf8) + [0, 0, 0, 0]),
            mp3 = Sniffer.kind(of: Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 0, 0xFF, 0xFB, 0x90, 0x00])
        #expect(flac?.container == .flac && flac?.coding == .codec(.flac))
        #expect(mp3?.container == .mp3 && mp3?.coding == .codec(.mp3))
    }

    /// The sniffer says what it finds in the format vocabulary, down to the container's variant.
    @Test func theSnifferNamesContainersAsTheReadersDo() throws {
        let mono = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .bigEndian))
        let little = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian))
        let files: [(FileType, StreamFormat)] = [(.aiff, mono), (.aifc, mono), (.wave, little), (.caff, mono)]
        for (type, format) in files {
            let bytes = try SoundFileBuilder.make(type, format: format, samples: [Int16](repeating: 0, count: 8))
            let found = try #require(Sniffer.kind(of: Array(bytes.prefix(64))))
            #expect(
                found.container == (try SoundFile.inspect(bytes: bytes)).container && found.coding == nil, "\(type)")
        }
        #expect(Sniffer.kind(of: Array("RIFX".utf8) + [0, 0, 0, 0])?.container == .rifx)
        #expect(Sniffer.kind(of: Array("RF64".utf8) + [0, 0, 0, 0])?.container == .rf64)
    }

    /// AIFF-C's types and WAVE's tags are one table each: what the writer picks, the reader reads back.
    @Test func containerTablesReadBackWhatTheyWrite() throws {
        for type in AIFFCompression.allCases {
            // Upper case reads as the type, but for µ-law and A-law, which AudioToolbox refuses so.
            let upper = AIFFCompression(
                FourCC(type.fourCC.lowercasedName.uppercased().padding(toLength: 4, withPad: " ", startingAt: 0)))
            #expect(AIFFCompression(type.fourCC) == type && (type.matchesCase ? upper == nil : upper == type))
        }
        for (_, coding) in OutputDataFormat.all where FileType.aifc.carries(coding) {
            let written = AIFFCompression.writing(WritableCoding(coding)!)
            #expect(written.type.coding(sampleSize: written.sampleSize).coding == coding, "\(coding)")
        }
        for (_, coding) in OutputDataFormat.all {
            guard let carried = FileType.wave.carrying(StreamFormat(sampleRate: 8000, channels: 1, coding: coding))
            else { continue }
            let tag = try #require(WAVWriter.tagAndBits(carried.coding)?.0, "\(coding)")
            #expect(carried.layout == .wave)
            #expect([WAVTag.pcm, WAVTag.float, WAVTag.alaw, WAVTag.ulaw].contains(tag) && WAVTag.codecs[tag] == nil)
        }
    }

}
