#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a long operation's stream delivers: progress as it is made, then the result.
public enum OperationEvent<Result: Sendable>: Sendable {
    /// How far it has got.
    case progress(ProgressUpdate)
    /// Done: the result. The stream ends after it.
    case finished(Result)
}

extension Converter {
    /// ``convert(from:to:progress:)`` as a stream: progress updates, then the result; an error
    /// ends the stream. Ending the iteration early cancels the conversion (nothing is left).
    ///
    /// ```swift
    /// for try await event in Converter().conversion(from: URL(fileURLWithPath: "Alert.aiff")) {
    ///     switch event {
    ///     case .progress(let update): print(update.fractionCompleted ?? 0)
    ///     case .finished(let result): print(result.outputPath)
    ///     }
    /// }
    /// ```
    public func conversion(from input: URL, to output: URL? = nil) -> AsyncThrowingStream<OperationEvent<ConversionResult>, Error> {
        stream { progress in try await convert(from: input, to: output, progress: progress) }
    }
}

extension Fixer {
    /// ``fix(urls:dryRun:progress:)`` as a stream: inputs finished, then the report.
    public func fixing(urls: [URL], dryRun: Bool = false) -> AsyncThrowingStream<OperationEvent<FixReport>, Error> {
        stream { progress in try await fix(urls: urls, dryRun: dryRun, progress: progress) }
    }
}

extension Checker {
    /// ``check(urls:progress:)`` as a stream: files judged, then the report.
    public func checking(urls: [URL]) -> AsyncThrowingStream<OperationEvent<CheckReport>, Error> {
        stream { progress in try await check(urls: urls, progress: progress) }
    }
}

/// Runs `work` in a task of its own, handing its progress and result to a stream; the task is
/// cancelled when the stream's consumer stops listening.
private func stream<R: Sendable>(_ work: @escaping @Sendable (@escaping @Sendable (ProgressUpdate) -> Void) async throws -> R)
    -> AsyncThrowingStream<OperationEvent<R>, Error> {
    AsyncThrowingStream { continuation in
        let task = Task {
            do {
                let result = try await work { continuation.yield(.progress($0)) }
                continuation.yield(.finished(result))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}
