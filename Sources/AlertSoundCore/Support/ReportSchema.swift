#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The version of the JSON documents alertsound writes (`check`, `info`, `validate-bundle`,
/// `convert` and `fix` with `--format json`), carried in each as `"schemaVersion"` and described
/// by `Schemas/*.schema.json`. It changes only when a document changes in a way a reader could
/// notice (a key removed, renamed or retyped, a value's meaning changed); adding a key does not
/// change it. Readers should check it and refuse versions they do not know.
public enum ReportSchema {
    /// The version this library writes and reads.
    public static let version = 3

    /// Refuses a document of another version: its members may mean something else.
    package static func expectVersion<K: CodingKey>(in c: KeyedDecodingContainer<K>, forKey key: K) throws {
        let found = try c.decode(Int.self, forKey: key)
        guard found == version else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c, debugDescription: "schema version \(found); this library reads version \(version)")
        }
    }
}
