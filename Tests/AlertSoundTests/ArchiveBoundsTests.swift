import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// An .ipa read in place: deflate streams that end early, odd entry names, entries inflated through a bounded window, and names whose findings must grow linearly. Each test holds a finding of
/// shared/attack/README.md (its `.bug` trait); the exact inputs are in AttackInputs.swift.
@Suite struct ArchiveBoundsTests {
    // F2: deflate streams that stop before their end made ZIPFoundation's inflate loop spin forever.
    @Test(.bug(id: "attack F2")) func deflateThatStopsShortIsUnreadableNotAHang() throws {
        for input in [AttackInputs.f2MinTruncatedDeflateIpa, AttackInputs.f2MinUnterminatedDeflateIpa] {
            let bundle = try HostileInput.ipaReport(input)
            #expect(bundle.files.count == 1)
            #expect(HostileInput.codes(bundle.files[0].report) == ["unreadable"])
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
        let bundle = try HostileInput.ipaReport(zip.archive())
        #expect(bundle.files.map(\.relativePath) == ["cut17.wav", "cut40.wav", "cut8.wav", "short.wav", "whole.wav"])
        for file in bundle.files.dropLast() {
            #expect(HostileInput.codes(file.report) == ["unreadable"], "\(file.relativePath)")
        }
        #expect(bundle.files.last?.report.valid == true)
    }

    // F3: `Payload/App.app///é` trapped inside Foundation's NSString.lastPathComponent.
    @Test(.bug(id: "attack F3")) func oddEntryNamesAreNormalisedWithoutFoundation() throws {
        let bundle = try HostileInput.ipaReport(AttackInputs.f3MinDoubleSlashNameIpa)
        #expect(bundle.files.map(\.relativePath) == ["alert.caf"])
        var zip = ZipWriter()
        zip.add("Payload//App.app///./é.caf", HostileInput.goodCAF, method: .stored)
        zip.add("Payload/App.app/../../evil.caf", HostileInput.goodCAF)
        zip.add(raw: Array("Payload/App.app/bad".utf8) + [0xFF, 0xFE] + Array(".caf".utf8), HostileInput.goodCAF)
        zip.add("Payload/App.app/link.caf", Array("alert.caf".utf8), method: .stored, unixMode: 0o120777)
        let odd = try HostileInput.ipaReport(zip.archive())
        let byPath = Dictionary(uniqueKeysWithValues: odd.files.map { ($0.relativePath, $0.report) })
        #expect(byPath["é.caf"]?.valid == true)
        #expect(
            byPath["bad\\xff\\xfe.caf"]?.valid == true, "a name that is not UTF-8 is shown escaped and still checked")
        #expect(byPath["link.caf"].map(HostileInput.codes) == ["unreadable"])
        #expect(odd.files.contains { $0.report.diagnostics.contains { $0.message.contains("'..'") } })
    }

    // F5: every inflated entry was held until the end (1 GB for 16 entries of 60 MB).
    @Test(.bug(id: "attack F5")) func entriesAreReadThroughABoundedWindow() throws {
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
    @Test(.bug(id: "attack F6")) func collisionWarningsGrowLinearly() throws {
        var zip = ZipWriter()
        let base = Array("notifications")
        for variant in 0..<2048 {
            let name =
                String(
                    base.enumerated().map { i, c in i < 11 && variant >> i & 1 == 1 ? Character(c.uppercased()) : c })
                + ".caf"
            zip.add("Payload/App.app/" + name, HostileInput.goodCAF, method: .stored)
        }
        let bundle = try HostileInput.ipaReport(zip.archive())
        #expect(bundle.files.count == 2048)
        let messages = bundle.files.flatMap {
            $0.report.diagnostics.filter { $0.code.rawValue == "ambiguous-name" }.map(\.message)
        }
        #expect(messages.count == 2048)
        let total = messages.reduce(0) { $0 + $1.utf8.count }
        #expect(total < 2048 * 200 + 2048 * 25, "each colliding name appears a bounded number of times: \(total) bytes")
    }
}
