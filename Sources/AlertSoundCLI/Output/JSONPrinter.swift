import AlertSound
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `info`'s JSON, keys sorted so output is stable. `check` and `validate-bundle` write theirs
/// directly (`CheckReport.jsonBytes()`, `BundleReport.jsonBytes()`): same layout, at a fraction
/// of the cost for thousands of files.
enum JSONPrinter {
    static func render<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
