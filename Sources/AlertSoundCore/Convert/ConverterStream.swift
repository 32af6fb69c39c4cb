#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    public func conversion(
        from input: URL, to output: URL? = nil
    ) -> AsyncThrowingStream<OperationEvent<ConversionResult>, Error> {
        stream { progress in try await convert(from: input, to: output, progress: progress) }
    }
}
