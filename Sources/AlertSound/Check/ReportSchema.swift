/// The version of the JSON documents alertsound writes (`check`, `info`, `validate-bundle`,
/// `convert` and `fix` with `--format json`), carried in each as `"schemaVersion"` and described
/// by `Schemas/*.schema.json`. It changes only when a document changes in a way a reader could
/// notice (a key removed, renamed or retyped, a value's meaning changed); adding a key does not
/// change it. Readers should check it and refuse versions they do not know.
public enum ReportSchema {
    public static let version = 1
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
}
