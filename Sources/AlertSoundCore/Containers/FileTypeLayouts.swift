extension FileType {
    /// Everything before the audio: `audioBytes` of `format` whose true length is `frames`.
    /// The length never depends on the sizes, so a streaming writer can rewrite it in place.
    /// `info` is the input's string dictionary, which afconvert copies into a CAF (other types drop it).
    func header(format: StreamFormat, frames: Int64, audioBytes: Int64, source: SourceFacts = SourceFacts()) -> [UInt8] {
        switch self {
        case .caff:
            return CAFWriter.header(format: format, validFrames: frames, audioBytes: audioBytes, source: source)
        case .aiff, .aifc:
            // AIFF-C ima4 states whole packets, padding included.
            let stated = format.coding == .ima4 ? audioBytes / Int64(format.packet.bytes) * Int64(format.packet.frames) : frames
            return AIFFWriter.header(format: format, compressed: self == .aifc, frames: stated, audioBytes: audioBytes)
        case .wave:
            return WAVWriter.header(format: format, frames: frames, audioBytes: audioBytes)
        }
    }

    /// What follows the audio: AIFF's pad byte after odd-sized sound data (Apple writes none in
    /// WAV, and CAF needs none).
    func trailer(audioBytes: Int64) -> [UInt8] {
        (self == .aiff || self == .aifc) && audioBytes % 2 == 1 ? [0] : []
    }
}

extension FileType {
    /// Parses afconvert's `-f`: a 4CC, matched without regard to case, or a familiar extension.
    public init(parsing text: String) throws {
        let key = text.trimming(["'"])
        guard let type = FileType.allCases.first(where: { $0.rawValue.lowercased() == key.lowercased() }) ?? FileType(extension: key) else {
            throw AlertSoundError(.invalidRequest, "unknown file type '\(text)'; use \(FileType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = type
    }

    /// The type an output name implies, when it implies exactly one.
    public init?(extension ext: String) {
        guard let type = ContainerKind(fileExtension: ext).flatMap(FileType.init(container:)) else { return nil }
        self = type
    }

    /// Whether afconvert lets this file type carry `coding`: the one statement of which type holds what.
    public func carries(_ coding: SampleCoding) -> Bool {
        guard coding.isWritable else { return false }
        switch (self, coding) {
        case (.caff, .pcm(let p)): return p.isSigned
        case (.caff, _): return true
        // AIFF: big-endian signed integers (I8 counts as one).
        case (.aiff, .pcm(let p)): return p.kind == .signed && (p.isBigEndian || p.bits == 8)
        case (.aiff, _): return false
        // AIFF-C: what AIFF holds, big-endian floats, LEI16 as `sowt`, and the codecs.
        case (.aifc, .pcm(let p)): return p.isSigned && (p.isBigEndian || p.bits <= 16)
        case (.aifc, _): return true
        // WAVE: little-endian integers and floats, UI8 for 8 bits, and G.711 (not ima4).
        case (.wave, .pcm(let p)): return p.bits == 8 ? !p.isSigned : !p.isBigEndian
        case (.wave, .ima4): return false
        case (.wave, _): return true
        }
    }

    /// The `-d` names afconvert lets this file type carry.
    public var allowedDataFormats: [String] {
        OutputDataFormat.all.filter { carries($0.coding) }.map(\.name)
    }

    /// `nil` when this type can carry `format`; otherwise a message naming what would work.
    public func refusal(for format: OutputDataFormat) -> String? {
        guard !carries(format.coding) else { return nil }
        let others = FileType.allCases.filter { $0.carries(format.coding) }.map(\.rawValue)
        return "\(rawValue) files cannot hold \(format.name); \(rawValue) takes \(allowedDataFormats.joined(separator: ", "))"
            + (others.isEmpty ? "" : ", and \(format.name) goes in \(others.joined(separator: " or ")) (-f \(others[0]))")
    }

    /// The data format used when `-d` is not given: ima4 where the type carries it, else 16-bit PCM.
    public var defaultDataFormat: OutputDataFormat {
        switch self {
        case .caff, .aifc: return OutputDataFormat(.ima4)
        case .aiff: return OutputDataFormat(.integer(16, bigEndian: true))
        case .wave: return OutputDataFormat(.integer(16, bigEndian: false))
        }
    }
}
