import Foundation
import Testing

@testable import AlertSoundCore

/// `Limits` states every bound once, and the documents say each one (`Limits.documented`).
@Suite struct LimitsTests {
    /// The documents' numbers: thousands grouped, sizes in MiB when whole.
    @Test func numbersAreWrittenAsTheDocumentsWriteThem() {
        #expect(Limits.grouped(0) == "0" && Limits.grouped(999) == "999" && Limits.grouped(1000) == "1,000")
        #expect(Limits.grouped(4_294_967_295 as Int64) == "4,294,967,295" && Limits.grouped(-1234) == "-1,234")
        #expect(Limits.grouped(Int64.min) == "-9,223,372,036,854,775,808")
        #expect(Limits.mebibytes(64 << 20) == "64 MiB" && Limits.mebibytes(1000) == "1,000 bytes")
        let what = Limits.documented.map(\.what)
        #expect(Set(what).count == what.count, "a bound listed twice")
    }

    /// A bound added to `Limits` without a line in `documented` fails here, so the man page and the
    /// guide cannot fall behind the code (the constants are read from the source: Swift cannot list
    /// a type's static members).
    @Test func everyBoundIsDocumented() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/AlertSoundCore/Limits")
        let limits = try String(contentsOf: folder.appendingPathComponent("Limits.swift"), encoding: .utf8)
        let documentation = try String(
            contentsOf: folder.appendingPathComponent("Limits+Documentation.swift"), encoding: .utf8)
        let names = limits.matches(of: #/static let (\w+)/#).map { String($0.1) }
        #expect(names.count >= 25, "\(names)")
        let missing = try names.filter { name in try documentation.firstMatch(of: Regex("\\b\(name)\\b")) == nil }
        #expect(missing.isEmpty, "in Limits but not in Limits.documented: \(missing)")
    }
}
