import AlertSound

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every byte the commands write goes through here, escaped for where it goes (a test holds that
/// nothing else writes): a CI runner and Xcode read both streams, and take instructions from
/// plain lines (``LogText``).
enum Printers {
    /// Text for people on standard output (the text formats): each line as ``LogText/line(_:)``.
    static func text(_ text: String) { write(Array(LogText.lines(text).utf8)) }

    /// A line of text for people on standard output, with its newline.
    static func line(_ line: String) { text(line + "\n") }

    /// A document whose format escapes what it holds itself (JSON, Markdown, HTML, Xcode's and
    /// GitHub's issue lines, each from values escaped for it), on standard output as it is.
    static func document(_ text: String) { write(Array(text.utf8)) }

    /// A message on standard error as one line (``LogText/line(_:)``: a newline in it is shown as
    /// `\n`): after what standard output holds, so the two read in order on a terminal.
    static func error(_ message: String) { standardError(LogText.line(message) + "\n") }

    /// alertsound's own warning on standard error, `COMMAND: warning: MESSAGE`, which Xcode shows
    /// as one (the message is ``LogText/value(_:)``, so nothing in it adds another).
    static func warning(command: String, _ message: String) {
        standardError("alertsound \(command): warning: \(LogText.value(message))\n")
    }

    /// alertsound's own note in a text report, `note: MESSAGE`, on standard output.
    static func note(_ message: String) { write(Array("note: \(LogText.value(message))\n".utf8)) }

    /// ArgumentParser's message for an error, whose lines are its own (an argument in it is not
    /// escaped by it): each as ``LogText/line(_:)``.
    static func errorLines(_ message: String) {
        standardError(LogText.lines(message) + (message.hasSuffix("\n") ? "" : "\n"))
    }

    private static func standardError(_ text: String) {
        fflush(stdout)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, stderr) }
    }

    /// A terminal's progress line on standard error: `\r`, clear to the end, then `text` (alertsound's
    /// own counts, no input's text) without a newline.
    static func progress(_ text: String) {
        fputs("\r\u{1B}[K" + text, stderr)
    }

    /// Adds `bytes` (a document's, escaped for its format) to standard output's buffer.
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, stdout) }
    }

    /// Sends what standard output holds.
    static func flush() { fflush(stdout) }
}
