#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why alertsound could not process an input or produce an output: the one error type the library
/// throws.
///
/// A thrown `AlertSoundError` means "could not process this"; a ``Diagnostic`` in a report means
/// "processed it and found a problem". Match on ``kind``; show ``description`` (or
/// `localizedDescription`), which names the file and, where it helps, the chunk and byte offset.
///
/// ```swift
/// do {
///     _ = try SoundFile.inspect(at: url)
/// } catch let error as AlertSoundError where error.kind == .malformed {
///     print(error.path ?? "", error.chunk ?? "", error.offset ?? -1)
/// }
/// ```
public struct AlertSoundError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// What kind of failure it is. The raw values are kebab-case and appear in JSON error documents.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The path does not exist.
        case notFound = "not-found"
        /// The operating system refused to read it, or it is not a regular file.
        case unreadable
        /// The bytes are not a format alertsound recognises (a sound, an archive, an entitlements file).
        case unrecognized
        /// A recognised format whose structure is unusable.
        case malformed
        /// Larger than alertsound reads (see ``Limits``): refused before anything is allocated.
        case tooLarge = "too-large"
        /// A well-formed input outside what alertsound converts (say, 300 channels).
        case unsupported
        /// The request contradicts itself or the input (IMA4 with six channels, an output that is the input).
        case invalidRequest = "invalid-request"
        /// The output could not be written; nothing was left behind.
        case outputFailed = "output-failed"
        /// The task was cancelled; no output and no temporary file were left.
        case cancelled
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// What is wrong, without the path or location.
    public var message: String
    /// The file the error is about, when there is one.
    public var path: String?
    /// The chunk (a four-character code) where the problem is, for container errors.
    public var chunk: String?
    /// The byte offset in the file of what is wrong: the field that holds a bad value, or the byte
    /// a read stopped at, when known; otherwise the start of ``chunk``.
    public var offset: Int64?
    /// Where ``chunk`` starts in the file (its header), for container errors.
    public var chunkOffset: Int64?
    /// What would get past the problem, when something would.
    public var suggestion: Suggestion?
    /// The output being written, for ``Kind/outputFailed`` (``path`` then names the input it was
    /// made from, when the call had one).
    public var output: String?
    /// The operating system's error number (`errno`, a POSIX code such as `ENOSPC` or `EACCES`),
    /// when a system call failed.
    public var systemError: Int32?

    /// Makes an error; `path` is usually filled in later, where the file's name is known.
    public init(
        _ kind: Kind, _ message: String, path: String? = nil, chunk: String? = nil, offset: Int64? = nil,
        chunkOffset: Int64? = nil, suggestion: Suggestion? = nil
    ) {
        self.kind = kind
        self.message = message
        self.path = path
        self.chunk = chunk
        self.offset = offset
        self.chunkOffset = chunkOffset
        self.suggestion = suggestion
    }

    /// The problem and where it is in the file, without the path.
    public var reason: String { message + locationSuffix(chunk: chunk, offset: offset, chunkOffset: chunkOffset) }

    /// The path, the problem and where it is.
    public var description: String { (path.map { $0 + ": " } ?? "") + reason }

    /// The same error about `path`, unless it already names a file.
    public func about(_ path: String) -> AlertSoundError {
        var copy = self
        if copy.path == nil { copy.path = path }
        return copy
    }

    /// A failed system call while writing `output`: the call's `errno`, kept as ``systemError``.
    static func writing(_ output: String, _ what: String, errno code: Int32) -> AlertSoundError {
        // The message names the output: once an input is named as the path, it is said nowhere else.
        var error = AlertSoundError(
            .outputFailed, "\(what) \(output): \(String(cString: strerror(code)))", path: output)
        error.output = output
        error.systemError = code
        return error
    }

    /// The same error, when it is an output failure, naming `output` as the output being written
    /// (unless it names one already) and `input`, when given, as its ``path``: the file the
    /// output was made from.
    func writing(_ output: String, from input: String? = nil) -> AlertSoundError {
        guard kind == .outputFailed else { return self }
        var copy = self
        if copy.output == nil { copy.output = output }
        if let input { copy.path = input }
        return copy
    }

    /// The task was cancelled while working on `path`.
    static func cancellation(path: String? = nil) -> AlertSoundError {
        AlertSoundError(.cancelled, "cancelled", path: path)
    }

    /// A header that cannot be read. `offset` is the bad field or byte; `chunkOffset` where its chunk
    /// starts, the same as `offset` when only the chunk is known.
    static func malformed(
        _ message: String, chunk: FourCC? = nil, offset: Int64? = nil, chunkOffset: Int64? = nil
    ) -> AlertSoundError {
        AlertSoundError(
            .malformed, message, chunk: chunk?.description, offset: offset,
            chunkOffset: chunkOffset ?? (chunk != nil ? offset : nil))
    }

    /// Wraps an error from below (the C libraries, the system) as this type, keeping one that already is.
    package static func wrapping(_ error: Error, as kind: Kind, path: String? = nil) -> AlertSoundError {
        switch error {
        case let error as AlertSoundError:
            return path.map(error.about) ?? error
        case is CancellationError:
            return .cancellation(path: path)
        case let error as SourceError:
            return AlertSoundError(
                error.isNotFound ? .notFound : .unreadable,
                error.isNotFound ? "no such file or folder" : "cannot read: \(error)", path: path)
        case ByteReaderError.truncated(let offset, let needed, let available):
            return AlertSoundError(
                .malformed, "the header is cut short: needed \(needed) bytes at byte \(offset), found \(available)",
                path: path, offset: offset)
        default:
            return AlertSoundError(kind, "\(error)", path: path)
        }
    }
}

extension AlertSoundError: LocalizedError {
    public var errorDescription: String? { description }
    public var failureReason: String? { reason }
}

func locationSuffix(chunk: String?, offset: Int64?, chunkOffset: Int64? = nil) -> String {
    if let chunk, let offset, let chunkOffset, chunkOffset != offset {
        return " (byte \(offset), in chunk '\(chunk)' at byte \(chunkOffset))"
    }
    switch (chunk, offset) {
    case let (c?, o?): return " (chunk '\(c)' at byte \(o))"
    case let (c?, nil): return " (chunk '\(c)')"
    case let (nil, o?): return " (at byte \(o))"
    case (nil, nil): return ""
    }
}
