/// The kind of file, identified from its bytes (never from its name).
public enum ContainerKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// AIFF.
    case aiff
    /// AIFF-C (compressed AIFF, including `sowt` little-endian PCM).
    case aifc
    /// RIFF WAVE.
    case wav
    /// RF64, the 64-bit WAV.
    case rf64
    /// RIFX, big-endian WAV.
    case rifx
    /// Core Audio Format.
    case caf
    /// MPEG audio (MP3).
    case mp3
    /// MPEG-4 or QuickTime (M4A, MP4, MOV).
    case mp4
    /// FLAC.
    case flac
    /// Ogg (Vorbis, Opus, FLAC).
    case ogg
    /// Raw AAC in ADTS frames.
    case adts
    /// Sun/NeXT AU.
    case au
    /// AMR.
    case amr

    /// Containers iOS documents for notification sounds.
    public var isAppleAlertContainer: Bool {
        switch self {
        case .aiff, .aifc, .wav, .caf: return true
        default: return false
        }
    }

    /// The container's name, for people ("AIFF-C", "MPEG audio (MP3)").
    public var displayName: String {
        switch self {
        case .aiff: return "AIFF"
        case .aifc: return "AIFF-C"
        case .wav: return "WAV"
        case .rf64: return "RF64 (64-bit WAV)"
        case .rifx: return "RIFX (big-endian WAV)"
        case .caf: return "CAF"
        case .mp3: return "MPEG audio (MP3)"
        case .mp4: return "MPEG-4 / QuickTime (M4A, MP4)"
        case .flac: return "FLAC"
        case .ogg: return "Ogg"
        case .adts: return "raw AAC (ADTS)"
        case .au: return "Sun/NeXT AU"
        case .amr: return "AMR"
        }
    }

    /// The file extensions a file of this container is named with, the usual one first: the one
    /// table of extensions (a folder walk's sounds, what a name promises, what `convert` writes).
    public var fileExtensions: [String] {
        switch self {
        case .aiff: return ["aiff", "aif"]
        case .aifc: return ["aifc"]
        case .wav: return ["wav", "wave"]
        case .rf64, .rifx: return []
        case .caf: return ["caf"]
        case .mp3: return ["mp3"]
        case .mp4: return ["m4a", "m4r", "m4b", "mp4", "mov", "3gp"]
        case .flac: return ["flac"]
        case .ogg: return ["ogg", "oga", "opus"]
        case .adts: return ["aac"]
        case .au: return ["au", "snd"]
        case .amr: return ["amr"]
        }
    }

    /// The containers a file named for this one may hold in practice: AIFF and AIFF-C share
    /// extensions, a `.wav` may be RF64 or RIFX, and an `.aac` is often an M4A.
    public var family: Set<ContainerKind> { Set(Self.allCases.filter(admits)) }

    /// Whether a file named for this container may hold `content` in practice (``family``): asked for
    /// every file `check` reads, so it builds no set.
    public func admits(_ content: ContainerKind) -> Bool {
        switch self {
        case .aiff, .aifc: return content == .aiff || content == .aifc
        case .wav, .rf64, .rifx: return content == .wav || content == .rf64 || content == .rifx
        case .adts: return content == .adts || content == .mp4
        default: return content == self
        }
    }

    /// The container a file extension names (without the dot, any case), if any.
    public init?(fileExtension: String) {
        guard let kind = Self.byExtension[fileExtension.lowercased()] else { return nil }
        self = kind
    }

    /// Every extension that names a sound, for finding sounds by name before their content is read:
    /// all of the table but `mov` and `3gp`, which usually name videos (a bundle's intro movie is no
    /// sound); such a file is still taken when its content is audio (an audio-only MPEG-4 brand).
    public static let soundExtensions: Set<String> = Set(byExtension.keys).subtracting(["mov", "3gp"])

    /// Whether a file name's extension names a sound (``soundExtensions``).
    public static func isSoundName(_ name: String) -> Bool { soundExtensions.contains(lowercasedExtension(name)) }

    private static let byExtension: [String: ContainerKind] = Dictionary(
        allCases.flatMap { kind in kind.fileExtensions.map { ($0, kind) } }, uniquingKeysWith: { first, _ in first })
}
