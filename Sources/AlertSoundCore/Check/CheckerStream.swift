#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Checker {
    /// ``check(urls:progress:)`` as a stream: files judged, then the report.
    public func checking(urls: [URL]) -> AsyncThrowingStream<OperationEvent<CheckReport>, Error> {
        stream { progress in try await check(urls: urls, progress: progress) }
    }
}
