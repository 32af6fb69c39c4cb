/// How alertsound writes numbers, shared by the library's messages and the command's output.
public enum Formatting {
    /// Seconds with millisecond precision, without the unit: `1.500`.
    public static func seconds(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return String(value) }
        let ms = Int64((value * 1000).rounded())
        let sign = ms < 0 ? "-" : ""
        let fraction = String(abs(ms) % 1000)
        return "\(sign)\(abs(ms) / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// Seconds to three decimals without trailing zeros (`0.213`, `0.07`, `1`), as afconvert writes
    /// the duration into a CAF's `info`.
    public static func trimmedSeconds(_ value: Double) -> String {
        var text = seconds(value)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A whole number without a fraction (`44100`), anything else as Swift prints it (`22050.5`,
    /// `1e+19`, `nan`). Never traps, whatever the value.
    public static func number(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A range as the messages and `--help` state it: `-60 to 6`.
    public static func range(_ range: ClosedRange<Double>) -> String {
        "\(number(range.lowerBound)) to \(number(range.upperBound))"
    }

    /// To a tenth, always with one decimal (`-3.0`, `38.3`, `-0.5`): decibels, LUFS, SNR. A value
    /// too large to hold a tenth's precision (beyond 10^14) is written as Swift prints it.
    public static func tenths(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e14 else { return String(value) }
        let t = (value * 10).rounded() / 10
        return t == t.rounded() ? "\(Int64(t)).0" : number(t)
    }
}
