import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Payloads and name lists are bounded by size and count before they are parsed. Each test holds a finding of
/// shared/attack/README.md (its `.bug` trait); the exact inputs are in AttackInputs.swift.
@Suite struct ReferenceLimitsTests {
    // F16: a 100 MB payload of numbers cost 3 GB; a million names cost 1 GB.
    @Test(.bug(id: "attack F16")) func payloadsAndNameListsHaveLimits() throws {
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
}
