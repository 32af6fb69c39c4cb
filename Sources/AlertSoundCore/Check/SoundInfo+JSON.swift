#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        coding?.pcm.map(\.order.name)
    }
}
