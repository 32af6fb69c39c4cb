import AlertSound

extension String {
    /// The text as any format for people shows a value (a file name, a payload's sound name, a
    /// project's key): control, line-separator, bidi and invisible characters as escapes (`\n`,
    /// `\u{1B}`, `\u{202E}`), so it cannot break a line into a fake finding, drive the terminal or
    /// reorder what is shown; and GitHub's `##[command]` and Xcode's `: error:` broken, so a CI
    /// log does not take it for an instruction (``LogText/value(_:)``).
    var escapedForDisplay: String { LogText.value(self) }
}
