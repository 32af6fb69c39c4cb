import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Hostile headers read as AudioToolbox would refuse or bound them: sizes that overflow, counts nobody could mean. Each test holds a finding of
/// shared/attack/README.md (its `.bug` trait); the exact inputs are in AttackInputs.swift.
@Suite struct HeaderBoundsTests {
    // F1: an RF64 size of Int64.max overflowed `declared + 8` and trapped check, folders and .ipa runs.
    @Test(.bug(id: "attack F1")) func rf64SizeOverflowIsReportedNotTrapped() throws {
        let report = Checker().check(bytes: AttackInputs.f1Rf64RiffsizeOverflowWav, name: "boom.wav")
        #expect(HostileInput.codes(report).contains("unsupported-container"))
        #expect(HostileInput.codes(report).contains("damaged-header"))
        let bundle = try HostileInput.ipaReport(AttackInputs.f1Rf64Ipa)
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

    // F4 and F17: implausible headers were called valid, and then trapped convert's narrowing.
    @Test(.bug(id: "attack F4"), .bug(id: "attack F17")) func implausibleHeadersAreMalformed() throws {
        #expect(
            HostileInput.codes(Checker().check(bytes: AttackInputs.f4Caf40000chNoaudioCaf, name: "x.caf")) == [
                "malformed"
            ])
        #expect(
            HostileInput.codes(Checker().check(bytes: AttackInputs.f4FuzzWav32770chWav, name: "x.wav")) == ["malformed"]
        )
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
            #expect(HostileInput.codes(Checker().check(bytes: bytes, name: "x")) == ["malformed"], "\(what)")
        }
        // A rate AudioToolbox would read as stated is read and judged (docs/command-line.md's policy), not malformed.
        let fast = Fixture.wav([
            .init("fmt ", Fixture.fmt(rate: 99_999_999)), .init("data", [UInt8](repeating: 0, count: 64))
        ])
        #expect(HostileInput.codes(Checker().check(bytes: fast, name: "x.wav")) == ["unusual-sample-rate"])
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
}
