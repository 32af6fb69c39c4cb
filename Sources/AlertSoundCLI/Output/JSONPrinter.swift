import AlertSound
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `info`'s JSON, keys sorted so output is stable. `check` and `validate-bundle` write theirs
/// directly (`CheckReport.jsonBytes()`, `ValidationReport.jsonBytes()`): same layout, at a fraction
/// of the cost for thousands of files.
enum JSONPrinter {
    static func render<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// What `--format json` prints when a run stops before any report (a bundle that cannot be
/// examined, an option that cannot work): `{"schemaVersion", "error": {"kind", "message"}}`, on
/// standard output like any report, so a reader always gets a document.
struct ErrorDocument: Encodable {
    enum Kind: String, Encodable {
        /// The input cannot be examined at all (missing, not an archive, unreadable list).
        case input
        /// The options cannot work together, or name something that cannot be used.
        case usage
    }

    let kind: Kind
    let message: String

    enum Keys: String, CodingKey { case schemaVersion, error }
    enum ErrorKeys: String, CodingKey { case kind, message }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ReportSchema.version, forKey: .schemaVersion)
        var e = c.nestedContainer(keyedBy: ErrorKeys.self, forKey: .error)
        try e.encode(kind, forKey: .kind)
        try e.encode(message, forKey: .message)
    }

    /// Prints the document, and the message on standard error for people watching a log.
    func print(command: String) {
        Swift.print(JSONPrinter.render(self))
        fputs("alertsound \(command): \(message)\n", stderr)
    }
}
