import AlertSoundCore
import Testing

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
}
