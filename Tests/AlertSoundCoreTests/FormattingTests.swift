import Testing

@testable import AlertSoundCore

/// The number formatters the messages, reports and pages use take any Double without trapping
/// (`tenths(-1e19)` once converted to Int64 and trapped `check --levels`).
@Suite struct FormattingTests {
    static let awkward: [Double] = [
        0, -0.0, 1e14, -1e14, 1e15, 9.3e18, -9.3e18, 1e19, -1e19, 1e300, -1e300, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .infinity, -.infinity, .nan, Double(Int64.max),
        Double(Int64.min)
    ]

    @Test(arguments: awkward) func everyFormatterTakesAnyDouble(_ value: Double) {
        for text in [
            Formatting.number(value), Formatting.tenths(value), Formatting.seconds(value),
            Formatting.trimmedSeconds(value)
        ] {
            #expect(!text.isEmpty)
        }
    }

    @Test func ordinaryValuesKeepTheirForm() {
        #expect(
            Formatting.tenths(-3) == "-3.0" && Formatting.tenths(38.26) == "38.3"
                && Formatting.tenths(-1e19) == "-1e+19")
        #expect(
            Formatting.number(44_100) == "44100" && Formatting.number(.nan) == "nan"
                && Formatting.number(-1e19) == "-1e+19")
    }

    /// The documents' numbers: thousands grouped, sizes in MiB when whole.
    @Test func limitsAreWrittenAsTheDocumentsWriteThem() {
        #expect(Limits.grouped(0) == "0" && Limits.grouped(999) == "999" && Limits.grouped(1000) == "1,000")
        #expect(Limits.grouped(4_294_967_295 as Int64) == "4,294,967,295" && Limits.grouped(-1234) == "-1,234")
        #expect(Limits.grouped(Int64.min) == "-9,223,372,036,854,775,808")
        #expect(Limits.mebibytes(64 << 20) == "64 MiB" && Limits.mebibytes(1000) == "1,000 bytes")
        // Every bound is stated, none twice.
        let what = Limits.documented.map(\.what)
        #expect(Set(what).count == what.count && what.count >= 10)
    }
}
