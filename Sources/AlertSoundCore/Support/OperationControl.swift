import Dispatch

/// How far a long operation has got.
public struct ProgressUpdate: Sendable, Hashable {
    /// What is counted.
    public enum Unit: String, Sendable, Hashable {
        /// Input frames decoded (a conversion).
        case frames
        /// Files judged (a check or a validation).
        case files
    }

    /// What ``completed`` and ``total`` count.
    public var unit: Unit
    /// Done so far.
    public var completed: Int64
    /// All there is to do, when known (an input that does not state its length does not say).
    public var total: Int64?

    /// From 0 to 1, when the total is known.
    public var fractionCompleted: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, Double(completed) / Double(total))
    }
}

/// The link between an `async` call and the synchronous work it runs on another thread: the task's
/// cancellation goes in, progress comes out. The work polls ``check()`` between blocks or files.
package final class OperationControl: @unchecked Sendable {
    private let lock = Lock()
    /// Held while the observer runs, apart from `lock`: an observer may cancel the task (which
    /// takes `lock`) without deadlocking, and still never runs twice at once.
    private let reporting = Lock()
    private var cancelled = false
    private var completed: Int64 = 0
    private var total: Int64?
    private let unit: ProgressUpdate.Unit
    private let report: (@Sendable (ProgressUpdate) -> Void)?

    package init(unit: ProgressUpdate.Unit, progress: (@Sendable (ProgressUpdate) -> Void)?) {
        self.unit = unit
        report = progress
    }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    package var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Throws `cancelled` once the task has been cancelled.
    package func check() throws {
        if isCancelled { throw AlertSoundError.cancellation() }
    }

    /// Adds to the work there is (a bundle's sounds, once it has been scanned).
    package func expect(_ more: Int64) {
        lock.lock()
        total = (total ?? 0) + more
        lock.unlock()
    }

    /// Sets the frames there are, when the input states it; a count of files (a fix run, whose
    /// conversions pass this control down for its cancellation) is left alone.
    func expect(frames: Int64?) {
        guard unit == .frames else { return }
        lock.lock()
        total = frames
        lock.unlock()
    }

    /// Records frames decoded, when frames are what is counted; in any case throws once cancelled.
    func decoded(frames: Int64) throws {
        guard unit == .frames else { return try check() }
        try advance(frames)
    }

    /// Records `count` more done and tells the observer, never from two threads at once; then
    /// throws if the task has been cancelled meanwhile.
    package func advance(_ count: Int64) throws {
        reporting.lock()
        lock.lock()
        completed += count
        let update = ProgressUpdate(unit: unit, completed: completed, total: total)
        lock.unlock()
        report?(update)
        reporting.unlock()
        try check()
    }

    /// Runs blocking `work` on a thread of its own (never the cooperative pool, which it would
    /// hold up), passing the task's cancellation in.
    package static func run<T: Sendable>(
        _ control: OperationControl, _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(
                        with: Result {
                            try control.check()
                            return try work()
                        })
                }
            }
        } onCancel: {
            control.cancel()
        }
    }
}
