import AlertSound

extension String {
    /// The text with control, line-separator and bidi characters shown as escapes (`\n`,
    /// `\u{1B}`, `\u{202E}`), so a file name or a payload's sound name cannot break a line into a
    /// fake finding, drive the terminal or reorder what is shown.
    var escapingControls: String { TextSafety.escaped(self) }
}
