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

/// Runs `work` in a task of its own, handing its progress and result to a stream; the task is
/// cancelled when the stream's consumer stops listening.
func stream<R: Sendable>(
    _ work: @escaping @Sendable (@escaping @Sendable (ProgressUpdate) -> Void) async throws -> R
)
    -> AsyncThrowingStream<OperationEvent<R>, Error>
{
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
