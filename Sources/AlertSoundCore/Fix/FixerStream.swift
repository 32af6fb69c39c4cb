#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Fixer {
    /// ``fix(urls:dryRun:progress:)`` as a stream: inputs finished, then the report.
    public func fixing(urls: [URL], dryRun: Bool = false) -> AsyncThrowingStream<OperationEvent<FixReport>, Error> {
        stream { progress in try await fix(urls: urls, dryRun: dryRun, progress: progress) }
    }
}
