import AlertSound

// log10 from the C library: Foundation would link ICU into the binary (issue 47).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fix`'s defaults in the words `--help` uses, made from the constants that set them.
enum FixDefaults {
    static let silence = decibels(FixOptions.silenceThreshold)
    static let normalizedPeak = decibels(FixOptions.normalizedPeak)
    static let fade = milliseconds(FixOptions.defaultFade)
    static let clickFade = milliseconds(FixOptions.clickFade)
    static let highestKeptRate = Formatting.number(FixOptions.highestKeptRate)
    static let cdRate = Formatting.number(FixOptions.cdRate)
    static let highestKeptKilohertz = Formatting.number(FixOptions.highestKeptRate / 1000)
    static let cdKilohertz = Formatting.number(FixOptions.cdRate / 1000)

    /// What `fix` does unless told otherwise, and the option that says otherwise: the man page's
    /// FIX DEFAULTS and the guide's table are made from this. Text with `code spans`.
    static var documented: [(what: String, value: String, options: [String])] {
        [
            (
                "length",
                "a sound of \(Formatting.number(maximumAlertDuration)) s or more is cut to "
                    + "\(Formatting.number(FixOptions.defaultMaxDuration)) s", ["--max-duration"]
            ),
            ("fade-out before a cut", "\(fade) ms, raised-cosine", ["--fade"]),
            ("data format", "CAF `\(FileType.caff.defaultDataFormat.name)`", ["-d", "--quality"]),
            ("channels", "mono and stereo kept; wider inputs mixed to stereo by their layout", ["-c", "--mix"]),
            (
                "sample rate",
                "kept up to \(highestKeptKilohertz) kHz; above, \(highestKeptKilohertz) kHz "
                    + "(\(cdKilohertz) kHz for its multiples)", ["--rate"]
            ),
            ("silence", "samples below \(silence) dBFS, dropped at both ends when asked", ["--trim-silence"]),
            ("peak", "left as it is; when asked, scaled to \(normalizedPeak) dBFS", ["--normalize"]),
            ("a click at the start", "left as it is; with `--levels`, a \(clickFade) ms fade-in", ["--levels"])
        ]
    }

    private static func decibels(_ amplitude: Double) -> String {
        Formatting.number((20 * log10(amplitude)).rounded())
    }
    private static func milliseconds(_ seconds: Double) -> String { Formatting.number((seconds * 1000).rounded()) }
}
