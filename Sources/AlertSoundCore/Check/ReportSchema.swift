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
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "schema version \(found); this library reads version \(version)")
        }
    }
}

extension SoundInfo {
    /// How linear PCM samples are stored: `signed-integer`, `unsigned-integer` or `float`; `nil`
    /// for every other coding. JSON states it beside `format` ("lpcm" alone says neither).
    public var sampleType: String? {
        switch coding?.pcm?.kind {
        case .signed?: return "signed-integer"
        case .unsigned?: return "unsigned-integer"
        case .float?: return "float"
        case nil: return nil
        }
    }

    /// `big` or `little` for linear PCM, as `byteOrder` in JSON; `nil` for other formats.
    public var byteOrder: String? {
        coding?.pcm.map { $0.isBigEndian ? "big" : "little" }
    }
}
