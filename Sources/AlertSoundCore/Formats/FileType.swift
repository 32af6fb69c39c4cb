/// The file types afconvert writes, by their 4CC.
public enum FileType: String, Sendable, Codable, CaseIterable {
    /// Core Audio Format (`.caf`): holds every coding alertsound writes, at any rate.
    case caff
    /// AIFF (`.aiff`): big-endian PCM.
    case aiff = "AIFF"
    /// AIFF-C (`.aifc`): PCM of either byte order, IMA4, µLaw, aLaw, floats.
    case aifc = "AIFC"
    /// WAV (`.wav`): little-endian PCM, floats, µLaw, aLaw; whole-hertz rates only.
    case wave = "WAVE"

    /// Whether an IMA4 stream whose length is a whole number of packets still gets one packet of
    /// silence after it, as Apple writes it: in CAF yes (its `pakt` counts the remainder), in AIFF-C
    /// no (Apple writes `ceil(frames / 64)` packets there).
    package var padsWholeLastPacket: Bool { self == .caff }

    /// The container a file of this type is.
    public var container: ContainerKind {
        switch self {
        case .caff: return .caf
        case .aiff: return .aiff
        case .aifc: return .aifc
        case .wave: return .wav
        }
    }

    /// The file type that writes `container`, if alertsound writes it.
    public init?(container: ContainerKind) {
        guard let type = Self.allCases.first(where: { $0.container == container }) else { return nil }
        self = type
    }

    /// The extension a file of this type gets, without the dot: its container's usual one.
    public var fileExtension: String { container.fileExtensions[0] }
}
