import AlertSound
import ArgumentParser

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

/// A document that is printed whole (info, convert, fix, export, an error), written by the library's
/// `ReportEncoder` like the streamed ones of check and validate-bundle.
enum JSONPrinter {
    static func render<T: Encodable>(_ value: T) -> String {
        // The documents printed are the library's reports, whose conformances throw nothing.
        guard let bytes = try? ReportEncoder().encode(value) else { return "{}" }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What `--format json` prints when a run stops before any report (a bundle that cannot be
/// examined, an option that cannot work): `{"schemaVersion", "error": {"kind", "message", …}}`, on
/// standard output like any report, so a reader always gets a document. `kind` is the library's
/// `AlertSoundError.Kind`.
struct ErrorDocument: Encodable {
    let error: AlertSoundError

    init(_ error: AlertSoundError) { self.error = error }

    enum Keys: String, CodingKey { case schemaVersion, error }
    enum ErrorKeys: String, CodingKey { case kind, message, path, chunk, offset, output, systemError, suggestion }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ReportSchema.version, forKey: .schemaVersion)
        var e = c.nestedContainer(keyedBy: ErrorKeys.self, forKey: .error)
        try e.encode(error.kind, forKey: .kind)
        try e.encode(error.message, forKey: .message)
        try e.encodeIfPresent(error.path, forKey: .path)
        try e.encodeIfPresent(error.chunk, forKey: .chunk)
        try e.encodeIfPresent(error.offset, forKey: .offset)
        try e.encodeIfPresent(error.output, forKey: .output)
        try e.encodeIfPresent(error.systemError, forKey: .systemError)
        try e.encodeIfPresent(error.suggestion, forKey: .suggestion)
    }
}

extension AlertSoundError {
    /// Says that a run stopped before any report (the error document on standard output with
    /// `--format json`, the message on standard error always) and gives the exit status: 64 for a
    /// request that cannot work, as for arguments that do not parse, else `otherwise`.
    func stopRun(command: String, json: Bool, otherwise: ExitStatus) -> ExitCode {
        stopRun(command: command, said: json ? JSONReporter.stopped(self, command: command) : nil, otherwise: otherwise)
    }

    /// The same for `check` and `validate-bundle`, whose format says it on standard output its own
    /// way too (``Reporter/stopped(_:command:)``: the error document, an Xcode issue line, a
    /// workflow annotation), so a build log or workflow shows it where it shows findings.
    func stopRun(command: String, format: ReportFormat, otherwise: ExitStatus) -> ExitCode {
        stopRun(command: command, said: format.reporter.stopped(self, command: command), otherwise: otherwise)
    }

    private func stopRun(command: String, said: String?, otherwise: ExitStatus) -> ExitCode {
        if let said { Printers.document(said) }
        Printers.error("alertsound \(command): \(advisedDescription)")
        return (kind == .invalidRequest ? ExitStatus.usage : otherwise).code
    }
}
